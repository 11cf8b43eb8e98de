"""Gateway faults, resume with replay, restarts, and the teardown checks."""

from __future__ import annotations

import asyncio

import discord
import pytest
import yarl

from tests.fake_discord import FakeDiscord, ScenarioError
from tests.fake_discord.conftest import World
from tests.fake_discord.toybot import ToyBot


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


async def test_restart_keeps_the_world_and_persistent_buttons_work(world: World) -> None:
    fake, alice, bob, chan = world.fake, world.alice, world.bob, world.chan
    await alice.run(chan, "toy lobby")
    lobby = chan.last_message()
    await alice.click(lobby, "Join")

    await fake.stop_bot()
    offline = await bob.click(lobby, "Join")
    assert offline.failed == "the bot is offline"
    assert len(fake.take_violations()) == 1

    await fake.start_bot(ToyBot())
    await bob.click(lobby, "Join")
    assert lobby.content == "Lobby: alice, bob"
    assert fake.gateway_log.count("IDENTIFY") == 2


async def test_privileged_intents_are_refused(fake_discord: FakeDiscord) -> None:
    intents = discord.Intents.default()
    intents.members = True
    with pytest.raises(discord.PrivilegedIntentsRequired):
        await fake_discord.start_bot(ToyBot(intents=intents))


async def test_unknown_endpoint_is_a_violation(world: World) -> None:
    async def hook(i: discord.Interaction) -> None:
        await i.response.send_message("roles?")
        assert i.guild is not None
        await i.guild.fetch_roles()

    world.bot.hook = hook
    await world.alice.run(world.chan, "toy do")
    violations = world.fake.take_violations()
    assert any("does not know: GET /guilds/" in v for v in violations)


async def test_teardown_check_lists_what_went_wrong(world: World) -> None:
    world.bot.hook = None
    await world.alice.run(world.chan, "toy do")
    with pytest.raises(AssertionError, match="toy do by alice failed"):
        world.fake.check()
    world.fake.take_violations()  # seen; keep the fixture's own check quiet


async def test_acting_on_things_users_cannot_reach(world: World) -> None:
    outsider = world.fake.add_user("carol")
    with pytest.raises(ScenarioError, match="not a member"):
        await outsider.run(world.chan, "toy lobby")
    private = world.guild.add_thread(world.chan, "secret", private=True, members=[world.alice])
    with pytest.raises(ScenarioError, match="cannot see"):
        await world.bob.run(private, "toy lobby")
    await world.alice.run(private, "toy lobby")
    assert world.bob.sees(private) == []
    assert len(world.alice.sees(private)) == 1


async def test_many_moves_stay_within_the_bots_gateway_send_budget(world: World) -> None:
    # discord.py allows itself 110 gateway sends a minute; waiting for the bot must
    # not make it send frames, or a long scenario would stall for a minute
    world.bot.hook = _hello
    for _ in range(150):
        await world.alice.run(world.chan, "toy do")
    assert world.fake.heartbeats_received <= 2
    assert len(world.chan.public_messages()) == 150


async def test_sending_to_a_vanished_client_marks_the_connection_dead() -> None:
    from typing import Any, cast

    import aiohttp
    from aiohttp import web

    from tests.fake_discord.gateway import Conn

    class Vanished:
        closed = False

        async def send_str(self, data: str) -> None:
            raise aiohttp.ClientConnectionResetError("Cannot write to closing transport")

    conn = Conn(cast(web.WebSocketResponse, cast(Any, Vanished())))
    conn.ready = True
    await conn.send({"op": 0})
    assert not conn.ready


async def test_external_bot_process_stand_in(fake_discord: FakeDiscord,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # what a bot in another process does: point discord.py at the fake itself
    monkeypatch.setattr(discord.http.Route, "BASE", fake_discord.api_base)
    monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY",
                        yarl.URL(fake_discord.gateway_url))
    guild = fake_discord.add_guild("Noto")
    chan = guild.add_text_channel("goita")
    alice = guild.add_member(fake_discord.add_user("alice"))
    fake_discord.use_external_bot()
    fake_discord.idle_quiet = 0.05
    bot = ToyBot()
    bot.hook = _hello
    task = asyncio.create_task(bot.start(fake_discord.token))
    try:
        await fake_discord.wait_for(bot.is_ready, what="the external bot")
        result = await alice.run(chan, "toy do")
        assert result.text() == "hello"
    finally:
        await bot.close()
        await task
