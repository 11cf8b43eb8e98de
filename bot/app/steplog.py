"""The table's action log: one entry per game step (a deal or an action).

The log is the single source of truth for a running match: the match is rebuilt by
replaying it from the table's seed (:func:`replay_log`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from goita_core.actions import Action
from goita_core.match import Match
from goita_core.rules import RuleSet

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


def replay_log(rules: RuleSet, seed: int | None, first_dealer: int | None,
               entries: Sequence[LogEntry], version: int) -> Match:
    """The match that one match's log entries (in ``seq`` order) produce. ``version`` is the
    table's stored version: a log that does not end there raises ValueError (an entry the
    rules refuse raises the rules core's error)."""
    match = Match(rules, seed=seed, first_dealer=first_dealer, deal=False)
    for e in entries:
        if e.kind == "deal":
            match.next_round(e.hands)
        else:
            if e.seat is None or e.action is None:
                raise ValueError(f"log entry {e.seq} is an action without a seat or action")
            match.apply(e.seat, e.action)
    if entries and entries[-1].seq != version:
        raise ValueError(f"the log ends at {entries[-1].seq}, the table is at version "
                         f"{version}")
    return match
