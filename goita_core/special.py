"""How a round ends, and the hands that end or hold it before the first play (RULES.md,
"Shi hands"; the 3-player variant's four of a kind)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .hands import SHI, count_in, unpack
from .pieces import POINTS, Kind
from .rules import RuleSet


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a round ended. ``kind`` is "finish" (a player went out), "hasshi", "nanashi",
    "rokushi", "goshi-pair" (wins the match at once) or "redeal" (void: same dealer)."""

    kind: str
    seat: int | None
    team: int | None
    points: int
    doubled: bool = False
    last: Kind | None = None

    @property
    def special(self) -> str | None:
        return None if self.kind == "finish" else self.kind

    @property
    def wins_match(self) -> bool:
        return self.kind == "goshi-pair"


@dataclass(frozen=True, slots=True)
class DealCheck:
    """What the dealt hands decide before the first play: the 5+ Shi holders ``(seat,
    count)`` to announce, the round's end if a hand ends it, else the partners who must
    choose play on or redeal (empty: play starts)."""

    shi: tuple[tuple[int, int], ...] = ()
    result: RoundResult | None = None
    pending: tuple[int, ...] = ()


def check_deal(rules: RuleSet, hands: Sequence[int]) -> DealCheck:
    """The special hands of a deal of packed ``hands``."""
    if rules.players == 3:
        # 3-player variant: four of a kind other than Shi forces a redeal; Shi hands have
        # no effect (RULES.md **Decision**).
        for seat, code in enumerate(hands):
            if any(count_in(code, k) == 4 for k in range(1, 8)):
                return DealCheck(result=RoundResult("redeal", seat, None, 0))
        return DealCheck()
    shi = [count_in(code, SHI) for code in hands]
    declared = tuple((s, c) for s, c in enumerate(shi) if c >= 5)
    # 6, 7 or 8 Shi is checked before any 5-Shi case (RULES.md).
    for seat, c in enumerate(shi):
        if c >= 6:
            others = [k for k in unpack(hands[seat]) if k != SHI]
            if c == 8:
                kind, points = "hasshi", 100
            elif c == 7:
                kind, points = "nanashi", 2 * POINTS[others[0]]
            else:
                kind = "rokushi"
                points = max(POINTS[k] for k in others)
                if others[0] == others[1]:
                    points *= 2
            return DealCheck(declared, RoundResult(kind, seat, rules.team_of(seat), points))
    fives = [s for s, c in enumerate(shi) if c == 5]
    if len(fives) == 2 and fives[1] - fives[0] == 2:
        return DealCheck(declared,
                         RoundResult("goshi-pair", fives[0], rules.team_of(fives[0]), 150))
    return DealCheck(declared, pending=tuple((s + 2) % 4 for s in fives))

