"""The gateway: restarts, intents, vanished clients, bots in other processes."""

from __future__ import annotations

import asyncio
from typing import Any, cast

import aiohttp
import discord
import pytest
import yarl
from aiohttp import web

from tests.fake_discord import FakeDiscord
from tests.fake_discord.conftest import World
from tests.fake_discord.gateway import Conn
from tests.fake_discord.toybot import ToyBot


async def _hello(i: discord.Interaction) -> None:
    await i.response.send_message("hello")


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


async def test_sending_to_a_vanished_client_marks_the_connection_dead() -> None:



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
