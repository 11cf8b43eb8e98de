"""What one seat may know (RULES.md: nobody shows or tells their hand; face-down pieces are
unknown to the table until the round ends). Computer players and the bot's hand display get
only this object. Two states that differ only in what the seat cannot see give equal views."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .actions import Action
from .pieces import Kind
from .rules import RuleSet

if TYPE_CHECKING:
    from .round import Round, RoundResult


@dataclass(frozen=True, slots=True)
class PlayedPiece:
    """A piece on the table. ``kind`` is None for another seat's face-down piece."""

    kind: Kind | None
    face_down: bool = False


@dataclass(frozen=True, slots=True)
class PublicAction:
    """One action as this seat saw it: ``first`` is None for another seat's face-down lead."""

    seat: int
    is_pass: bool
    first: Kind | None = None
    second: Kind | None = None
    lead: bool = False


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    rules: RuleSet
    dealer: int
    phase: str  # "goshi", "play" or "over"
    hand: tuple[Kind, ...]  # sorted by increasing value
    hand_sizes: tuple[int, ...]
    #: per seat, the pieces laid this round in order (two per play: first, second)
    played: tuple[tuple[PlayedPiece, ...], ...]
    history: tuple[PublicAction, ...]
    turn: int
    attack: Kind | None  # the attack to answer (None when the seat to move leads)
    attacker: int | None
    must_lead: bool
    passes: int
    ou_up: int  # Ou played face up this round (rule 1 of the Ou restrictions)
    shi: tuple[tuple[int, int], ...]  # declared Shi hands: (seat, count)
    goshi_pending: tuple[int, ...]  # seats that must still choose play on / redeal
    legal: tuple[Action, ...]  # this seat's legal actions now (empty if it may not act)
    result: RoundResult | None
    move_count: int
    # match context (filled by Match.view; defaults for a bare round)
    scores: tuple[int, ...] = ()
    round_no: int = 0

    @property
    def my_turn(self) -> bool:
        return bool(self.legal)

    @property
    def team(self) -> int:
        return self.rules.team_of(self.seat)

    def unseen(self) -> list[int]:
        """Counts per kind of the pieces this seat cannot see: in other hands or face down
        on the table (the pool a computer player samples from)."""
        from .pieces import COUNT, COUNT_3P

        counts = list(COUNT if self.rules.players == 4 else COUNT_3P)
        for k in self.hand:
            counts[k] -= 1
        for pieces in self.played:
            for p in pieces:
                if p.kind is not None:
                    counts[p.kind] -= 1
        return counts


def build_view(round_: Round, seat: int, scores: tuple[int, ...] = (), round_no: int = 0
               ) -> SeatView:
    over = round_.phase == "over"
    played: list[list[PlayedPiece]] = [[] for _ in range(round_.n)]
    history: list[PublicAction] = []
    for s, action, lead in round_.history:
        if action.is_pass:
            history.append(PublicAction(s, True))
            continue
        first = action.first  # type: ignore[attr-defined]
        second = action.second  # type: ignore[attr-defined]
        # the face-down piece is revealed only to its owner, or to all once the round ends
        shown = first if (not lead or s == seat or over) else None
        played[s].append(PlayedPiece(shown, lead))
        played[s].append(PlayedPiece(second))
        history.append(PublicAction(s, False, shown, second, lead))
    attack = None if round_.attack < 0 else Kind(round_.attack)
    return SeatView(
        seat=seat,
        rules=round_.rules,
        dealer=round_.dealer,
        phase=round_.phase,
        hand=tuple(round_.hand(seat)),
        hand_sizes=tuple(round_.sizes),
        played=tuple(tuple(p) for p in played),
        history=tuple(history),
        turn=round_.turn,
        attack=attack,
        attacker=None if round_.attacker < 0 else round_.attacker,
        must_lead=round_.must_lead,
        passes=round_.passes,
        ou_up=round_.ou_up,
        shi=round_.shi,
        goshi_pending=tuple(s for s in round_.pending if s not in round_.decisions),
        legal=round_.legal_actions(seat),
        result=round_.result,
        move_count=round_.move_count,
        scores=scores,
        round_no=round_no,
    )
