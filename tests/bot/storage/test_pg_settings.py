"""The settings store behaves the same on SQLite and on PostgreSQL (each test runs on
both, against a real database): a server's values round-trip with 64-bit ids, a save
replaces the previous one, servers are independent, and the settings service reads them
back within the operator's limits."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.app.settings import ServerSettingsService, SettingsError, SettingsPolicy
from bot.app.table import Seat, Table, TableSettings
from bot.storage.db import open_database
from bot.storage.postgres import PgSettingsStore, PgTableStore, open_pool
from bot.storage.settings import SqliteSettingsStore
from bot.storage.tables import SqliteTableStore
from goita_core.rules import RuleSet
from tests.bot.app.kit import Timing

BIG = (1 << 62) + 5  # Discord ids use all 64 bits


@pytest.fixture(params=["sqlite", "postgresql"])
async def stores(request: pytest.FixtureRequest,
                 tmp_path: Path) -> AsyncIterator[tuple[Any, Any]]:
    if request.param == "sqlite":
        conn = await open_database(tmp_path / "goita.sqlite3")
        try:
            yield SqliteSettingsStore(conn), SqliteTableStore(conn)
        finally:
            await conn.close()
    else:
        pool = await open_pool(request.getfixturevalue("pg_url"))
        try:
            yield PgSettingsStore(pool), PgTableStore(pool)
        finally:
            await pool.close()


async def test_values_round_trip_and_a_save_replaces(stores: tuple[Any, Any]) -> None:
    store, _tables = stores
    assert await store.load_settings(BIG) is None
    values = {"target": 300, "channels": [BIG, BIG + 1], "board_language": "ja",
              "manager_role_id": BIG + 2, "turn_seconds": 90.5, "hints_at_rated": True}
    await store.save_settings(BIG, values, BIG + 3, 10.0)
    assert await store.load_settings(BIG) == values
    await store.save_settings(BIG, {"target": 200}, 1, 11.0)
    assert await store.load_settings(BIG) == {"target": 200}
    assert await store.load_settings(BIG + 1) is None
    await store.save_settings(BIG, {}, 1, 12.0)
    assert await store.load_settings(BIG) == {}


async def test_the_service_on_the_store(stores: tuple[Any, Any]) -> None:
    store, _tables = stores
    policy = SettingsPolicy.of(Timing(), max_tables_per_user=2)
    service = ServerSettingsService(store, policy)
    await service.change(BIG, 1, 1.0, {"target": "250", "channels": [BIG]})
    with pytest.raises(SettingsError):
        await service.change(BIG, 1, 2.0, {"target": "250", "tables_per_user": "3"})
    s = await service.for_guild(BIG)
    assert s.target == 250 and s.channels == (BIG,) and s.tables_per_user is None


async def test_a_tables_own_settings_are_stored_with_it(stores: tuple[Any, Any]) -> None:
    _store, tables = stores
    own = TableSettings(turn_seconds=90, warning_seconds=20, cpu_delay_seconds=3,
                        round_pause_seconds=8, board_language="fr", board_pictures=False,
                        hints_at_rated=True)
    table = Table(id=0, guild_id=BIG, channel_id=10, host_id=7, rules=RuleSet(target=300),
                  created_at=1.0, updated_at=1.0, settings=own)
    table.seats[0] = Seat("human", "Ann", user_id=7)
    await tables.create(table)
    loaded = await tables.load(table.id)
    assert loaded is not None and loaded.settings == own
