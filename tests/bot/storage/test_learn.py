"""The learning store behaves the same on SQLite and on PostgreSQL (each test runs on both,
against a real database): tutorial progress, cached reviews and hint use survive reopening
the database."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.app.learn.ports import LearnStore, ReviewKey
from bot.app.learn.review import Decision, Review
from bot.app.learn.tutorial import Progress
from bot.storage.db import open_database
from bot.storage.learn import SqliteLearnStore
from bot.storage.postgres import open_pool
from bot.storage.postgres.learn import PgLearnStore
from goita_core.actions import PASS, Play
from goita_core.pieces import Kind


@dataclass
class Opened:
    store: LearnStore
    close: Callable[[], Awaitable[None]]
    #: runs one statement with positional parameters written as $1, $2 ...
    execute: Callable[..., Awaitable[object]]


@pytest.fixture(params=["sqlite", "postgresql"])
def reopen(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[[], Awaitable[Opened]]:
    """Opens the same database again each time it is called."""
    if request.param == "sqlite":
        path = tmp_path / "learn.sqlite3"

        async def sqlite() -> Opened:
            conn = await open_database(path)

            async def execute(sql: str, *args: object) -> object:
                for i in range(len(args), 0, -1):
                    sql = sql.replace(f"${i}", "?")
                return await conn.execute(sql, args)

            return Opened(SqliteLearnStore(conn), conn.close, execute)

        return sqlite
    url = request.getfixturevalue("pg_url")

    async def postgresql() -> Opened:
        pool = await open_pool(url, max_size=2)
        return Opened(PgLearnStore(pool), pool.close, pool.execute)

    return postgresql


@pytest.fixture
async def opened(reopen: Callable[[], Awaitable[Opened]]) -> AsyncIterator[Opened]:
    db = await reopen()
    try:
        yield db
    finally:
        await db.close()


async def test_progress_round_trips_and_survives_reopening(
        reopen: Callable[[], Awaitable[Opened]]) -> None:
    db = await reopen()
    store = db.store
    assert await store.load_progress(1) is None
    await store.save_progress(1, Progress(0, 5, (0,), 2))
    await store.save_progress(1, Progress(1, 1, (), 3))
    await store.save_progress(2, Progress())
    await store.save_progress(1 << 62, Progress(2, 0, (), 1))  # Discord ids use 64 bits
    await db.close()
    db = await reopen()
    store = db.store
    assert await store.load_progress(1) == Progress(1, 1, (), 3)
    assert await store.load_progress(1 << 62) == Progress(2, 0, (), 1)
    await store.clear_progress(1)
    assert await store.load_progress(1) is None
    assert await store.load_progress(2) == Progress()
    await db.close()


async def test_unreadable_progress_reads_as_none(opened: Opened) -> None:
    await opened.execute("INSERT INTO learn_progress VALUES ($1, $2, $3)", 4,
                         '{"lesson": -1}', 0.0)
    assert await opened.store.load_progress(4) is None


async def test_reviews_are_cached_per_match_seat_and_version(opened: Opened) -> None:
    store = opened.store
    review = Review(1, (Decision(2, 7, PASS, Play(Kind.SHI, Kind.KIN), -10.0, 12.5),
                        Decision(1, 1, Play(Kind.GON, Kind.GON), Play(Kind.GON, Kind.GON),
                                 3.0, 3.0)))
    key = ReviewKey("1:10", 1, 1)
    assert await store.load_review(key) is None
    await store.save_review(key, review)
    assert await store.load_review(key) == review
    assert await store.load_review(ReviewKey("1:10", 1, 2)) is None
    assert await store.load_review(ReviewKey("1:10", 0, 1)) is None
    await store.save_review(key, Review(1, ()))  # a new analysis replaces the old one
    assert await store.load_review(key) == Review(1, ())


async def test_hint_users_in_order_of_first_use(opened: Opened) -> None:
    store = opened.store
    await store.record_hint(3, 1.5, 20, 5.0)
    await store.record_hint(3, 1.5, 10, 6.0)
    await store.record_hint(3, 1.5, 20, 7.0)
    await store.record_hint(3, 2.0, 30, 8.0)
    assert await store.hint_users(3, 1.5) == [20, 10]
    assert await store.hint_users(3, 2.0) == [30]
    assert await store.hint_users(4, 1.5) == []
    await store.record_hint(3, 1.5, 20, 9.0)
    # the first use stays the first; the uses add up
    assert await store.hint_users(3, 1.5) == [20, 10]
