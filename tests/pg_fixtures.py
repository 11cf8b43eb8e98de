"""pytest fixtures for PostgreSQL: one real server per test session, one database per test.

The server is TEST_DATABASE_URL when set (a server where that user may create databases),
otherwise a private one started from the installed PostgreSQL binaries (tests/pg_server.py)
and stopped when the session ends. It is only started if a test asks for it.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from tests import pg_server


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The URL of a PostgreSQL server for the whole session (its maintenance database)."""
    given = os.environ.get("TEST_DATABASE_URL")
    if given:
        yield given
        return
    # not under pytest's tmp_path: its parents are private to root, and the server runs
    # as the postgres user
    directory = Path(tempfile.mkdtemp(prefix="goita-pg-"))
    try:
        try:
            server = pg_server.start(directory)
        except pg_server.ServerError as exc:
            pytest.fail(f"cannot start a PostgreSQL server for the tests: {exc}")
        yield server.url
    finally:
        pg_server.stop(directory)
        shutil.rmtree(directory, ignore_errors=True)


def database_url(server_url: str, name: str) -> str:
    parts = urlsplit(server_url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))


@pytest.fixture
def pg_url(postgres_server: str) -> Iterator[str]:
    """A new, empty database on the session's server; dropped after the test.

    A plain fixture (it may be requested from an async one, inside a running loop), so the
    database is created from a helper thread with its own loop."""
    name = f"goita_test_{uuid.uuid4().hex[:12]}"
    _admin(postgres_server, f'CREATE DATABASE "{name}"')
    try:
        yield database_url(postgres_server, name)
    finally:
        _admin(postgres_server, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _admin(server_url: str, sql: str) -> None:
    async def run() -> None:
        conn = await asyncpg.connect(server_url)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, run()).result(timeout=60)
