"""The search's fast parts compute exactly what their plain versions do: the lean playout
plays like the one asking the normal heuristics at every step, alpha-beta finds the plain
minimax values. Speed-ups change nothing but the number of samples."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from goita_core import PASS, Play, Round, RuleSet, SeatView
from goita_core.players import make_player
from goita_core.players.dealing import FD_LEAD
from goita_core.players.endgame import Memo, exact_after
from goita_core.players.heuristics import DEFAULT_WEIGHTS, lack_masks
from goita_core.players.kernel import playout
from goita_core.players.reference import reference_playout
from goita_core.players.sampling import Sampler
from goita_core.players.search import start_of
from goita_core.players.settings import SearchSettings
from goita_core.players.softpolicy import N_FEATURES
from tests.goita_core.players.test_players import random_view

# a few other weight sets, so that every term of the score is exercised
OTHER_WEIGHTS = [
    DEFAULT_WEIGHTS,
    (1.0, 0.03, 4.0, 0.06, 0.3, 0.05, 6.0, 0.6, 25.0, 2.0),
    (0.5, 0.1, 1.0, 0.5, 1.5, 0.2, 2.0, 1.0, 0.0, 0.0),
]


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 28), players=st.sampled_from([4, 4, 3]),
       weights=st.sampled_from(OTHER_WEIGHTS), lack=st.sampled_from([0.0, 0.0, 0.6, 1.0]))
def test_lean_playout_scores_every_deal_like_the_plain_one(
        seed: int, steps: int, players: int, weights: tuple[float, ...], lack: float) -> None:
    view = random_view(seed, steps, players)
    if view.phase != "play":
        return
    state = start_of(view)
    masks = lack_masks(view.history, state.n, state.team_mod)
    sampler = Sampler(view)
    rng = random.Random(seed)
    for _ in range(5):
        codes, _w = sampler.sample(rng)
        for act in view.legal:
            f, s = (int(act.first), int(act.second)) if isinstance(act, Play) else (-1, -1)
            assert act is PASS or f >= 0
            results = [run(codes[:], state.sizes[:], state.turn, state.attack, state.attacker,
                           state.passes, state.ou_up, state.avail[:], f, s, state.n,
                           state.parity, state.team_mod, state.double_any, state.fd_unlock,
                           weights, lack=lack, masks=masks[:])
                       for run in (playout, reference_playout)]
            assert results[0] == results[1], act
            assert results[0] != 0  # someone always goes out


def endgame_views(seed: int, pieces: int) -> list[SeatView]:
    """Views with at most ``pieces`` left in all hands and a choice to make."""
    rng = random.Random(seed)
    normal = make_player("normal")
    out: list[SeatView] = []
    while len(out) < 12:
        rnd = Round.deal(RuleSet(), rng.randrange(4), rng)
        while not rnd.over:
            seat = rnd.to_act()[0]
            view = rnd.view(seat)
            if sum(view.hand_sizes) <= pieces and len(view.legal) > 1 and len(out) < 12:
                out.append(view)
            rnd.apply(seat, normal.act(view))
    return out


def test_alpha_beta_endgame_finds_the_plain_minimax_values() -> None:
    for view in endgame_views(3, 16):
        state = start_of(view)
        codes, _w = Sampler(view).sample(random.Random(1))
        values = []
        for cutoffs in (False, True):
            memo: Memo = {}
            values.append([exact_after(codes, state.turn, state.attack, state.passes,
                                       state.ou_up, act, state.n, state.parity,
                                       state.team_mod, state.double_any, state.fd_unlock,
                                       memo, cutoffs)
                           for act in view.legal])
        assert values[0] == values[1]
        assert all(v != 0 for v in values[0])


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 28), players=st.sampled_from([4, 3]))
def test_playout_noise_only_changes_the_choices_it_draws_below_eps(
        seed: int, steps: int, players: int) -> None:
    view = random_view(seed, steps, players)
    if view.phase != "play":
        return
    state = start_of(view)
    codes, _w = Sampler(view).sample(random.Random(seed))
    rng = random.Random(seed + 1)
    quiet = [0.3 + 0.7 * rng.random() for _ in range(48)]  # never below eps = 0.3
    loud = [0.3 * rng.random() for _ in range(48)]  # always: a random option every time
    start = (state.turn, state.attack, state.attacker, state.passes, state.ou_up)

    def run(f: int, s: int, noise: list[float] | None) -> int:
        return playout(codes[:], state.sizes[:], *start, state.avail[:], f, s, state.n,
                       state.parity, state.team_mod, state.double_any, state.fd_unlock,
                       DEFAULT_WEIGHTS, 0.3, noise)

    for act in view.legal:
        f, s = (int(act.first), int(act.second)) if isinstance(act, Play) else (-1, -1)
        assert run(f, s, quiet) == run(f, s, None)
        assert run(f, s, loud) != 0  # random options still play the round to its end


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 28))
def test_eps_opp_draws_random_options_for_the_other_team_only(seed: int, steps: int) -> None:
    view = random_view(seed, steps)
    if view.phase != "play":
        return
    state = start_of(view)
    codes, _w = Sampler(view).sample(random.Random(seed))
    loud = [0.3 * random.Random(seed).random() for _ in range(48)]
    start = (state.turn, state.attack, state.attacker, state.passes, state.ou_up)

    def run(f: int, s: int, noise: list[float] | None, eps: float, eps_opp: float) -> int:
        return playout(codes[:], state.sizes[:], *start, state.avail[:], f, s, state.n,
                       state.parity, state.team_mod, state.double_any, state.fd_unlock,
                       DEFAULT_WEIGHTS, eps, noise, eps_opp)

    for act in view.legal:
        f, s = (int(act.first), int(act.second)) if isinstance(act, Play) else (-1, -1)
        # no seat draws: the heuristic's round
        assert run(f, s, loud, 0.0, 0.0) == run(f, s, None, 0.0, 0.0)
        assert run(f, s, loud, 0.0, 0.3) != 0


def test_answer_pass_sets_how_often_a_random_answer_is_a_pass() -> None:
    # at our lead, both opponents holding four pieces or more, every opponent's choice a
    # random option: opponents whose random answers all pass (answer_pass 0.99) never play
    # (a seat with two left may still go out, hence four), so our team goes out every
    # time; with a pass as likely as each play, they block and win some rounds
    uniform_losses = 0
    for seed in range(60):
        view = random_view(seed, seed % 10)
        opponents = [s for s in range(4) if (s - view.seat) % 2]
        if view.phase != "play" or not view.must_lead \
                or min(view.hand_sizes[s] for s in opponents) < 4:
            continue
        state = start_of(view)
        codes, _w = Sampler(view).sample(random.Random(seed))
        rng = random.Random(seed)
        loud = [0.29 * rng.random() for _ in range(48)]  # every draw below eps_opp
        start = (state.turn, state.attack, state.attacker, state.passes, state.ou_up)
        for act in view.legal:
            assert isinstance(act, Play)
            for answer_pass in (0.99, None):
                v = playout(codes[:], state.sizes[:], *start, state.avail[:], int(act.first),
                            int(act.second), state.n, state.parity, state.team_mod,
                            state.double_any, state.fd_unlock, DEFAULT_WEIGHTS, 0.0, loud,
                            0.3, answer_pass=answer_pass)
                if answer_pass is None:
                    uniform_losses += v < 0
                else:
                    assert v > 0
    assert uniform_losses > 0
    # a search whose playouts would not use it refuses it
    for options in ({"answer_pass": 1.0}, {"answer_pass": 0.5, "tree": True},
                    {"answer_pass": 0.5, "rollout_policy": [0.0] * N_FEATURES}):
        with pytest.raises(ValueError, match="answer_pass"):
            SearchSettings(**options)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(4, 28))
def test_attack_hint_weighs_guesses_where_an_attacker_lacked_its_kind(
        seed: int, steps: int) -> None:
    view = random_view(seed, steps)
    plain = Sampler(view)
    hinted = Sampler(view, attack_hint=0.5)
    rng = random.Random(seed)
    for _ in range(5):
        codes, w = plain.sample(rng)
        if w <= 0:
            continue
        lacking = sum(1 for s, kinds in hinted.attacked.items() for k in kinds
                      if not (codes[s] >> (k << 2)) & 15)
        assert hinted.weight(codes) == plain.weight(codes) * 0.5 ** lacking
    # only other seats' attacks count, never an Ou one
    assert view.seat not in hinted.attacked
    assert all(k != 7 for kinds in hinted.attacked.values() for k in kinds)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(1, 28))
def test_fd_hint_weighs_guesses_by_the_kinds_left_face_down(seed: int, steps: int) -> None:
    view = random_view(seed, steps)
    plain, hinted = Sampler(view), Sampler(view, fd_hint=True)
    codes, w = plain.sample(random.Random(seed))
    codes2, w2 = hinted.sample(random.Random(seed))
    assert codes2 == codes  # the same draws: only the weight differs
    left = list(view.unseen())
    for s in range(view.rules.players):
        if s != view.seat:
            for k in range(8):
                left[k] -= (codes[s] >> (k << 2)) & 15
    expected = w
    for k in range(8):
        expected *= FD_LEAD[k] ** left[k]
    assert w2 == pytest.approx(expected)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(1, 28))
def test_resample_returns_one_of_its_guesses_with_weight_one(seed: int, steps: int) -> None:
    view = random_view(seed, steps)

    def sampler() -> Sampler:  # a fresh one: a sampler shuffles its pool in place
        return Sampler(view, attack_hint=0.5, fd_hint=True)

    rng = random.Random(seed)
    one = sampler()
    guesses = [one.sample(rng) for _ in range(4)]
    codes, w = sampler().resample(random.Random(seed), 4)
    assert codes in [c for c, _w in guesses]
    assert w == (1.0 if sum(w for _c, w in guesses) > 0 else 0.0)


def test_ou_pass_and_partner_pass_make_seats_pass_where_the_heuristic_blocks() -> None:
    # we lead a Kin (face down a Gon); the next opponent holds no Kin but an Ou, our
    # partner a Kin, the last opponent nothing that blocks
    shi, gon, bakko, gin, kin, _kaku, hisha, ou = range(8)

    def code(*kinds: int) -> int:
        return sum(1 << (k << 2) for k in kinds)

    def run(ours: int, partners: int, ou_pass: float, partner_pass: float,
            noise: float = 0.5) -> int:
        hands = [ours, code(gin, gin, bakko, ou), partners, code(gon, bakko, bakko, shi)]
        sizes = [sum((c >> (k << 2)) & 15 for k in range(8)) for c in hands]
        return playout(hands, sizes, 0, -1, 0, 0, 0, [10, 4, 4, 4, 4, 2, 2, 2], gon, kin, 4,
                       0, 2, False, False, DEFAULT_WEIGHTS, 0.0, [noise] * 48,
                       ou_pass=ou_pass, partner_pass=partner_pass)

    ours, partners = code(gon, kin, shi, shi, hisha, hisha), code(kin, gin, gon, shi)
    # the heuristic: the opponent blocks with its Ou and its team goes out
    assert run(ours, partners, 0.0, 0.0) == -30
    # the opponent passes instead, our partner takes over and our team goes out
    assert run(ours, partners, 0.9, 0.0) == 10
    # our partner passes too: another round
    assert run(ours, partners, 0.9, 0.9) == -30
    # each seat passes at the rate given: a draw above it blocks as the heuristic does
    assert run(ours, partners, 0.4, 0.9) == -30
    # an attacker left with two pieces (here two Shi, which would go out doubled) is
    # always blocked
    two_left = code(gon, kin, shi, shi)
    assert run(two_left, partners, 0.0, 0.0) == run(two_left, partners, 0.9, 0.0) == -30
    for options in ({"ou_pass": 1.0}, {"partner_pass": -0.1}, {"ou_pass": 0.5, "tree": True},
                    {"partner_pass": 0.5, "rollout_policy": [0.0] * N_FEATURES}):
        with pytest.raises(ValueError, match=f"{next(iter(options))} must be in"):
            SearchSettings(**options)
