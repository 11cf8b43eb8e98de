"""Clicks a modified client could send: any custom id matching a button's pattern, on any
message it can see. Each is refused privately and changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.bot.discord.kit import (
    World,
    action_buttons,
    bid,
    crafted,
    make_world,
    member,
    start_table,
)
from tests.fake_discord import FakeChannel, FakeDiscord, FakeMessage, FakeUser
from tests.fake_discord.interactions import FakeInteraction

HUGE = 2**64 - 1  # 20 digits: above what a store's integer holds
HUGE19 = 9999999999999999999  # 19 digits, above 2**63 - 1


def refused(inter: FakeInteraction, text: str) -> None:
    assert inter.failed is None, inter.failed
    assert inter.ephemeral, inter.reply
    assert text in inter.text(), inter.text()


async def a_lobby_elsewhere(world: World, channel: FakeChannel, host: FakeUser) -> FakeMessage:
    await host.run(channel, "goita new")
    await world.settle()
    return next(m for m in host.sees(channel) if not m.ephemeral and m.buttons)


async def test_a_button_of_a_table_in_another_channel_is_refused_and_changes_nothing(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings)
    alice, bob, mallory = member(world, "alice"), member(world, "bob"), member(world, "mallory")
    await alice.run(world.chan, "goita new")
    await world.settle()
    table = world.table()
    seats = [s and s.name for s in table.seats]
    other = world.guild.add_text_channel("elsewhere")
    there = await a_lobby_elsewhere(world, other, bob)
    thread = world.guild.add_text_channel("a-thread")
    in_thread = await a_lobby_elsewhere(world, thread, mallory)

    inter = await crafted(world, mallory, there, f"goita:join:{table.id}:0:-")
    refused(inter, "another channel")
    # the host's own clicks from another channel are refused too
    guild2 = world.fake.add_guild("Elsewhere")
    chan2 = guild2.add_text_channel("goita")
    guild2.add_member(alice)
    foreign = await a_lobby_elsewhere(world, chan2, alice)
    for action in ("start", "cancel", "shuffle"):
        refused(await crafted(world, alice, foreign, f"goita:{action}:{table.id}:0:-"),
                "another channel")
    refused(await crafted(world, mallory, in_thread, f"goita:remove:{table.id}", ["1"]),
            "another channel")
    refused(await crafted(world, mallory, in_thread, f"goita:hand:{table.id}:0:-"),
            "another channel")
    assert world.table() is table and table.status == "lobby"
    assert [s and s.name for s in table.seats] == seats


async def test_a_hand_action_sent_from_a_public_message_is_refused_and_changes_nothing(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings, cpu_move_delay_seconds=5)
    alice = member(world, "alice")
    await start_table(world, alice, "easy", "easy", "easy")
    table = world.table()
    while 0 not in table.to_act():
        await world.advance(5)
    hand = (await alice.click(world.board(), "My hand")).reply
    assert hand.ephemeral
    first = action_buttons(hand)[0].custom_id
    version = table.version
    for custom_id in (first, f"goita:back:{table.id}:{version}:-",
                      f"goita:play:{table.id}:{version}:p"):
        refused(await crafted(world, alice, world.board(), custom_id), "My hand")
    assert table.version == version
    # the same button on the hand itself works
    await alice.click(hand, custom_id=first)
    assert bid(first).action != "pick" or "Back" in hand.text()


async def test_ids_no_store_can_hold_are_refused_as_old_buttons_never_failing(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings)
    alice = member(world, "alice")
    await alice.run(world.chan, "goita new")
    await world.settle()
    board = world.board()
    tables = len(world.service.all_tables())
    for custom_id in (f"goita:rematch:{HUGE19}:0:-", f"goita:join:{HUGE19}:0:-",
                      f"goita:hand:{HUGE19}:0:-", f"goita:stop:{HUGE19}:0:-",
                      f"goita:play:{HUGE19}:3:p",
                      f"gstats:lb:{HUGE}:wins:0", f"gstats:hist:{HUGE}:0",
                      f"gstats:dl:{HUGE19}:yaml", f"gstats:rp:{HUGE19}:0:o",
                      f"gstats:rp:{HUGE19}:3:n"):
        refused(await crafted(world, alice, board, custom_id), "no longer valid")
    refused(await crafted(world, alice, board, f"goita:swap:{HUGE19}", ["0-1"]),
            "no longer valid")
    assert len(world.service.all_tables()) == tables


async def test_crafted_seat_numbers_in_a_menu_are_refused(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings)
    alice = member(world, "alice")
    await alice.run(world.chan, "goita new")
    await world.settle()
    table = world.table()
    for value in ("0-" + "9" * 5000, "²-1", "1" * 30):
        refused(await crafted(world, alice, world.board(), f"goita:swap:{table.id}", [value]),
                "no such seat")
    assert table.seats[0] is not None and table.seats[0].name == "alice"
