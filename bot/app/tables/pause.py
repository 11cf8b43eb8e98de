"""A table whose store refuses to save (a full disk, a read-only file): play pauses.

The step that failed is undone (the kernel reloads the table from the store, so nothing
committed is lost and nothing uncommitted is kept). Retries back off exponentially, from
:data:`FIRST_RETRY` to :data:`LAST_RETRY` seconds; the failure is logged at most once per
table per :data:`LOG_EVERY` seconds; the board says once that play is paused and, after the
first save that works, that it resumed.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

log = logging.getLogger(__name__)

FIRST_RETRY = 1.0
LAST_RETRY = 60.0
LOG_EVERY = 60.0


@dataclass(slots=True)
class Pause:
    """One table's failed saves since its last save that worked."""

    failures: int = 0
    #: no step of the table runs before this time (clock seconds)
    retry_at: float = 0.0
    logged_at: float | None = None
    suppressed: int = 0
    #: the board said play is paused
    told: bool = False


class StoragePauses:
    """The paused tables of a service."""

    def __init__(self) -> None:
        self._pauses: dict[int, Pause] = {}

    def get(self, table_id: int) -> Pause | None:
        return self._pauses.get(table_id)

    def waiting(self, table_id: int, now: float) -> bool:
        """True while the table must not try to save again."""
        pause = self._pauses.get(table_id)
        return pause is not None and now < pause.retry_at

    def ready_at(self, table_id: int, due: float | None) -> float | None:
        """When a step of the table may run: its deadline, not before the next retry."""
        pause = self._pauses.get(table_id)
        if due is None or pause is None:
            return due
        return max(due, pause.retry_at)

    def failed(self, table_id: int, now: float, exc: BaseException) -> Pause:
        """A save of the table failed at ``now``: back off, and log unless it was logged
        less than a minute ago."""
        pause = self._pauses.setdefault(table_id, Pause())
        pause.failures += 1
        delay = min(LAST_RETRY, FIRST_RETRY * 2 ** min(pause.failures - 1, 16))
        pause.retry_at = now + delay
        if pause.logged_at is None or now - pause.logged_at >= LOG_EVERY:
            more = f" ({pause.suppressed} more failures not logged)" if pause.suppressed else ""
            log.error("could not store table %d: %s; play there is paused, next try in "
                      "%.0f s (%d failures)%s", table_id, exc or type(exc).__name__, delay,
                      pause.failures, more, exc_info=pause.logged_at is None)
            pause.logged_at = now
            pause.suppressed = 0
        else:
            pause.suppressed += 1
        return pause

    def saved(self, table_id: int) -> Pause | None:
        """A save of the table worked: the pause (if any) is over; returns it."""
        pause = self._pauses.pop(table_id, None)
        if pause is not None:
            log.warning("table %d is stored again after %d failed saves; play resumes",
                        table_id, pause.failures)
        return pause

    def forget(self, table_id: int) -> None:
        self._pauses.pop(table_id, None)
