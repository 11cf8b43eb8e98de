"""The table and results stores behave the same on SQLite and on PostgreSQL (each test runs
on both, against a real database): snapshots and logs round-trip, a failed step stores
nothing, one live table per channel, concurrent writes all land, results count once."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.app.ports import ChannelTaken
from bot.app.records import FinishedMatch, RoundSummary, SeatRecord
from bot.app.steplog import LogEntry
from bot.app.table import Seat, Table
from bot.storage.db import open_database
from bot.storage.postgres import PgResultsStore, PgTableStore, open_pool
from bot.storage.results import SqliteResultsStore
from bot.storage.tables import SqliteTableStore
from goita_core.actions import PASS, PLAY_ON, REDEAL, Play
from goita_core.pieces import Kind
from goita_core.rules import RuleSet


@dataclass
class Stores:
    tables: Any  # SqliteTableStore | PgTableStore: the same methods
    results: Any  # SqliteResultsStore | PgResultsStore
    #: what the database raises for a duplicate step (a bug, never a user's input)
    duplicate_error: type[Exception]


@pytest.fixture(params=["sqlite", "postgresql"])
async def stores(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Stores]:
    if request.param == "sqlite":
        import sqlite3

        conn = await open_database(tmp_path / "goita.sqlite3")
        try:
            yield Stores(SqliteTableStore(conn), SqliteResultsStore(conn),
                         sqlite3.IntegrityError)
        finally:
            await conn.close()
    else:
        pool = await open_pool(request.getfixturevalue("pg_url"))
        try:
            yield Stores(PgTableStore(pool), PgResultsStore(pool),
                         asyncpg.UniqueViolationError)
        finally:
            await pool.close()


def new_table(channel: int = 10, guild: int = 1) -> Table:
    t = Table(id=0, guild_id=guild, channel_id=channel, host_id=7, rules=RuleSet(target=100),
              created_at=1.0, updated_at=1.0)
    t.seats[0] = Seat("human", "Ann", user_id=7, locale="ja")
    t.seats[1] = Seat("cpu", "CPU (hard)", level="hard")
    t.deadlines.lobby_expires_at = 601.0
    t.add_line("log.join", seat=0, name="Ann")
    return t


async def test_snapshot_and_log_round_trip(stores: Stores) -> None:
    repo = stores.tables
    table = new_table(guild=(1 << 62) + 5)  # Discord ids use all 64 bits
    table_id = await repo.create(table)
    assert table.id == table_id
    table.seats[2] = Seat("cpu", "Bob", level="normal", former_user_id=9, former_name="Bob")
    table.board_message_id = (1 << 62) + 1234
    table.timed_seats = (0,)
    entries = [
        LogEntry(1, 1, "deal", 10.0, hands=((0, 0, 1), (2, 3), (4,), (7, 7))),
        LogEntry(2, 1, "act", 11.0, "cpu", 2, PLAY_ON),
        LogEntry(3, 1, "act", 12.0, "human", 0, Play(Kind.GON, Kind.OU), user_id=1 << 60),
        LogEntry(4, 1, "act", 13.0, "timeout", 1, PASS),
        LogEntry(5, 2, "act", 14.0, "away", 3, REDEAL),
    ]
    await repo.save(table, entries[:2])
    await repo.save(table, entries[2:])
    loaded = await repo.load(table_id)
    assert loaded is not None and loaded.to_json() == table.to_json()
    assert await repo.load(table_id + 1000) is None
    assert await repo.entries(table_id) == entries
    assert await repo.entries(table_id, match_no=2) == entries[4:]


async def test_a_failed_step_stores_nothing(stores: Stores) -> None:
    repo = stores.tables
    table = new_table()
    await repo.create(table)
    await repo.save(table, [LogEntry(1, 1, "deal", 1.0)])
    table.version = 99
    with pytest.raises(stores.duplicate_error):  # seq 1 exists already
        await repo.save(table, [LogEntry(2, 1, "deal", 2.0), LogEntry(1, 1, "deal", 2.0)])
    loaded = await repo.load(table.id)
    assert loaded is not None and loaded.version == 0  # not even the snapshot
    assert [e.seq for e in await repo.entries(table.id)] == [1]


async def test_one_live_table_per_channel(stores: Stores) -> None:
    repo = stores.tables
    first = new_table()
    await repo.create(first)
    with pytest.raises(ChannelTaken):
        await repo.create(new_table())
    assert await repo.live_table_in_channel(10) == first.id
    first.status = "cancelled"
    await repo.save(first)
    assert await repo.live_table_in_channel(10) is None
    second = new_table()
    await repo.create(second)
    assert [t.id for t in await repo.load_live()] == [second.id]
    first.status = "lobby"  # reopening the closed one would make two live tables
    with pytest.raises(ChannelTaken):
        await repo.save(first)


async def test_unsettled(stores: Stores) -> None:
    """Closed tables whose result is to record or closing board to show are found; settled
    ones, and live ones, are not."""
    repo = stores.tables
    done, recorded, lobby_closed, board_owed, reopened = (new_table(n) for n in range(1, 6))
    for t in (done, recorded, lobby_closed, board_owed, reopened):
        await repo.create(t)
    for t in (done, recorded, board_owed):
        t.status, t.match_no, t.started_at = "finished", 1, 2.0
    recorded.result_recorded = board_owed.result_recorded = True
    lobby_closed.status = "cancelled"
    board_owed.board_pending = True
    reopened.status, reopened.board_pending = "playing", True  # a rematch since
    for t in (done, recorded, lobby_closed, board_owed, reopened):
        await repo.save(t)
    assert [t.id for t in await repo.unsettled()] == [done.id, board_owed.id]
    done.result_recorded = True
    board_owed.board_pending = False
    for t in (done, board_owed):
        await repo.save(t)
    assert await repo.unsettled() == []


async def test_concurrent_steps_all_land(stores: Stores) -> None:
    repo = stores.tables
    tables = [new_table(c) for c in range(20, 40)]
    await asyncio.gather(*(repo.create(t) for t in tables))
    for seq in (1, 2, 3):
        await asyncio.gather(*(repo.save(t, [LogEntry(seq, 1, "act", 1.0, "cpu", 1, PASS)])
                               for t in tables))
    for t in tables:
        assert [e.seq for e in await repo.entries(t.id)] == [1, 2, 3]


def finished(table: int, winner: int | None, *, stopped: bool = False) -> FinishedMatch:
    seats = [SeatRecord(0, "human", 11, "Ann"), SeatRecord(1, "cpu", None, "CPU", "hard"),
             SeatRecord(2, "human", 12, "Bea"), SeatRecord(3, "human", 13, "Cid")]
    return FinishedMatch(
        guild_id=1000, channel_id=5, table_id=table, started_at=100.0 * table,
        finished_at=100.0 * table + 60,
        rules={"players": 4, "target": 150, "double_any_seventh": False,
               "facedown_ou_unlocks": False},
        seats=seats, scores=(150, 40) if winner == 0 else (40, 150), winner_team=winner,
        stopped_early=stopped,
        rounds=[RoundSummary(0, 50, True, None, 0, (2,)), RoundSummary(1, 40, False, None, 1)],
        record_json='{"format": "goita-match"}',
    )


async def test_results_count_once_and_read_back(stores: Stores) -> None:
    results = stores.results
    first = await results.record_match(finished(1, 0))
    assert await results.record_match(finished(1, 0)) == first  # a retry counts once
    await results.record_match(finished(2, 1))
    await results.record_match(finished(3, None, stopped=True))
    ann = await results.player_stats(1000, 11)
    assert ann is not None
    assert (ann.matches, ann.wins, ann.stopped, ann.rounds_won, ann.points, ann.doubled,
            ann.shi_hands, ann.form, ann.players) == (2, 1, 1, 3, 150, 3, 0, "LW", 3)
    bea = await results.player_stats(1000, 12)
    assert bea is not None and bea.shi_hands == 3
    board = await results.leaderboard(1000, "wins", per_page=2)
    assert (board.total, board.pages, len(board.entries)) == (3, 2, 2)
    assert [e.wins for e in board.entries] == [1, 1]
    assert (await results.leaderboard(1000, "rating", page=5, per_page=2)).page == 1
    history, total = await results.recent_matches(1000, 11, limit=2)
    assert total == 3 and [m.table_id for m in history] == [3, 2]
    assert history[1].rating_change is not None and history[1].rating_change < 0
    stored = await results.get_match(1000, first, viewer=12)
    assert stored is not None and stored.summary.won and stored.summary.team == 0
    assert stored.rounds[0] == RoundSummary(0, 50, True, None, 0, (2,))
    assert await results.get_match(2000, first) is None  # another server's match
    cpu = await results.rating_of(1000, "cpu:hard")
    assert cpu != await results.rating_of(2000, "cpu:hard")


async def test_concurrent_results_of_one_server_lose_no_update(stores: Stores) -> None:
    results = stores.results
    await asyncio.gather(*(results.record_match(finished(t, t % 2)) for t in range(1, 9)))
    ann = await results.player_stats(1000, 11)
    assert ann is not None and (ann.matches, ann.rated_matches) == (8, 8)
    cpu = await results.rating_of(1000, "cpu:hard")
    assert cpu.sigma < (await results.rating_of(2000, "cpu:hard")).sigma


async def test_own_place_server_average_and_history_against_one_opponent(
        stores: Stores) -> None:
    results = stores.results
    assert await results.server_averages(1000) is None
    assert await results.leaderboard_entry(1000, 11) is None
    await results.record_match(finished(1, 0))  # Ann & Bea (team 0) beat CPU & Cid
    await results.record_match(finished(2, 1))
    await results.record_match(finished(3, None, stopped=True))
    board = await results.leaderboard(1000, "wins")
    for sort in ("rating", "wins"):
        ranked = (await results.leaderboard(1000, sort)).entries
        for line in ranked:
            assert await results.leaderboard_entry(1000, line.user_id, sort) == line
    assert board.total == 3
    avg = await results.server_averages(1000)
    assert avg is not None and avg.players == 3 and avg.matches == 2.0
    assert avg.win_pct == 0.5  # each of the three won one of their two finished matches
    ann = await results.player_stats(1000, 11)
    assert ann is not None
    ratings = [e.rating for e in board.entries]
    assert abs(avg.rating - sum(ratings) / 3) < 0.11
    # Ann sat on team 0 with Bea, against Cid (and the CPU) on team 1
    against_cid, total = await results.recent_matches(1000, 11, opponent=13)
    assert total == 3 and [m.table_id for m in against_cid] == [3, 2, 1]
    with_bea, total = await results.recent_matches(1000, 11, opponent=12)
    assert (with_bea, total) == ([], 0)  # a partner is not an opponent
    page, total = await results.recent_matches(1000, 13, limit=1, offset=1, opponent=11)
    assert total == 3 and [m.table_id for m in page] == [2]


async def test_upgrading_postgresql_finds_the_results_left_unrecorded(pg_url: str) -> None:
    """Tables stored before the ``unsettled`` column: after the upgrade, a finished table
    whose result was not recorded is found at the next start; a recorded one is not."""
    pool = await open_pool(pg_url, upto=6)
    try:
        for n, recorded in ((1, False), (2, True)):
            t = new_table(n)
            t.id, t.status, t.match_no, t.started_at = n, "finished", 1, 2.0
            t.result_recorded = recorded
            await pool.execute(
                "INSERT INTO game_tables (id, guild_id, channel_id, status, snapshot, "
                "created_at, updated_at) VALUES ($1, 1, $2, 'finished', $3, 1.0, 1.0)",
                n, n, json.dumps(t.to_json()))
    finally:
        await pool.close()
    pool = await open_pool(pg_url)
    try:
        assert [t.id for t in await PgTableStore(pool).unsettled()] == [1]
    finally:
        await pool.close()
