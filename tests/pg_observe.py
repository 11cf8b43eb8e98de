"""Reading what a bot process stored, from the test's side, on SQLite or on PostgreSQL.

The kill -9 and sharding tests watch the database of bot processes they run (never through
the bot): the newest table or one table by id rebuilt exactly as the bot restores it, the
stored action log, and how many results were recorded. :class:`SqliteDb` reads a file
read-only; :class:`PgDb` reads through its own small pool. Both give the environment that
points a bot process at the database (``env()``).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import asyncpg

from bot.app.table import Table
from goita_core.actions import action_from_json
from goita_core.match import Match

#: (seq, kind, seat, action) of every stored step, by table then seq
StoredLog = list[tuple[int, str, int | None, str | None]]


def rebuild(snapshot: str, entries: Sequence[Sequence[Any]]) -> Table:
    """A table from its snapshot and its current match's (seq, kind, seat, action, hands)
    rows: the match replayed as the bot replays it on restore."""
    table = Table.from_json(json.loads(snapshot))
    if table.match_no == 0:
        return table
    match = Match(table.rules, seed=table.seed, first_dealer=table.first_dealer, deal=False)
    for seq, kind, seat, action, hands in entries:
        if seq > table.version:
            break  # a step stored after the snapshot we read (both are read in one go)
        if kind == "deal":
            match.next_round(None if hands is None else json.loads(hands))
        else:
            match.apply(seat, action_from_json(json.loads(action)))
    table.match = match
    return table


class SqliteDb:
    kind = "sqlite"

    def __init__(self, path: Path) -> None:
        self.path = path

    def env(self) -> dict[str, str]:
        return {"DATABASE_PATH": str(self.path)}

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=5)

    async def newest(self) -> Table | None:
        return self._table("ORDER BY id DESC LIMIT 1", ())

    async def table(self, table_id: int) -> Table | None:
        return self._table("WHERE id = ?", (table_id,))

    async def newest_version(self) -> int | None:
        """The newest table's version only (cheap enough to poll without pause)."""
        if not self.path.exists():
            return None
        with self._connect() as conn:
            row = conn.execute("SELECT json_extract(snapshot, '$.version') FROM game_tables "
                               "ORDER BY id DESC LIMIT 1").fetchone()
        return None if row is None else int(row[0] or 0)

    def _table(self, where: str, args: tuple[Any, ...]) -> Table | None:
        if not self.path.exists():
            return None
        with self._connect() as conn:
            row = conn.execute(f"SELECT id, snapshot FROM game_tables {where}", args).fetchone()
            if row is None:
                return None
            match_no = json.loads(row[1]).get("match_no", 0)
            entries = conn.execute(
                "SELECT seq, kind, seat, action, hands FROM table_actions WHERE table_id = ? "
                "AND match_no = ? ORDER BY seq", (row[0], match_no)).fetchall()
        return rebuild(row[1], entries)

    async def stored_log(self, table_id: int | None = None) -> StoredLog:
        with self._connect() as conn:
            if table_id is None:
                rows = conn.execute("SELECT seq, kind, seat, action FROM table_actions "
                                    "ORDER BY table_id, seq")
            else:
                rows = conn.execute("SELECT seq, kind, seat, action FROM table_actions "
                                    "WHERE table_id = ? ORDER BY seq", (table_id,))
            return [tuple(r) for r in rows]

    async def recorded(self, guild_id: int | None = None) -> int:
        """Finished matches in the results store (-1 if this build has no results table)."""
        with self._connect() as conn:
            names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
            if "results_match" not in names:
                return -1
            if guild_id is None:
                return int(conn.execute("SELECT COUNT(*) FROM results_match").fetchone()[0])
            return int(conn.execute("SELECT COUNT(*) FROM results_match WHERE guild_id = ?",
                                    (guild_id,)).fetchone()[0])

    async def close(self) -> None:
        return None


class PgDb:
    kind = "postgresql"

    def __init__(self, url: str) -> None:
        self.url = url
        self._pool: asyncpg.Pool | None = None

    def env(self) -> dict[str, str]:
        return {"DATABASE_URL": self.url}

    async def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            self._pool = await asyncpg.create_pool(self.url, min_size=1, max_size=3)
        return self._pool

    async def _ready(self) -> asyncpg.Pool | None:
        """The pool, once a bot created the schema (None before)."""
        pool = await self.pool()
        if not await pool.fetchval("SELECT to_regclass('table_actions') IS NOT NULL"):
            return None
        return pool

    async def newest(self) -> Table | None:
        return await self._table("ORDER BY id DESC LIMIT 1")

    async def table(self, table_id: int) -> Table | None:
        return await self._table("WHERE id = $1", table_id)

    async def newest_version(self) -> int | None:
        """The newest table's version only (cheap enough to poll without pause)."""
        pool = await self._ready()
        if pool is None:
            return None
        found = await pool.fetchval("SELECT (snapshot::json ->> 'version')::int FROM "
                                    "game_tables ORDER BY id DESC LIMIT 1")
        return None if found is None else int(found)

    async def _table(self, where: str, *args: Any) -> Table | None:
        pool = await self._ready()
        if pool is None:
            return None
        # one snapshot of the database for the row and its log
        async with pool.acquire() as conn, conn.transaction(isolation="repeatable_read",
                                                            readonly=True):
            row = await conn.fetchrow(f"SELECT id, snapshot FROM game_tables {where}", *args)
            if row is None:
                return None
            match_no = json.loads(row["snapshot"]).get("match_no", 0)
            entries = await conn.fetch(
                "SELECT seq, kind, seat, action, hands FROM table_actions WHERE table_id = $1 "
                "AND match_no = $2 ORDER BY seq", row["id"], match_no)
        return rebuild(row["snapshot"], [tuple(e) for e in entries])

    async def stored_log(self, table_id: int | None = None) -> StoredLog:
        pool = await self.pool()
        if table_id is None:
            rows = await pool.fetch("SELECT seq, kind, seat, action FROM table_actions "
                                    "ORDER BY table_id, seq")
        else:
            rows = await pool.fetch("SELECT seq, kind, seat, action FROM table_actions "
                                    "WHERE table_id = $1 ORDER BY seq", table_id)
        return [(r["seq"], r["kind"], r["seat"], r["action"]) for r in rows]

    async def recorded(self, guild_id: int | None = None) -> int:
        pool = await self.pool()
        if guild_id is None:
            return int(await pool.fetchval("SELECT COUNT(*) FROM results_match"))
        return int(await pool.fetchval(
            "SELECT COUNT(*) FROM results_match WHERE guild_id = $1", guild_id))

    async def close(self) -> None:
        if self._pool is not None:
            await self._pool.close()
            self._pool = None


Db = SqliteDb | PgDb
