"""Opening the PostgreSQL database: a connection pool and the migrations.

Migrations are the files ``migrations/NNN_name.sql`` of this package: the PostgreSQL dialect
of each SQLite one (same tables; the numbering is this package's own, since
``003_shard_leases`` is PostgreSQL only: SQLite's ``003_learn`` is ``005_learn`` here, and
each file names its SQLite original). The schema version is the one row of
``goita_schema``. Each file runs in one transaction (PostgreSQL's DDL is transactional),
under an advisory lock so that processes starting together migrate once.
"""

from __future__ import annotations

import re
from importlib import resources
from typing import TypeAlias

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.config import describe_database_url
from bot.storage.db import DatabaseError, Migration

_MIGRATION_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")
#: first key of every advisory lock the bot takes, so it shares a database with other users
LOCK_NAMESPACE = 0x607A
_MIGRATION_LOCK = 0

Pool = asyncpg.Pool
#: a plain connection or one borrowed from the pool
Connection: TypeAlias = (
    "asyncpg.Connection[asyncpg.Record] | PoolConnectionProxy[asyncpg.Record]")


def migrations(package: str = "bot.storage.postgres.migrations") -> list[Migration]:
    found: list[Migration] = []
    for entry in resources.files(package).iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append(Migration(int(match.group(1)), entry.name, entry.read_text("utf-8")))
    found.sort(key=lambda m: m.version)
    versions = [m.version for m in found]
    if versions != list(range(1, len(found) + 1)):
        raise DatabaseError(f"migration numbers must run 1, 2, 3 ... without gaps: {versions}")
    return found


def describe_url(url: str) -> str:
    """``host:port/database`` of a connection URL: the password is never shown."""
    return describe_database_url(url).removeprefix("postgresql://")


async def open_pool(
    url: str, *, upto: int | None = None, min_size: int = 1, max_size: int = 10,
    connect_timeout: float = 10.0,
) -> Pool:
    """Connect a pool to ``url`` and migrate the database.

    Raises :class:`DatabaseError` (one sentence, no password) when the server cannot be
    reached or the schema is newer than this bot. ``upto`` stops at a migration version
    (for upgrade tests)."""
    try:
        pool = await asyncpg.create_pool(
            url, min_size=min_size, max_size=max_size, timeout=connect_timeout,
            command_timeout=60,
        )
    except (OSError, TimeoutError, ValueError, asyncpg.PostgresError,
            asyncpg.InterfaceError) as exc:
        raise DatabaseError(
            f"cannot connect to the PostgreSQL database {describe_url(url)}: {exc}"
        ) from exc
    try:
        async with pool.acquire() as conn:
            await _migrate(conn, upto)
    except BaseException:
        await pool.close()
        raise
    return pool


async def schema_version(conn: Connection | Pool) -> int:
    exists = await conn.fetchval("SELECT to_regclass('goita_schema') IS NOT NULL")
    if not exists:
        return 0
    return int(await conn.fetchval("SELECT version FROM goita_schema"))


async def _migrate(conn: Connection, upto: int | None) -> None:
    known = migrations()
    latest = known[-1].version
    await conn.execute("SELECT pg_advisory_lock($1, $2)", LOCK_NAMESPACE, _MIGRATION_LOCK)
    try:
        async with conn.transaction():
            await conn.execute(
                "CREATE TABLE IF NOT EXISTS goita_schema (version INTEGER NOT NULL)")
            if await conn.fetchval("SELECT count(*) FROM goita_schema") == 0:
                await conn.execute("INSERT INTO goita_schema (version) VALUES (0)")
        current = await schema_version(conn)
        if current > latest:
            raise DatabaseError(
                f"the database is at schema version {current}, newer than this bot knows "
                f"({latest}); upgrade the bot instead of using an older one"
            )
        for migration in known:
            if migration.version <= current or (upto is not None and migration.version > upto):
                continue
            # one transaction per file: a failing file leaves the version before it
            async with conn.transaction():
                await conn.execute(migration.sql)
                await conn.execute("UPDATE goita_schema SET version = $1", migration.version)
    finally:
        await conn.execute("SELECT pg_advisory_unlock($1, $2)", LOCK_NAMESPACE,
                           _MIGRATION_LOCK)
