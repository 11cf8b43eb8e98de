"""The arena: mirrored deals, figures, processes, JSON output."""

from __future__ import annotations

import json
import sys

import pytest

from goita_core.tools.arena import SideSpec, main, run_arena, summarize


def test_a_player_against_itself_is_exactly_even_thanks_to_mirroring() -> None:
    # deterministic players: each deal's two tables are exact mirrors, so A - B is 0
    outcomes = run_arena(SideSpec("normal"), SideSpec("normal"), rounds=30, seed=4)
    summary = summarize(outcomes)
    assert summary["diff_mean"] == 0
    assert summary["diff_ci95"] == [0, 0]
    assert all(o.diffs[0] == -o.diffs[1] for o in outcomes)


def test_short_run_end_to_end_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--a", "normal", "--b", "random", "--rounds", "60", "--seed", "2",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rounds"] == 60
    lo, hi = data["diff_ci95"]
    assert lo <= data["diff_mean"] <= hi
    assert data["diff_mean"] > 0  # normal beats random by a wide margin
    assert 0 <= data["match_win_rate_a"] <= 1
    for side in ("a_ms", "b_ms"):
        assert data[side]["median"] <= data[side]["p95"]


def test_text_output_names_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--a", "greedy", "--b", "easy", "--rounds", "10"]) == 0
    out = capsys.readouterr().out
    assert "A minus B" in out and "95% CI" in out and "match win rate" in out
    assert "p95" in out


def test_results_do_not_depend_on_the_number_of_jobs() -> None:
    one = run_arena(SideSpec("easy"), SideSpec("random"), rounds=24, seed=9, jobs=1)
    two = run_arena(SideSpec("easy"), SideSpec("random"), rounds=24, seed=9, jobs=2)
    assert [o.diffs for o in one] == [o.diffs for o in two]


def test_hard_runs_in_the_arena_within_budget() -> None:
    outcomes = run_arena(SideSpec("hard", budget_ms=20), SideSpec("greedy"), rounds=2, seed=1)
    summary = summarize(outcomes)
    a_ms = summary["a_ms"]
    assert isinstance(a_ms, dict) and 0 < a_ms["p95"] <= 20 + 10


def test_engine_side_through_the_protocol(capsys: pytest.CaptureFixture[str]) -> None:
    cmd = f"{sys.executable} -m goita_core.tools.engine --level normal"
    assert main(["--a-cmd", cmd, "--b", "normal", "--rounds", "5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    # our normal player through the protocol plays exactly like the normal player
    assert data["diff_mean"] == 0 and data["incidents"] == []


@pytest.mark.parametrize("argv", [
    ["--b", "normal"],                                   # A missing
    ["--a", "normal", "--a-cmd", "x", "--b", "normal"],  # both for A
    ["--a", "grandmaster", "--b", "normal"],             # unknown level
    ["--a", "normal", "--b", "normal", "--rounds", "0"],
])
def test_bad_arguments_are_refused(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
