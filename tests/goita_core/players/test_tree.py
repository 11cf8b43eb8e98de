"""The tree over our own later decisions (:mod:`goita_core.players.tree`) plays the same
model of the other seats as the flat search's playouts: until its nodes start choosing,
it values every candidate exactly as the lean playout does."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from goita_core import Play
from goita_core.players.heuristics import DEFAULT_WEIGHTS, lack_masks
from goita_core.players.kernel import playout
from goita_core.players.sampling import Sampler
from goita_core.players.search import start_of
from goita_core.players.tree import TreeSearch
from tests.goita_core.players.test_players import random_view


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 24), players=st.sampled_from([4, 4, 3]),
       lack=st.sampled_from([0.0, 1.0]), lack_team=st.booleans())
def test_the_tree_in_its_warm_up_values_candidates_like_the_flat_playout(
        seed: int, steps: int, players: int, lack: float, lack_team: bool) -> None:
    view = random_view(seed, steps, players)
    if view.phase != "play":
        return
    start = start_of(view)
    masks = lack_masks(view.history, start.n, start.team_mod)
    # nodes that never leave their warm-up play the heuristic's choice, as a playout does
    search = TreeSearch(start, view.seat, DEFAULT_WEIGHTS, 0.0, 0.0, lack, masks, lack_team,
                        warmup=10**9)
    rng = random.Random(seed)
    sampler = Sampler(view)
    for _ in range(4):
        codes, w = sampler.sample(rng)
        for act in view.legal:
            f, s = (int(act.first), int(act.second)) if isinstance(act, Play) else (-1, -1)
            flat = playout(codes[:], start.sizes[:], start.turn, start.attack, start.attacker,
                           start.passes, start.ou_up, start.avail[:], f, s, start.n,
                           start.parity, start.team_mod, start.double_any, start.fd_unlock,
                           DEFAULT_WEIGHTS, lack=lack, masks=masks[:], lack_team=lack_team)
            assert search.value(codes[:], (f, s), w) == flat, act
    # the search never changed the round's memory of lacks it started from
    assert masks == lack_masks(view.history, start.n, start.team_mod)
