"""Abuse limits through Discord: open tables per user and per server (threads included),
and the cooldown on creating tables. A refusal is private and creates nothing."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from tests.bot.discord.kit import World, make_world, member
from tests.fake_discord import FakeChannel, FakeDiscord, FakeUser
from tests.fake_discord.interactions import FakeInteraction


async def new(world: World, user: FakeUser, channel: FakeChannel) -> FakeInteraction:
    inter = await user.run(channel, "goita new")
    await world.settle()
    return inter


def live(world: World) -> list[int]:
    return sorted(t.channel_id for t in world.service.live_tables())


async def test_a_user_may_open_only_so_many_tables(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings, max_tables_per_user=2,
                             table_create_cooldown_seconds=0)
    alice = member(world, "alice")
    chans = [world.chan, *(world.guild.add_text_channel(f"t{i}") for i in range(2))]
    for chan in chans[:2]:
        assert "opened" in (await new(world, alice, chan)).text()
    inter = await new(world, alice, chans[2])
    assert inter.ephemeral and "limit: 2" in inter.text(), inter.text()
    assert live(world) == sorted(c.id for c in chans[:2])
    assert all(not m.buttons for m in chans[2].messages)  # no lobby was posted
    # closing one makes room again
    await alice.click(world.board(), "Cancel")
    await world.settle()
    assert "opened" in (await new(world, alice, chans[2])).text()


async def test_a_server_caps_its_tables_threads_included(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings, max_tables_per_server=3,
                             table_create_cooldown_seconds=0)
    users = [member(world, f"user{i}") for i in range(5)]
    threads = [world.guild.add_thread(world.chan, f"th{i}") for i in range(4)]
    await new(world, users[0], world.chan)
    for user, thread in zip(users[1:3], threads, strict=False):
        assert "opened" in (await new(world, user, thread)).text()
    inter = await new(world, users[3], threads[2])
    assert inter.ephemeral and "This server" in inter.text() and "limit: 3" in inter.text()
    assert len(live(world)) == 3
    # another server has its own count
    other = world.fake.add_guild("Other")
    chan = other.add_text_channel("goita")
    other.add_member(users[4])
    assert "opened" in (await new(world, users[4], chan)).text()


async def test_a_flood_of_new_commands_creates_only_the_burst_then_one_per_cooldown(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings, max_tables_per_user=1000,
                             table_create_burst=3, table_create_cooldown_seconds=20)
    mallory = member(world, "mallory")
    chans = [world.guild.add_text_channel(f"c{i}") for i in range(12)]
    answers = [await new(world, mallory, chan) for chan in chans[:10]]
    opened = [a for a in answers if "opened" in a.text()]
    assert len(opened) == 3
    assert all(a.ephemeral and "too quickly" in a.text() for a in answers[3:])
    assert "Try again in 20 s" in answers[3].text()
    assert len(live(world)) == 3
    await world.advance(20)
    assert "opened" in (await new(world, mallory, chans[10])).text()
    assert "too quickly" in (await new(world, mallory, chans[11])).text()


async def test_the_lobby_politely_refuses_an_engine_beyond_the_cap(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    engine = f"{sys.executable} -m goita_core.tools.engine --level easy"
    world = await make_world(fake_discord, make_settings, external_engines={"ours": engine},
                             max_engines_per_table=1)
    alice = member(world, "alice")
    await new(world, alice, world.chan)
    tid = world.table().id
    await alice.select(world.board(), ["ours"], custom_id=f"goita:engine:{tid}")
    await world.settle()
    inter = await alice.select(world.board(), ["ours"], custom_id=f"goita:engine:{tid}")
    await world.settle()
    [refusal] = inter.followups
    assert refusal.ephemeral and "limit: 1" in refusal.text() and "CPU" in refusal.text()
    assert [s.kind for s in world.table().seats if s is not None] == ["human", "engine"]
