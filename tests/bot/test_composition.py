"""The composition root builds one database connection (SQLite) or pool (PostgreSQL, with
this process's shard leases), the stores, the table service, the presenter and the cogs,
gives them to each other, and closes the database (and gives the leases up) last."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import asyncpg
import discord
import pytest
from discord.ext import commands

from bot.client import GoitaBot, create_bot
from bot.composition import setup
from bot.config import Settings
from bot.discord.commands import goita_group
from bot.discord.services import NotAssembled, services_of
from bot.storage.postgres import PgResultsStore, PgSettingsStore, PgTableStore, ShardSet
from bot.storage.postgres.learn import PgLearnStore
from bot.storage.results import SqliteResultsStore
from bot.storage.tables import SqliteTableStore
from tests.fake_discord import FakeDiscord


def settings(tmp_path: Path) -> Settings:
    return Settings(discord_token="x", database_path=tmp_path / "db.sqlite3", _env_file=None)


async def test_the_parts_are_built_once_and_given_to_each_other(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = SimpleNamespace(now=lambda: 1000.0)
    bot = create_bot(settings(tmp_path), clock=clock)
    sync_calls: list[Any] = []

    async def no_sync(**kwargs: Any) -> list[Any]:
        sync_calls.append(kwargs)
        return []

    monkeypatch.setattr(bot.tree, "sync", no_sync)
    await bot.setup_hook()
    try:
        services = services_of(bot)
        assert services is bot.services
        tables = services.tables
        store = tables.store
        assert isinstance(store, SqliteTableStore)
        # one results store: the service records into what the stats commands read
        assert isinstance(services.archive.results, SqliteResultsStore)
        assert tables.results is services.archive.results
        assert tables.presenter is services.presenter
        assert services.presenter.board.reports is tables
        # the bot's clock reaches the service and the presenter
        assert tables.clock is clock and services.presenter.clock is clock
        assert {"Meta", "Game", "Stats"} <= set(bot.cogs)
        names = {c.name for c in goita_group.commands}
        assert names >= {"about", "new", "hand", "leave", "stop", "rules",
                         "leaderboard", "stats", "history", "replay"}
        assert len(sync_calls) == 1
        # both stores share the one connection the composition opened
        assert services.archive.results.conn is store.conn
        cursor = await store.conn.execute("SELECT 1")
        row = await cursor.fetchone()
        assert row is not None and tuple(row) == (1,)
    finally:
        await bot.close()
    # the connection was closed by the close hook, after the cogs unloaded
    with pytest.raises(ValueError, match="no active connection"):
        await store.conn.execute("SELECT 1")
    assert goita_group.get_command("new") is None  # the cogs detached their commands


@pytest.mark.parametrize("pictures", [True, False])
async def test_board_pictures_is_every_servers_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pictures: bool
) -> None:
    bot = create_bot(Settings(discord_token="x", database_path=tmp_path / "db.sqlite3",
                              board_pictures=pictures, _env_file=None))

    async def no_sync(**kwargs: Any) -> list[Any]:
        return []

    monkeypatch.setattr(bot.tree, "sync", no_sync)
    await bot.setup_hook()
    try:
        server_settings = services_of(bot).settings
        assert server_settings is not None
        assert (await server_settings.for_guild(1)).board_pictures is pictures
    finally:
        await bot.close()


def test_a_bot_without_services_says_so(tmp_path: Path) -> None:
    bot = create_bot(settings(tmp_path))
    with pytest.raises(NotAssembled):
        services_of(bot)


async def test_the_composition_needs_a_goita_bot() -> None:
    plain = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    with pytest.raises(TypeError, match="GoitaBot"):
        await setup(plain)


async def test_database_url_builds_the_postgresql_stores_and_claims_the_shards(
    tmp_path: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = create_bot(Settings(discord_token="x", database_path=tmp_path / "db.sqlite3",
                              database_url=pg_url, shard_count=2, shard_ids=[1],
                              _env_file=None))

    async def no_sync(**kwargs: Any) -> list[Any]:
        return []

    monkeypatch.setattr(bot.tree, "sync", no_sync)
    await bot.setup_hook()
    admin = await asyncpg.connect(pg_url)
    try:
        services = services_of(bot)
        store = services.tables.store
        assert isinstance(store, PgTableStore)
        assert isinstance(services.archive.results, PgResultsStore)
        assert services.tables.results is services.archive.results
        assert services.learn is not None and isinstance(services.learn.store, PgLearnStore)
        assert services.settings is not None
        assert isinstance(services.settings.store, PgSettingsStore)
        # one pool for all of them, fenced by this process's leases: shard 1 of 2
        assert services.archive.results.pool is store.pool
        assert store.leases is not None and store.leases.held == {1}
        assert "ShardLeases" in bot.cogs and "Game" in bot.cogs
        rows = await admin.fetch("SELECT shard_count, shard_id FROM shard_leases")
        assert [tuple(r) for r in rows] == [(2, 1)]
        assert not (tmp_path / "db.sqlite3").exists()  # no SQLite file beside it
    finally:
        await bot.close()
    try:
        # closing gave the lease up (the next owner takes it at once) and closed the pool
        assert await admin.fetchval("SELECT count(*) FROM shard_leases") == 0
        with pytest.raises(asyncpg.InterfaceError):
            await store.pool.fetchval("SELECT 1")
    finally:
        await admin.close()


async def test_without_shard_count_the_process_claims_discords_recommendation(
    fake_discord: FakeDiscord, make_settings: Callable[..., Settings], pg_url: str
) -> None:
    fake_discord.recommended_shards = 2
    guilds = [fake_discord.add_guild(f"g{s}", shard=(s, 2)) for s in (0, 1)]
    bot = await fake_discord.start_bot(
        create_bot(make_settings(database_url=pg_url), guild_ready_timeout=0.05))
    assert isinstance(bot, GoitaBot)
    assert bot.shard_count == 2 and sorted(bot.shards) == [0, 1]
    assert {g.id for g in bot.guilds} == {g.id for g in guilds}
    assert "IDENTIFY shard [0, 2]" in fake_discord.gateway_log
    assert "IDENTIFY shard [1, 2]" in fake_discord.gateway_log
    store = services_of(bot).tables.store
    assert isinstance(store, PgTableStore) and store.leases is not None
    assert store.leases.shards == ShardSet.of(2) and store.leases.held == {0, 1}
