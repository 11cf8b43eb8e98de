"""The stores of one backend, as the composition root (:mod:`bot.composition`) receives them.

Each backend has its opener, returning the same :class:`Stores`: SQLite
(:func:`bot.storage.sqlite_stores.open_sqlite_stores`, one file, one process: the default)
and PostgreSQL (:func:`bot.storage.postgres.stores.open_postgres_stores`, shared by several
processes, each driving the tables of its own gateway shards). A new store is a field here,
filled in by both openers, behind a port of the app (:mod:`bot.app.ports`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.app.learn.ports import LearnStore
from bot.app.ports import DeliveryStore, ResultsStore, SettingsStore, TableStore

if TYPE_CHECKING:
    from bot.storage.postgres.leases import ShardLeases


@dataclass(frozen=True, slots=True)
class Stores:
    tables: TableStore
    results: ResultsStore
    settings: SettingsStore
    learn: LearnStore
    #: what the presenter needs to finish its pings and open hands after a restart
    delivery: DeliveryStore
    #: closes the database (and gives up the leases); run after the table service stopped
    close: Callable[[], Awaitable[None]]
    #: which shards' tables this process may drive (PostgreSQL), held from the opening on;
    #: None: every table of the database is this process's (SQLite)
    leases: ShardLeases | None = None
