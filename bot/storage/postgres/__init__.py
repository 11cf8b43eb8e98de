"""The PostgreSQL stores (asyncpg), for several bot processes sharing one database.

Selected by ``DATABASE_URL=postgresql://...``; SQLite (:mod:`bot.storage`) stays the default.
:func:`bot.storage.postgres.stores.open_postgres_stores` opens them all for the composition
root, with the shard leases of the process claimed.
"""

from bot.storage.postgres.db import open_pool
from bot.storage.postgres.learn import PgLearnStore
from bot.storage.postgres.leases import LeaseLost, ShardLeases, ShardsBusy, ShardSet, shard_of
from bot.storage.postgres.results import PgResultsStore
from bot.storage.postgres.settings import PgSettingsStore
from bot.storage.postgres.tables import PgTableStore

__all__ = [
    "LeaseLost",
    "PgLearnStore",
    "PgResultsStore",
    "PgSettingsStore",
    "PgTableStore",
    "ShardLeases",
    "ShardSet",
    "ShardsBusy",
    "open_pool",
    "shard_of",
]
