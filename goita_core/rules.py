"""Rule options a table chooses when it is created (RULES.md, "House rules")."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class RuleSet:
    #: 4 (two partnerships) or 3 (the 3-player variant: everyone for themselves)
    players: int = 4
    #: the match ends when a team (or player, with 3) reaches this total
    target: int = 150
    #: German seed: 7th and 8th of the same kind double even when the 7th was a face-up block
    double_any_seventh: bool = False
    #: the old ごいたオンライン server let a face-down Ou unlock an Ou attack (rule 1).
    #: Off by default: RULES.md **Decision** "an Ou played face down does not satisfy rule 1".
    #: With it on, ``SeatView.ou_up`` and the legal Ou attacks reveal that a face-down piece
    #: was an Ou: that is what the old rule did at the table too.
    facedown_ou_unlocks: bool = False

    def __post_init__(self) -> None:
        if self.players not in (3, 4):
            raise ValueError("players must be 3 or 4")
        if not 50 <= self.target <= 1000:
            raise ValueError("target must be between 50 and 1000")

    @property
    def hand_size(self) -> int:
        return 8 if self.players == 4 else 10

    @property
    def teams(self) -> int:
        return 2 if self.players == 4 else 3

    def team_of(self, seat: int) -> int:
        return seat % 2 if self.players == 4 else seat

    def partner_of(self, seat: int) -> int | None:
        return (seat + 2) % 4 if self.players == 4 else None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RuleSet:
        known = {k: data[k] for k in ("players", "target", "double_any_seventh",
                                      "facedown_ou_unlocks") if k in data}
        return cls(**known)
