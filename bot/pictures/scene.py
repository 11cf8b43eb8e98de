"""What a picture shows: small frozen (hashable) models, so equal positions are equal keys
of the render cache. Nothing here knows a round or a hand: the builders (``build.py``) fill
these from the public information only."""

from __future__ import annotations

from dataclasses import dataclass, field

from goita_core.pieces import Kind


@dataclass(frozen=True, slots=True)
class Labels:
    """The few words a picture writes, as templates (the adapter passes its language's).
    ``teams`` names the two teams of a 4-seat table."""

    round: str = "Round {n}"
    target: str = "to {target}"
    left: str = "{n} left"
    points: str = "{points} pts"
    dealer: str = "dealer"
    passed: str = "pass"
    away: str = "away"
    redeal: str = "Redeal"
    won: str = "+{points}"
    doubled: str = "doubled"
    shi: str = "{count} し"
    seat: str = "Seat {n}"
    teams: tuple[str, ...] = ("Team A", "Team B")
    hand_title: str = "Your hand"
    face_down: str = "Face down"


@dataclass(frozen=True, slots=True)
class Tile:
    """One piece on the board: ``kind`` None is a face-down piece (its wooden back);
    ``revealed`` marks a face-down piece turned over at the round's end."""

    kind: Kind | None
    revealed: bool = False


@dataclass(frozen=True, slots=True)
class SeatScene:
    name: str
    team: int | None  # None at a 3-seat table (no teams)
    score: int  # the team's score (4 seats) or the player's own (3 seats)
    left: int  # pieces still in hand
    #: one column per play: (defence, attack), oldest first
    plays: tuple[tuple[Tile, Tile], ...] = ()
    dealer: bool = False
    to_move: bool = False  # to play, or to choose play on / redeal after a 5-Shi deal
    passed: bool = False  # passed on the attack now to answer
    away: bool = False
    shi: int = 0  # Shi pieces declared at the deal (5 or more), else 0
    won: int | None = None  # points this seat won the round with (round end)
    doubled: bool = False


@dataclass(frozen=True, slots=True)
class LastMove:
    """The last action: a play (``column`` of ``seat``'s plays) or a pass (column None)."""

    seat: int
    column: int | None


@dataclass(frozen=True, slots=True)
class BoardScene:
    """The public board: 3 or 4 seats in turn order, seat 0 drawn at the bottom and the
    next seats counter-clockwise (to its right), as players sit around a Goita board."""

    seats: tuple[SeatScene, ...]
    round_no: int
    target: int
    attack: tuple[int, int] | None = None  # (seat, column) of the attack to answer
    last: LastMove | None = None
    over: bool = False  # the round is over: face-down pieces are revealed
    redeal: bool = False
    labels: Labels = field(default_factory=Labels)

    def __post_init__(self) -> None:
        if len(self.seats) not in (3, 4):
            raise ValueError(f"a board has 3 or 4 seats, not {len(self.seats)}")
        most = 5 if len(self.seats) == 3 else 4
        for i, seat in enumerate(self.seats):
            if len(seat.plays) > most:
                raise ValueError(f"seat {i} has {len(seat.plays)} plays; at most {most}")
            if not self.over and any(d.revealed or a.revealed for d, a in seat.plays):
                raise ValueError("face-down pieces are revealed only once the round is over")
        for where, what in (("attack", self.attack),
                            ("last", None if self.last is None else
                             (self.last.seat, self.last.column))):
            if what is None:
                continue
            at, column = what
            if not 0 <= at < len(self.seats) or (
                    column is not None and not 0 <= column < len(self.seats[at].plays)):
                raise ValueError(f"{where} points at no play: {what}")


@dataclass(frozen=True, slots=True)
class HandScene:
    """One player's own hand (the ephemeral hand message). ``playable``: the kinds that may
    be played first now (others are dimmed), or None to dim nothing; ``selected``: the
    first piece already chosen; ``face_down``: the player's own face-down pieces on the
    board this round (a reminder only they see)."""

    pieces: tuple[Kind, ...]
    playable: frozenset[Kind] | None = None
    selected: Kind | None = None
    face_down: tuple[Kind, ...] = ()
    name: str = ""
    labels: Labels = field(default_factory=Labels)
