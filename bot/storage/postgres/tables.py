"""Tables on PostgreSQL: one row per table (JSON snapshot) plus the append-only action log.

The same contract as the SQLite :class:`bot.storage.tables.SqliteTableStore`: each write is
one transaction, so a step's snapshot and log entries are stored together or not at all,
and it is committed before the call returns (before anyone is shown the step). Transactions
run on pooled connections, so writes of different tables proceed in parallel.

With ``leases`` every write is fenced by the lease of the table's shard (see
:mod:`bot.storage.postgres.leases`) and raises :class:`LeaseLost` without changing anything
when this process no longer holds it; the live tables it loads are those of its shards.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, cast

import asyncpg

from bot.app.ports import ChannelTaken
from bot.app.steplog import LogEntry
from bot.app.table import Table, unsettled
from bot.storage.postgres.db import Connection, Pool
from bot.storage.postgres.leases import FENCE, LeaseLost, ShardLeases
from bot.storage.tables import _entry_from_row, _entry_row

_LIVE_CHANNEL = "game_tables_live_channel"


class PgTableStore:
    def __init__(self, pool: Pool, leases: ShardLeases | None = None) -> None:
        self.pool = pool
        self.leases = leases

    async def create(self, table: Table) -> int:
        """Insert a new table (``table.id`` is ignored) and return its id.

        Raises :class:`ChannelTaken` if the channel already has a live table."""
        try:
            async with self.pool.acquire() as conn, conn.transaction():
                await self._fence(conn, table.guild_id)
                new_id = int(await conn.fetchval(
                    "INSERT INTO game_tables (guild_id, channel_id, status, snapshot, "
                    "created_at, updated_at) VALUES ($1, $2, $3, '{}', $4, $5) RETURNING id",
                    table.guild_id, table.channel_id, table.status, table.created_at,
                    table.updated_at,
                ))
                table.id = new_id
                await self._update(conn, table)
        except asyncpg.UniqueViolationError as exc:
            if exc.constraint_name == _LIVE_CHANNEL:
                raise ChannelTaken(str(exc)) from exc
            raise
        return new_id

    async def save(self, table: Table, entries: Sequence[LogEntry] = ()) -> None:
        """Store the table's snapshot and append ``entries`` in one transaction."""
        try:
            async with self.pool.acquire() as conn, conn.transaction():
                await self._fence(conn, table.guild_id)
                await self._update(conn, table)
                if entries:
                    await conn.executemany(
                        "INSERT INTO table_actions (table_id, seq, match_no, kind, seat, "
                        "action, hands, actor, user_id, at) VALUES ($1, $2, $3, $4, $5, $6, "
                        "$7, $8, $9, $10)",
                        [_entry_row(table.id, e) for e in entries],
                    )
        except asyncpg.UniqueViolationError as exc:
            # a rematch may find the channel taken; anything else (a duplicate seq) is a bug
            if exc.constraint_name == _LIVE_CHANNEL:
                raise ChannelTaken(str(exc)) from exc
            raise

    async def _fence(self, conn: Connection, guild_id: int) -> None:
        if self.leases is None:
            return
        if await conn.fetchval(FENCE, self.leases.owner, self.leases.shards.count,
                               guild_id) is None:
            raise LeaseLost(
                f"this process no longer holds the lease of the shard of server {guild_id}"
            )

    async def _update(self, conn: Connection, table: Table) -> None:
        await conn.execute(
            "UPDATE game_tables SET status = $1, snapshot = $2, board_message_id = $3, "
            "next_deadline = $4, updated_at = $5, unsettled = $6 WHERE id = $7",
            table.status, json.dumps(table.to_json(), ensure_ascii=False),
            table.board_message_id, table.deadlines.earliest(), table.updated_at,
            unsettled(table), table.id,
        )

    async def load(self, table_id: int) -> Table | None:
        snapshot = await self.pool.fetchval(
            "SELECT snapshot FROM game_tables WHERE id = $1", table_id)
        return None if snapshot is None else Table.from_json(json.loads(snapshot))

    async def load_where(self, statuses: Sequence[str]) -> list[Table]:
        """Tables in ``statuses``; with leases, only those of the shards held."""
        return await self._load_held("status = ANY($1::text[])", [list(statuses)])

    async def _load_held(self, where: str, args: list[Any]) -> list[Table]:
        """The tables ``where`` selects (its parameters ``args``); with leases, only those
        of the shards held."""
        sql = f"SELECT snapshot FROM game_tables WHERE {where}"
        if self.leases is not None:
            n = len(args)
            sql += f" AND (guild_id >> 22) % ${n + 1} = ANY(${n + 2}::int[])"
            args = [*args, self.leases.shards.count, sorted(self.leases.held)]
        rows = await self.pool.fetch(sql + " ORDER BY id", *args)
        return [Table.from_json(json.loads(r["snapshot"])) for r in rows]

    async def load_live(self) -> list[Table]:
        """Every table in the lobby or playing (with leases: of the shards held)."""
        return await self.load_where(("lobby", "playing"))

    async def unsettled(self) -> list[Table]:
        """Closed tables whose result is to record or closing board to show (with leases:
        of the shards held)."""
        return await self._load_held("unsettled", [])

    async def entries(self, table_id: int, match_no: int | None = None) -> list[LogEntry]:
        """The table's log in order, all of it or one match's."""
        if match_no is None:
            rows = await self.pool.fetch(
                "SELECT * FROM table_actions WHERE table_id = $1 ORDER BY seq", table_id)
        else:
            rows = await self.pool.fetch(
                "SELECT * FROM table_actions WHERE table_id = $1 AND match_no = $2 "
                "ORDER BY seq", table_id, match_no)
        return [_entry_from_row(cast(Any, r)) for r in rows]

    async def live_table_in_channel(self, channel_id: int) -> int | None:
        found = await self.pool.fetchval(
            "SELECT id FROM game_tables WHERE channel_id = $1 "
            "AND status IN ('lobby', 'playing')", channel_id)
        return None if found is None else int(found)
