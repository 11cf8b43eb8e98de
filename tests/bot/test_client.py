"""GoitaBot: built without network, loads `/goita about`, syncs, closes cleanly."""

from __future__ import annotations

import asyncio
import gc
import logging
import sqlite3
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from unittest.mock import AsyncMock

import discord
import pytest
from discord import app_commands
from discord.ext import commands

import bot
import bot.client
from bot.client import EXTENSIONS, GoitaBot, create_bot
from bot.config import Settings
from bot.discord.commands import goita_group
from bot.healthcheck import check


def make_settings(tmp_path: Path, **overrides: Any) -> Settings:
    return Settings(
        discord_token="x", database_path=tmp_path / "db.sqlite3", _env_file=None, **overrides
    )


class FakeTreeSync:
    """Replaces CommandTree.sync: records what would be sent to Discord."""

    def __init__(self, tree: app_commands.CommandTree[Any], error: Exception | None = None):
        self.tree = tree
        self.error = error
        self.calls: list[tuple[int | None, list[str]]] = []

    async def __call__(self, *, guild: discord.abc.Snowflake | None = None) -> list[Any]:
        if self.error is not None:
            raise self.error
        names = [c.name for c in self.tree.get_commands(guild=guild)]
        self.calls.append((guild.id if guild else None, names))
        return []


