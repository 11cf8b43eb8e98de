"""The yardsticks and the beginner: random, greedy (a fixed reference that never changes)
and easy."""

from __future__ import annotations

from ..actions import PASS, PLAY_ON, REDEAL, Action, Play
from ..view import SeatView
from .base import attack_code, check_can_act, decision_rng, hand_code, is_goshi_decision
from .heuristics import OU, best_finish, goshi_play_on
from .programs import greedy_action


class RandomPlayer:
    """Uniformly random among the legal actions (goshi: a coin toss)."""

    def __init__(self, seed: int | None = None) -> None:
        self.name = "random"
        self.seed = seed

    def act(self, view: SeatView) -> Action:
        check_can_act(view)
        return decision_rng(self.seed, view, "random").choice(view.legal)


class GreedyPlayer:
    """A fixed yardstick; do not change it (arena figures are quoted against it).

    - finishes for the most points when it can;
    - always blocks when it can, with the same kind before an Ou;
    - attacks with the kind it holds most (ties: the higher value);
    - when leading, lays face down its least useful piece: the kind it holds fewest of
      (ties: the lower value), an Ou only if nothing else is left;
    - goshi: always plays on. Deterministic (the seed is ignored).
    """

    def __init__(self, seed: int | None = None) -> None:
        self.name = "greedy"

    def act(self, view: SeatView) -> Action:
        check_can_act(view)
        if is_goshi_decision(view):
            return PLAY_ON
        if len(view.legal) == 1:
            return view.legal[0]
        return greedy_action(hand_code(view), attack_code(view), view.ou_up > 0,
                             view.rules.double_any_seventh)


class EasyPlayer:
    """For beginners: random legal moves with a little sense. It never throws away a winning
    finish, does not block its partner, blocks an opponent four times in five, and plays on
    after a 5-Shi with a strong hand."""

    def __init__(self, seed: int | None = None) -> None:
        self.name = "easy"
        self.seed = seed

    def act(self, view: SeatView) -> Action:
        check_can_act(view)
        rng = decision_rng(self.seed, view, "easy")
        if is_goshi_decision(view):
            return PLAY_ON if goshi_play_on(view.hand) else REDEAL
        legal = view.legal
        if len(view.hand) == 2:
            fin = best_finish(legal, view.must_lead, view.rules.double_any_seventh)
            if fin is not None:
                return fin
        plays = [a for a in legal if isinstance(a, Play)]
        if view.must_lead:
            # keep Ou if anything else can be played
            non_ou = [a for a in plays if OU not in (int(a.first), int(a.second))]
            return rng.choice(non_ou or plays)
        if not plays:
            return PASS
        partner = view.rules.partner_of(view.seat)
        if view.attacker == partner or rng.random() < 0.2:
            return PASS
        return rng.choice(plays)
