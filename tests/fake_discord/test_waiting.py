"""wait_idle: scenarios never sleep, even when the bot works in the background."""

from __future__ import annotations

import asyncio

import discord

from tests.fake_discord.conftest import World
from tests.fake_discord.toybot import Hook


def _later_post(delay: float, name: str | None) -> Hook:
    async def hook(i: discord.Interaction) -> None:
        await i.response.send_message("on it", ephemeral=True)
        channel = i.channel
        assert isinstance(channel, discord.TextChannel)

        async def post() -> None:
            await asyncio.sleep(delay)
            await channel.send("done later")

        asyncio.get_running_loop().create_task(post(), name=name)

    return hook


async def test_named_background_tasks_count_as_busy(world: World) -> None:
    world.fake.busy_task_prefixes.append("toy-bg-")
    world.bot.hook = _later_post(0.05, "toy-bg-1")
    await world.alice.run(world.chan, "toy do")
    assert world.chan.last_message().content == "done later"


async def test_quiet_period_catches_unnamed_background_work(world: World) -> None:
    world.bot.hook = _later_post(0.03, None)
    await world.alice.run(world.chan, "toy do", settle=False)
    await world.fake.wait_idle(quiet=0.1)
    assert world.chan.last_message().content == "done later"


async def test_wait_for_a_condition(world: World) -> None:
    world.bot.hook = _later_post(0.03, None)
    await world.alice.run(world.chan, "toy do")
    await world.fake.wait_for(lambda: len(world.chan.public_messages()) == 1, what="the post")
    assert world.chan.last_message().content == "done later"


async def test_answer_from_an_untracked_task_within_the_grace_is_not_a_failure(
    world: World,
) -> None:
    async def hook(i: discord.Interaction) -> None:
        async def answer_later() -> None:
            await asyncio.sleep(0.05)  # e.g. a queue worker the fake cannot see
            await i.response.send_message("queued answer")

        asyncio.get_running_loop().create_task(answer_later())

    world.bot.hook = hook
    result = await world.alice.run(world.chan, "toy do")
    assert result.failed is None
    assert result.text() == "queued answer"


async def _hello(i: discord.Interaction) -> None:
    await i.response.send_message("hello")


async def test_many_moves_stay_within_the_bots_gateway_send_budget(world: World) -> None:
    # discord.py allows itself 110 gateway sends a minute; waiting for the bot must
    # not make it send frames, or a long scenario would stall for a minute
    world.bot.hook = _hello
    for _ in range(150):
        await world.alice.run(world.chan, "toy do")
    assert world.fake.heartbeats_received <= 2
    assert len(world.chan.public_messages()) == 150
