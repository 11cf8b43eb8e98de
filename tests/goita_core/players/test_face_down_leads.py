"""The measurement behind the face-down draw (``benchmarks/face_down_leads.py``): it finds
every lead with the hand it was made from, in records and in played rounds."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from benchmarks import face_down_leads
from goita_core.kifu.yaml_codec import parse_kifu_yaml
from goita_core.pieces import Kind
from goita_core.players.heuristics import POINTS

OKIFU = Path(__file__).parents[1] / "fixtures" / "okifu"


def test_a_records_leads_are_its_first_move_and_every_move_after_three_passes() -> None:
    record = OKIFU / "000.yaml"
    found = [first for first, _ in face_down_leads.record_leads([record])]
    # read from the record itself: a seat that plays right after its own attack leads
    expected: list[Kind] = []
    for r in parse_kifu_yaml(record.read_bytes()).rounds:
        hands = [list(h) for h in r.hands]
        last = None
        for seat, first, second in r.game:
            if (last is None or last == seat) and len(hands[seat]) > 2:
                expected.append(first)
            hands[seat].remove(first)
            hands[seat].remove(second)
            last = seat
    assert expected and found == expected


def test_greedy_leads_face_down_the_kind_it_holds_fewest_of() -> None:
    leads = list(face_down_leads.played_leads("greedy", 20, seed=3, iterations=1))
    assert len(leads) > 20
    for first, hand in leads:
        counts = Counter(hand)
        assert first in counts
        assert first == min(counts, key=lambda k: (k == Kind.OU, counts[k], POINTS[k] * 8 + k))


def test_the_counts_are_printed_per_kind(monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.argv", ["face_down_leads", str(OKIFU / "000.yaml"),
                                     str(OKIFU / "001.yaml")])
    face_down_leads.main()
    out = capsys.readouterr().out.splitlines()
    n = int(out[0].split()[0])
    rows = {line.split()[0]: line.split()[1:] for line in out[2:]}
    assert set(rows) == {k.name.title() for k in Kind}
    assert sum(int(row[0]) for row in rows.values()) == n
    assert abs(sum(float(row[1]) for row in rows.values()) - n) < 0.5


def test_records_or_a_level_not_both(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.argv", ["face_down_leads", str(OKIFU), "--level", "greedy"])
    with pytest.raises(SystemExit) as exc:
        face_down_leads.main()
    assert exc.value.code == 2
