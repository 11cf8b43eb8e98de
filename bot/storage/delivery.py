"""The SQLite :class:`~bot.app.ports.DeliveryStore`: the presenter's turn pings and open
hands (migration ``005_delivery.sql``)."""

from __future__ import annotations

import sqlite3

import aiosqlite

from bot.app.ports import Delivery, DeliveryBatch, StoredHand, StoredPing

from .db import run_transaction, transaction

PING_COLUMNS = "table_id, channel_id, message_id, seat, kind"
HAND_COLUMNS = ("table_id, user_id, application_id, token, message_id, expires_at, lang, "
                "version")


class SqliteDeliveryStore:
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def load_delivery(self, now: float) -> Delivery:
        async with transaction(self.conn) as conn:
            await conn.execute("DELETE FROM delivery_hands WHERE expires_at <= ?", (now,))
            async with conn.execute(f"SELECT {PING_COLUMNS} FROM delivery_pings "
                                    "ORDER BY table_id") as cur:
                pings = [StoredPing(*row) for row in await cur.fetchall()]
            async with conn.execute(f"SELECT {HAND_COLUMNS} FROM delivery_hands "
                                    "ORDER BY table_id, user_id") as cur:
                hands = [StoredHand(*row) for row in await cur.fetchall()]
        return Delivery(pings, hands)

    async def write_delivery(self, batch: DeliveryBatch) -> None:
        if not batch:
            return
        await run_transaction(self.conn, lambda db: _write_batch(db, batch))


def _write_batch(db: sqlite3.Connection, batch: DeliveryBatch) -> None:
    """The batch's rows, on the database thread (one hand-off for the whole batch)."""
    for table_id in sorted(batch.closed):
        db.execute("DELETE FROM delivery_pings WHERE table_id = ?", (table_id,))
        db.execute("DELETE FROM delivery_hands WHERE table_id = ?", (table_id,))
    for table_id, ping in batch.pings.items():
        if ping is None:
            db.execute("DELETE FROM delivery_pings WHERE table_id = ?", (table_id,))
        else:
            db.execute(
                f"INSERT OR REPLACE INTO delivery_pings ({PING_COLUMNS}) VALUES (?, ?, ?, ?, ?)",
                (ping.table_id, ping.channel_id, ping.message_id, ping.seat, ping.kind))
    for (table_id, user_id), hand in batch.hands.items():
        if hand is None:
            db.execute("DELETE FROM delivery_hands WHERE table_id = ? AND user_id = ?",
                       (table_id, user_id))
        else:
            db.execute(
                f"INSERT OR REPLACE INTO delivery_hands ({HAND_COLUMNS}) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (hand.table_id, hand.user_id, hand.application_id, hand.token,
                 hand.message_id, hand.expires_at, hand.lang, hand.version))
