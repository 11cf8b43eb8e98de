"""The learnt value of positions: its features see the position from the seat to move, the
position it values after an action is the one the rules reach, and a search using it stays
legal and within its budget."""

from __future__ import annotations

import copy
import json
import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks import value_choices, value_data, value_floor
from goita_core import PASS, Play, Round, RuleSet
from goita_core.players import make_player
from goita_core.players.heuristics import POINTS
from goita_core.players.search import start_of
from goita_core.players.value import N_FEATURES, ValueModel, features, value_after
from tests.goita_core.players.test_players import LEADS, _decide_timed


def random_model(seed: int, hidden: int = 8, residual: bool = False) -> ValueModel:
    rng = random.Random(seed)
    return ValueModel([[rng.gauss(0, 1) for _ in range(hidden)] for _ in range(N_FEATURES)],
                      [rng.gauss(0, 1) for _ in range(hidden)],
                      [rng.gauss(0, 1) for _ in range(hidden)], rng.gauss(0, 1), residual)


def model_file(path: Path, model: ValueModel) -> str:
    """``model`` written as ``benchmarks/fit_value.py`` writes one."""
    path.write_text(json.dumps({"w1": [list(r) for r in model.w1], "b1": list(model.b1),
                                "w2": list(model.w2), "b2": model.b2,
                                "residual": model.residual}))
    return str(path)


def position_after(seed: int, steps: int) -> Round | None:
    """A four-seat round after ``steps`` random actions, still in play."""
    rng = random.Random(seed)
    rnd = Round.deal(RuleSet(), rng.randrange(4), rng)
    for _ in range(steps):
        if rnd.over or rnd.phase != "play":
            return None
        seat = rnd.to_act()[0]
        rnd.apply(seat, rng.choice(rnd.legal_actions(seat)))
    return rnd if rnd.phase == "play" and not rnd.over else None


def value_of(model: ValueModel, rnd: Round) -> float:
    """The model's value of a round's position, for the team of the seat to move."""
    avail = start_of(rnd.view(rnd.turn)).avail
    return model.value(list(rnd.hands), list(rnd.sizes), rnd.turn, rnd.attack, rnd.attacker,
                       rnd.ou_up, avail)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 24))
def test_the_features_see_the_position_from_the_seat_to_move(seed: int, steps: int) -> None:
    rnd = position_after(seed, steps)
    if rnd is None:
        return
    avail = start_of(rnd.view(rnd.turn)).avail
    t = rnd.turn
    rotated = [rnd.hands[(t + i) % 4] for i in range(4)]
    sizes = [rnd.sizes[(t + i) % 4] for i in range(4)]
    attacker = (rnd.attacker - t) % 4 if rnd.attack >= 0 else -1
    got = features(list(rnd.hands), list(rnd.sizes), t, rnd.attack, rnd.attacker, rnd.ou_up,
                   avail)
    assert got == features(rotated, sizes, 0, rnd.attack, attacker, rnd.ou_up, avail)
    assert len(set(got)) == len(got) and all(0 <= i < N_FEATURES for i in got)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 24), parity=st.sampled_from([0, 1]))
def test_the_value_after_an_action_is_the_models_value_of_the_rules_next_position(
        seed: int, steps: int, parity: int) -> None:
    rnd = position_after(seed, steps)
    if rnd is None:
        return
    model = random_model(seed)
    st_ = start_of(rnd.view(rnd.turn))
    for act in rnd.legal_actions(rnd.turn):
        f, s = (int(act.first), int(act.second)) if isinstance(act, Play) else (-1, -1)
        hands = list(rnd.hands)
        got = value_after(model, hands, st_._replace(parity=parity), f, s)
        assert (hands, st_.sizes, st_.avail) == (list(rnd.hands), list(rnd.sizes),
                                                start_of(rnd.view(rnd.turn)).avail)
        nxt = copy.deepcopy(rnd)
        nxt.step(act)
        if nxt.over:
            res = nxt.result
            assert res is not None and res.seat is not None and act is not PASS
            assert abs(got) == res.points and res.points in (POINTS[s], 2 * POINTS[s])
            assert (got > 0) == (res.seat % 2 == parity)
        else:
            sign = 1 if nxt.turn % 2 == parity else -1
            assert got == pytest.approx(sign * value_of(model, nxt))


