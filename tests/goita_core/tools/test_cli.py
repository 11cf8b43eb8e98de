"""``python -m goita_core replay``: per-round results, JSON output, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from goita_core import REDEAL, Match
from goita_core.kifu import MatchRecord
from goita_core.tools.cli import replay_main
from tests.goita_core.helpers import complete_deal
from tests.goita_core.test_kifu import HOSTILE, SOLO, kifu_text

OKIFU = Path(__file__).parent.parent / "fixtures" / "okifu"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = replay_main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_text_output_lists_every_round_and_the_final_scores(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, str(OKIFU / "000.yaml"))
    lines = out.splitlines()
    assert code == 0 and err == ""
    assert lines[0] == "round 1: team 1 (seats 1/3) scores 20"
    assert lines[1] == "round 2: team 1 (seats 1/3) scores 20 (doubled)"
    assert lines[-1] == "final scores: 40 - 160" and len(lines) == 11


def test_json_output_is_one_object(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--json", str(OKIFU / "000.yaml"))
    assert code == 0 and err == ""
    data = json.loads(out)
    assert set(data) == {"rounds", "scores"} and data["scores"] == [40, 160]
    assert data["rounds"][1] == {"finished": True, "team": 1, "points": 20, "doubled": True,
                                 "special": None}


def test_illegal_record_exits_2_with_one_line_naming_round_move_and_rule(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--json", str(OKIFU / "030.yaml"))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert "round 4, move 1: not_your_turn" in err


def test_score_disagreement_is_a_warning(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--json", str(OKIFU / "005.yaml"))
    assert code == 0
    assert "warning: round 8: recorded score [100, 120]" in err
    assert json.loads(out)["scores"] == [60, 170]  # first recorded score + computed rounds


def test_unfinished_last_round(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--json", str(OKIFU / "123.yaml"))
    assert code == 0
    assert json.loads(out)["rounds"][-1] == {"finished": False, "team": None, "points": 0,
                                             "doubled": False, "special": None}


def test_unfinished_round_followed_by_another_exits_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deal = complete_deal({0: "王金金銀馬香しし"})
    f = tmp_path / "k.yaml"
    f.write_text(kifu_text((deal, 0, (0, 0), '    - ["0","し","し"]\n'), (deal, 0, (0, 0), SOLO)))
    code, _, err = run(capsys, str(f))
    assert code == 2 and "round 1" in err and "unfinished" in err


def test_ou_rule_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deal = complete_deal({0: "王金金銀馬香しし", 1: "王香角銀銀馬しし"})
    f = tmp_path / "ou.yaml"
    f.write_text(kifu_text((deal, 0, (0, 0),
                            '    - ["0","王","香"]\n    - ["1","香","王"]\n')))
    assert run(capsys, str(f))[0] == 0  # the old server's rule: a face-down Ou unlocks
    code, _, err = run(capsys, "--ou-rule", "strict", str(f))
    assert code == 2 and "round 1, move 2: ou_attack_not_allowed" in err


@pytest.mark.parametrize(
    "content",
    [b"", b"\x00\xff\xfe garbage", b"log: [1, 2", b"version: 1.0\nlog: []\n",
     b"{\"format\": \"goita-match\", \"version\": 1, \"rounds\": 5}"],
)
def test_malformed_input_exits_2_without_traceback(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes) -> None:
    f = tmp_path / "bad.yaml"
    f.write_bytes(content)
    code, out, err = run(capsys, "--json", str(f))
    assert code == 2 and out == ""
    assert err.startswith("error: ") and len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_missing_file_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, str(tmp_path / "nope.yaml"))
    assert code == 2 and "cannot read" in err


def test_native_record_with_a_redeal(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                     ) -> None:
    m = Match(seed=1, first_dealer=0, deal=False)
    m.next_round(complete_deal({1: "ししししし金角飛"}))
    m.apply(3, REDEAL)
    m.next_round(complete_deal({3: "しししししし金金"}))
    record = MatchRecord.from_match(m, ["a", "b", "c", "d"])
    f = tmp_path / "match.json"
    f.write_text(record.dumps())
    code, out, _ = run(capsys, "--json", str(f))
    assert code == 0
    assert json.loads(out) == {"rounds": [
        {"finished": True, "team": None, "points": 0, "doubled": False, "special": "redeal"},
        {"finished": True, "team": 1, "points": 60, "doubled": False, "special": "rokushi"}],
        "scores": [0, 60]}


def test_module_entry_point() -> None:
    proc = subprocess.run([sys.executable, "-m", "goita_core", "replay", "--json",
                           str(OKIFU / "001.yaml")], capture_output=True, text=True,
                          timeout=60, check=False)
    assert proc.returncode == 0, proc.stderr
    assert isinstance(json.loads(proc.stdout)["scores"], list)


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_records_get_one_clear_line_never_an_internal_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    f = tmp_path / "hostile.yaml"
    f.write_text(HOSTILE[name][0], encoding="utf-8")
    code, out, err = run(capsys, str(f))
    assert code == 2 and out == ""
    assert err.startswith(f"error: {f}: malformed record: ") and err.count("\n") == 1
    assert HOSTILE[name][1] in err and "internal error" not in err


def test_a_huge_file_is_refused_without_reading_it_all(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "huge.yaml"
    with f.open("wb") as fh:
        fh.truncate(64 * 1024 * 1024)  # sparse: 64 MiB of zeros that cost no disk
    code, _, err = run(capsys, str(f))
    assert code == 2 and "larger than 4 MiB" in err
