"""Starting the real bot (`python -m bot`) on a database it cannot use: it stops at once with
one clear sentence (no traceback), exit status 3, before connecting to Discord, and the file
is left byte for byte as it was. A missing file is created (checked in
tests/bot/storage/test_db.py and by every start in the kill -9 test). The same for a
PostgreSQL database (DATABASE_URL) that cannot be reached, does not exist, or is newer than
the bot; its password is never shown."""

from __future__ import annotations

import asyncio
import os
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import EXIT_DATABASE
from bot.storage.db import migrations
from bot.storage.postgres import open_pool
from bot.storage.postgres.db import migrations as pg_migrations
from tests.pg_fixtures import database_url

ROOT = Path(__file__).resolve().parents[2]


def start_bot(tmp_path: Path, db: Path | None = None,
              **more: str) -> subprocess.CompletedProcess[str]:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT),
           # a token, but no network: the bot must stop before it would try to log in
           "DISCORD_TOKEN": "not-a-real-token", **more}
    if db is not None:
        env["DATABASE_PATH"] = str(db)
    return subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.parametrize(
    "content",
    [b"not a database\n" * 200, b"SQLite format 3\x00" + b"\x13" * 5000],
    ids=["text", "damaged"],
)
def test_unreadable_database_stops_the_bot_clearly(tmp_path: Path, content: bytes) -> None:
    db = tmp_path / "goita.sqlite3"
    db.write_bytes(content)
    result = start_bot(tmp_path, db)
    assert result.returncode == EXIT_DATABASE, result.stderr
    assert "The Goita bot cannot start" in result.stderr
    assert "not a usable Goita database" in result.stderr and str(db) in result.stderr
    assert "Traceback" not in result.stderr
    assert "logging in" not in result.stderr  # it never tried Discord
    assert db.read_bytes() == content


def test_database_from_a_newer_bot_stops_it(tmp_path: Path) -> None:
    db = tmp_path / "goita.sqlite3"
    latest = migrations()[-1].version
    with sqlite3.connect(db) as conn:
        conn.execute(f"PRAGMA user_version = {latest + 5}")
    result = start_bot(tmp_path, db)
    assert result.returncode == EXIT_DATABASE, result.stderr
    assert "newer than this bot knows" in result.stderr
    assert "Traceback" not in result.stderr
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone() == (latest + 5,)


def test_an_unreachable_postgresql_stops_the_bot_clearly(tmp_path: Path) -> None:
    port = _free_port()  # nothing listens there: the connection is refused
    url = f"postgresql://goita:s3cret-pw@127.0.0.1:{port}/goita"
    result = start_bot(tmp_path, DATABASE_URL=url)
    assert result.returncode == EXIT_DATABASE, result.stderr
    assert "The Goita bot cannot start: cannot connect to the PostgreSQL database " \
        f"127.0.0.1:{port}/goita" in result.stderr
    assert "s3cret-pw" not in result.stderr
    assert "Traceback" not in result.stderr
    assert "logging in" not in result.stderr
    assert list(tmp_path.iterdir()) == []  # no SQLite file, no heartbeat


def test_a_missing_or_newer_postgresql_database_stops_the_bot(
        tmp_path: Path, postgres_server: str, pg_url: str) -> None:
    missing = database_url(postgres_server, "goita_no_such_database")
    result = start_bot(tmp_path, DATABASE_URL=missing)
    assert result.returncode == EXIT_DATABASE, result.stderr
    assert "goita_no_such_database" in result.stderr and "does not exist" in result.stderr
    assert "Traceback" not in result.stderr

    latest = pg_migrations()[-1].version

    async def from_a_newer_bot() -> None:
        pool = await open_pool(pg_url)
        try:
            await pool.execute("UPDATE goita_schema SET version = $1", latest + 5)
        finally:
            await pool.close()

    asyncio.run(from_a_newer_bot())
    result = start_bot(tmp_path, DATABASE_URL=pg_url)
    assert result.returncode == EXIT_DATABASE, result.stderr
    assert "newer than this bot knows" in result.stderr
    assert "Traceback" not in result.stderr
    assert "logging in" not in result.stderr
