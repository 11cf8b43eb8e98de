"""The presenter's delivery state on PostgreSQL: the same contract as the SQLite
:class:`bot.storage.delivery.SqliteDeliveryStore`."""

from __future__ import annotations

from bot.app.ports import Delivery, DeliveryBatch, StoredHand, StoredPing
from bot.storage.delivery import HAND_COLUMNS, PING_COLUMNS
from bot.storage.postgres.db import Pool


class PgDeliveryStore:
    def __init__(self, pool: Pool) -> None:
        self.pool = pool

    async def load_delivery(self, now: float) -> Delivery:
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute("DELETE FROM delivery_hands WHERE expires_at <= $1", now)
            pings = [StoredPing(*row) for row in await conn.fetch(
                f"SELECT {PING_COLUMNS} FROM delivery_pings ORDER BY table_id")]
            hands = [StoredHand(*row) for row in await conn.fetch(
                f"SELECT {HAND_COLUMNS} FROM delivery_hands ORDER BY table_id, user_id")]
        return Delivery(pings, hands)

    async def write_delivery(self, batch: DeliveryBatch) -> None:
        if not batch:
            return
        closed = sorted(batch.closed)
        gone_pings = [t for t, p in batch.pings.items() if p is None]
        set_pings = [(p.table_id, p.channel_id, p.message_id, p.seat, p.kind)
                     for p in batch.pings.values() if p is not None]
        gone_hands = [key for key, h in batch.hands.items() if h is None]
        set_hands = [(h.table_id, h.user_id, h.application_id, h.token, h.message_id,
                      h.expires_at, h.lang, h.version)
                     for h in batch.hands.values() if h is not None]
        async with self.pool.acquire() as conn, conn.transaction():
            if closed or gone_pings:
                await conn.execute("DELETE FROM delivery_pings WHERE table_id = ANY($1)",
                                   [*closed, *gone_pings])
            if closed:
                await conn.execute("DELETE FROM delivery_hands WHERE table_id = ANY($1)",
                                   closed)
            if gone_hands:
                await conn.executemany(
                    "DELETE FROM delivery_hands WHERE table_id = $1 AND user_id = $2",
                    gone_hands)
            if set_pings:
                await conn.executemany(
                    f"INSERT INTO delivery_pings ({PING_COLUMNS}) VALUES ($1, $2, $3, $4, $5) "
                    "ON CONFLICT (table_id) DO UPDATE SET channel_id = excluded.channel_id, "
                    "message_id = excluded.message_id, seat = excluded.seat, "
                    "kind = excluded.kind", set_pings)
            if set_hands:
                await conn.executemany(
                    f"INSERT INTO delivery_hands ({HAND_COLUMNS}) "
                    "VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (table_id, user_id) DO "
                    "UPDATE SET application_id = excluded.application_id, "
                    "token = excluded.token, message_id = excluded.message_id, "
                    "expires_at = excluded.expires_at, lang = excluded.lang, "
                    "version = excluded.version", set_hands)
