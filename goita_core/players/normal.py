"""The normal player: the shared heuristics applied to the seat's view."""

from __future__ import annotations

from ..actions import PLAY_ON, REDEAL, Action
from ..view import SeatView
from .base import attack_code, check_can_act, hand_code, is_goshi_decision, relation_to_attacker
from .heuristics import DEFAULT_WEIGHTS, choose, goshi_play_on, lack_masks
from .lacks import lack_discount


class NormalPlayer:
    """Heuristic player: counts what is left, respects the partner's attack, attacks with
    what is hard to block, keeps Ou for blocking and a pair for the finish. Deterministic."""

    def __init__(self, seed: int | None = None,
                 weights: tuple[float, ...] = DEFAULT_WEIGHTS, lack: float = 0.0) -> None:
        self.name = "normal"
        self.weights = weights
        #: how much an opponent's shown lack of a kind discounts its unseen pieces as
        #: blockers (0: not at all)
        self.lack = lack

    def act(self, view: SeatView) -> Action:
        check_can_act(view)
        if is_goshi_decision(view):
            return PLAY_ON if goshi_play_on(view.hand) else REDEAL
        if len(view.legal) == 1:
            return view.legal[0]
        attacker_size = 8 if view.attacker is None else view.hand_sizes[view.attacker]
        discount = None
        if self.lack:
            teams = view.rules.teams
            masks = lack_masks(view.history, view.rules.players, teams)
            discount = lack_discount(masks, view.seat, teams, self.lack)
        return choose(hand_code(view), len(view.hand), attack_code(view),
                      relation_to_attacker(view), view.ou_up > 0, view.unseen(),
                      view.rules.double_any_seventh, self.weights, attacker_size, discount)
