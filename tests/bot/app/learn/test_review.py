"""Reviewing a recorded match: the reviewed seat's real decisions, each seen from that seat
only, compared with the strongest player's move and sorted by the points given away."""

from __future__ import annotations

import pytest

from bot.app.learn.review import (
    Decision,
    Review,
    ReviewSettings,
    analyse,
    count_decisions,
    moments,
    position,
)
from goita_core.actions import PASS, Play
from goita_core.kifu import KifuError, MatchRecord
from goita_core.pieces import Kind
from goita_core.round import Round
from tests.bot.app.learn.records import recorded_match

SHI, GON = Kind.SHI, Kind.GON
FAST = ReviewSettings(search_samples=8, compare_samples=6, seed=1)


@pytest.fixture(scope="module")
def record() -> str:
    return recorded_match(seed=2)


def seat_actions(record_json: str, seat: int) -> list[tuple[int, int, bool]]:
    """(round, step, forced) of every action ``seat`` took, replayed independently."""
    rec = MatchRecord.loads(record_json)
    out = []
    for round_no, rr in enumerate(rec.rounds, 1):
        replay = Round(rec.rules, rr.dealer, rr.hands)
        for step, (who, action) in enumerate(rr.actions, 1):
            if who == seat:
                out.append((round_no, step, len(replay.legal_actions(seat)) == 1))
            replay.apply(who, action)
    return out


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_the_moments_are_the_seats_own_unforced_decisions(record: str, seat: int) -> None:
    found = [(m.round_no, m.step) for m in moments(record, seat)]
    expected = [(r, s) for r, s, forced in seat_actions(record, seat) if not forced]
    assert found == expected and found
    assert count_decisions(record, seat) == len(found)
    for m in moments(record, seat):
        assert m.view.seat == seat and m.played in m.view.legal


def test_no_other_seats_hidden_piece_shows_before_the_round_ends(record: str) -> None:
    hidden_seen = 0
    for seat in range(4):
        for m in moments(record, seat):
            assert m.view.phase != "over"
            for other, pieces in enumerate(m.view.played):
                if other != seat:
                    faced = [p for p in pieces if p.face_down]
                    hidden_seen += len(faced)
                    assert all(p.kind is None for p in faced)
            for act in m.view.history:
                if act.seat != seat and act.lead:
                    assert act.first is None
    assert hidden_seen > 0  # the record has face-down leads by others to hide


def test_a_review_compares_every_decision_biggest_loss_first(record: str) -> None:
    reports: list[tuple[int, int]] = []
    review = analyse(record, 1, FAST, lambda done, total: reports.append((done, total)))
    total = count_decisions(record, 1)
    assert reports == [(i, total) for i in range(total + 1)]
    assert len(review.decisions) == total
    losses = [d.loss for d in review.decisions]
    assert losses == sorted(losses, reverse=True) and min(losses) >= 0
    played = {(m.round_no, m.step): m for m in moments(record, 1)}
    for d in review.decisions:
        m = played[(d.round_no, d.step)]
        assert d.played is m.played and d.best in m.view.legal
        if d.best is d.played:
            assert d.loss == 0
    assert Review.from_json(review.to_json()) == review
    assert analyse(record, 1, FAST) == review  # reproducible for a seed


def test_a_loss_is_the_gap_between_the_best_and_the_played_move() -> None:
    assert Decision(1, 3, PASS, Play(SHI, GON), -12.5, 7.5).loss == 20.0
    assert Decision(1, 3, PASS, Play(SHI, GON), 9.0, 7.5).loss == 0.0


def test_a_position_is_the_seats_view_at_that_decision(record: str) -> None:
    m = next(iter(moments(record, 2)))
    assert position(record, 2, m.round_no, m.step) == m.view
    with pytest.raises(ValueError, match="no decision"):
        position(record, 2, 99, 1)


def test_bad_input_is_refused(record: str) -> None:
    with pytest.raises(ValueError, match="no seat"):
        list(moments(record, 4))
    with pytest.raises(KifuError):
        list(moments("not json", 0))
