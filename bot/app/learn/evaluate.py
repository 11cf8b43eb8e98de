"""Expected points of a seat's possible actions, judged from that seat's view only.

Monte Carlo over determinizations: the pieces the seat cannot see (``SeatView.unseen``) are
guessed as the strongest computer player's search guesses them (:func:`.strongest.
strongest_guesses`: the rules the table can check kept, each guess weighted by how well it
explains the play seen), a playable state is rebuilt with
:meth:`goita_core.round.Round.from_view`, and the round is played out with a fast computer
player at every seat. Every action is tried on the same guessed deals (common random
numbers), so the difference between two actions is measured far more precisely than either
value. The result is the guesses' weighted mean in points for the seat's team: positive
when it goes out, negative when the other side does, 0 for a redeal.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from goita_core.actions import PLAY_ON, REDEAL, Action, GoshiDecision
from goita_core.hands import unpack
from goita_core.players import Player, make_player
from goita_core.players.sampling import Sampler
from goita_core.round import Round
from goita_core.view import SeatView

from .strongest import strongest_guesses

#: the computer player of the playouts: quick, and plays like a sensible human
PLAYOUT_LEVEL = "normal"
#: the weight of a guess when every try of the sampler broke a rule (only when the view
#: itself is inconsistent, or by rare chance): negligible beside any possible guess, and the
#: plain mean when no guess was possible
IMPOSSIBLE_WEIGHT = 1e-9


def guess_hands(view: SeatView, sampler: Sampler, rng: random.Random
                ) -> tuple[list[list[int]], float]:
    """Every seat's hand now, guessed from ``view`` by ``sampler`` (built for it), and the
    guess's weight."""
    codes, weight = sampler.sample(rng)
    hands = [[int(k) for k in unpack(code)] for code in codes]
    hands[view.seat] = [int(k) for k in view.hand]
    return hands, weight


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
    ``samples`` guessed deals (weighted), reproducible for a given seed."""
    if not view.legal:
        raise ValueError(f"seat {view.seat} has nothing to decide now")
    for action in actions:
        if action not in view.legal:
            raise ValueError(f"{action!r} is not legal here")
    rng = random.Random(seed)
    # deterministic: all the randomness is in the sampled deals
    players = [make_player(PLAYOUT_LEVEL, seed) for _ in range(view.rules.players)]
    team = view.team
    sampler = strongest_guesses(view)
    totals = [0.0] * len(actions)
    weights = 0.0
    for _ in range(samples):
        hands, weight = guess_hands(view, sampler, rng)
        weight = max(weight, IMPOSSIBLE_WEIGHT)
        weights += weight
        base = Round.from_view(view, hands)
        for i, action in enumerate(actions):
            if action is REDEAL:
                continue  # a redeal is worth nothing to either side
            state = base.clone()
            if action is PLAY_ON:
                state.apply(view.seat, action)
            else:
                state.step(action)
            totals[i] += weight * playout(state, players, team)
    return [t / weights for t in totals]
