"""Expected points of a seat's possible actions, judged from that seat's view only.

Monte Carlo over determinizations: deal the pieces the seat cannot see (``SeatView.unseen``)
at random to the other hands (the rest lie face down on the table), rebuild a playable state
with :meth:`goita_core.round.Round.from_view`, and play the round out with a fast computer
player at every seat. Every action is tried on the same sampled deals (common random
numbers), so the difference between two actions is measured far more precisely than either
value. The result is in points for the seat's team: positive when it goes out, negative
when the other side does, 0 for a redeal.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from goita_core.actions import PLAY_ON, REDEAL, Action, GoshiDecision
from goita_core.players import Player, make_player
from goita_core.round import Round
from goita_core.view import SeatView

#: the computer player of the playouts: quick, and plays like a sensible human
PLAYOUT_LEVEL = "normal"
SAMPLE_TRIES = 200


def sample_hands(view: SeatView, rng: random.Random) -> list[list[int]]:
    """Every seat's hand now, guessed consistently with ``view``: the unseen pieces dealt
    at random, redrawn while a hand contradicts the declared Shi hands."""
    pool = [k for k, n in enumerate(view.unseen()) for _ in range(n)]
    declared = dict(view.shi)
    check_shi = view.rules.players == 4
    hands: list[list[int]] = []
    for _ in range(SAMPLE_TRIES):
        rng.shuffle(pool)
        hands, pos = [], 0
        for seat, size in enumerate(view.hand_sizes):
            if seat == view.seat:
                hands.append([int(k) for k in view.hand])
                continue
            hands.append(pool[pos:pos + size])
            pos += size
        # a hand still holding 5 Shi held them at the deal, so it would have declared them
        if not check_shi or all(
                s == view.seat or hands[s].count(0) <= declared.get(s, 4)
                for s in range(len(hands))):
            return hands
    return hands


def _points(result_team: int | None, points: int, team: int) -> int:
    if result_team is None:
        return 0
    return points if result_team == team else -points


def playout(state: Round, players: Sequence[Player], team: int) -> int:
    """Play ``state`` to the end with ``players`` (one per seat); the points for ``team``."""
    while state.result is None:
        seat = state.to_act()[0]
        action = players[seat].act(state.view(seat))
        if isinstance(action, GoshiDecision):
            state.apply(seat, action)
        else:
            state.step(action)
    result = state.result
    return _points(result.team, result.points, team)


def evaluate(view: SeatView, actions: Sequence[Action], samples: int, seed: int
             ) -> list[float]:
    """Mean points for the seat's team of each of ``actions`` (legal for ``view``) over
    ``samples`` sampled deals, reproducible for a given seed."""
    if not view.legal:
        raise ValueError(f"seat {view.seat} has nothing to decide now")
    for action in actions:
        if action not in view.legal:
            raise ValueError(f"{action!r} is not legal here")
    rng = random.Random(seed)
    # deterministic: all the randomness is in the sampled deals
    players = [make_player(PLAYOUT_LEVEL, seed) for _ in range(view.rules.players)]
    team = view.team
    totals = [0.0] * len(actions)
    for _ in range(samples):
        base = Round.from_view(view, sample_hands(view, rng))
        for i, action in enumerate(actions):
            if action is REDEAL:
                continue  # a redeal is worth nothing to either side
            state = base.clone()
            if action is PLAY_ON:
                state.apply(view.seat, action)
            else:
                state.step(action)
            totals[i] += playout(state, players, team)
    return [t / samples for t in totals]
