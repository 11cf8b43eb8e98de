"""The SQLite :class:`~bot.app.learn.ports.LearnStore`: tutorial progress, cached reviews
and hint use (migration ``003_learn.sql``)."""

from __future__ import annotations

import time

import aiosqlite

from bot.app.learn.ports import ReviewKey
from bot.app.learn.review import Review
from bot.app.learn.tutorial import Progress, ProgressError

from .db import transaction


class SqliteLearnStore:
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def load_progress(self, user_id: int) -> Progress | None:
        async with self.conn.execute(
            "SELECT progress FROM learn_progress WHERE user_id = ?", (user_id,)
        ) as cur:
            row = await cur.fetchone()
        if row is None:
            return None
        try:
            return Progress.from_json(row["progress"])
        except ProgressError:
            return None

    async def save_progress(self, user_id: int, progress: Progress) -> None:
        async with transaction(self.conn) as conn:
            await conn.execute(
                "INSERT INTO learn_progress (user_id, progress, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET progress = excluded.progress, "
                "updated_at = excluded.updated_at",
                (user_id, progress.to_json(), time.time()),
            )

    async def clear_progress(self, user_id: int) -> None:
        async with transaction(self.conn) as conn:
            await conn.execute("DELETE FROM learn_progress WHERE user_id = ?", (user_id,))

    async def load_review(self, key: ReviewKey) -> Review | None:
        async with self.conn.execute(
            "SELECT review FROM learn_reviews WHERE match_key = ? AND seat = ? AND version = ?",
            (key.match, key.seat, key.version),
        ) as cur:
            row = await cur.fetchone()
        return None if row is None else Review.from_json(row["review"])

    async def save_review(self, key: ReviewKey, review: Review) -> None:
        async with transaction(self.conn) as conn:
            await conn.execute(
                "INSERT OR REPLACE INTO learn_reviews (match_key, seat, version, review, "
                "created_at) VALUES (?, ?, ?, ?, ?)",
                (key.match, key.seat, key.version, review.to_json(), time.time()),
            )

    async def record_hint(self, table_id: int, started_at: float, user_id: int, at: float
                          ) -> None:
        async with transaction(self.conn) as conn:
            await conn.execute(
                "INSERT INTO learn_hints (table_id, started_at, user_id, first_at, uses) "
                "VALUES (?, ?, ?, ?, 1) ON CONFLICT (table_id, started_at, user_id) "
                "DO UPDATE SET uses = uses + 1",
                (table_id, started_at, user_id, at),
            )

    async def hint_users(self, table_id: int, started_at: float) -> list[int]:
        async with self.conn.execute(
            "SELECT user_id FROM learn_hints WHERE table_id = ? AND started_at = ? "
            "ORDER BY first_at, user_id",
            (table_id, started_at),
        ) as cur:
            rows = await cur.fetchall()
        return [int(r["user_id"]) for r in rows]
