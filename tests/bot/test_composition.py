"""The composition root builds one database connection, the stores, the table service,
the presenter and the cogs, gives them to each other, and closes the database last."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord.ext import commands

from bot.client import create_bot
from bot.composition import setup
from bot.config import Settings
from bot.discord.commands import goita_group
from bot.discord.services import NotAssembled, services_of
from bot.storage.results import SqliteResultsStore
from bot.storage.tables import SqliteTableStore


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
        assert services.presenter.on_board_posted == tables.set_board_message
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


def test_a_bot_without_services_says_so(tmp_path: Path) -> None:
    bot = create_bot(settings(tmp_path))
    with pytest.raises(NotAssembled):
        services_of(bot)


async def test_the_composition_needs_a_goita_bot() -> None:
    plain = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    with pytest.raises(TypeError, match="GoitaBot"):
        await setup(plain)