@pytest.mark.parametrize("options", [{}, {"value_mix": 0.5}, {"residual": True}])
def test_a_search_with_a_value_model_plays_legally_within_its_budget(
        options: dict[str, object]) -> None:
    model = random_model(3, hidden=64, residual=bool(options.pop("residual", False)))
    player = make_player("hard", 1, budget_ms=40, clock="cpu",
                         options={"value_model": model, **options})
    times = _decide_timed(player, LEADS)
    assert max(cpu for _wall, cpu in times) <= 50, times
    rng = random.Random(5)
    rnd = Round.deal(RuleSet(), rng.randrange(4), rng)
    while not rnd.over:
        seat = rnd.to_act()[0]
        view = rnd.view(seat)
        act = player.act(view)
        assert act in view.legal
        rnd.apply(seat, act)


def test_a_model_whose_shape_does_not_match_the_features_is_refused() -> None:
    with pytest.raises(ValueError, match="shapes"):
        ValueModel([[0.0] * 4] * (N_FEATURES - 1), [0.0] * 4, [0.0] * 4, 0.0)


def test_recorded_self_play_positions_are_whole_and_a_rerun_resumes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "data.txt"
    for rounds in (2, 4):
        monkeypatch.setattr(sys, "argv", ["value_data", "--rounds", str(rounds), "--seed",
                                          "3", "--iterations", "2", "--out", str(out)])
        value_data.main()
    rows = [list(map(int, line.split())) for line in out.read_text().splitlines()]
    by_round: dict[int, list[list[int]]] = {}
    for row in rows:
        by_round.setdefault(row[0], []).append(row)
    assert set(by_round) <= {0, 1, 2, 3} and len(by_round) >= 3
    outcomes = {p * d for p in POINTS for d in (1, 2)}
    for positions in by_round.values():
        assert len({abs(r[14]) for r in positions}) == 1 and abs(positions[0][14]) in outcomes
        for r in positions:
            hands, sizes, attack, attacker = r[1:5], r[5:9], r[9], r[10]
            assert [sum((h >> (k << 2)) & 15 for k in range(8)) for h in hands] == sizes
            avail = [(r[13] >> (k << 2)) & 15 for k in range(8)]
            assert all(avail[k] >= sum((h >> (k << 2)) & 15 for h in hands) for k in range(8))
            assert (attack < 0) == (attacker < 0) and attacker != 0


def test_the_value_benchmarks_measure_without_a_matrix_library(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    value = tmp_path / "value.json"
    correction = tmp_path / "correction.json"
    model_file(value, random_model(6))
    model_file(correction, random_model(7, residual=True))
    tiny = ["--branches", "2", "--playouts", "2", "--iterations", "2"]
    monkeypatch.setattr(sys, "argv", ["value_choices", "--value", str(value), "--residual",
                                      str(correction), "--positions", "3", *tiny])
    value_choices.main()
    out = capsys.readouterr().out
    values = {line.split(":")[0].strip(): float(line.split("mean value ")[1].split(",")[0])
              for line in out.splitlines() if "mean value" in line}
    assert set(values) == {"best", "random", *value_choices.ESTIMATES}
    assert all(v <= values["best"] for v in values.values())
    monkeypatch.setattr(sys, "argv", ["value_floor", "--model", str(value), "--positions", "3",
                                      *tiny])
    value_floor.main()
    out = capsys.readouterr().out
    assert "3 positions, 2 continuations each" in out and "half the model" in out
