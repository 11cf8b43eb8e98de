"""The SQLite stores (the default): one database file, one connection shared by every store,
one bot process."""

from __future__ import annotations

from pathlib import Path

from bot.storage.db import open_database
from bot.storage.delivery import SqliteDeliveryStore
from bot.storage.learn import SqliteLearnStore
from bot.storage.results import SqliteResultsStore
from bot.storage.settings import SqliteSettingsStore
from bot.storage.stores import Stores
from bot.storage.tables import SqliteTableStore


async def open_sqlite_stores(path: Path) -> Stores:
    """Open (creating if missing) and migrate the file; raises
    :class:`~bot.storage.db.DatabaseError` when it cannot be used."""
    conn = await open_database(path)
    return Stores(tables=SqliteTableStore(conn), results=SqliteResultsStore(conn),
                  settings=SqliteSettingsStore(conn), learn=SqliteLearnStore(conn),
                  delivery=SqliteDeliveryStore(conn), close=conn.close)
