"""Gateway faults: outages with replay, dropped sockets, RECONNECT, INVALID_SESSION."""

from __future__ import annotations

import discord

from tests.fake_discord.conftest import World


async def _hello(i: discord.Interaction) -> None:
    await i.response.send_message("hello")


async def test_outage_resumes_and_replays_missed_events(world: World) -> None:
    async with world.fake.outage():
        await world.alice.say(world.chan, "anyone there?")
        assert world.bot.messages_seen == []
    await world.fake.wait_idle()
    assert [m.author.name for m in world.bot.messages_seen] == ["alice"]
    assert "RESUME replayed 1" in world.fake.gateway_log
    assert world.fake.gateway_log.count("IDENTIFY") == 1


async def test_dropped_socket_resumes(world: World) -> None:
    world.bot.hook = _hello
    await world.fake.drop_connection()
    result = await world.alice.run(world.chan, "toy do")
    assert result.text() == "hello"
    assert world.fake.gateway_log.count("IDENTIFY") == 1


async def test_reconnect_opcode_resumes(world: World) -> None:
    world.bot.hook = _hello
    await world.fake.send_reconnect()
    await world.fake.wait_connected()
    assert any(e.startswith("RESUME replayed") for e in world.fake.gateway_log)
    assert (await world.alice.run(world.chan, "toy do")).text() == "hello"


async def test_invalid_session_makes_the_bot_identify_again(world: World) -> None:
    world.bot.hook = _hello
    await world.fake.invalidate_session(resumable=False)
    await world.fake.wait_connected()
    assert world.fake.gateway_log.count("IDENTIFY") == 2
    assert (await world.alice.run(world.chan, "toy do")).text() == "hello"
