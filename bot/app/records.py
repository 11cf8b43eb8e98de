"""A finished match as the table service hands it to the results store, and what it adds
to each seat's numbers.

The table service builds a :class:`FinishedMatch` when a match ends (or is stopped early) and
gives it to :meth:`bot.app.ports.ResultsStore.record_match`; every store implementation
derives the per-seat numbers with :func:`seat_stats` and the rating update with
:func:`bot.app.ratings.rate_match`, so they count the same way.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from goita_core.match import Match
from goita_core.rules import RuleSet

from .ports import SeatKind


class SeatRecord(NamedTuple):
    """Who sat where. ``user_id`` is the Discord user id for humans, None otherwise;
    ``level`` is the CPU level ("easy", "normal", "hard") or the engine name."""

    seat: int
    kind: SeatKind
    user_id: int | None
    name: str
    level: str | None = None


class RoundSummary(NamedTuple):
    """One dealt round. ``team``/``winner_seat`` are None for a void round (redeal);
    ``special`` is None for a normal finish, else "hasshi", "nanashi", "rokushi",
    "goshi-pair" or "redeal". ``shi_seats`` are the seats dealt 5 or more Shi."""

    team: int | None
    points: int
    doubled: bool
    special: str | None
    winner_seat: int | None
    shi_seats: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class FinishedMatch:
    """A match as it ended, ready to be stored. Plain tuples are accepted for ``seats``
    and ``rounds`` (converted to :class:`SeatRecord` / :class:`RoundSummary`)."""

    guild_id: int
    channel_id: int
    table_id: int
    started_at: float  # wall-clock seconds (time.time)
    finished_at: float
    rules: dict[str, Any]  # RuleSet.to_json()
    seats: Sequence[SeatRecord]
    scores: Sequence[int]  # per team
    winner_team: int | None  # None when stopped early without a winner
    stopped_early: bool
    rounds: Sequence[RoundSummary] = field(default_factory=tuple)
    record_json: str = ""  # goita_core.kifu native MatchRecord JSON (opaque here)
    #: users who asked for hints during the match (such a match is not rated)
    hint_users: Sequence[int] = ()

    def __post_init__(self) -> None:
        seats = tuple(SeatRecord(*s) for s in self.seats)
        object.__setattr__(self, "hint_users", tuple(int(u) for u in self.hint_users))
        rounds = tuple(
            RoundSummary(*r[:5], tuple(r[5]) if len(r) > 5 else ()) for r in self.rounds
        )
        object.__setattr__(self, "seats", seats)
        object.__setattr__(self, "rounds", rounds)
        object.__setattr__(self, "scores", tuple(int(s) for s in self.scores))
        self.validate()

    def validate(self) -> None:
        """Raise ValueError for a record that cannot be stored consistently."""
        ruleset = self.ruleset
        players, teams = ruleset.players, ruleset.teams
        if sorted(s.seat for s in self.seats) != list(range(players)):
            raise ValueError(f"seats must be exactly 0..{players - 1}")
        for s in self.seats:
            if s.kind not in ("human", "cpu", "engine"):
                raise ValueError(f"unknown seat kind {s.kind!r}")
            if (s.kind == "human") != (s.user_id is not None):
                raise ValueError("a human seat needs a user id, and only a human seat has one")
        if len(self.scores) != teams:
            raise ValueError(f"expected {teams} scores, got {len(self.scores)}")
        if self.winner_team is not None and not 0 <= self.winner_team < teams:
            raise ValueError(f"winner_team must be 0..{teams - 1} or None")
        if self.winner_team is None and not self.stopped_early:
            raise ValueError("a match that was not stopped early must have a winner")
        if self.finished_at < self.started_at:
            raise ValueError("finished_at is before started_at")
        for r in self.rounds:
            if r.winner_seat is not None and not 0 <= r.winner_seat < players:
                raise ValueError(f"round winner seat {r.winner_seat} out of range")
            if any(not 0 <= s < players for s in r.shi_seats):
                raise ValueError("round shi seat out of range")
        if self.record_json:
            json.loads(self.record_json)  # ValueError if it is not JSON

    @property
    def ruleset(self) -> RuleSet:
        """The rules the match was played by (ValueError for rules no RuleSet accepts)."""
        return RuleSet.from_json(self.rules)

    def team_of(self, seat: int) -> int:
        return self.ruleset.team_of(seat)

    @property
    def with_cpu(self) -> bool:
        return any(s.kind != "human" for s in self.seats)


def summarize_rounds(match: Match) -> list[RoundSummary]:
    """Round summaries from a ``goita_core.Match`` (its ``rounds``, each with ``result``
    and ``shi``). Rounds still in play (a match stopped early) are left out."""
    out: list[RoundSummary] = []
    for rnd in match.rounds:
        result = rnd.result
        if result is None:
            continue
        shi = tuple(seat for seat, _count in rnd.shi)
        if result.kind == "redeal":
            out.append(RoundSummary(None, 0, False, "redeal", None, shi))
        else:
            out.append(
                RoundSummary(result.team, result.points, result.doubled, result.special,
                             result.seat, shi)
            )
    return out


@dataclass(frozen=True, slots=True)
class SeatStats:
    """What one match adds to a seat's player: a win, and the rounds they won."""

    won: bool
    rounds_won: int
    points: int
    doubled: int
    shi_hands: int

    def __add__(self, other: SeatStats) -> SeatStats:
        """Both seats of one user (possible at a test table) count as one match."""
        return SeatStats(self.won or other.won, self.rounds_won + other.rounds_won,
                         self.points + other.points, self.doubled + other.doubled,
                         self.shi_hands + other.shi_hands)


def seat_stats(match: FinishedMatch) -> dict[int, SeatStats]:
    """Per seat index, what the match adds to that seat's player."""
    out = {}
    for s in match.seats:
        won_rounds = [r for r in match.rounds
                      if r.winner_seat == s.seat and r.special != "redeal"]
        out[s.seat] = SeatStats(
            won=not match.stopped_early and match.winner_team == match.team_of(s.seat),
            rounds_won=len(won_rounds),
            points=sum(r.points for r in won_rounds),
            doubled=sum(1 for r in won_rounds if r.doubled),
            shi_hands=sum(1 for r in match.rounds if s.seat in r.shi_seats),
        )
    return out
