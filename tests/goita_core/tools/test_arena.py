"""The arena: mirrored deals, figures, processes, JSON output."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from goita_core.players import hard, kernel
from goita_core.tools.arena import SideSpec, main, run_arena
from goita_core.tools.arena_results import summarize


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
    # budgets in CPU time: what the player controls, whatever else the machine runs (a
    # wall-clock bound would fail whenever another process holds the core)
    outcomes = run_arena(SideSpec("hard", budget_ms=20), SideSpec("greedy"), rounds=2, seed=1,
                         clock="cpu")
    summary = summarize(outcomes)
    a_cpu = summary["a_cpu_ms"]
    # a margin for a garbage collection that may fall inside a decision
    assert isinstance(a_cpu, dict) and 0 < a_cpu["p95"] <= 20 + 15


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


def _records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()[1:]]


def test_a_run_recorded_in_a_file_resumes_where_it_stopped(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]
                                                           ) -> None:
    out = tmp_path / "run.jsonl"
    base = ["--a", "normal", "--b", "greedy", "--seed", "5", "--out", str(out)]
    assert main([*base, "--rounds", "6"]) == 0
    first = _records(out)
    assert [r["index"] for r in first] == list(range(6))
    # the same command with more deals plays only the new ones and reports all of them
    assert main([*base, "--rounds", "10", "--json"]) == 0
    capsys.readouterr()
    records = _records(out)
    assert records[:6] == first and sorted(r["index"] for r in records) == list(range(10))
    assert main([*base, "--rounds", "10", "--json"]) == 0  # nothing left to play
    data = json.loads(capsys.readouterr().out)
    assert len(_records(out)) == 10
    whole = summarize(run_arena(SideSpec("normal"), SideSpec("greedy"), rounds=10, seed=5))
    assert data["rounds"] == 10 and data["diff_mean"] == whole["diff_mean"]


def test_a_deal_cut_short_by_a_kill_is_played_again(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    base = ["--a", "easy", "--b", "random", "--seed", "3", "--out", str(out), "--json"]
    assert main([*base, "--rounds", "4"]) == 0
    text = out.read_text()
    out.write_text(text[: len(text) - 30])  # the last record half written
    assert main([*base, "--rounds", "4"]) == 0
    assert sorted(r["index"] for r in _records(out)) == [0, 1, 2, 3]


def test_a_file_of_other_settings_is_refused_and_kept(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    assert main(["--a", "easy", "--b", "random", "--rounds", "2", "--out", str(out)]) == 0
    before = out.read_text()
    for other in (["--a", "normal", "--b", "random"], ["--a", "easy", "--b", "random",
                                                        "--seed", "2"],
                  ["--a", "easy", "--b", "random", "--clock", "cpu"]):
        with pytest.raises(SystemExit) as exc:
            main([*other, "--rounds", "2", "--out", str(out)])
        assert exc.value.code == 2
    assert out.read_text() == before


def quick_hard_run(out: Path) -> list[str]:
    """Arguments of a quick search-level run recorded in ``out`` (``--rounds`` to add)."""
    return ["--a", "hard", "--a-options", '{"iterations": 2}', "--b", "greedy",
            "--out", str(out)]


def test_a_file_written_before_a_levels_defaults_changed_is_not_resumed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "run.jsonl"
    argv = quick_hard_run(out)
    assert main([*argv, "--rounds", "1"]) == 0
    header = json.loads(out.read_text().splitlines()[0])
    plays = header["a"]["plays"]
    assert plays["budget_ms"] == 200 and plays["settings"]["iterations"] == 2
    assert plays["settings"]["rollout_eps"] == hard.LEVEL_SETTINGS["hard"][1]["rollout_eps"]
    assert header["b"]["plays"] is None
    before = out.read_text()
    # the same command once hard plays otherwise: the recorded deals are not its deals
    budget, settings = hard.LEVEL_SETTINGS["hard"]
    monkeypatch.setitem(hard.LEVEL_SETTINGS, "hard", (budget, {**settings, "lack": 0.0}))
    with pytest.raises(SystemExit) as exc:
        main([*argv, "--rounds", "2"])
    assert exc.value.code == 2
    assert out.read_text() == before
    monkeypatch.undo()
    assert main([*argv, "--rounds", "2"]) == 0
    assert [r["index"] for r in _records(out)] == [0, 1]


def test_shards_in_separate_runs_add_up_to_the_whole_run(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = [tmp_path / f"part{k}.jsonl" for k in (1, 2, 3)]
    for k, path in enumerate(files, start=1):
        assert main(["--a", "easy", "--b", "greedy", "--rounds", "12", "--seed", "7",
                     "--shard", f"{k}/3", "--out", str(path), "--json"]) == 0
    assert [r["index"] for r in _records(files[1])] == [1, 4, 7, 10]
    capsys.readouterr()
    assert main(["--report", *map(str, files), "--json"]) == 0
    pooled = json.loads(capsys.readouterr().out)
    whole = summarize(run_arena(SideSpec("easy"), SideSpec("greedy"), rounds=12, seed=7))
    for key in ("rounds", "diff_mean", "diff_ci95", "match_win_rate_a", "matches"):
        assert pooled[key] == whole[key], key
    # the same file twice would count its deals twice: refused
    with pytest.raises(SystemExit):
        main(["--report", str(files[0]), str(files[0])])


def test_two_runs_on_the_same_deals_are_compared_deal_by_deal(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runs = {}
    for level, seed, rounds in (("easy", 7, 12), ("normal", 7, 6), ("normal", 8, 6)):
        runs[level, seed] = path = tmp_path / f"{level}{seed}.jsonl"
        assert main(["--a", level, "--b", "greedy", "--rounds", str(rounds), "--seed",
                     str(seed), "--out", str(path), "--json"]) == 0
    capsys.readouterr()
    main(["--report", str(runs["normal", 7]), "--json"])
    normal = json.loads(capsys.readouterr().out)
    assert main(["--report", str(runs["normal", 7]), "--against", str(runs["easy", 7]),
                 "--json"]) == 0
    pair = json.loads(capsys.readouterr().out)["against"]
    # the six deals both runs played: the difference of their means, with its error
    easy_first6 = summarize(run_arena(SideSpec("easy"), SideSpec("greedy"), rounds=6, seed=7))
    assert pair["rounds"] == 6 and pair["settings"]["a"]["level"] == "easy"
    assert pair["diff_mean"] == pytest.approx(
        normal["diff_mean"] - easy_first6["diff_mean"], abs=2e-3)
    assert pair["diff_ci95"][0] < pair["diff_mean"] < pair["diff_ci95"][1]
    main(["--report", str(runs["normal", 7]), "--against", str(runs["easy", 7])])
    assert "over the 6 deals both played" in capsys.readouterr().out
    # other deals, or nothing to compare with: refused
    for argv in (["--report", str(runs["normal", 8]), "--against", str(runs["easy", 7])],
                 ["--against", str(runs["easy", 7])]):
        with pytest.raises(SystemExit) as exc:
            main(argv)
        assert exc.value.code == 2
    assert "other deals" in capsys.readouterr().err


def test_per_deal_lines_and_cpu_clock(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--a", "hard", "--a-budget-ms", "15", "--b", "greedy", "--rounds", "2",
                 "--clock", "cpu", "--per-deal"]) == 0
    out = capsys.readouterr().out
    assert "deal 0: A minus B" in out and "deal 1: A minus B" in out
    assert "hard (15 ms)" in out and "cpu clock" in out and "decision CPU ms" in out


def test_each_side_can_have_its_own_budget_and_options() -> None:
    fast = SideSpec("hard", budget_ms=5)
    outcomes = run_arena(SideSpec("expert", options='{"iterations": 2}'), fast, rounds=1,
                         seed=2)
    assert outcomes[0].a_ms and outcomes[0].b_ms


@pytest.mark.parametrize("argv", [
    ["--a", "hard", "--b", "normal", "--a-options", "{"],             # not JSON
    ["--a", "hard", "--b", "normal", "--a-options", '{"nope": 1}'],   # unknown option
    ["--a", "normal", "--b", "normal", "--a-options", '{"x": 1}'],    # not a search level
    ["--a", "hard", "--b", "normal", "--shard", "3/2"],
    ["--a", "hard", "--b", "normal", "--a-budget-ms", "0"],
    ["--report", "/nonexistent/file.jsonl"],
])
def test_bad_run_settings_are_refused(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2


def test_a_misspelt_option_is_refused_with_the_names_it_could_be(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--a", "hard", "--b", "normal", "--a-options", '{"exact_piece": 16}'])
    err = capsys.readouterr().err
    assert "unknown search option exact_piece;" in err and "exact_pieces" in err


def test_a_file_written_with_the_other_playout_kernel_is_not_resumed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Compiled or plain, the kernel sets how much a search level searches in its budget:
    deals recorded with one are not the other's."""
    out = tmp_path / "run.jsonl"
    argv = quick_hard_run(out)
    assert main([*argv, "--rounds", "1"]) == 0
    header = json.loads(out.read_text().splitlines()[0])
    assert header["a"]["plays"]["kernel"] == ("compiled" if kernel.COMPILED else "python")
    before = out.read_text()
    monkeypatch.setattr(kernel, "COMPILED", not kernel.COMPILED)
    with pytest.raises(SystemExit) as exc:
        main([*argv, "--rounds", "2"])
    assert exc.value.code == 2
    assert out.read_text() == before


def test_a_file_written_before_the_kernel_was_recorded_resumes_as_plain(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "run.jsonl"
    argv = quick_hard_run(out)
    monkeypatch.setattr(kernel, "COMPILED", False)
    assert main([*argv, "--rounds", "1"]) == 0
    header, *records = out.read_text().splitlines()
    old = json.loads(header)
    del old["a"]["plays"]["kernel"]
    out.write_text("\n".join([json.dumps(old), *records]) + "\n")
    assert main([*argv, "--rounds", "2"]) == 0  # resumed: one more deal recorded
    assert len(out.read_text().splitlines()) == 3
    monkeypatch.setattr(kernel, "COMPILED", True)
    with pytest.raises(SystemExit):
        main([*argv, "--rounds", "3"])
