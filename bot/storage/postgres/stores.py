"""The PostgreSQL stores: one connection pool shared by every store, and the shard leases of
this process, claimed before anything is loaded (see :mod:`bot.storage.postgres.leases`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from bot.storage.postgres.db import open_pool
from bot.storage.postgres.delivery import PgDeliveryStore
from bot.storage.postgres.learn import PgLearnStore
from bot.storage.postgres.leases import ShardLeases, ShardSet
from bot.storage.postgres.results import PgResultsStore
from bot.storage.postgres.settings import PgSettingsStore
from bot.storage.postgres.tables import PgTableStore
from bot.storage.stores import Stores

log = logging.getLogger(__name__)

#: how long closing waits for the database before dropping the connections
CLOSE_TIMEOUT_SECONDS = 10.0


async def open_postgres_stores(url: str, shards: ShardSet, *, lease_seconds: float,
                               claim_wait: float, pool_size: int = 10) -> Stores:
    """Connect, migrate, and claim every shard of ``shards``, waiting up to ``claim_wait``
    seconds for a previous owner to go (its lease expires ``lease_seconds`` after its last
    renewal; a process that is gone frees it at once).

    Raises :class:`~bot.storage.db.DatabaseError` when the database cannot be used and
    :class:`~bot.storage.postgres.leases.ShardsBusy` when another live process keeps some
    of the shards (nothing is held then)."""
    # +1: the leases hold one connection for as long as the process lives
    pool = await open_pool(url, max_size=pool_size + 1)
    leases = ShardLeases(pool, shards, ttl=lease_seconds)
    try:
        await leases.claim_all(timeout=claim_wait, poll=min(1.0, lease_seconds / 3))
    except BaseException:
        with contextlib.suppress(Exception):
            await leases.release()  # the shards it did get: their next owner needs them
        pool.terminate()
        raise

    async def close() -> None:
        try:
            await asyncio.wait_for(leases.release(), CLOSE_TIMEOUT_SECONDS)
        except Exception as exc:  # the leases expire by themselves
            log.warning("could not release the shard leases: %s", exc or type(exc).__name__)
        try:
            await asyncio.wait_for(pool.close(), CLOSE_TIMEOUT_SECONDS)
        except Exception:
            pool.terminate()

    return Stores(tables=PgTableStore(pool, leases), results=PgResultsStore(pool),
                  settings=PgSettingsStore(pool), learn=PgLearnStore(pool),
                  delivery=PgDeliveryStore(pool), close=close, leases=leases)
