"""The checks that refuse a bad deal or an illegal action with the rule it breaks
(:mod:`goita_core.errors`); they change nothing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import errors as E
from .actions import PASS, Action, GoshiDecision, Play
from .hands import GON, OU, SHI, counts_of
from .pieces import COUNT, COUNT_3P, Kind
from .rules import RuleSet

if TYPE_CHECKING:
    from .round import Round

# the phases of a round: the 5-Shi partners choose, the play, the end
PHASE_GOSHI, PHASE_PLAY, PHASE_OVER = "goshi", "play", "over"


def validate_deal(rules: RuleSet, dealer: int, hands: Sequence[Sequence[Kind | int]]) -> None:
    """Raise :class:`~goita_core.errors.InvalidDeal` unless ``hands`` are a deal of the full
    set for ``rules`` and ``dealer`` is a seat."""
    n = rules.players
    if not 0 <= dealer < n:
        raise E.InvalidDeal(f"dealer must be a seat 0..{n - 1}, not {dealer}")
    if len(hands) != n:
        raise E.InvalidDeal(f"a deal has {n} hands, not {len(hands)}")
    sizes = [len(h) for h in hands]
    if any(s != rules.hand_size for s in sizes):
        raise E.InvalidDeal(f"every hand must have {rules.hand_size} pieces, got {sizes}")
    total = [0] * 8
    for h in hands:
        for k in h:
            if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < 8:
                raise E.InvalidDeal(f"not a piece: {k!r}")
            total[int(k)] += 1
    expected = COUNT if n == 4 else COUNT_3P
    if total != list(expected):
        wrong = [f"{Kind(k).kanji} {total[k]} (should be {expected[k]})"
                 for k in range(8) if total[k] != expected[k]]
        raise E.InvalidDeal("the hands are not the full set: " + ", ".join(wrong))


def check_action(round_: Round, seat: int, action: Action) -> None:
    """Raise the :class:`~goita_core.errors.IllegalAction` that ``action`` by ``seat``
    breaks in ``round_``, or return if it is legal."""
    if round_.phase == PHASE_OVER:
        raise E.RoundOver("the round is over")
    if not 0 <= seat < round_.n:
        raise E.NotYourTurn(f"there is no seat {seat}")
    if isinstance(action, GoshiDecision):
        if round_.phase != PHASE_GOSHI or seat not in round_.pending:
            raise E.NoDecisionExpected(f"seat {seat} has no 5-Shi decision to make")
        if seat in round_.decisions:
            raise E.NoDecisionExpected(f"seat {seat} has already chosen")
        return
    if round_.phase == PHASE_GOSHI:
        raise E.DecisionPending("a 5-Shi partner must first choose play on or redeal")
    if seat != round_.turn:
        raise E.NotYourTurn(f"it is seat {round_.turn}'s turn, not seat {seat}'s")
    if action is PASS:
        if round_.attack < 0:
            raise E.MustLead("you lead now: play one piece face down and attack")
        return
    if not isinstance(action, Play):
        raise E.MalformedAction(f"not an action: {action!r}")
    code = round_.hands[seat]
    f, s = int(action.first), int(action.second)
    have = counts_of(code)
    if have[f] == 0:
        raise E.PieceNotInHand(f"{Kind(f).kanji} is not in your hand")
    have[f] -= 1
    if have[s] == 0:
        raise E.PieceNotInHand(f"{Kind(s).kanji} is not in your hand"
                               + (" (you hold only one)" if f == s else ""))
    if round_.attack >= 0:
        a = round_.attack
        if f != a:
            if f != OU:
                raise E.BlockMismatch(
                    f"{Kind(f).kanji} does not block {Kind(a).kanji}: block with the same "
                    "kind or an Ou")
            if a in (SHI, GON):
                raise E.OuCannotBlock(f"Ou cannot block {Kind(a).kanji}")
    if s == OU and not (round_.ou_up > 0 or have[OU] + (f == OU) == 2
                        or round_.sizes[seat] == 2):
        raise E.OuAttackNotAllowed(
            "Ou may attack only once the other Ou was played face up, when you hold both, "
            "or as your last piece")
