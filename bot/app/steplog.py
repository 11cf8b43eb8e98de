"""The table's action log: one entry per game step (a deal or an action).

The log is the single source of truth for a running match: the match is rebuilt by
replaying it from the table's seed (see :func:`bot.app.tables.rebuild.rebuild_match`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from goita_core.actions import Action

EntryKind = Literal["deal", "act"]
#: who made a logged action: the seated human, a CPU/engine seat, or the CPU standing in for
#: an absent ("timeout") or away ("away") human
Actor = Literal["human", "cpu", "timeout", "away", "system"]


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One game step. ``seq`` equals the table's version right after the step."""

    seq: int
    match_no: int
    kind: EntryKind
    at: float
    actor: Actor = "system"
    seat: int | None = None
    action: Action | None = None
    #: the dealt hands, stored only when the deal was injected (tests); None = seeded shuffle
    hands: tuple[tuple[int, ...], ...] | None = None
    user_id: int | None = None
