"""The delivery store behaves the same on SQLite and on PostgreSQL (each test runs on both,
against a real database): pings and open hands round-trip with 64-bit ids, a batch sets,
replaces and removes rows at once, a closed table's rows all go, and a hand whose token
expired is deleted when the state is loaded."""

from __future__ import annotations

import stat
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.app.ports import DeliveryBatch, StoredHand, StoredPing
from bot.storage.db import open_database
from bot.storage.delivery import SqliteDeliveryStore
from bot.storage.postgres import open_pool
from bot.storage.postgres.delivery import PgDeliveryStore

BIG = (1 << 62) + 5  # Discord ids use all 64 bits


@pytest.fixture(params=["sqlite", "postgresql"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Any]:
    if request.param == "sqlite":
        conn = await open_database(tmp_path / "goita.sqlite3")
        try:
            yield SqliteDeliveryStore(conn)
        finally:
            await conn.close()
    else:
        pool = await open_pool(request.getfixturevalue("pg_url"))
        try:
            yield PgDeliveryStore(pool)
        finally:
            await pool.close()


def ping(table_id: int, message_id: int = BIG + 1, seat: int = 2,
         kind: str = "your_turn") -> StoredPing:
    return StoredPing(table_id, BIG + 100, message_id, seat, kind)


def hand(table_id: int, user_id: int, expires_at: float = 1000.0,
         token: str = "secret-token") -> StoredHand:
    return StoredHand(table_id, user_id, BIG + 200, token, BIG + 300 + user_id % 1000, expires_at,
                      "ja", version=user_id % 1000)


async def test_pings_and_hands_round_trip_and_a_batch_replaces(store: Any) -> None:
    assert (await store.load_delivery(0.0)).pings == []
    await store.write_delivery(DeliveryBatch(
        pings={1: ping(1), BIG: ping(BIG, kind="goshi")},
        hands={(1, BIG): hand(1, BIG), (1, 7): hand(1, 7, 500.5)}))
    loaded = await store.load_delivery(0.0)
    assert loaded.pings == [ping(1), ping(BIG, kind="goshi")]
    assert loaded.hands == [hand(1, 7, 500.5), hand(1, BIG)]
    # a new ping and a newer token replace the old ones; None removes
    await store.write_delivery(DeliveryBatch(
        pings={1: ping(1, message_id=99, seat=0), BIG: None},
        hands={(1, 7): hand(1, 7, 900.0, token="newer"), (1, BIG): None}))
    loaded = await store.load_delivery(0.0)
    assert loaded.pings == [ping(1, message_id=99, seat=0)]
    assert loaded.hands == [hand(1, 7, 900.0, token="newer")]
    assert loaded.hands[0].token == "newer"


async def test_a_closed_table_loses_its_rows_and_keeps_later_ones(store: Any) -> None:
    await store.write_delivery(DeliveryBatch(
        pings={1: ping(1), 2: ping(2)}, hands={(1, 7): hand(1, 7), (2, 7): hand(2, 7)}))
    # closing table 1 and, in the same batch, a hand set at it afterwards (as the batch's
    # rule says: the closed tables' rows go first)
    await store.write_delivery(DeliveryBatch(closed={1}, hands={(1, 8): hand(1, 8)}))
    loaded = await store.load_delivery(0.0)
    assert loaded.pings == [ping(2)]
    assert loaded.hands == [hand(1, 8), hand(2, 7)]


async def test_expired_hands_are_deleted_when_loaded(store: Any) -> None:
    await store.write_delivery(DeliveryBatch(
        hands={(1, 7): hand(1, 7, 100.0), (1, 8): hand(1, 8, 200.0)}))
    assert (await store.load_delivery(150.0)).hands == [hand(1, 8, 200.0)]
    # gone for good: a load at an earlier time does not bring it back
    assert (await store.load_delivery(0.0)).hands == [hand(1, 8, 200.0)]
    assert (await store.load_delivery(200.0)).hands == []


async def test_an_empty_batch_writes_nothing(store: Any) -> None:
    await store.write_delivery(DeliveryBatch())
    loaded = await store.load_delivery(0.0)
    assert (loaded.pings, loaded.hands) == ([], [])


def test_the_token_is_not_in_the_repr() -> None:
    assert "secret-token" not in repr(hand(1, 7))
    assert "secret-token" not in str(DeliveryBatch(hands={(1, 7): hand(1, 7)}))


async def test_the_sqlite_file_holding_tokens_is_private(tmp_path: Path) -> None:
    path = tmp_path / "goita.sqlite3"
    conn = await open_database(path)
    try:
        await SqliteDeliveryStore(conn).write_delivery(
            DeliveryBatch(hands={(1, 7): hand(1, 7)}))
    finally:
        await conn.close()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
