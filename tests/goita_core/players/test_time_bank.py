"""Time management (``bank_ms``): a close decision may spend what the seat's earlier
decisions of the same round left unspent, never more than ``bank_ms`` beyond the budget."""

from __future__ import annotations

import random

import pytest

from goita_core import Round, RuleSet, SeatView
from goita_core.players import make_player
from goita_core.players.base import Player
from tests.goita_core.players.test_players import _decide_timed

BUDGET = 30
BANK = 60


def _forced_then_open(seed: int) -> tuple[SeatView, SeatView] | None:
    """Two views of one seat in one round: first a forced decision (one legal action),
    later one with several (None when the seeded round has no such pair)."""
    rng = random.Random(seed)
    rnd = Round.deal(RuleSet(), rng.randrange(4), rng)
    forced: dict[int, SeatView] = {}
    while not rnd.over:
        seat = rnd.to_act()[0]
        legal = rnd.legal_actions(seat)
        if rnd.phase == "play":
            view = rnd.view(seat, round_no=1)
            if len(legal) == 1:
                forced.setdefault(seat, view)
            elif seat in forced and len(legal) >= 3:
                return forced[seat], view
        rnd.apply(seat, rng.choice(legal))
    return None


PAIRS = [p for p in map(_forced_then_open, range(40)) if p is not None][:3]


def _player() -> Player:
    # no pruning: every decision with a choice stays open to its budget's end
    return make_player("hard", 5, budget_ms=BUDGET, clock="cpu",
                       options={"bank_ms": BANK, "prune": False})


def _cpu_ms(player: Player, *views: SeatView) -> list[float]:
    """CPU ms of each decision, in order, by the same player (its bank carried on)."""
    return [cpu for _wall, cpu in _decide_timed(player, list(views))]


def test_pairs_were_found() -> None:
    assert len(PAIRS) == 3


@pytest.mark.parametrize("pair", range(3))
def test_a_close_decision_spends_the_time_an_earlier_one_left(pair: int) -> None:
    forced, open_ = PAIRS[pair]
    [alone] = _cpu_ms(_player(), open_)
    assert alone <= BUDGET + 10  # nothing banked yet: within the budget
    at_once, after = _cpu_ms(_player(), forced, open_)
    assert at_once < 5  # answered at once: almost the whole budget banked
    assert BUDGET + 10 < after <= 2 * BUDGET + 10  # the banked time, no more


def _first_lead(seat: int, round_no: int) -> SeatView:
    """``seat``'s opening lead in a seeded round (a deal with a 5-Shi decision is
    skipped)."""
    seed = 99
    while True:
        rnd = Round.deal(RuleSet(), seat, random.Random(seed))
        if rnd.phase == "play" and rnd.to_act()[0] == seat:
            return rnd.view(seat, round_no=round_no)
        seed += 1


def test_the_bank_stays_in_its_round() -> None:
    forced, _open = PAIRS[0]
    _at_once, later_round = _cpu_ms(_player(), forced, _first_lead(forced.seat, 2))
    assert later_round <= BUDGET + 10


def test_the_bank_never_exceeds_bank_ms() -> None:
    forced, open_ = PAIRS[1]
    player = make_player("hard", 5, budget_ms=BUDGET, clock="cpu",
                         options={"bank_ms": 10, "prune": False})
    _at_once, after = _cpu_ms(player, forced, open_)
    assert after <= BUDGET + 10 + 10


def test_negative_bank_is_refused() -> None:
    with pytest.raises(ValueError, match="bank_ms"):
        make_player("hard", 5, options={"bank_ms": -1})
