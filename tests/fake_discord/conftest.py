"""A small world for the fake's own tests: guild Noto, #goita, alice, bob, the toy bot."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest

from tests.fake_discord import FakeChannel, FakeDiscord, FakeGuild, FakeUser
from tests.fake_discord.toybot import ToyBot


@dataclass
class World:
    fake: FakeDiscord
    guild: FakeGuild
    chan: FakeChannel
    alice: FakeUser
    bob: FakeUser
    bot: ToyBot


@pytest.fixture
async def world(fake_discord: FakeDiscord) -> AsyncIterator[World]:
    guild = fake_discord.add_guild("Noto", locale="ja")
    chan = guild.add_text_channel("goita")
    alice = guild.add_member(fake_discord.add_user("alice", locale="en-GB"))
    bob = guild.add_member(fake_discord.add_user("bob", locale="ja"))
    bot = await fake_discord.start_bot(ToyBot())
    yield World(fake_discord, guild, chan, alice, bob, bot)
