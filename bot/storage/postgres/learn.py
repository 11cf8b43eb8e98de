"""The PostgreSQL :class:`~bot.app.learn.ports.LearnStore`: tutorial progress, cached
reviews and hint use (migration ``005_learn.sql``), the same contract as the SQLite
:class:`bot.storage.learn.SqliteLearnStore`."""

from __future__ import annotations

import time

from bot.app.learn.ports import ReviewKey
from bot.app.learn.review import Review
from bot.app.learn.tutorial import Progress, ProgressError
from bot.storage.postgres.db import Pool


class PgLearnStore:
    def __init__(self, pool: Pool) -> None:
        self.pool = pool

    async def load_progress(self, user_id: int) -> Progress | None:
        text = await self.pool.fetchval(
            "SELECT progress FROM learn_progress WHERE user_id = $1", user_id)
        if text is None:
            return None
        try:
            return Progress.from_json(text)
        except ProgressError:
            return None

    async def save_progress(self, user_id: int, progress: Progress) -> None:
        await self.pool.execute(
            "INSERT INTO learn_progress (user_id, progress, updated_at) VALUES ($1, $2, $3) "
            "ON CONFLICT (user_id) DO UPDATE SET progress = excluded.progress, "
            "updated_at = excluded.updated_at",
            user_id, progress.to_json(), time.time())

    async def clear_progress(self, user_id: int) -> None:
        await self.pool.execute("DELETE FROM learn_progress WHERE user_id = $1", user_id)

    async def load_review(self, key: ReviewKey) -> Review | None:
        text = await self.pool.fetchval(
            "SELECT review FROM learn_reviews WHERE match_key = $1 AND seat = $2 "
            "AND version = $3", key.match, key.seat, key.version)
        return None if text is None else Review.from_json(text)

    async def save_review(self, key: ReviewKey, review: Review) -> None:
        await self.pool.execute(
            "INSERT INTO learn_reviews (match_key, seat, version, review, created_at) "
            "VALUES ($1, $2, $3, $4, $5) ON CONFLICT (match_key, seat, version) "
            "DO UPDATE SET review = excluded.review, created_at = excluded.created_at",
            key.match, key.seat, key.version, review.to_json(), time.time())

    async def record_hint(self, table_id: int, started_at: float, user_id: int, at: float
                          ) -> None:
        await self.pool.execute(
            "INSERT INTO learn_hints (table_id, started_at, user_id, first_at, uses) "
            "VALUES ($1, $2, $3, $4, 1) ON CONFLICT (table_id, started_at, user_id) "
            "DO UPDATE SET uses = learn_hints.uses + 1",
            table_id, started_at, user_id, at)

    async def hint_users(self, table_id: int, started_at: float) -> list[int]:
        rows = await self.pool.fetch(
            "SELECT user_id FROM learn_hints WHERE table_id = $1 AND started_at = $2 "
            "ORDER BY first_at, user_id", table_id, started_at)
        return [int(r["user_id"]) for r in rows]