@pytest.fixture
async def started(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """A bot whose setup_hook ran (with sync recorded), closed after the test."""
    made: list[tuple[GoitaBot, FakeTreeSync]] = []

    async def start(**overrides: Any) -> tuple[GoitaBot, FakeTreeSync]:
        b = create_bot(make_settings(tmp_path, **overrides), guild_ready_timeout=0.05)
        sync = FakeTreeSync(b.tree)
        monkeypatch.setattr(b.tree, "sync", sync)
        await b.setup_hook()
        made.append((b, sync))
        return b, sync

    yield start
    for b, _ in made:
        await b.close()


def test_create_bot_is_reexported_and_builds_offline(tmp_path: Path) -> None:
    assert bot.create_bot is create_bot
    b = create_bot(make_settings(tmp_path), guild_ready_timeout=0.05)
    assert isinstance(b, GoitaBot) and isinstance(b, commands.AutoShardedBot)
    assert b.settings.database_path == tmp_path / "db.sqlite3"
    assert not b.is_ready() and not b.is_closed()
    # Privileged intents stay off: the bot works from slash commands and buttons only.
    assert b.intents.members is False and b.intents.message_content is False
    assert b.intents.guilds is True
    # no message, typing or reaction events: nothing the bot uses, CPU on every move
    assert not (b.intents.guild_messages or b.intents.typing or b.intents.guild_reactions)
    assert b._connection.max_messages is None
    mentions = b.allowed_mentions
    assert mentions is not None and mentions.everyone is False and mentions.roles is False
    assert b.command_prefix is commands.when_mentioned
    # Test hooks reach discord.py's connection state.
    assert b._connection.guild_ready_timeout == 0.05


async def test_setup_hook_registers_goita_about_and_syncs_globally(started: Any) -> None:
    b, sync = await started()
    assert EXTENSIONS == ("bot.composition",) and "bot.composition" in b.extensions
    assert {"Meta", "Game", "Stats"} <= set(b.cogs)
    group = b.tree.get_command("goita")
    assert group is goita_group
    assert isinstance(group, app_commands.Group)
    assert group.get_command("about") is not None
    assert sync.calls == [(None, ["goita"])]


async def test_dev_guild_gets_the_commands_copied_and_synced(started: Any) -> None:
    _, sync = await started(dev_guild_id=4242)
    assert sync.calls == [(4242, ["goita"])]


async def test_failed_sync_is_logged_not_fatal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    b = create_bot(make_settings(tmp_path, dev_guild_id=1))
    response = SimpleNamespace(status=403, reason="Forbidden")
    forbidden = discord.Forbidden(response, {"code": 50001, "message": "Missing Access"})
    monkeypatch.setattr(b.tree, "sync", FakeTreeSync(b.tree, error=forbidden))
    with caplog.at_level(logging.ERROR, logger="bot.client"):
        await b.setup_hook()
    await b.close()
    assert "applications.commands" in caplog.text and "DEV_GUILD_ID" in caplog.text


async def test_two_bots_in_one_process(started: Any) -> None:
    # Tests build many bots; re-loading an extension must not raise "already registered".
    first, _ = await started()
    second, _ = await started()
    assert first.tree.get_command("goita") is second.tree.get_command("goita")
    assert goita_group.get_command("about") is not None


async def test_about_replies_ephemerally_with_version(started: Any) -> None:
    await started()
    about = goita_group.get_command("about")
    assert isinstance(about, app_commands.Command)
    interaction = SimpleNamespace(response=SimpleNamespace(send_message=AsyncMock()))
    callback: Any = about.callback  # a plain function: no cog binding
    await callback(interaction)
    interaction.response.send_message.assert_awaited_once()
    (text,), kwargs = interaction.response.send_message.await_args
    assert kwargs == {"ephemeral": True}
    assert bot.__version__ in text and "Goita" in text


async def test_close_runs_hooks_last_first_once_and_removes_heartbeat(
    started: Any, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    b, _ = await started()
    await asyncio.sleep(0)  # let the heartbeat task write once
    heartbeat = tmp_path / "db.sqlite3.heartbeat"
    assert heartbeat.read_text().split()[0].isdigit()
    # The running bot's heartbeat is what the Docker health check looks at.
    sqlite3.connect(tmp_path / "db.sqlite3").close()
    assert check(tmp_path / "db.sqlite3", max_age_seconds=90) is None
    order: list[str] = []

    async def database() -> None:
        order.append("database")

    async def broken() -> None:
        order.append("broken")
        raise RuntimeError("boom")

    async def other() -> None:
        order.append("other")

    for hook in (database, broken, other):
        b.add_close_hook(hook)
    with caplog.at_level(logging.ERROR, logger="bot.client"):
        await asyncio.gather(b.close(), b.close())
        await b.close()
    # A failing hook does not stop the others (the database still closes).
    assert order == ["other", "broken", "database"]
    assert "boom" in caplog.text
    assert b.is_closed()
    assert not heartbeat.exists()


async def test_on_ready_freezes_gc_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    freezes: list[int] = []
    monkeypatch.setattr(gc, "freeze", lambda: freezes.append(1))
    monkeypatch.setattr(bot.client, "_gc_frozen", False)
    b = create_bot(make_settings(tmp_path))
    await b.on_ready()
    await b.on_ready()  # a gateway reconnect fires on_ready again
    assert freezes == [1]
    await b.close()


async def test_close_lets_running_handlers_finish_before_the_database_closes(
    started: Any,
) -> None:
    b, _ = await started()
    order: list[str] = []

    async def slash_command_handler() -> None:
        await asyncio.sleep(0.05)  # e.g. a move being saved
        order.append("handler finished")

    async def database() -> None:
        order.append("database closed")

    b.add_close_hook(database)
    # discord.py runs each slash command in a task with this name.
    handler = asyncio.create_task(slash_command_handler(), name="CommandTree-invoker")
    await asyncio.sleep(0)
    await b.close()
    assert handler.done()
    assert order == ["handler finished", "database closed"]


async def test_a_handler_that_closes_the_bot_does_not_wait_for_itself(
    started: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    b, _ = await started()
    monkeypatch.setattr(bot.client, "SHUTDOWN_GRACE_SECONDS", 30.0)

    async def admin_shutdown_command() -> None:
        await b.close()

    task = asyncio.create_task(admin_shutdown_command(), name="CommandTree-invoker")
    await asyncio.wait_for(task, 5)
    assert b.is_closed()
