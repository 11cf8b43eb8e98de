"""A table whose channel is deleted, or whose server removed the bot, closes: its match
ends as stopped (the rounds played are kept), its timers stop, its players' open hands say
it ended, and nothing more is sent to a channel that is not there."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable
from typing import Any

from tests.bot.discord.kit import World, make_world, member, play_turn, start_table
from tests.bot.discord.test_delivery_e2e import restart, seat_turn, start_again
from tests.fake_discord import FakeDiscord

CHANNEL_CALLS = ("POST /channels/{channel_id}/messages",
                 "PATCH /channels/{channel_id}/messages/{message_id}",
                 "DELETE /channels/{channel_id}/messages/{message_id}")


def channel_calls(fake: FakeDiscord) -> int:
    return sum(len(fake.calls(route)) for route in CHANNEL_CALLS)


def stopped_matches(world: World) -> list[tuple[int, int]]:
    with sqlite3.connect(world.bot.settings.database_path) as db:
        return db.execute("SELECT table_id, stopped_early FROM results_match").fetchall()


async def playing(fake: FakeDiscord, make_settings: Callable[..., Any]) -> World:
    """alice and bob with two easy CPUs, a move or two into the first round."""
    world = await make_world(fake, make_settings)
    alice, bob = member(world, "alice"), member(world, "bob")
    await start_table(world, alice, bob, "easy", "easy")
    await seat_turn(world, 0, {0: alice, 1: bob})
    await play_turn(world, alice, random.Random(2))
    return world


async def test_a_table_whose_channel_is_deleted_closes_and_sends_nothing_there(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await playing(fake_discord, make_settings)
    bob = fake_discord.user("bob")
    hand = (await bob.click(world.board(), "My hand")).reply
    await world.settle()
    table = world.table()
    calls = channel_calls(fake_discord)

    await fake_discord.delete_channel(world.chan)
    await world.settle()
    assert table.status == "cancelled" and table.close_reason == "channel_gone"
    assert world.service.live_tables() == []
    assert "table has ended" in hand.text()  # bob's hand says so
    assert stopped_matches(world) == [(table.id, 1)]  # kept, as stopped
    version = table.version
    await world.advance(600)  # no timer of it runs any more
    assert table.version == version
    assert channel_calls(fake_discord) == calls  # nothing sent to the deleted channel
    assert fake_discord.take_violations() == []

    world = await restart(world, make_settings)  # and nothing is owed to it at a start
    assert channel_calls(fake_discord) == calls
    assert fake_discord.take_violations() == []


async def test_a_table_in_a_thread_closes_with_its_deleted_channel(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings)
    alice = member(world, "alice")
    parent = world.chan
    thread = world.guild.add_thread(parent, "goita")
    await fake_discord.wait_idle()
    world.chan = thread
    await start_table(world, alice, "easy", "easy", "easy")
    table = world.table()
    calls = channel_calls(fake_discord)
    await fake_discord.delete_channel(parent)  # its threads go with it
    await world.settle()
    assert table.close_reason == "channel_gone"
    await world.advance(120)
    assert channel_calls(fake_discord) == calls
    assert fake_discord.take_violations() == []


async def test_a_table_whose_channel_was_deleted_during_a_restart_closes(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await playing(fake_discord, make_settings)
    table_id = world.table().id
    await fake_discord.stop_bot()
    await fake_discord.delete_channel(world.chan)  # no bot connected hears of it
    world = await start_again(world, make_settings)
    table = world.service.get(table_id)
    assert table.close_reason == "channel_gone"  # the restored board found it gone
    assert stopped_matches(world) == [(table_id, 1)]
    refused = fake_discord.take_violations()
    assert 0 < len(refused) <= 2 and all("10003 Unknown Channel" in v for v in refused)
    await world.advance(120)
    assert fake_discord.take_violations() == []


async def test_the_tables_of_a_server_close_when_the_bot_is_removed(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await playing(fake_discord, make_settings)
    first = world.table()
    carol = member(world, "carol")
    world.chan = world.guild.add_text_channel("goita-2")
    await fake_discord.wait_idle()
    await carol.run(world.chan, "goita new")  # a lobby in another channel
    await world.settle()
    lobby = world.table()
    calls = channel_calls(fake_discord)

    await fake_discord.remove_bot(world.guild)
    await world.settle()
    assert first.close_reason == lobby.close_reason == "bot_removed"
    assert world.service.live_tables() == []
    assert stopped_matches(world) == [(first.id, 1)]
    assert channel_calls(fake_discord) == calls
    assert fake_discord.take_violations() == []
