"""Opening the database: migrations (upgrade from every earlier version to the same schema as
a fresh database, data kept), a missing file is created, an unreadable or newer one is
refused with a clear DatabaseError and left byte-for-byte untouched."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from bot.app.steplog import LogEntry
from bot.app.table import Seat, Table
from bot.storage.db import (
    DatabaseError,
    migrations,
    open_database,
    run_transaction,
    schema_version,
)
from bot.storage.tables import _APPEND, SqliteTableStore, _entry_row
from goita_core.actions import PASS
from goita_core.rules import RuleSet

LATEST = migrations()[-1].version


def schema(path: Path) -> list[tuple[str, str, str]]:
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT type, name, sql FROM sqlite_master "
                          "WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").fetchall()
    return [(t, n, " ".join((sql or "").split())) for t, n, sql in rows]


def test_migrations_are_numbered_from_one() -> None:
    found = migrations()
    assert [m.version for m in found] == list(range(1, len(found) + 1))
    assert found[0].name == "001_tables.sql"


async def test_missing_file_is_created_with_the_latest_schema(tmp_path: Path) -> None:
    path = tmp_path / "new" / "dir" / "goita.sqlite3"
    conn = await open_database(path)
    try:
        assert await schema_version(conn) == LATEST
        async with conn.execute("PRAGMA journal_mode") as cur:
            row = await cur.fetchone()
        assert row is not None and row[0] == "wal"
    finally:
        await conn.close()
    assert path.exists()


@pytest.mark.parametrize("start", range(LATEST))
async def test_upgrade_from_every_earlier_version(tmp_path: Path, start: int) -> None:
    fresh = tmp_path / "fresh.sqlite3"
    conn = await open_database(fresh)
    await conn.close()

    path = tmp_path / "old.sqlite3"
    conn = await open_database(path, upto=start)
    assert await schema_version(conn) == start
    if start >= 1:  # the tables schema exists: store tables as that version's bot did
        table = Table(id=1, guild_id=1, channel_id=2, host_id=3, rules=RuleSet(),
                      created_at=1.0, updated_at=1.0, status="playing")
        table.seats[0] = Seat("human", "Ann", user_id=3)
        finished = [Table(id=n, guild_id=1, channel_id=2 + n, host_id=3, rules=RuleSet(),
                          created_at=1.0, updated_at=1.0, status="finished", match_no=1,
                          started_at=1.5, result_recorded=n == 3) for n in (2, 3)]
        for t in (table, *finished):
            await conn.execute(
                "INSERT INTO game_tables (id, guild_id, channel_id, status, snapshot, "
                "created_at, updated_at) VALUES (?, 1, ?, ?, ?, 1.0, 1.0)",
                (t.id, t.channel_id, t.status, json.dumps(t.to_json())))
        await conn.executemany(_APPEND, [_entry_row(1, e) for e in (
            LogEntry(1, 1, "deal", 1.0), LogEntry(2, 1, "act", 2.0, "cpu", 1, PASS))])
        await conn.commit()
    await conn.close()

    conn = await open_database(path)
    try:
        assert await schema_version(conn) == LATEST
        if start >= 1:
            repo = SqliteTableStore(conn)
            loaded = await repo.load(1)
            assert loaded is not None and loaded.seats[0] is not None
            assert loaded.seats[0].name == "Ann"
            assert [e.seq for e in await repo.entries(1)] == [1, 2]
            # the finished table whose result was not recorded is found at the next start
            assert [t.id for t in await repo.unsettled()] == [2]
    finally:
        await conn.close()
    assert schema(path) == schema(fresh)


async def test_reopening_the_latest_is_a_no_op(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    conn = await open_database(path)
    await conn.close()
    before = schema(path)
    conn = await open_database(path)
    await conn.close()
    assert schema(path) == before


@pytest.mark.parametrize(
    "content",
    [b"this is not a database at all\n" * 100, b"SQLite format 3\x00" + b"\xff" * 4000],
    ids=["text", "corrupt-header"],
)
async def test_unreadable_file_is_refused_and_left_untouched(tmp_path: Path,
                                                             content: bytes) -> None:
    path = tmp_path / "goita.sqlite3"
    path.write_bytes(content)
    with pytest.raises(DatabaseError) as info:
        await open_database(path)
    message = str(info.value)
    assert str(path) in message and "untouched" in message
    assert path.read_bytes() == content
    assert not Path(str(path) + "-wal").exists() or Path(str(path) + "-wal").stat().st_size == 0


async def test_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "goita.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE future (x INTEGER)")
        db.execute("INSERT INTO future VALUES (42)")
        db.execute(f"PRAGMA user_version = {LATEST + 1}")
    with pytest.raises(DatabaseError) as info:
        await open_database(path)
    assert "newer" in str(info.value)
    # nothing migrated, dropped or switched: the file is left exactly as the newer bot made it
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("delete",)
        assert db.execute("PRAGMA user_version").fetchone() == (LATEST + 1,)
        assert db.execute("SELECT x FROM future").fetchall() == [(42,)]
        names = {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
    assert "game_tables" not in names


async def test_run_transaction_commits_or_leaves_nothing(tmp_path: Path) -> None:
    """A write that fails halfway leaves no row behind and the connection usable; one that
    succeeds is committed and seen by another connection."""
    conn = await open_database(tmp_path / "g.db")
    try:
        await conn.execute("CREATE TABLE t (x INTEGER UNIQUE)")

        def half(db: sqlite3.Connection) -> None:
            db.execute("INSERT INTO t VALUES (1)")
            db.execute("INSERT INTO t VALUES (1)")  # breaks the constraint

        with pytest.raises(sqlite3.IntegrityError):
            await run_transaction(conn, half)
        assert not conn.in_transaction
        got = await run_transaction(conn, lambda db: db.execute(
            "INSERT INTO t VALUES (2)").rowcount)
        assert got == 1
        with sqlite3.connect(tmp_path / "g.db") as other:
            assert other.execute("SELECT x FROM t").fetchall() == [(2,)]
    finally:
        await conn.close()
