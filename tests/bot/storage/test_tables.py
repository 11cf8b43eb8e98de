"""The live-tables repository on a real SQLite file: snapshots round-trip, the action log is
append-only and written with the snapshot in one transaction, one live table per channel."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import aiosqlite
import pytest

from bot.app.ports import ChannelTaken
from bot.app.steplog import LogEntry
from bot.app.table import Seat, Table
from bot.storage.db import open_database
from bot.storage.tables import SqliteTableStore
from goita_core.actions import PASS, PLAY_ON, REDEAL, Play
from goita_core.pieces import Kind
from goita_core.rules import RuleSet


@pytest.fixture
async def conn(tmp_path: Path) -> AsyncIterator[aiosqlite.Connection]:
    c = await open_database(tmp_path / "t.sqlite3")
    try:
        yield c
    finally:
        await c.close()


def new_table(channel: int = 10) -> Table:
    t = Table(id=0, guild_id=1, channel_id=channel, host_id=7, rules=RuleSet(target=100),
              created_at=1.0, updated_at=1.0)
    t.seats[0] = Seat("human", "Ann", user_id=7, locale="ja")
    t.seats[1] = Seat("cpu", "CPU (hard)", level="hard")
    t.deadlines.lobby_expires_at = 601.0
    t.add_line("log.join", seat=0, name="Ann")
    return t


async def test_snapshot_round_trip(conn: aiosqlite.Connection) -> None:
    repo = SqliteTableStore(conn)
    table = new_table()
    table_id = await repo.create(table)
    assert table.id == table_id
    table.seats[2] = Seat("cpu", "Bob", level="normal", former_user_id=9, former_name="Bob")
    table.seats[0].away = True  # type: ignore[union-attr]
    table.board_message_id = 1234
    table.board_posted_at = 5.5
    table.timed_seats = (0,)
    await repo.save(table)
    loaded = await repo.load(table_id)
    assert loaded is not None
    assert loaded.to_json() == table.to_json()
    assert loaded.rules == RuleSet(target=100)
    assert await repo.load(999) is None


async def test_log_entries_round_trip_in_order(conn: aiosqlite.Connection) -> None:
    repo = SqliteTableStore(conn)
    table = new_table()
    await repo.create(table)
    hands = ((0, 0, 1), (2, 3), (4,), (7, 7))
    entries = [
        LogEntry(1, 1, "deal", 10.0, hands=hands),
        LogEntry(2, 1, "act", 11.0, "cpu", 2, PLAY_ON),
        LogEntry(3, 1, "act", 12.0, "human", 0, Play(Kind.GON, Kind.OU), user_id=7),
        LogEntry(4, 1, "act", 13.0, "timeout", 1, PASS),
        LogEntry(5, 2, "act", 14.0, "away", 3, REDEAL),
    ]
    await repo.save(table, entries[:2])
    await repo.save(table, entries[2:])
    assert await repo.entries(table.id) == entries
    assert await repo.entries(table.id, match_no=2) == entries[4:]


async def test_log_is_append_only(conn: aiosqlite.Connection) -> None:
    repo = SqliteTableStore(conn)
    table = new_table()
    await repo.create(table)
    await repo.save(table, [LogEntry(1, 1, "deal", 1.0)])
    table.version = 99
    with pytest.raises(sqlite3.IntegrityError):  # seq 1 exists already
        await repo.save(table, [LogEntry(1, 1, "deal", 2.0)])
    # the failed transaction stored nothing, not even the snapshot
    loaded = await repo.load(table.id)
    assert loaded is not None and loaded.version == 0
    assert len(await repo.entries(table.id)) == 1


async def test_one_live_table_per_channel_and_reuse_after_close(
        conn: aiosqlite.Connection) -> None:
    repo = SqliteTableStore(conn)
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


async def test_next_deadline_column_for_operators(conn: aiosqlite.Connection,
                                                  tmp_path: Path) -> None:
    repo = SqliteTableStore(conn)
    table = new_table()
    await repo.create(table)
    table.deadlines.cpu_due_at = 100.0
    await repo.save(table)
    with sqlite3.connect(tmp_path / "t.sqlite3") as plain:
        row = plain.execute("SELECT next_deadline, board_message_id FROM game_tables"
                            ).fetchone()
    assert row == (100.0, None)


async def test_concurrent_saves_on_one_connection(conn: aiosqlite.Connection) -> None:
    repo = SqliteTableStore(conn)
    tables = [new_table(c) for c in range(20, 30)]
    await asyncio.gather(*(repo.create(t) for t in tables))
    await asyncio.gather(*(repo.save(t, [LogEntry(1, 1, "deal", 1.0)]) for t in tables))
    for t in tables:
        assert len(await repo.entries(t.id)) == 1


def committed_versions(path: Path) -> dict[int, int]:
    """What another process would read: committed rows only."""
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as plain:
        rows = plain.execute("SELECT id, snapshot FROM game_tables").fetchall()
    return {int(i): int(json.loads(s)["version"]) for i, s in rows}


async def test_saves_of_many_tables_share_transactions_and_each_returns_committed(
        conn: aiosqlite.Connection, tmp_path: Path) -> None:
    repo = SqliteTableStore(conn)
    tables = [new_table(c) for c in range(100, 160)]
    for t in tables:
        await repo.create(t)
    begins: list[str] = []
    await conn.set_trace_callback(
        lambda sql: begins.append(sql) if sql.startswith("BEGIN") else None)
    seen: dict[int, int] = {}

    async def step(t: Table) -> None:
        t.version = 1
        await repo.save(t, [LogEntry(1, 1, "deal", 1.0)])
        # returned: this step is committed, whatever else is still queued
        seen[t.id] = committed_versions(tmp_path / "t.sqlite3")[t.id]

    await asyncio.gather(*(step(t) for t in tables))
    await conn.set_trace_callback(None)  # type: ignore[arg-type]  # sqlite3 accepts None
    assert seen == {t.id: 1 for t in tables}
    assert 1 <= len(begins) < len(tables) // 2  # grouped, not one transaction per step
    for t in tables:
        assert [e.seq for e in await repo.entries(t.id)] == [1]


async def test_a_conflicting_step_fails_alone_in_its_batch(conn: aiosqlite.Connection) -> None:
    repo = SqliteTableStore(conn)
    old = new_table(5)
    await repo.create(old)
    old.status = "finished"
    await repo.save(old)
    others = [new_table(c) for c in range(200, 210)]
    for t in others:
        await repo.create(t)
    await repo.create(new_table(5))  # another table took the channel meanwhile
    old.status = "playing"  # a rematch there must be refused
    for t in others:
        t.version = 3
    results = await asyncio.gather(repo.save(old), *(repo.save(t) for t in others),
                                   return_exceptions=True)
    assert isinstance(results[0], ChannelTaken)
    assert results[1:] == [None] * len(others)
    for t in others:
        loaded = await repo.load(t.id)
        assert loaded is not None and loaded.version == 3
    loaded = await repo.load(old.id)
    assert loaded is not None and loaded.status == "finished"


async def test_a_full_disk_fails_every_step_of_the_batch_and_stores_none(
        conn: aiosqlite.Connection) -> None:
    repo = SqliteTableStore(conn)
    tables = [new_table(c) for c in range(300, 310)]
    for t in tables:
        await repo.create(t)
    async with conn.execute("PRAGMA page_count") as cur:
        row = await cur.fetchone()
    assert row is not None
    await conn.execute(f"PRAGMA max_page_count = {row[0]}")  # the disk is now full
    for t in tables:
        t.version = 7
        t.recent = [("log.join", {"name": "x" * 4000})] * 12  # a snapshot needing pages
    results = await asyncio.gather(*(repo.save(t, [LogEntry(1, 1, "deal", 1.0)])
                                     for t in tables), return_exceptions=True)
    assert all(isinstance(r, sqlite3.OperationalError) and "full" in str(r) for r in results)
    await conn.execute("PRAGMA max_page_count = 1073741823")  # space again: nothing was lost
    for t in tables:
        loaded = await repo.load(t.id)
        assert loaded is not None and loaded.version == 0
        assert await repo.entries(t.id) == []
    await repo.save(tables[0], [LogEntry(1, 1, "deal", 1.0)])
    assert len(await repo.entries(tables[0].id)) == 1
