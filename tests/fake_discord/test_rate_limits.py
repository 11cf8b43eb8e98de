"""Rate limits: 429 with retry_after and Via, so discord.py waits and retries."""

from __future__ import annotations

import time

import discord
import pytest

from tests.fake_discord import ScenarioError
from tests.fake_discord.conftest import World

SEND = "POST /channels/{channel_id}/messages"


async def _send_three(i: discord.Interaction) -> None:
    await i.response.send_message("sending", ephemeral=True)
    assert isinstance(i.channel, discord.TextChannel)
    for n in range(3):
        await i.channel.send(f"board {n}")


async def test_injected_429_is_retried_after_retry_after(world: World) -> None:
    world.fake.inject_429(SEND, times=1, retry_after=0.15)
    world.bot.hook = _send_three
    started = time.monotonic()
    await world.alice.run(world.chan, "toy do")

    assert time.monotonic() - started >= 0.15
    assert [m.content for m in world.chan.public_messages()] == ["board 0", "board 1", "board 2"]
    assert [c.status for c in world.fake.calls(SEND)] == [429, 200, 200, 200]
    assert len(world.fake.rate_limit_hits) == 1


async def test_bucket_limit_paces_the_bot(world: World) -> None:
    world.fake.rate_limit(SEND, limit=2, per=0.2)
    world.bot.hook = _send_three
    started = time.monotonic()
    await world.alice.run(world.chan, "toy do")

    # the third message had to wait for the bucket to reset
    assert time.monotonic() - started >= 0.15
    assert len(world.chan.public_messages()) == 3
    # discord.py read X-RateLimit-Remaining: 0 and waited instead of hitting 429
    assert world.fake.rate_limit_hits == []


async def test_webhook_routes_can_be_rate_limited_too(world: World) -> None:
    route = "PATCH /webhooks/{application_id}/{token}/messages/@original"
    world.fake.inject_429(route, times=2, retry_after=0.05)

    async def hook(i: discord.Interaction) -> None:
        await i.response.send_message("v1")
        await i.edit_original_response(content="v2")

    world.bot.hook = hook
    result = await world.alice.run(world.chan, "toy do")
    assert result.reply.content == "v2"
    assert [c.status for c in world.fake.calls(route)] == [429, 429, 200]


def test_unknown_route_names_are_refused(world: World) -> None:
    with pytest.raises(ScenarioError, match="unknown route"):
        world.fake.rate_limit("POST /channels/{id}/messages", limit=1, per=1)


async def test_global_429_blocks_every_route_until_it_passes(world: World) -> None:
    world.fake.inject_429(SEND, times=1, retry_after=0.1, is_global=True)
    world.bot.hook = _send_three
    started = time.monotonic()
    await world.alice.run(world.chan, "toy do")
    assert time.monotonic() - started >= 0.1
    assert len(world.chan.public_messages()) == 3
    assert world.fake.rate_limit_hits[0].status == 429


async def test_realistic_limits_scaled_down(world: World) -> None:
    world.fake.realistic_rate_limits(scale=0.02)

    async def hook(i: discord.Interaction) -> None:
        await i.response.send_message("posting", ephemeral=True)
        assert isinstance(i.channel, discord.TextChannel)
        for n in range(7):
            await i.channel.send(f"m{n}")

    world.bot.hook = hook
    started = time.monotonic()
    await world.alice.run(world.chan, "toy do")
    assert time.monotonic() - started >= 0.08  # 7 posts need a second 0.1 s window
    assert len(world.chan.public_messages()) == 7
