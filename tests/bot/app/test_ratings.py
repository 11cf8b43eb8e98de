"""Rating updates for known results (OpenSkill Plackett-Luce, see bot/app/ratings.py)."""

from __future__ import annotations

import pytest

from bot.app.ratings import DEFAULT_RATING, Rating, entity_of, is_rated, rate_match, team_ranks
from bot.app.records import FinishedMatch, SeatRecord

RULES4 = {"players": 4, "target": 150}


def match(seats: list[SeatRecord], winner: int | None, scores: tuple[int, ...] = (150, 50),
          stopped: bool = False, rules: dict[str, int] = RULES4) -> FinishedMatch:
    return FinishedMatch(1, 2, 3, 0.0, 1.0, dict(rules), seats, scores, winner, stopped)


def humans(*ids: int) -> list[SeatRecord]:
    return [SeatRecord(i, "human", uid, f"u{uid}") for i, uid in enumerate(ids)]


def test_winners_go_up_losers_down_partners_alike() -> None:
    new = rate_match(match(humans(1, 2, 3, 4), 0), {})
    assert set(new) == {"user:1", "user:2", "user:3", "user:4"}
    assert new["user:1"].ordinal > DEFAULT_RATING.ordinal == 0
    assert new["user:2"].ordinal < 0
    assert new["user:1"] == new["user:3"] and new["user:2"] == new["user:4"]
    assert new["user:1"].sigma < DEFAULT_RATING.sigma  # more certain after a match


def test_upset_moves_more_than_expected_win() -> None:
    strong, weak = Rating(35.0, 3.0), Rating(15.0, 3.0)
    current = {"user:1": strong, "user:3": strong, "user:2": weak, "user:4": weak}
    expected = rate_match(match(humans(1, 2, 3, 4), 0), current)
    upset = rate_match(match(humans(1, 2, 3, 4), 1, (50, 150)), current)
    gain_expected = expected["user:1"].mu - strong.mu
    gain_upset = upset["user:2"].mu - weak.mu
    assert 0 < gain_expected < gain_upset


def test_stopped_early_and_all_cpu_change_nothing() -> None:
    assert rate_match(match(humans(1, 2, 3, 4), None, (20, 30), stopped=True), {}) == {}
    # even a stopped match that had a leader is not rated
    assert rate_match(match(humans(1, 2, 3, 4), 0, stopped=True), {}) == {}
    cpus = [SeatRecord(i, "cpu", None, "CPU", "normal") for i in range(4)]
    assert not is_rated(match(cpus, 0))
    assert rate_match(match(cpus, 0), {}) == {}


def test_cpu_levels_are_their_own_entities() -> None:
    seats = [SeatRecord(0, "human", 7, "ann"), SeatRecord(1, "cpu", None, "CPU", "hard"),
             SeatRecord(2, "cpu", None, "CPU", "easy"), SeatRecord(3, "engine", None, "x", "ext")]
    assert [entity_of(s) for s in seats] == ["user:7", "cpu:hard", "cpu:easy", "engine:ext"]
    new = rate_match(match(seats, 0), {})
    assert new["user:7"].ordinal > 0 and new["cpu:easy"].ordinal > 0
    assert new["cpu:hard"].ordinal < 0 and new["engine:ext"].ordinal < 0
    # beating a strong CPU team is worth more than beating a weak one
    strong = rate_match(match(seats, 0), {"cpu:hard": Rating(40, 2), "engine:ext": Rating(40, 2)})
    weak = rate_match(match(seats, 0), {"cpu:hard": Rating(10, 2), "engine:ext": Rating(10, 2)})
    assert strong["user:7"].mu > weak["user:7"].mu


def test_same_cpu_on_both_teams_is_averaged() -> None:
    seats = [SeatRecord(0, "human", 1, "a"), SeatRecord(1, "cpu", None, "CPU", "normal"),
             SeatRecord(2, "cpu", None, "CPU", "normal"), SeatRecord(3, "human", 2, "b")]
    new = rate_match(match(seats, 0), {})
    # one seat won, one lost: the level's mean barely moves, unlike the humans'
    assert abs(new["cpu:normal"].mu - DEFAULT_RATING.mu) < 0.01
    assert new["user:1"].mu > DEFAULT_RATING.mu > new["user:2"].mu


def test_three_players_ranked_by_score() -> None:
    rules = {"players": 3, "target": 150}
    seats = humans(1, 2, 3)
    m = match(seats, 2, (40, 90, 150), rules=rules)
    assert team_ranks(m) == [2, 1, 0]
    new = rate_match(m, {})
    assert new["user:3"].ordinal > new["user:2"].ordinal > new["user:1"].ordinal
    tie = match(seats, 0, (150, 60, 60), rules=rules)
    assert team_ranks(tie) == [0, 1, 1]


def test_ordinal_is_mu_minus_three_sigma() -> None:
    assert Rating(30.0, 2.0).ordinal == pytest.approx(24.0)
