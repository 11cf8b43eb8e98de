"""The playouts' own model of play (``SearchSettings(rollout_weights=...)``, the softmax model
``SearchSettings(rollout_policy=...)``) and the script that fits them to recorded play
(benchmarks/tune_rollout.py)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.tune_rollout import (
    Decision,
    agreement,
    best_eps,
    fit,
    fit_soft,
    record,
    soft_loglik,
)
from goita_core import Play, Round, RuleSet, SeatView
from goita_core.hands import pack
from goita_core.players import make_player
from goita_core.players.hard import HardPlayer
from goita_core.players.heuristics import DEFAULT_WEIGHTS, PARTNER, choose
from goita_core.players.kernel import playout
from goita_core.players.sampling import Sampler
from goita_core.players.search import start_of
from goita_core.players.settings import SearchSettings
from goita_core.players.softpolicy import (
    FEATURES,
    N_FEATURES,
    options,
    probabilities,
    soft_playout,
)
from tests.goita_core.players.test_players import random_view

# far from the defaults: never blocks with an Ou, attacks with high pieces
ODD_WEIGHTS = (0.2, -0.1, 0.0, 0.5, 0.0, -0.2, 0.0, 0.0, 100.0, 4.0)


def answer_views() -> list[SeatView]:
    """Views answering an attack with a real choice: candidates there do not depend on the
    weights (every legal action is searched)."""
    out = []
    for seed in range(400):
        view = random_view(seed, 1 + seed % 20)
        if view.phase == "play" and not view.must_lead and len(view.legal) > 2 \
                and len(view.hand) > 2:
            out.append(view)
        if len(out) == 12:
            break
    return out


def test_rollout_weights_play_the_playouts_and_leave_the_candidates() -> None:
    views = answer_views()
    differs = 0
    for view in views:
        plain = HardPlayer(1, settings=SearchSettings(iterations=40, rollout_eps=0.25))
        split = HardPlayer(1, settings=SearchSettings(iterations=40, rollout_eps=0.25,
                                                      rollout_weights=ODD_WEIGHTS))
        both = HardPlayer(1, settings=SearchSettings(iterations=40, rollout_eps=0.25,
                                                     weights=ODD_WEIGHTS))
        act = split.act(view)
        # answering, the weights only play the playouts: as if they were the weights
        assert act == both.act(view)
        differs += act != plain.act(view)
    assert differs > 0


def test_rollout_weights_from_json_options() -> None:
    player = make_player("hard", 1, options={"rollout_weights": list(ODD_WEIGHTS)})
    assert isinstance(player, HardPlayer)
    assert player.settings.playout_weights == ODD_WEIGHTS
    assert player.settings.weights == DEFAULT_WEIGHTS
    with pytest.raises(ValueError):
        SearchSettings(rollout_weights=(1.0, 2.0))


def synthetic(target: tuple[float, ...], rounds: int) -> list[Decision]:
    """Decisions of normal players, each labelled with the choice the heuristic with
    ``target`` makes on the recorded inputs."""
    rng = random.Random(3)
    normal = make_player("normal")
    out = []
    for r in range(rounds):
        rnd = Round.deal(RuleSet(), rng.randrange(4), rng)
        while not rnd.over:
            seat = rnd.to_act()[0]
            view = rnd.view(seat)
            action = normal.act(view)
            dec = record(view, action, r)
            if dec is not None:
                act = choose(dec.code, dec.size, dec.attack, dec.relation, dec.ou_unlocked,
                             list(dec.unseen), dec.double_any, target, dec.attacker_size)
                f, s = (int(act.first), int(act.second)) if isinstance(act, Play) \
                    else (-1, -1)
                out.append(dec._replace(first=f, second=s))
            rnd.apply(seat, action)
    return out


def test_fit_raises_the_agreement_with_the_recorded_choices() -> None:
    target = (0.5, 0.1, 1.0, 0.5, 1.5, 0.2, 2.0, 1.0, 0.0, 0.0)
    data = synthetic(target, 40)
    assert agreement(target, data) == 1.0
    before = agreement(DEFAULT_WEIGHTS, data)
    assert before < 0.95
    fitted = fit(data, DEFAULT_WEIGHTS, verbose=False)
    assert agreement(fitted, data) > before + 0.03
    # play that follows the heuristic exactly needs no random options
    assert best_eps(target, data)[0] == 0.01


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 28))
def test_soft_options_are_the_legal_actions_with_probabilities(seed: int, steps: int) -> None:
    view = random_view(seed, steps)
    if view.phase != "play" or len(view.hand) <= 2:
        return
    code = pack(view.hand)
    st_ = start_of(view)
    unseen = [st_.avail[k] - ((code >> (k << 2)) & 15) for k in range(8)]
    attack = -1 if view.must_lead or view.attack is None else int(view.attack)
    partner = attack >= 0 and view.attacker == view.rules.partner_of(view.seat)
    moves, feats = options(code, len(view.hand), attack, partner, view.ou_up > 0, unseen)
    legal = {(int(a.first), int(a.second)) if isinstance(a, Play) else (-1, -1)
             for a in view.legal}
    if len(legal) > 1 or view.must_lead:
        assert set(moves) == legal
    assert all(len(fv) == N_FEATURES for fv in feats)
    theta = tuple(random.Random(seed).uniform(-2, 2) for _ in range(N_FEATURES))
    probs = probabilities(theta, feats)
    assert sum(probs) == pytest.approx(1.0)
    assert all(p > 0 for p in probs)


def test_soft_playout_draws_from_the_model() -> None:
    """A model that always passes an opponent's attack it could block with an Ou, against
    one that always blocks: the same deals end differently, and always with a winner."""
    never = [0.0] * N_FEATURES
    never[FEATURES.index("pass_ou_only")] = 30.0
    always = [0.0] * N_FEATURES
    always[FEATURES.index("pass_ou_only")] = -30.0
    always[FEATURES.index("pass_held")] = -30.0
    differ = 0
    for seed in range(30):
        view = random_view(seed, 0)
        state = start_of(view)
        codes, _w = Sampler(view).sample(random.Random(seed))
        noise = [random.Random(seed + 1).random() for _ in range(48)]
        results = []
        for theta in (never, always):
            act = view.legal[0]
            f, s = (int(act.first), int(act.second)) if isinstance(act, Play) else (-1, -1)
            results.append(soft_playout(
                codes[:], state.sizes[:], state.turn, state.attack, state.attacker,
                state.passes, state.ou_up, state.avail[:], f, s, state.n, state.parity,
                state.team_mod, state.double_any, state.fd_unlock, tuple(theta), noise))
        assert all(r != 0 for r in results)
        differ += results[0] != results[1]
    assert differ > 0


def test_rollout_policy_is_honoured() -> None:
    theta = [0.0] * N_FEATURES
    theta[FEATURES.index("pass_ou_only")] = 5.0
    theta[FEATURES.index("pass_held")] = 5.0
    views = answer_views()
    differs = 0
    for view in views:
        plain = HardPlayer(1, settings=SearchSettings(iterations=40, rollout_eps=0.25))
        soft = HardPlayer(1, settings=SearchSettings(iterations=40, rollout_policy=tuple(theta)))
        act = soft.act(view)
        assert act in view.legal
        differs += act != plain.act(view)
    assert differs > 0
    with pytest.raises(ValueError):
        SearchSettings(rollout_policy=(1.0,))


def test_fit_soft_recovers_the_likelihood_of_the_model_that_made_the_choices() -> None:
    rng = random.Random(5)
    truth = tuple(rng.uniform(-2, 2) for _ in range(N_FEATURES))
    data = []
    for d in synthetic(DEFAULT_WEIGHTS, 25):
        moves, feats = options(d.code, d.size, d.attack, d.relation == PARTNER,
                               d.ou_unlocked, list(d.unseen))
        probs = probabilities(truth, feats)
        data.append((feats, rng.choices(range(len(moves)), probs)[0]))
    fitted = fit_soft(data, epochs=100, verbose=False)
    zero = soft_loglik((0.0,) * N_FEATURES, data)[0]
    assert soft_loglik(fitted, data)[0] > zero + 0.1
    assert soft_loglik(fitted, data)[0] >= soft_loglik(truth, data)[0] - 0.02


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 28), players=st.sampled_from([4, 3]))
def test_soft_playout_at_rate_zero_plays_the_heuristic(seed: int, steps: int,
                                                        players: int) -> None:
    """Drawing from the model at rate 0, the soft playout is the kernel's playout: the
    round's mechanics are the same, only the choices differ."""
    view = random_view(seed, steps, players)
    if view.phase != "play":
        return
    state = start_of(view)
    codes, _w = Sampler(view).sample(random.Random(seed))
    noise = [random.Random(seed + 1).random() for _ in range(48)]
    theta = tuple(random.Random(seed).uniform(-2, 2) for _ in range(N_FEATURES))
    for act in view.legal:
        f, s = (int(act.first), int(act.second)) if isinstance(act, Play) else (-1, -1)
        args = (state.turn, state.attack, state.attacker, state.passes, state.ou_up)
        plain = playout(codes[:], state.sizes[:], *args, state.avail[:], f, s, state.n,
                        state.parity, state.team_mod, state.double_any, state.fd_unlock,
                        DEFAULT_WEIGHTS)
        soft = soft_playout(codes[:], state.sizes[:], *args, state.avail[:], f, s, state.n,
                            state.parity, state.team_mod, state.double_any,
                            state.fd_unlock, theta, noise, 0.0)
        assert soft == plain


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(6, 28))
def test_policy_model_weighs_guesses_by_the_models_likelihood(seed: int, steps: int) -> None:
    view = random_view(seed, steps)
    theta = tuple(random.Random(seed).uniform(-2, 2) for _ in range(N_FEATURES))
    plain = Sampler(view)
    uniform = Sampler(view, policy_model=(0.0,) * N_FEATURES)
    model = Sampler(view, policy_model=theta)
    flat = Sampler(view, policy_model=theta, model_power=0.0)
    rng = random.Random(seed)
    for _ in range(6):
        codes, w = plain.sample(rng)
        if w <= 0:
            continue
        fd: dict[int, list[int]] = {s: [] for s in plain.others}
        left = list(view.unseen())
        for s in plain.others:
            for k in range(8):
                left[k] -= (codes[s] >> (k << 2)) & 15
        pool = [k for k in range(8) for _ in range(left[k])]
        for s in plain.others:
            fd[s], pool = pool[:plain.facedown[s]], pool[plain.facedown[s]:]
        # a uniform model explains every possible guess equally (ratio 1 to a uniform
        # choice); a guess where a past play was not legal (an Ou attack allowed only by
        # holding both Ou) is all but ruled out
        assert uniform.past is not None and flat.past is not None and model.past is not None
        wu = uniform.past.model_weight(codes, fd)
        assert wu == pytest.approx(1.0) or wu < 1e-11
        assert flat.past.model_weight(codes, fd) == 1.0
        wm = model.past.model_weight(codes, fd)
        assert wm >= 0 and (wu >= 1e-11 or wm < 1e-6)


def test_hard_with_the_policy_model_plays_legal_actions() -> None:
    theta = [0.5] * N_FEATURES
    for view in answer_views()[:6]:
        settings = SearchSettings(iterations=20, policy_model=tuple(theta), model_power=0.5)
        player = HardPlayer(1, settings=settings)
        assert player.act(view) in view.legal


def test_a_prior_for_the_heuristics_choice_makes_it_win_the_close_calls() -> None:
    views = answer_views()
    differs = 0
    for view in views:
        own = make_player("normal").act(view)
        searched = HardPlayer(1, settings=SearchSettings(iterations=16)).act(view)
        # 16 samples: nothing is dropped yet, so a large prior always decides
        assert HardPlayer(1, settings=SearchSettings(iterations=16, prior=1000.0)).act(view) == own
        differs += searched != own
    assert differs > 0  # the search alone disagrees with the heuristic somewhere
