"""The learning store on a real SQLite file: tutorial progress, cached reviews and hint use
survive reopening the database."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import aiosqlite
import pytest

from bot.app.learn.ports import LearnStore, ReviewKey
from bot.app.learn.review import Decision, Review
from bot.app.learn.tutorial import Progress
from bot.storage.db import open_database
from bot.storage.learn import SqliteLearnStore
from goita_core.actions import PASS, Play
from goita_core.pieces import Kind


@pytest.fixture
async def conn(tmp_path: Path) -> AsyncIterator[aiosqlite.Connection]:
    c = await open_database(tmp_path / "t.sqlite3")
    try:
        yield c
    finally:
        await c.close()


async def test_progress_round_trips_and_survives_reopening(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    conn = await open_database(path)
    store: LearnStore = SqliteLearnStore(conn)
    assert await store.load_progress(1) is None
    await store.save_progress(1, Progress(0, 5, (0,), 2))
    await store.save_progress(1, Progress(1, 1, (), 3))
    await store.save_progress(2, Progress())
    await conn.close()
    conn = await open_database(path)
    store = SqliteLearnStore(conn)
    assert await store.load_progress(1) == Progress(1, 1, (), 3)
    await store.clear_progress(1)
    assert await store.load_progress(1) is None
    assert await store.load_progress(2) == Progress()
    await conn.close()


async def test_unreadable_progress_reads_as_none(conn: aiosqlite.Connection) -> None:
    await conn.execute("INSERT INTO learn_progress VALUES (4, '{\"lesson\": -1}', 0)")
    assert await SqliteLearnStore(conn).load_progress(4) is None


async def test_reviews_are_cached_per_match_seat_and_version(conn: aiosqlite.Connection
                                                             ) -> None:
    store = SqliteLearnStore(conn)
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


async def test_hint_users_in_order_of_first_use(conn: aiosqlite.Connection) -> None:
    store = SqliteLearnStore(conn)
    await store.record_hint(3, 1, 20, 5.0)
    await store.record_hint(3, 1, 10, 6.0)
    await store.record_hint(3, 1, 20, 7.0)
    await store.record_hint(3, 2, 30, 8.0)
    assert await store.hint_users(3, 1) == [20, 10]
    assert await store.hint_users(3, 2) == [30]
    assert await store.hint_users(4, 1) == []
    async with conn.execute("SELECT uses FROM learn_hints WHERE user_id = 20") as cur:
        row = await cur.fetchone()
    assert row is not None and row[0] == 2
