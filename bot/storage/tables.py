"""The SQLite :class:`~bot.app.ports.TableStore`: one row per table (JSON snapshot) plus an
append-only action log.

Every write is in one transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``, see
:func:`bot.storage.db.transaction`) so a table's snapshot and the log entries of the step that
produced it are stored together or not at all. Saves are group-committed
(:class:`bot.storage.db.GroupCommit`): the steps of many tables that queue while one
transaction is written go together in the next, and each ``save`` returns once its own step
is committed. The service commits here before anything is shown to users.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from typing import Any

import aiosqlite

from bot.app.ports import ChannelTaken, TableStatus
from bot.app.steplog import LogEntry
from bot.app.table import Table, unsettled
from goita_core.actions import action_from_json

from .db import GroupCommit, transaction

_UPDATE = ("UPDATE game_tables SET status = ?, snapshot = ?, board_message_id = ?, "
           "next_deadline = ?, updated_at = ?, unsettled = ? WHERE id = ?")
_APPEND = ("INSERT INTO table_actions (table_id, seq, match_no, kind, seat, action, hands, "
           "actor, user_id, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
#: one step to store: the table's row and its log entries' rows
_Step = tuple[tuple[Any, ...], list[tuple[Any, ...]]]


def _table_row(table: Table) -> tuple[Any, ...]:
    return (table.status, json.dumps(table.to_json(), ensure_ascii=False),
            table.board_message_id, table.deadlines.earliest(), table.updated_at,
            unsettled(table), table.id)


def _write_steps(db: sqlite3.Connection, steps: Sequence[_Step]) -> None:
    db.executemany(_UPDATE, [row for row, _ in steps])
    entries = [e for _, rows in steps for e in rows]
    if entries:
        db.executemany(_APPEND, entries)


def _entry_row(table_id: int, e: LogEntry) -> tuple[Any, ...]:
    action = None if e.action is None else json.dumps(
        e.action.to_json(),  # type: ignore[attr-defined]
        ensure_ascii=False,
    )
    hands = None if e.hands is None else json.dumps([list(h) for h in e.hands])
    return (table_id, e.seq, e.match_no, e.kind, e.seat, action, hands, e.actor, e.user_id,
            e.at)


def _entry_from_row(row: aiosqlite.Row) -> LogEntry:
    action = None if row["action"] is None else action_from_json(json.loads(row["action"]))
    hands = None if row["hands"] is None else tuple(
        tuple(int(k) for k in h) for h in json.loads(row["hands"])
    )
    return LogEntry(
        seq=int(row["seq"]),
        match_no=int(row["match_no"]),
        kind=row["kind"],
        at=float(row["at"]),
        actor=row["actor"],
        seat=row["seat"],
        action=action,
        hands=hands,
        user_id=row["user_id"],
    )


class SqliteTableStore:
    """:class:`~bot.app.ports.TableStore` on the bot's aiosqlite connection."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self._saves: GroupCommit[_Step] = GroupCommit(conn, _write_steps,
                                                       "goita-table-commit")

    async def create(self, table: Table) -> int:
        """Insert a new table (``table.id`` is ignored) and return its id.

        Raises :class:`ChannelTaken` if the channel already has a live table."""
        try:
            async with transaction(self.conn) as conn:
                cur = await conn.execute(
                    "INSERT INTO game_tables (guild_id, channel_id, status, snapshot, "
                    "created_at, updated_at) VALUES (?, ?, ?, '{}', ?, ?)",
                    (table.guild_id, table.channel_id, table.status, table.created_at,
                     table.updated_at),
                )
                new_id = cur.lastrowid
                assert new_id is not None
                table.id = new_id
                await conn.execute(_UPDATE, _table_row(table))
        except sqlite3.IntegrityError as exc:
            raise ChannelTaken(str(exc)) from exc
        return new_id

    async def save(self, table: Table, entries: Sequence[LogEntry] = ()) -> None:
        """Store the table's snapshot and append ``entries`` in one transaction (shared
        with other tables' steps queued at the same time); returns once it is committed."""
        step = (_table_row(table), [_entry_row(table.id, e) for e in entries])
        try:
            await self._saves.submit(step)
        except sqlite3.IntegrityError as exc:
            # a rematch may find the channel taken; anything else (a duplicate seq) is a bug
            if "game_tables.channel_id" in str(exc):
                raise ChannelTaken(str(exc)) from exc
            raise

    async def load(self, table_id: int) -> Table | None:
        async with self.conn.execute(
            "SELECT snapshot FROM game_tables WHERE id = ?", (table_id,)
        ) as cur:
            row = await cur.fetchone()
        return None if row is None else Table.from_json(json.loads(row["snapshot"]))

    async def load_where(self, statuses: Sequence[TableStatus]) -> list[Table]:
        marks = ", ".join("?" for _ in statuses)
        return await self._load(f"status IN ({marks})", tuple(statuses))

    async def _load(self, where: str, args: tuple[Any, ...] = ()) -> list[Table]:
        """The tables ``where`` selects (its parameters ``args``), oldest first."""
        async with self.conn.execute(
            f"SELECT snapshot FROM game_tables WHERE {where} ORDER BY id", args
        ) as cur:
            rows = await cur.fetchall()
        return [Table.from_json(json.loads(r["snapshot"])) for r in rows]

    async def load_live(self) -> list[Table]:
        """Every table in the lobby or playing."""
        return await self.load_where(("lobby", "playing"))

    async def unsettled(self) -> list[Table]:
        """Closed tables whose result is to record or closing board to show."""
        return await self._load("unsettled = 1")

    async def entries(self, table_id: int, match_no: int | None = None) -> list[LogEntry]:
        """The table's log in order, all of it or one match's."""
        args: tuple[int, ...]
        if match_no is None:
            sql, args = "SELECT * FROM table_actions WHERE table_id = ? ORDER BY seq", (
                table_id,)
        else:
            sql = "SELECT * FROM table_actions WHERE table_id = ? AND match_no = ? ORDER BY seq"
            args = (table_id, match_no)
        async with self.conn.execute(sql, args) as cur:
            rows = await cur.fetchall()
        return [_entry_from_row(r) for r in rows]

    async def live_table_in_channel(self, channel_id: int) -> int | None:
        async with self.conn.execute(
            "SELECT id FROM game_tables WHERE channel_id = ? AND status IN ('lobby', 'playing')",
            (channel_id,),
        ) as cur:
            row = await cur.fetchone()
        return None if row is None else int(row["id"])
