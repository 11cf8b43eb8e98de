"""Restore: on start-up every live table is loaded from the store, its match rebuilt from
the log, its timers resumed (:func:`~bot.app.tables.timers.resume_timers`: nobody is timed
out, and no lobby expires, because the bot was down; overdue CPU moves and deals run at
once) and its board refreshed; a result the bot died before recording is recorded now.
"""

from __future__ import annotations

import logging

from ..errors import TableError
from ..ports import TableChange
from ..table import Table
from .clock import ClockRoom
from .kernel import Outbox
from .timers import arm, resume_timers

log = logging.getLogger(__name__)


class RestoreRoom(ClockRoom):
    async def restore(self) -> list[Table]:
        """Load every live table from the store, rebuild its match, re-arm its timers, and
        ask the presenter to refresh (or re-post) its board (reason "restored")."""
        restored: list[Table] = []
        out = Outbox()
        now = self.clock.now()
        paused: list[int] = []
        for table in await self.store.load_live():
            async with self._lock(table.id):
                try:
                    await self._rebuild(table)
                except Exception:
                    log.exception("table %d cannot be rebuilt; closing it", table.id)
                    table.status = "cancelled"
                    table.close_reason = "broken"
                    table.deadlines.clear()
                    table.updated_at = now
                    await self.store.save(table)
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
                    paused.append(table.id)  # kept (reloaded), retried with back-off
                    table = self._tables.get(table.id, table)
                out.changed(table, TableChange(table.id, "restored", version=table.version))
                out.items.extend(later.items)
                restored.append(table)
        for table in await self.store.unrecorded_finished():
            try:
                await self._rebuild(table)
            except Exception:
                log.exception("finished table %d cannot be rebuilt", table.id)
                continue
            async with self._lock(table.id):
                self._tables.setdefault(table.id, table)
                await self._record_if_needed(self._tables[table.id])
        self._wake.set()
        await self._deliver(out)
        for table_id in paused:
            await self._tell_paused(table_id)
        return restored
