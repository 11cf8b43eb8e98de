"""Slash commands as the Discord client builds them from what the bot synced."""

from __future__ import annotations

import discord
import pytest

from tests.fake_discord import ScenarioError
from tests.fake_discord.conftest import World


async def test_command_options_are_checked_like_the_discord_client(world: World) -> None:
    with pytest.raises(ScenarioError, match="outside the range"):
        await world.alice.run(world.chan, "toy greet", who=world.bob, times=4)
    with pytest.raises(ScenarioError, match="required"):
        await world.alice.run(world.chan, "toy greet")
    with pytest.raises(ScenarioError, match="no subcommand"):
        await world.alice.run(world.chan, "toy nope")
    with pytest.raises(ScenarioError, match="no slash command"):
        await world.alice.run(world.chan, "other")


async def test_slash_command_in_a_dm(world: World) -> None:
    async def hook(i: discord.Interaction) -> None:
        await i.response.send_message(f"dm with {i.user.name}")

    world.bot.hook = hook
    dm = world.alice.dm()
    result = await world.alice.run(dm, "toy do")
    assert result.text() == "dm with alice"
    assert world.bot.seen[-1].guild is None
    assert world.bob.sees(dm) == []
