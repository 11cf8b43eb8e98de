"""Smoke: the real bot from bot.create_bot logs in, syncs, and answers /goita about."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.client import create_bot
from tests.fake_discord import FakeDiscord


async def test_bot_logs_in_syncs_and_answers_about(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    guild = fake_discord.add_guild("Noto", locale="ja")
    chan = guild.add_text_channel("goita")
    alice = guild.add_member(fake_discord.add_user("alice", locale="en-US"))
    bob = guild.add_member(fake_discord.add_user("bob"))

    await fake_discord.start_bot(create_bot(make_settings(), guild_ready_timeout=0.05))

    assert [c["name"] for c in fake_discord.global_commands] == ["goita"]
    reply = await alice.run(chan, "goita about")

    assert reply.response_type == 4
    assert reply.reply.ephemeral_for == alice.id
    assert "Goita bot" in reply.text()
    assert alice.sees(chan) == [reply.reply]
    assert bob.sees(chan) == []


async def test_dev_guild_sync_goes_to_that_guild(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    guild = fake_discord.add_guild("Noto")
    chan = guild.add_text_channel("goita")
    alice = guild.add_member(fake_discord.add_user("alice"))

    await fake_discord.start_bot(
        create_bot(make_settings(dev_guild_id=guild.id), guild_ready_timeout=0.05))

    assert fake_discord.global_commands == []
    assert [c["name"] for c in fake_discord.guild_commands[guild.id]] == ["goita"]
    reply = await alice.run(chan, "goita about")
    assert "Goita bot" in reply.text()
