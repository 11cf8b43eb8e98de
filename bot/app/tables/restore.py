"""Restore: on start-up every live table is loaded from the store, its match rebuilt from
the log, its timers resumed (:func:`~bot.app.tables.timers.resume_timers`: nobody is timed
out, and no lobby expires, because the bot was down; overdue CPU moves and deals run at
once) and its board refreshed. A closed table whose end the bot died before settling has
its result recorded now and its closing board shown (reason "restored" on a closed table).

Several processes may share one store, each driving the tables of its own servers (the
PostgreSQL store's shard leases). When this process stops driving some servers (it lost
their shard to another process), :meth:`RestoreRoom.let_go` takes their tables out of
memory (their timers stop with them) and a click on one is refused privately; when it
takes servers over, :meth:`RestoreRoom.restore` with ``servers`` loads and resumes their
live tables. A store refuses the write of a table this process does not drive by raising
:class:`NotDriven`: that table is let go at once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

from ..errors import TableError
from ..ports import TableChange
from ..steplog import LogEntry
from ..table import Table
from .clock import ClockRoom
from .kernel import Outbox
from .timers import arm, resume_timers

log = logging.getLogger(__name__)

#: selects servers by id (e.g. those of some gateway shards)
Servers = Callable[[int], bool]


class NotDriven(Exception):
    """Raised by a store that refuses to write a table because this process does not drive
    the table's server (another process holds the lease of its shard)."""


class RestoreRoom(ClockRoom):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: tables let go because another process drives them now: id -> server id
        self._let_go: dict[int, int] = {}

    def get(self, table_id: int) -> Table:
        if table_id in self._let_go and table_id not in self._tables:
            # played on by the process that took its server over (or back here soon):
            # "paused here, resumes by itself, nothing is lost"
            raise TableError("storage_paused")
        return super().get(table_id)

    async def restore(self, servers: Servers | None = None) -> list[Table]:
        """Load every live table from the store, rebuild its match, re-arm its timers, and
        ask the presenter to refresh (or re-post) its board (reason "restored").

        ``servers``: only the tables of the servers it selects that are not already driven
        here (servers this process just took over from another)."""
        restored: list[Table] = []
        out = Outbox()
        now = self.clock.now()
        paused: list[int] = []
        # driven here again (what is not live any more is loaded again when clicked)
        for table_id, guild_id in list(self._let_go.items()):
            if servers is None or servers(guild_id):
                del self._let_go[table_id]
        for table in await self.store.load_live():
            if not self._to_restore(table, servers):
                continue
            async with self._lock(table.id):
                try:
                    await self._rebuild(table)
                except Exception:
                    log.exception("table %d cannot be rebuilt; closing it", table.id)
                    table.status = "cancelled"
                    table.close_reason = "broken"
                    table.deadlines.clear()
                    table.updated_at = now
                    table.board_pending = True
                    try:
                        await self.store.save(table)
                    except Exception:
                        log.exception("could not close table %d", table.id)
                    else:
                        # its board still shows the match: shown as any end a restart
                        # finds unshown (its ping and open hands are finished too)
                        out.changed(table, TableChange(table.id, "restored",
                                                       version=table.version))
                    continue
                self._tables[table.id] = table
                later = Outbox()
                resume_timers(table, now)
                if table.status == "playing":
                    arm(table, later, self.settings, now)
                try:
                    await self._commit(table, ())
                except TableError as exc:
                    if exc.code != "storage_paused":
                        raise
                    if table.id not in self._tables:
                        continue  # let go: another process drives it now
                    paused.append(table.id)  # kept (reloaded), retried with back-off
                    table = self._tables.get(table.id, table)
                out.changed(table, TableChange(table.id, "restored", version=table.version))
                out.items.extend(later.items)
                restored.append(table)
        for table in await self.store.unsettled():
            if not self._to_restore(table, servers):
                continue
            try:
                await self._rebuild(table)
            except Exception:
                log.exception("closed table %d cannot be rebuilt", table.id)
                continue
            async with self._lock(table.id):
                table = self._tables.setdefault(table.id, table)
                try:
                    await self._record_if_needed(table)
                except NotDriven:
                    self._forget(table.id)
                    continue
            if table.board_pending:
                log.info("table %d closed before its board said so: showing its end",
                         table.id)
                out.changed(table, TableChange(table.id, "restored", version=table.version))
        self._wake.set()
        await self._deliver(out)
        for table_id in paused:
            await self._tell_paused(table_id)
        return restored

    def _to_restore(self, table: Table, servers: Servers | None) -> bool:
        """A stored table of the servers ``servers`` selects (all: None) that is not live
        here already (e.g. reopened by a rematch since this process took them over)."""
        if servers is None:
            return True
        known = self._tables.get(table.id)
        return servers(table.guild_id) and (known is None or not known.live)

    async def let_go(self, servers: Servers) -> list[int]:
        """Stop driving the tables of the servers ``servers`` selects (another process
        drives them now): each leaves memory, with its timers and engine processes, once
        a step it may be running is over; a click on one is refused privately. Nothing is
        stored: the store has each as its last step left it. Returns their ids."""
        ids = [t.id for t in list(self._tables.values()) if servers(t.guild_id)]
        for table_id in ids:
            async with self._lock(table_id):
                self._forget(table_id)
            await self._close_engines(table_id)
        if ids:
            log.warning("no longer driving %d table(s): another process drives their "
                        "servers now", len(ids))
        self._wake.set()
        return ids

    def _forget(self, table_id: int) -> None:
        """Out of memory (called under the table's lock), timers included; a step already
        waiting for the lock finds no table."""
        table = self._tables.pop(table_id, None)
        self._pauses.forget(table_id)
        self._schedule(table_id)  # its timers leave the heap
        if table is not None and table.live:
            self._let_go[table_id] = table.guild_id

    async def _commit(self, table: Table, entries: Sequence[LogEntry]) -> None:
        try:
            await super()._commit(table, entries)
        except TableError as exc:
            if exc.code == "storage_paused" and isinstance(exc.__cause__, NotDriven):
                # not a storage failure: the table is another process's now (the kernel
                # reloaded it; it leaves memory instead of pausing)
                log.warning("table %d: %s; another process drives it now", table.id,
                            exc.__cause__)
                self._forget(table.id)
                self._let_go[table.id] = table.guild_id
                await self._close_engines(table.id)
                self._wake.set()
            raise
