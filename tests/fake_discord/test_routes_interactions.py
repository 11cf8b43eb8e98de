"""Interaction responses and their webhook routes, and the rules Discord enforces on them."""

from __future__ import annotations

import asyncio
import time

import aiohttp
import discord
import pytest

from tests.fake_discord import ScenarioError
from tests.fake_discord.conftest import World


async def test_defer_then_followup_replaces_the_thinking_message(world: World) -> None:
    async def hook(i: discord.Interaction) -> None:
        await i.response.defer(ephemeral=True, thinking=True)
        await i.followup.send("done", ephemeral=False)  # ignored: the defer decides
        await i.followup.send("second")

    world.bot.hook = hook
    result = await world.alice.run(world.chan, "toy do")
    assert result.response_type == 5
    assert result.reply.content == "done" and result.reply.ephemeral_for == world.alice.id
    assert [m.content for m in result.followups] == ["second"]
    assert world.bob.sees(world.chan) == [result.followups[0]]


async def test_first_response_after_the_deadline_is_unknown_interaction(world: World) -> None:
    world.fake.response_deadline = 0.2

    async def hook(i: discord.Interaction) -> None:
        await asyncio.sleep(0.3)
        await i.response.send_message("too late")

    world.bot.hook = hook
    result = await world.alice.run(world.chan, "toy do")
    assert result.failed is not None
    await world.fake.wait_idle()
    assert isinstance(world.bot.errors[-1], discord.NotFound)
    assert world.bot.errors[-1].code == 10062
    violations = world.fake.take_violations()
    assert any("failed" in v for v in violations)
    assert any("10062" in v for v in violations)


async def test_unanswered_interaction_fails_fast_and_is_reported(world: World) -> None:
    world.bot.hook = None
    started = time.monotonic()
    result = await world.alice.run(world.chan, "toy do")
    assert time.monotonic() - started < 1.0
    assert result.failed is not None
    with pytest.raises(ScenarioError, match="interaction failed"):
        _ = result.reply
    assert world.fake.take_violations() != []


async def test_second_response_is_refused_with_40060(world: World) -> None:
    async def hook(i: discord.Interaction) -> None:
        await i.response.send_message("one")

    world.bot.hook = hook
    result = await world.alice.run(world.chan, "toy do")
    url = f"{world.fake.api_base}/interactions/{result.id}/{result.token}/callback"
    async with aiohttp.ClientSession() as http, http.post(
        url, json={"type": 4, "data": {"content": "two"}}
    ) as resp:
        assert resp.status == 400
        assert (await resp.json())["code"] == 40060
    assert any("40060" in v for v in world.fake.take_violations())


async def test_token_expires_after_15_minutes_of_fake_time(world: World) -> None:
    async def first(i: discord.Interaction) -> None:
        await i.response.send_message("first", ephemeral=True)

    world.bot.hook = first
    old = await world.alice.run(world.chan, "toy do")
    old_interaction = world.bot.seen[-1]
    await world.fake.clock.advance(14 * 60)

    async def edit_old(i: discord.Interaction) -> None:
        await old_interaction.edit_original_response(content="edited")
        await i.response.send_message("ok", ephemeral=True)

    world.bot.hook = edit_old
    await world.alice.run(world.chan, "toy do")
    assert old.reply.content == "edited"

    await world.fake.clock.advance(61)
    await world.alice.run(world.chan, "toy do")
    assert old.reply.content == "edited"
    error = world.bot.errors[-1]
    assert isinstance(error, discord.HTTPException) and error.code == 50027
    assert any("50027" in v for v in world.fake.take_violations())


async def test_ephemeral_is_editable_only_through_its_token(world: World) -> None:
    async def hook(i: discord.Interaction) -> None:
        await i.response.send_message("secret", ephemeral=True)
        sent = await i.original_response()
        await i.edit_original_response(content="secret v2")
        assert i.channel is not None and isinstance(i.channel, discord.TextChannel)
        await i.channel.get_partial_message(sent.id).edit(content="via channel")

    world.bot.hook = hook
    result = await world.alice.run(world.chan, "toy do")
    assert result.reply.content == "secret v2"
    error = world.bot.errors[-1]
    assert isinstance(error, discord.NotFound) and error.code == 10008
    assert any("10008" in v for v in world.fake.take_violations())
