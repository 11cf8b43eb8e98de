"""SqliteResultsStore on a real SQLite file: recording, stats, leaderboard paging, history."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import aiosqlite
import pytest

from bot.app.ratings import DEFAULT_RATING
from bot.app.records import FinishedMatch, RoundSummary, SeatRecord
from bot.storage.db import open_database
from bot.storage.results import SqliteResultsStore

GUILD = 1000
OTHER_GUILD = 2000


@pytest.fixture
async def conn(tmp_path: Path) -> AsyncIterator[aiosqlite.Connection]:
    c = await open_database(tmp_path / "goita.db")
    yield c
    await c.close()


@pytest.fixture
def repo(conn: aiosqlite.Connection) -> SqliteResultsStore:
    return SqliteResultsStore(conn)


def humans(*ids: int) -> list[SeatRecord]:
    return [SeatRecord(i, "human", uid, f"user{uid}") for i, uid in enumerate(ids)]


def finished(
    seats: Sequence[SeatRecord],
    winner: int | None = 0,
    *,
    table: int = 1,
    at: float = 1000.0,
    guild: int = GUILD,
    stopped: bool = False,
    rounds: Sequence[RoundSummary] = (),
    scores: tuple[int, int] | None = None,
) -> FinishedMatch:
    if scores is None:
        scores = (150, 40) if winner == 0 else (40, 150) if winner == 1 else (30, 20)
    return FinishedMatch(
        guild_id=guild, channel_id=5, table_id=table, started_at=at, finished_at=at + 600,
        rules={"players": 4, "target": 150, "double_any_seventh": False,
               "facedown_ou_unlocks": False},
        seats=seats, scores=scores, winner_team=winner, stopped_early=stopped,
        rounds=rounds, record_json='{"format": "goita-match"}',
    )


async def test_stats_add_up_per_player(repo: SqliteResultsStore) -> None:
    rounds = [
        RoundSummary(0, 40, False, None, 0, ()),
        RoundSummary(1, 60, True, None, 1, (2,)),  # seat 1 doubled; seat 2 had 5 Shi
        RoundSummary(None, 0, False, "redeal", None, (0,)),
        RoundSummary(0, 50, False, None, 2, ()),
        RoundSummary(0, 60, True, None, 0, ()),
    ]
    await repo.record_match(finished(humans(11, 12, 13, 14), 0, rounds=rounds,
                                     scores=(150, 60)))
    s11 = await repo.player_stats(GUILD, 11)
    assert s11 is not None
    assert (s11.matches, s11.wins, s11.rounds_won, s11.points, s11.doubled, s11.shi_hands) == (
        1, 1, 2, 100, 1, 1)
    assert s11.form == "W"
    s12 = await repo.player_stats(GUILD, 12)
    assert s12 is not None
    assert (s12.matches, s12.wins, s12.rounds_won, s12.points, s12.doubled) == (1, 0, 1, 60, 1)
    assert s12.form == "L"
    s13 = await repo.player_stats(GUILD, 13)
    assert s13 is not None and (s13.rounds_won, s13.points, s13.shi_hands) == (1, 50, 1)
    # winners above losers, everybody on the board
    assert s11.rating > 0 > s12.rating
    assert s11.rank == 1 and s12.rank == 3 and s11.players == 4
    # other servers know nothing of it
    assert await repo.player_stats(OTHER_GUILD, 11) is None


async def test_recording_twice_counts_once(repo: SqliteResultsStore) -> None:
    m = finished(humans(1, 2, 3, 4), 0)
    first = await repo.record_match(m)
    again = await repo.record_match(m)
    assert first == again
    s = await repo.player_stats(GUILD, 1)
    assert s is not None and s.matches == 1 and s.rated_matches == 1


async def test_stopped_early_is_recorded_but_not_rated(repo: SqliteResultsStore) -> None:
    await repo.record_match(finished(humans(1, 2, 3, 4), 0, table=1, at=1.0))
    before = await repo.player_stats(GUILD, 1)
    rounds = [RoundSummary(0, 30, False, None, 0, ())]
    match_id = await repo.record_match(
        finished(humans(1, 2, 3, 4), None, table=2, at=2000.0, stopped=True, rounds=rounds))
    after = await repo.player_stats(GUILD, 1)
    assert before is not None and after is not None
    assert (after.mu, after.sigma, after.rating) == (before.mu, before.sigma, before.rating)
    assert after.matches == 1 and after.stopped == 1 and after.wins == 1
    assert after.rounds_won == 1 and after.points == 30  # the rounds were really played
    assert after.form == "W"  # stopped matches are not form
    stored = await repo.get_match(GUILD, match_id, viewer=1)
    assert stored is not None
    assert stored.summary.stopped_early and not stored.summary.rated
    assert stored.summary.rating_change is None


async def test_cpu_matches_count_marked_and_cpu_never_on_board(repo: SqliteResultsStore) -> None:
    seats = [SeatRecord(0, "human", 1, "ann"), SeatRecord(1, "cpu", None, "CPU", "normal"),
             SeatRecord(2, "cpu", None, "CPU", "easy"), SeatRecord(3, "cpu", None, "CPU", "hard")]
    match_id = await repo.record_match(finished(seats, 0))
    s = await repo.player_stats(GUILD, 1)
    assert s is not None and (s.matches, s.matches_cpu, s.wins, s.wins_cpu) == (1, 1, 1, 1)
    board = await repo.leaderboard(GUILD)
    assert [e.user_id for e in board.entries] == [1]
    assert board.entries[0].matches_cpu == 1
    # the CPU levels are rated apart
    assert (await repo.rating_of(GUILD, "cpu:easy")).mu > DEFAULT_RATING.mu
    assert (await repo.rating_of(GUILD, "cpu:hard")).mu < DEFAULT_RATING.mu
    stored = await repo.get_match(GUILD, match_id, viewer=1)
    assert stored is not None and stored.summary.with_cpu and stored.summary.rated


async def test_all_cpu_match_changes_nothing(repo: SqliteResultsStore) -> None:
    seats = [SeatRecord(i, "cpu", None, "CPU", "normal") for i in range(4)]
    await repo.record_match(finished(seats, 0))
    assert (await repo.rating_of(GUILD, "cpu:normal")) == DEFAULT_RATING
    assert (await repo.leaderboard(GUILD)).total == 0


async def test_leaderboard_pages_ties_and_new_player(repo: SqliteResultsStore) -> None:
    # 24 players in 6 tables: team 0 wins, so 12 winners tie and 12 losers tie
    for t in range(6):
        ids = [100 + 4 * t + k for k in range(4)]
        await repo.record_match(finished(humans(*ids), 0, table=t, at=float(t)))
    board = await repo.leaderboard(GUILD, "rating", 0)
    assert (board.total, board.pages, len(board.entries)) == (24, 3, 10)
    # equal ratings share a rank and are ordered by user id, the same way every time
    assert {e.rank for e in board.entries} == {1}
    assert [e.user_id for e in board.entries] == sorted(e.user_id for e in board.entries)
    second = await repo.leaderboard(GUILD, "rating", 1)
    assert [e.rank for e in second.entries] == [1, 1] + [13] * 8
    # a 25th player, new after one stopped match: on the board with a 0 rating
    await repo.record_match(
        finished(humans(100, 101, 102, 999), None, table=50, at=99.0, stopped=True))
    last = await repo.leaderboard(GUILD, "rating", 2)
    assert (last.total, last.pages, len(last.entries)) == (25, 3, 5)
    new = [e for e in (await repo.leaderboard(GUILD, "rating", 1)).entries if e.user_id == 999]
    assert new and new[0].rating == 0.0 and new[0].rank == 13 and new[0].matches == 0
    # every player exactly once across the pages
    pages = [await repo.leaderboard(GUILD, "rating", p) for p in range(3)]
    seen = [e.user_id for page in pages for e in page.entries]
    assert len(seen) == len(set(seen)) == 25
    # past the end shows the last page
    assert (await repo.leaderboard(GUILD, "rating", 7)).page == 2


async def test_leaderboard_by_wins(repo: SqliteResultsStore) -> None:
    await repo.record_match(finished(humans(1, 2, 3, 4), 0, table=1, at=1.0))
    await repo.record_match(finished(humans(1, 2, 5, 6), 0, table=2, at=2.0))
    await repo.record_match(finished(humans(7, 2, 3, 6), 1, table=3, at=3.0))
    board = await repo.leaderboard(GUILD, "wins")
    wins = {e.user_id: (e.rank, e.wins) for e in board.entries}
    assert wins[1] == (1, 2)
    assert wins[2][1] == 1 and wins[3][1] == 1 and wins[4][1] == 0
    assert [e.wins for e in board.entries] == sorted((e.wins for e in board.entries),
                                                     reverse=True)
    with pytest.raises(ValueError):
        await repo.leaderboard(GUILD, "luck")  # type: ignore[arg-type]


async def test_history_newest_first_with_rating_change(repo: SqliteResultsStore) -> None:
    for t in range(7):
        await repo.record_match(finished(humans(1, 2, 3, 4), t % 2, table=t, at=100.0 * t))
    await repo.record_match(finished(humans(5, 6, 7, 8), 0, table=9, at=5000.0))
    page, total = await repo.recent_matches(GUILD, 1, limit=5)
    assert total == 7
    assert [m.table_id for m in page] == [6, 5, 4, 3, 2]
    assert page[0].won and page[0].rating_change is not None and page[0].rating_change > 0
    assert not page[1].won and page[1].rating_change is not None and page[1].rating_change < 0
    older, _ = await repo.recent_matches(GUILD, 1, limit=5, offset=5)
    assert [m.table_id for m in older] == [1, 0]
    stats = await repo.player_stats(GUILD, 1)
    assert stats is not None and stats.form == "WLWLWLW"
    # a match of another server is not found from this one
    assert await repo.get_match(OTHER_GUILD, page[0].id) is None


async def test_bad_records_are_refused_and_change_nothing(repo: SqliteResultsStore) -> None:
    with pytest.raises(ValueError):
        finished(humans(1, 2, 3), 0)  # three seats at a 4-player table
    with pytest.raises(ValueError):
        finished([SeatRecord(0, "human", None, "x"), *humans(1, 2, 3, 4)[1:]], 0)
    with pytest.raises(ValueError):
        finished(humans(1, 2, 3, 4), None)  # no winner but not stopped early
    with pytest.raises(ValueError):
        FinishedMatch(GUILD, 5, 1, 0.0, 1.0, {"players": 4}, humans(1, 2, 3, 4), (150, 0), 0,
                      False, (), "not json")
    assert (await repo.leaderboard(GUILD)).total == 0


async def test_a_failed_write_rolls_back(repo: SqliteResultsStore,
                                         conn: aiosqlite.Connection) -> None:
    await conn.execute("CREATE TRIGGER boom BEFORE INSERT ON results_bot_rating "
                       "BEGIN SELECT RAISE(ABORT, 'boom'); END")
    seats = [*humans(1, 2, 3), SeatRecord(3, "cpu", None, "CPU", "easy")]
    with pytest.raises(sqlite3.IntegrityError):
        await repo.record_match(finished(seats, 0))
    assert not conn.in_transaction
    assert (await repo.leaderboard(GUILD)).total == 0
    page, total = await repo.recent_matches(GUILD, 1)
    assert (page, total) == ([], 0)


async def test_survives_reopening_the_file(tmp_path: Path) -> None:
    path = tmp_path / "again.db"
    c1 = await open_database(path)
    await SqliteResultsStore(c1).record_match(finished(humans(1, 2, 3, 4), 1))
    await c1.close()
    c2 = await open_database(path)
    try:
        s = await SqliteResultsStore(c2).player_stats(GUILD, 2)
        assert s is not None and s.wins == 1 and s.rating > 0
    finally:
        await c2.close()


async def test_upgrade_from_version_1_adds_the_results_tables(tmp_path: Path) -> None:
    from bot.storage.db import schema_version

    path = tmp_path / "old.db"
    old = await open_database(path, upto=1)
    assert await schema_version(old) == 1
    await old.close()
    new = await open_database(path)
    try:
        assert await schema_version(new) >= 2
        repo = SqliteResultsStore(new)
        await repo.record_match(finished(humans(1, 2, 3, 4), 0))
        assert (await repo.leaderboard(GUILD)).total == 4
    finally:
        await new.close()


async def test_concurrent_recordings_on_one_connection(repo: SqliteResultsStore) -> None:
    import asyncio

    ids = await asyncio.gather(*(
        repo.record_match(finished(humans(10 * t + 1, 10 * t + 2, 10 * t + 3, 10 * t + 4), 0,
                                   table=t, at=float(t)))
        for t in range(8)))
    assert len(set(ids)) == 8
    assert (await repo.leaderboard(GUILD)).total == 32
