"""The step kernel: the service's state, its lookups, and the one way a table changes.

A step runs under the table's ``asyncio.Lock``: it validates (raising
:class:`~bot.app.errors.TableError` before changing anything), applies, and the kernel
COMMITS the table to the :class:`~bot.app.ports.TableStore`; only after the lock is released
is the presenter told what the step queued in its :class:`Outbox`. Nothing is shown before it
is stored, and a store that refuses a step makes the in-memory table reload from the store.

The rooms of the service (lobby, play, clock, computer seats, results, restore) are subclasses
that add their steps; they meet here through two hooks, :meth:`TableKernel._after_commit`
and :meth:`TableKernel._after_close`.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import inspect
import logging
import random
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import TableError
from ..ports import (
    ChannelTaken,
    Clock,
    Presenter,
    PromptKind,
    ResultsRecorder,
    ServerSettingsSource,
    TableChange,
    TableStore,
)
from ..steplog import LogEntry, replay_log
from ..table import NOWHERE_TO_SHOW, Table
from .limits import UNLIMITED, CreationLimiter, TableLimits
from .pause import StoragePauses
from .timers import TimingSettings

if TYPE_CHECKING:
    from goita_core.pieces import Kind
    from goita_core.tools.protocol import EnginePlayer

    from .computer import PlayerFactory

log = logging.getLogger(__name__)

#: closed tables kept in memory (for their last board and Rematch); older ones are
#: forgotten and, for a rematch, loaded again from the store
MAX_CLOSED_IN_MEMORY = 200

#: (table, round number about to be dealt) -> hands by seat, or None for the seeded shuffle
DealSource = Callable[[Table, int], "Sequence[Sequence[Kind | int]] | None"]


class Unchanged:
    """What a step returns when it changed nothing: no commit, no presenter call."""


UNCHANGED = Unchanged()
#: what a step returns: the log entries to store with the table (None: none), or UNCHANGED
StepResult = Sequence[LogEntry] | None | Unchanged
Step = Callable[[Table, "Outbox"], "StepResult | Awaitable[StepResult]"]


@dataclass(slots=True)
class Outbox:
    """What to tell the presenter once the step is stored and the lock released, in order."""

    items: list[tuple[str, Table, Any]] = field(default_factory=list)

    def changed(self, table: Table, change: TableChange) -> None:
        self.items.append(("changed", table, change))

    def prompt(self, table: Table, seat: int, kind: PromptKind) -> None:
        self.items.append(("prompt", table, (seat, kind)))

    def closed(self, table: Table, reason: str) -> None:
        # stored with the closing step: owed until the presenter reports the closing board
        # shown (closed_board_shown), so that a restart in between still shows it
        table.board_pending = reason not in NOWHERE_TO_SHOW
        self.items.append(("closed", table, reason))


class TableKernel:
    """The state every room of the service shares (see :class:`bot.app.tables.TableService`
    for the constructor's parameters)."""

    def __init__(
        self,
        store: TableStore,
        clock: Clock,
        presenter: Presenter,
        settings: TimingSettings,
        player_factory: PlayerFactory | None = None,
        *,
        results: ResultsRecorder | None = None,
        seed_source: Callable[[], int] | None = None,
        deal_source: DealSource | None = None,
        rng: random.Random | None = None,
        limits: TableLimits | None = None,
        server_settings: ServerSettingsSource | None = None,
    ) -> None:
        from .computer import default_player_factory

        self.store = store
        self.clock = clock
        self.presenter = presenter
        self.settings = settings
        self.player_factory: PlayerFactory = player_factory or default_player_factory
        self.results = results
        #: each server's settings, read when a table opens (None: the operator's for all)
        self.server_settings = server_settings
        sysrand = random.SystemRandom()
        #: where new matches get their seed (tests and the kill -9 harness inject fixed ones)
        self.seed_source: Callable[[], int] = seed_source or (
            lambda: sysrand.randrange(2**62))
        self.deal_source = deal_source
        self._rng = rng or random.Random()
        #: the abuse limits of creating calls that pass none of their own
        self.limits = limits or UNLIMITED
        self._limiter = CreationLimiter()
        #: tables whose store refused to save: their steps wait (see :mod:`.pause`)
        self._pauses = StoragePauses()
        self._tables: dict[int, Table] = {}
        #: the locks of tables a step holds or waits for (see :class:`TableLock`): an entry
        #: exists only while in use, so ids of unknown or closed tables leave nothing behind
        self._locks: dict[int, asyncio.Lock] = {}
        self._lock_users: dict[int, int] = {}
        #: when each live table's next timer falls due (not before a storage retry), and a
        #: heap of (due, table id) over it: an entry whose due is no longer the table's is
        #: stale and dropped when it comes to the top (O(log n) per change, no scan)
        self._due: dict[int, float] = {}
        self._heap: list[tuple[float, int]] = []
        self._create_lock = asyncio.Lock()
        #: set whenever a deadline may have changed: wakes the clock's driver
        self._wake = asyncio.Event()
        #: the clock's background task (``start_driver``) and its step tasks by table id
        self._driver: asyncio.Task[None] | None = None
        self._running: dict[int, asyncio.Task[bool]] = {}
        self._engines: dict[tuple[int, int], EnginePlayer] = {}
        #: per engine seat, the last round number whose round_end it was sent
        self._engine_told: dict[tuple[int, int], int] = {}

    # -- lookups -------------------------------------------------------------------------
    def find(self, table_id: int) -> Table | None:
        return self._tables.get(table_id)

    def get(self, table_id: int) -> Table:
        table = self._tables.get(table_id)
        if table is None:
            raise TableError("no_table", table_id=table_id)
        return table

    def live_tables(self) -> list[Table]:
        return [t for t in self._tables.values() if t.live]

    def all_tables(self) -> list[Table]:
        """Every table this process knows: live ones and those closed since it started."""
        return list(self._tables.values())

    def table_for_channel(self, channel_id: int) -> Table | None:
        for table in self._tables.values():
            if table.live and table.channel_id == channel_id:
                return table
        return None

    def tables_for_user(self, user_id: int) -> list[Table]:
        return [t for t in self.live_tables() if t.seat_of(user_id) is not None]

    def next_deadline(self) -> float | None:
        heap = self._heap
        while heap and self._due.get(heap[0][1]) != heap[0][0]:
            heapq.heappop(heap)  # stale: the table's timers changed or it closed
        return heap[0][0] if heap else None

    def _schedule(self, table_id: int) -> None:
        """The table's timers may have changed: file its next due time in the heap."""
        table = self._tables.get(table_id)
        at = None if table is None or not table.live else self._pauses.ready_at(
            table_id, table.deadlines.earliest())
        if at is None:
            self._due.pop(table_id, None)
            return
        if self._due.get(table_id) == at:
            return
        self._due[table_id] = at
        heapq.heappush(self._heap, (at, table_id))
        if len(self._heap) > 2 * len(self._due) + 64:
            # far-off stale entries (a long turn timer moved on) would pile up: rebuild
            self._heap = [(d, tid) for tid, d in self._due.items()]
            heapq.heapify(self._heap)

    def _pop_due(self, now: float) -> list[int]:
        """The tables whose next timer is due at ``now``, taken off the heap (they are
        filed again by the step that runs them)."""
        heap, due = self._heap, []
        while heap and heap[0][0] <= now:
            at, table_id = heapq.heappop(heap)
            if self._due.get(table_id) == at:
                del self._due[table_id]
                due.append(table_id)
        return due

    def in_step(self, table_id: int) -> bool:
        """True while a step of the table runs or waits: its in-memory state may be ahead
        of the store. Otherwise what is in memory is what is committed."""
        return table_id in self._locks

    def _lock(self, table_id: int) -> TableLock:
        return TableLock(self, table_id)

    def _forget_old_closed(self) -> None:
        closed = [t for t in self._tables.values() if not t.live]
        if len(closed) <= MAX_CLOSED_IN_MEMORY:
            return
        closed.sort(key=lambda t: (t.finished_at or t.updated_at, t.id))
        for table in closed[:len(closed) - MAX_CLOSED_IN_MEMORY]:
            if self.in_step(table.id):
                continue
            del self._tables[table.id]

    # -- one step ------------------------------------------------------------------------
    async def _mutate(self, table_id: int, step: Step) -> Table:
        """Run ``step`` under the table's lock, commit, then tell the presenter.

        ``step`` validates (raising TableError before changing anything), changes the table
        and returns the log entries to store (None: none; UNCHANGED: nothing to store)."""
        out = Outbox()
        self.get(table_id)  # an unknown id gets no lock
        try:
            async with self._lock(table_id):
                table = self.get(table_id)
                pending = step(table, out)
                result = await pending if inspect.isawaitable(pending) else pending
                if not isinstance(result, Unchanged):
                    await self._commit(table, result or ())
                    await self._after_commit(table)
        except TableError as exc:
            if exc.code == "storage_paused":
                await self._tell_paused(table_id)
            raise
        await self._finish(table, out)
        return table

    async def _finish(self, table: Table, out: Outbox) -> None:
        """After a step released the lock: wake the driver, deliver, clean up a closed table."""
        self._schedule(table.id)
        self._wake.set()
        await self._deliver(out)
        if not table.live:
            await self._after_close(table)

    async def _commit(self, table: Table, entries: Sequence[LogEntry]) -> None:
        try:
            await self._commit_step(table, entries)
        finally:
            self._schedule(table.id)

    async def _commit_step(self, table: Table, entries: Sequence[LogEntry]) -> None:
        table.updated_at = self.clock.now()
        try:
            await self.store.save(table, entries)
        except BaseException as exc:
            # the store refused: the in-memory table must not run ahead of it
            with contextlib.suppress(Exception):
                await self._reload(table.id)
            if isinstance(exc, ChannelTaken):
                # e.g. a rematch while another process opened a table in the channel
                other = await self.store.live_table_in_channel(table.channel_id)
                raise TableError("table_exists", table_id=other, channel_id=table.channel_id,
                                 board_message_id=None) from None
            if not isinstance(exc, Exception):
                raise  # a cancellation: not a storage failure
            # a full disk, a read-only file: play at this table pauses and backs off
            self._pauses.failed(table.id, self.clock.now(), exc)
            raise TableError("storage_paused") from exc
        if self._pauses.saved(table.id) is not None:
            table.add_line("log.resumed")  # shown with this step's change

    async def _deliver(self, out: Outbox) -> None:
        for what, table, arg in out.items:
            try:
                if what == "changed":
                    await self.presenter.table_changed(table, arg)
                elif what == "prompt":
                    await self.presenter.prompt(table, arg[0], arg[1])
                else:
                    await self.presenter.table_closed(table, arg)
            except Exception:
                log.exception("presenter %s failed for table %d", what, table.id)

    async def _tell_paused(self, table_id: int) -> None:
        """Once per pause, the board says play is paused (on the table as reloaded)."""
        pause = self._pauses.get(table_id)
        table = self._tables.get(table_id)
        if pause is None or pause.told or table is None:
            return
        pause.told = True
        line = table.add_line("log.paused")
        out = Outbox()
        out.changed(table, TableChange(table.id, "paused", lines=[line], actor="system",
                                       version=table.version))
        await self._deliver(out)

    def _close(self, table: Table, out: Outbox, reason: str,
               stopped_early: bool = False) -> None:
        table.status = "cancelled"
        table.close_reason = reason
        table.stopped_early = stopped_early
        table.finished_at = self.clock.now()
        table.deadlines.clear()
        table.timed_seats = ()
        out.closed(table, reason)

    # -- hooks for the rooms -------------------------------------------------------------
    async def _after_commit(self, table: Table) -> None:
        """Runs under the lock right after a step is stored (the results room records a
        finished match here)."""

    async def _after_close(self, table: Table) -> None:
        """Runs once a step that closed the table is delivered."""
        self._pauses.forget(table.id)
        self._forget_old_closed()

    # -- the store's copy ----------------------------------------------------------------
    async def _rebuild(self, table: Table) -> None:
        """Replay the current match from the seed and the stored log."""
        table.match = None
        if table.match_no == 0 or table.status == "lobby":
            return
        entries = await self.store.entries(table.id, table.match_no)
        try:
            table.match = replay_log(table.rules, table.seed, table.first_dealer, entries,
                                     table.version)
        except ValueError as exc:
            raise ValueError(f"table {table.id}: {exc}") from exc

    async def _reload(self, table_id: int) -> Table | None:
        table = await self.store.load(table_id)
        if table is None:
            self._tables.pop(table_id, None)
            return None
        await self._rebuild(table)
        self._tables[table_id] = table
        self._schedule(table_id)
        return table


class TableLock:
    """``async with`` one table's lock; the lock exists only while a step holds it or
    waits for it, so a table that is gone or was never known keeps none."""

    __slots__ = ("_id", "_kernel", "_lock")

    def __init__(self, kernel: TableKernel, table_id: int) -> None:
        self._kernel = kernel
        self._id = table_id
        self._lock: asyncio.Lock | None = None

    async def __aenter__(self) -> None:
        k, tid = self._kernel, self._id
        lock = k._locks.get(tid)
        if lock is None:
            lock = k._locks[tid] = asyncio.Lock()
        k._lock_users[tid] = k._lock_users.get(tid, 0) + 1
        self._lock = lock
        try:
            await lock.acquire()
        except BaseException:
            self._release_use()
            raise

    async def __aexit__(self, *exc: object) -> None:
        assert self._lock is not None
        self._lock.release()
        self._release_use()

    def _release_use(self) -> None:
        k, tid = self._kernel, self._id
        users = k._lock_users[tid] - 1
        if users:
            k._lock_users[tid] = users
        else:
            del k._lock_users[tid]
            del k._locks[tid]
