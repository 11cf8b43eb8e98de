"""Abuse limits on what creates tables: open tables per user and per server, and a per-user
cooldown on creations (``/goita new``, a rematch): a user may create ``burst`` tables in a
row, then one more per ``cooldown_seconds`` (a token bucket), so a quick cancel and reopen,
or a rematch just after the first match, is never refused while a flood is.

Counts are of live tables (lobby or playing) this service holds; a thread is a channel of
its own, but its tables count toward its server's total. A refused creation raises
:class:`~bot.app.errors.TableError` and changes nothing; only a creation that happened
starts the user's cooldown. The limits are a parameter of each creating call, so a caller
may pass its own (a per-server setting); the service's default applies otherwise.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from ..errors import TableError
from ..table import Table

#: past this many users remembered, those whose allowance is whole again are forgotten
MAX_REMEMBERED = 10_000


@dataclass(frozen=True, slots=True)
class TableLimits:
    """``per_user``: live tables one user may sit at when creating another; ``per_server``:
    live tables in one server; ``cooldown_seconds``: the time one creation's allowance
    takes to come back, of ``burst`` at most. None (or 0 for the cooldown): no limit."""

    per_user: int | None = None
    per_server: int | None = None
    cooldown_seconds: float = 0.0
    burst: int = 3


def server_limits(limits: TableLimits, per_user: int | None,
                  per_server: int | None) -> TableLimits:
    """``limits`` with a server's own table limits where it set them (None: kept)."""
    return replace(limits, per_user=limits.per_user if per_user is None else per_user,
                   per_server=limits.per_server if per_server is None else per_server)


#: no limit at all (the service's default when it is built without limits)
UNLIMITED = TableLimits()


class CreationLimiter:
    """The per-user cooldown's memory, and the checks of one creation."""

    def __init__(self) -> None:
        #: user -> (creations allowed at ``when``, when)
        self._bucket: dict[int, tuple[float, float]] = {}

    def _allowance(self, limits: TableLimits, user_id: int, now: float) -> float:
        burst = max(1, limits.burst)
        held = self._bucket.get(user_id)
        if held is None:
            return float(burst)
        tokens, when = held
        return min(float(burst), tokens + max(0.0, now - when) / limits.cooldown_seconds)

    def check(self, limits: TableLimits, tables: list[Table], guild_id: int, user_id: int,
              now: float, *, replacing: Table | None = None) -> None:
        """Raise if ``user_id`` may not create a table in ``guild_id`` now. ``tables``: the
        live tables; ``replacing``: a closed table that becomes live again (a rematch)."""
        if limits.cooldown_seconds > 0:
            tokens = self._allowance(limits, user_id, now)
            if tokens < 1:
                wait = max(1, math.ceil((1 - tokens) * limits.cooldown_seconds))
                raise TableError("cooldown", seconds=wait)
        others = [t for t in tables if t is not replacing]
        if limits.per_user is not None:
            mine = sum(1 for t in others if t.seat_of(user_id) is not None)
            if mine >= limits.per_user:
                raise TableError("too_many_tables_user", limit=limits.per_user)
        if limits.per_server is not None:
            here = sum(1 for t in others if t.guild_id == guild_id)
            if here >= limits.per_server:
                raise TableError("too_many_tables_server", limit=limits.per_server)

    def created(self, user_id: int, now: float, limits: TableLimits) -> None:
        """A creation by ``user_id`` happened: its cooldown starts."""
        if limits.cooldown_seconds <= 0:
            return
        self._bucket[user_id] = (self._allowance(limits, user_id, now) - 1, now)
        if len(self._bucket) > MAX_REMEMBERED:  # a full allowance needs no memory
            self._bucket = {u: held for u, held in self._bucket.items()
                            if self._allowance(limits, u, now) < max(1, limits.burst)}
