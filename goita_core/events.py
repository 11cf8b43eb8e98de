"""What happened, returned by every applied action so a UI can narrate without diffing
state. Face-down pieces appear only in :class:`Led` (``face_down``); use
:meth:`Led.public` before showing a lead to anyone but the player who made it."""

from __future__ import annotations

from dataclasses import dataclass, replace

from .pieces import Kind


@dataclass(frozen=True, slots=True)
class Event:
    pass


@dataclass(frozen=True, slots=True)
class ShiDeclared(Event):
    """A hand with 5 or more Shi is revealed as a count (RULES.md, "Shi hands")."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class GoshiDecisionRequested(Event):
    """``seat`` must choose play on or redeal because its partner ``holder`` has 5 Shi."""

    seat: int
    holder: int


@dataclass(frozen=True, slots=True)
class GoshiDecided(Event):
    seat: int
    play_on: bool


@dataclass(frozen=True, slots=True)
class Redeal(Event):
    """The round is void; the same dealer deals again. ``reason`` is "goshi" or
    "four_of_a_kind" (3-player variant)."""

    reason: str
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Led(Event):
    """A lead: ``face_down`` is hidden from everyone but ``seat`` until the round ends."""

    seat: int
    face_down: Kind | None
    attack: Kind

    def public(self) -> Led:
        return replace(self, face_down=None)


@dataclass(frozen=True, slots=True)
class Blocked(Event):
    """``seat`` blocked ``answered`` with ``block`` (face up) and attacks with ``attack``."""

    seat: int
    block: Kind
    attack: Kind
    answered: Kind


@dataclass(frozen=True, slots=True)
class Passed(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class MustLeadAgain(Event):
    """Everyone else passed: ``seat`` (who made the attack) now leads again."""

    seat: int


@dataclass(frozen=True, slots=True)
class RoundWon(Event):
    """The round is decided. ``special`` is None for a normal finish, else one of
    "hasshi", "nanashi", "rokushi", "goshi-pair"."""

    seat: int
    team: int
    points: int
    doubled: bool = False
    last: Kind | None = None
    special: str | None = None


@dataclass(frozen=True, slots=True)
class MatchWon(Event):
    team: int
    scores: tuple[int, ...]
