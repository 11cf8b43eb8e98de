"""The clock: whatever falls due at ``clock.now()`` runs as its own committed step (a CPU
move, a turn timeout, the next round, a timeout warning, the close of an idle lobby or of a
table everyone left), and the background driver that calls :meth:`ClockRoom.tick` on time.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging

from ..errors import TableError
from ..ports import TableChange
from ..steplog import Actor, LogEntry
from ..table import Table
from .kernel import Outbox
from .lobby import LobbyRoom
from .timers import arm

log = logging.getLogger(__name__)

#: safety valve: steps one tick() may run (a table of CPUs with zero delay plays on)
MAX_STEPS_PER_TICK = 2000
#: the driver re-checks at least this often (wall-clock jumps, lost wake-ups)
MAX_DRIVER_SLEEP = 30.0


class ClockRoom(LobbyRoom):
    """Due steps come off the service's heap of deadlines (:meth:`TableKernel._pop_due`):
    nothing scans the tables. The driver runs each due table as its own task, so a table
    whose computer player thinks long (or whose engine hangs) delays no other table."""

    async def tick(self) -> int:
        """Run everything due at ``clock.now()`` (CPU moves, timeouts, next rounds, idle
        closes), each as its own committed step, and return the number of steps run.
        Returns once they are all done (tests call this; the driver does not wait)."""
        steps = 0
        while steps < MAX_STEPS_PER_TICK:
            due = self._pop_due(self.clock.now())
            if not due:
                break
            done = await asyncio.gather(*(self._run_table(tid) for tid in due))
            if not any(done):
                break
            steps += sum(done)
        return steps

    async def _run_table(self, table_id: int) -> bool:
        """One due step of the table; its next deadline is filed again whatever happens."""
        try:
            return await self._run_due_logged(table_id)
        finally:
            self._schedule(table_id)

    async def _run_due_logged(self, table_id: int) -> bool:
        try:
            return await self._run_due(table_id)
        except TableError as exc:
            if exc.code == "storage_paused":  # logged (once a minute) by the pause
                await self._tell_paused(table_id)
                return False
            log.exception("timer step of table %d failed", table_id)
            return False
        except Exception:
            log.exception("timer step of table %d failed", table_id)
            return False

    async def _run_due(self, table_id: int) -> bool:
        out = Outbox()
        async with self._lock(table_id):
            table = self._tables.get(table_id)
            if table is None or not table.live:
                return False
            now = self.clock.now()
            d = table.deadlines

            def due(at: float | None) -> bool:
                return at is not None and at <= now

            entries: list[LogEntry]
            if table.status == "lobby":
                if not due(d.lobby_expires_at):
                    return False
                self._close(table, out, "idle")
                entries = []
            elif due(d.away_close_at):
                self._close(table, out, "abandoned", stopped_early=True)
                entries = []
            elif due(d.next_round_at):
                d.next_round_at = None
                entries = self._next_round(table, out)
            elif due(d.turn_deadline):
                entries = await self._timeout(table, out)
            elif due(d.warn_at):
                d.warn_at = None
                for seat in table.timed_seats:
                    out.prompt(table, seat, "timeout_warning")
                entries = []
            elif due(d.cpu_due_at):
                entries = await self._cpu_move(table, out)
            else:
                return False
            await self._commit(table, entries)
            await self._after_commit(table)
        await self._finish(table, out)
        return True

    async def _timeout(self, table: Table, out: Outbox) -> list[LogEntry]:
        """The turn timer ran out: the absent humans are marked away and a normal CPU moves
        for each of them."""
        timed = [s for s in table.timed_seats if s in table.to_act()]
        table.deadlines.turn_deadline = table.deadlines.warn_at = None
        table.timed_seats = ()
        for seat in timed:
            table.seat(seat).away = True
        entries: list[LogEntry] = []
        for seat in timed:
            if seat not in table.to_act():
                continue  # e.g. the first 5-Shi decision was "redeal"
            occupant = table.seat(seat)
            line = table.add_line("log.timeout", seat=seat, name=occupant.name)
            out.changed(table, TableChange(table.id, "away", lines=[line], seat=seat,
                                           actor="timeout", version=table.version))
            action = await self._think(table, seat, "normal")
            entries.append(self._apply(table, seat, action, "timeout", None, out))
            out.prompt(table, seat, "taken_over")
        if not entries:
            arm(table, out, self.settings, self.clock.now())
        return entries

    async def _cpu_move(self, table: Table, out: Outbox) -> list[LogEntry]:
        table.deadlines.cpu_due_at = None
        auto = [s for s in table.to_act() if not table.seat(s).present]
        if not auto:
            arm(table, out, self.settings, self.clock.now())
            return []
        seat = auto[0]
        occupant = table.seat(seat)
        level = occupant.level if occupant.kind != "human" and occupant.level else "normal"
        actor: Actor = "cpu" if occupant.kind != "human" else "away"
        action = await self._think(table, seat, level)
        return [self._apply(table, seat, action, actor, None, out)]

    # -- the driver ------------------------------------------------------------------------
    def start_driver(self) -> None:
        """Start the background task that runs tick() whenever a deadline is due."""
        if self._driver is None or self._driver.done():
            self._driver = asyncio.create_task(self._drive(), name="goita-tables")

    async def stop_driver(self) -> None:
        """Stop the background task and any external engine processes (bot shutdown)."""
        task, self._driver = self._driver, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        steps = list(self._running.values())
        for step in steps:
            step.cancel()
        await asyncio.gather(*steps, return_exceptions=True)
        await self._close_engines()

    def _spawn_due(self) -> None:
        """Start a task for each table that is due and not running a step already (a
        running one files its next deadline when it ends)."""
        running = self._running
        for table_id in self._pop_due(self.clock.now()):
            if table_id in running:
                continue
            task = asyncio.create_task(self._run_table(table_id),
                                       name=f"goita-step-{table_id}")
            running[table_id] = task
            task.add_done_callback(functools.partial(self._step_done, table_id))

    def _step_done(self, table_id: int, _task: object = None) -> None:
        self._running.pop(table_id, None)
        self._schedule(table_id)  # again: it may have come due while the step ended
        self._wake.set()  # its next deadline may be sooner than the driver's sleep

    async def _drive(self) -> None:
        while True:
            self._wake.clear()
            try:
                self._spawn_due()
            except Exception:  # pragma: no cover - a step task logs its own failures
                log.exception("table driver failed")
                await asyncio.sleep(1.0)
            await asyncio.sleep(0)  # let the steps start before looking again
            due = self.next_deadline()
            delay = MAX_DRIVER_SLEEP if due is None else due - self.clock.now()
            delay = min(MAX_DRIVER_SLEEP, max(0.0, delay))
            # asyncio.timeout, not wait_for: on Python 3.11 wait_for swallows a cancellation
            # that lands while the wake-up completes, and stop_driver() then hangs forever
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(delay):
                    await self._wake.wait()
