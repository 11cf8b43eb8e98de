"""End-to-end flows through the fake Discord: 5-Shi prompt, timeouts, stop and cancel,
refused clicks, rate limits and old or deleted boards, expiring hands."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

import pytest

from bot.discord.presenter import HAND_TOKEN_LIFE, REPOST_AFTER
from tests.bot.discord.kit import (
    World,
    make_world,
    member,
    open_table,
    play_turn,
    rig_deal,
    start_table,
)
from tests.fake_discord import FakeDiscord, FakeUser

# Seat 2 holds 5 Shi, so its partner at seat 0 (alice) must choose play on or redeal.
GOSHI_DEAL = ["しし香香金金角飛", "しし香馬馬金金王", "ししししし香馬銀", "し馬銀銀銀角飛王"]


async def _goshi_world(fake: FakeDiscord, make_settings: Callable[..., Any]
                       ) -> tuple[World, FakeUser]:
    world = await make_world(fake, make_settings, round_pause_seconds=30)
    alice = member(world, "alice")
    lobby = await open_table(world, alice, "easy", "normal", "easy")
    rig_deal(world, hands_by_seat=GOSHI_DEAL)
    await alice.click(lobby, "Start")
    await world.settle()
    return world, alice


@pytest.mark.parametrize("choice", ["Play on", "Redeal"])
async def test_five_shi_partner_chooses(fake_discord: FakeDiscord,
                                        make_settings: Callable[..., Any], choice: str) -> None:
    world, alice = await _goshi_world(fake_discord, make_settings)
    table = world.table()
    assert table.match is not None and table.match.round.phase == "goshi"
    board = world.board()
    assert "declares 5 Shi" in board.text()
    assert "Waiting for alice to choose play on or redeal" in board.text()
    ping = world.chan.last_message()
    assert f"<@{alice.id}>" in ping.content and "5 Shi" in ping.content
    hand = (await alice.click(board, "My hand")).reply
    assert "holds 5 Shi" in hand.text()
    await alice.click(hand, choice)
    await world.settle()
    table = world.table()
    assert table.match is not None
    if choice == "Play on":
        assert table.match.round_no == 1 and table.match.round.phase == "play"
        assert "alice chose to play on" in world.board().text()
    else:
        assert table.match.round.over and table.match.round.result is not None
        assert table.match.round.result.kind == "redeal"
        assert "alice chose to redeal" in world.board().text()
        assert "redealt by the same dealer" in world.board().text()
        await world.advance(31)
        table = world.table()
        assert table.match is not None and table.match.round_no == 2
    # she has answered: the notification is removed from the channel
    assert ping.deleted


async def test_five_shi_cpu_partner_decides_alone(fake_discord: FakeDiscord,
                                                  make_settings: Callable[..., Any]) -> None:
    world = await make_world(fake_discord, make_settings, round_pause_seconds=30)
    alice = member(world, "alice")
    lobby = await open_table(world, alice, "easy", "normal", "easy")
    # seat 0 (alice) holds the 5 Shi: her partner at seat 2 is a CPU and decides
    rig_deal(world, hands_by_seat=[GOSHI_DEAL[2], GOSHI_DEAL[1], GOSHI_DEAL[0], GOSHI_DEAL[3]])
    await alice.click(lobby, "Start")
    await world.settle()
    text = world.board().text()
    assert "CPU 3 (normal) chose to" in text


async def _alice_turn_world(fake: FakeDiscord, make_settings: Callable[..., Any],
                            **settings: Any) -> tuple[World, FakeUser]:
    world = await make_world(fake, make_settings, **settings)
    alice = member(world, "alice")
    await start_table(world, alice, "easy", "easy", "easy")
    rng = random.Random(5)
    for _ in range(50):
        table = world.table()
        if 0 in table.to_act() and table.match is not None \
                and table.match.round.phase == "play":
            return world, alice
        await world.settle()
        table = world.table()
        if 0 in table.to_act():
            await play_turn(world, alice, rng)
        elif table.match is not None and table.match.awaiting_next_round:
            await world.advance(31)  # past the pause between rounds
    raise AssertionError("alice never got a turn")


async def test_timeout_warning_takeover_and_coming_back(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world, alice = await _alice_turn_world(fake_discord, make_settings, round_pause_seconds=30)
    hand = (await alice.click(world.board(), "My hand")).reply
    version = world.table().version
    await world.advance(46)  # the warning comes 15 s before the 60 s limit
    warnings = [m for m in alice.sees(world.chan)
                if m.ephemeral_for == alice.id and "left for your move" in m.text()]
    assert warnings, "no private warning"
    assert world.table().version == version  # nothing moved yet
    await world.advance(15)
    table = world.table()
    assert table.version > version
    seat = table.seats[0]
    assert seat is not None and seat.away
    assert "away" in world.board().text()
    ping = world.chan.last_message()
    assert ping is not None and f"<@{alice.id}>" in ping.content and "My hand" in ping.content
    # While away, the CPU keeps playing her turns without waiting for the timer.
    # She takes her seat back by opening My hand.
    back = (await alice.click(world.board(), "My hand")).reply
    assert "Welcome back" in back.text()
    await world.settle()
    seat = world.table().seats[0]
    assert seat is not None and not seat.away
    assert "alice is back" in world.board().text()
    del hand


async def test_host_cancels_lobby_and_stops_a_match(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings)
    alice, bob = member(world, "alice"), member(world, "bob")
    lobby = await open_table(world, alice, bob)
    early = await bob.run(world.chan, "goita hand")
    assert "has not started yet" in early.text()
    refused = await bob.click(lobby, "Cancel")
    assert "Only the host" in refused.followups[0].text()
    await alice.click(lobby, "Cancel")
    await world.settle()
    assert "cancelled" in lobby.text() and not lobby.buttons
    # A new table in the same channel; bob may not stop it, alice may after confirming.
    lobby = await start_table(world, alice, bob, "easy", "easy")
    hand = (await alice.run(world.chan, "goita hand")).reply
    assert hand.ephemeral_for == alice.id and "Your hand" in hand.text()
    denied = await bob.run(world.chan, "goita stop")
    assert "Only the host" in denied.text()
    confirm = await alice.run(world.chan, "goita stop")
    assert confirm.reply.ephemeral_for == alice.id
    await alice.click(confirm.reply, "Yes, stop the table")
    await world.settle()
    assert "The table was stopped." in confirm.reply.text() and not confirm.reply.buttons
    table = world.table()
    assert table.status == "cancelled" and table.close_reason == "stopped"
    assert "stopped" in world.board().text()
    assert "My hand" not in [b.label for b in world.board().buttons]
    assert "This table has ended." in hand.text() and not hand.buttons
    gone = await alice.run(world.chan, "goita hand")
    assert "no Goita table" in gone.text()


async def test_wrong_user_stale_and_double_clicks_are_refused(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world, alice = await _alice_turn_world(fake_discord, make_settings)
    eve = member(world, "eve")
    board = world.board()
    no = await eve.click(board, "My hand")
    assert "not seated" in no.text()
    first = (await alice.click(board, "My hand")).reply
    second = (await alice.click(board, "My hand")).reply
    buttons = [b for b in first.buttons if not b.disabled]
    pick = buttons[0]
    version = world.table().version
    if (pick.custom_id or "").startswith("goita:pick:"):
        await alice.click(first, custom_id=pick.custom_id)
        play = next(b for b in first.buttons if (b.custom_id or "").startswith("goita:play:")
                    and not b.disabled)
        # double click: two clicks race on the same button
        r1, r2 = await asyncio.gather(
            alice.click(first, custom_id=play.custom_id, settle=False),
            alice.click(first, custom_id=play.custom_id, settle=False))
        await world.settle()
        texts = [f.text() for r in (r1, r2) for f in r.followups]
        assert any("earlier turn" in x or "not your turn" in x for x in texts), texts
    else:
        await alice.click(first, custom_id=pick.custom_id)
        await world.settle()
    assert world.table().version > version
    # the other hand message is from an earlier turn now
    old = next(b for b in second.buttons if not b.disabled)
    stale = await alice.click(second, custom_id=old.custom_id)
    assert "earlier turn" in stale.text()


async def test_rate_limited_board_edits_converge_to_the_right_board(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    route = "PATCH /channels/{channel_id}/messages/{message_id}"
    fake_discord.rate_limit(route, limit=1, per=0.3)
    world, alice = await _alice_turn_world(fake_discord, make_settings)
    fake_discord.inject_429(route, times=3, retry_after=0.05)
    rng = random.Random(11)
    for _ in range(6):
        table = world.table()
        if table.status != "playing":
            break
        if 0 in table.to_act():
            await play_turn(world, alice, rng)
        else:
            await world.settle()
    await world.settle()
    assert fake_discord.rate_limit_hits, "the test did not exercise the rate limit"
    table = world.table()
    expected = world.presenter.render_public(table).embed.to_dict()
    assert world.board().embeds[0]["description"] == expected["description"]
    assert [f["value"] for f in world.board().embeds[0]["fields"]] == \
        [f["value"] for f in expected["fields"]]


async def test_old_or_deleted_boards_are_posted_again(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings, lobby_idle_seconds=86400)
    alice, bob, carol = member(world, "alice"), member(world, "bob"), member(world, "carol")
    old = await open_table(world, alice)
    await fake_discord.clock.advance(REPOST_AFTER + 60)
    await bob.click(old, "Join")
    await world.settle()
    board = world.board()
    assert board is not old and old.deleted and "bob" in board.text()
    await world.bot.http.delete_message(world.chan.id, board.id)
    await world.service.join(world.table().id, _ref(carol))
    await world.settle()
    again = world.board()
    assert again is not board and not again.deleted and "carol" in again.text()
    # the bot found the board gone (404) when it tried to edit it, and posted it again
    assert [v for v in fake_discord.take_violations() if "10008" not in v] == []


def _ref(user: FakeUser) -> Any:
    from bot.app.ports import UserRef

    return UserRef(user.id, user.name)


async def test_hand_says_open_again_before_its_token_dies(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world, alice = await _alice_turn_world(fake_discord, make_settings,
                                           turn_timeout_seconds=3600,
                                           turn_warning_seconds=60)
    hand = (await alice.click(world.board(), "My hand")).reply
    await fake_discord.clock.advance(HAND_TOKEN_LIFE + 10)
    await world.presenter.sweep_hands()
    await world.settle()
    assert "click **My hand** on the board again" in hand.text()
    assert not hand.buttons


async def test_an_idle_lobby_closes_itself_and_says_so(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings, lobby_idle_seconds=600)
    alice = member(world, "alice")
    lobby = await open_table(world, alice, "easy")
    await world.advance(601)
    assert world.table().status == "cancelled"
    assert "nobody started it for 10 minutes" in lobby.text() and not lobby.buttons


async def test_open_hand_updates_itself_and_leave_hands_the_seat_to_a_cpu(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings, cpu_move_delay_seconds=1.0,
                             round_pause_seconds=30)
    alice, bob = member(world, "alice"), member(world, "bob")
    await start_table(world, alice, bob, "easy", "easy")
    left = await alice.run(world.chan, "goita leave")  # a CPU plays her seat from now
    assert "a CPU plays your seat" in left.text()
    await world.settle()
    # bob opens his hand while it is not his turn; it turns into move buttons by itself
    table = world.table()
    assert table.match is not None
    if 1 in table.to_act():
        await bob.run(world.chan, "goita hand")  # (his turn already: make it pass by)
        await world.advance(61)
    hand = (await bob.click(world.board(), "My hand")).reply
    assert "Your turn" not in hand.text()
    for _ in range(40):
        table = world.table()
        assert table.match is not None
        if 1 in table.to_act() and table.match.round.phase == "play":
            break
        await world.advance(1.0)
    else:
        raise AssertionError("bob never got a turn")
    assert "Your turn" in hand.text() and any(not b.disabled for b in hand.buttons)
    table = world.table()
    seat = table.seats[0]
    assert seat is not None and seat.kind == "cpu" and seat.former_name == "alice"
    assert "← alice" in world.board().text()
    gone = await alice.run(world.chan, "goita hand")
    assert "not seated" in gone.text()


async def test_host_swaps_seats_in_the_lobby(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings)
    alice, bob = member(world, "alice"), member(world, "bob")
    lobby = await open_table(world, alice, bob)
    assert "**2.** bob" in lobby.text()
    swap = f"goita:swap:{world.table().id}"
    refused = await bob.select(lobby, ["Swap seats 2 ↔ 3"], custom_id=swap)
    assert "Only the host" in refused.followups[0].text()
    await alice.select(lobby, ["Swap seats 2 ↔ 3"], custom_id=swap)
    await world.settle()
    assert "**3.** bob · Team A" in lobby.text()
    assert "**2.** (empty seat)" in lobby.text()
    await alice.click(lobby, "+ CPU hard")
    await alice.select(lobby, ["Free seat 2: CPU 2 (hard)"],
                       custom_id=f"goita:remove:{world.table().id}")
    await world.settle()
    assert "**2.** (empty seat)" in lobby.text()
    assert "Free seat 1" not in lobby.text()  # the host's own seat is not offered


async def test_buttons_keep_working_after_a_restart(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world, alice = await _alice_turn_world(fake_discord, make_settings)
    hand = (await alice.click(world.board(), "My hand")).reply
    version = world.table().version
    await fake_discord.stop_bot()
    restarted = await make_world_again(world, make_settings)
    table = restarted.table()
    assert table.version == version and 0 in table.to_act()
    # a button of the hand opened before the restart still works
    move = next(b for b in hand.buttons if not b.disabled)
    await alice.click(hand, custom_id=move.custom_id)
    await restarted.settle()
    if (move.custom_id or "").startswith("goita:pick:"):
        second = next(b for b in hand.buttons
                      if (b.custom_id or "").startswith("goita:play:") and not b.disabled)
        await alice.click(hand, custom_id=second.custom_id)
        await restarted.settle()
    assert restarted.table().version > version
    assert "My hand" in [b.label for b in restarted.board().buttons]


async def make_world_again(world: World, make_settings: Callable[..., Any]) -> World:
    from bot.client import create_bot
    from tests.bot.discord.kit import FAST, FakeClockAdapter

    bot = create_bot(make_settings(**FAST), clock=FakeClockAdapter(world.fake),
                     guild_ready_timeout=0.05)
    await world.fake.start_bot(bot)
    again = World(world.fake, world.guild, world.chan, bot)
    await again.settle()
    return again


async def test_quick_consecutive_changes_make_one_board_edit(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    from bot.app.ports import TableChange

    world = await make_world(fake_discord, make_settings)
    alice = member(world, "alice")
    await open_table(world, alice, "easy")
    route = "PATCH /channels/{channel_id}/messages/{message_id}"
    before = len(fake_discord.calls(route))
    table = world.table()
    for _ in range(10):  # e.g. CPU moves landing faster than Discord answers an edit
        await world.presenter.table_changed(table, TableChange(table.id, "lobby"))
    await world.settle()
    assert len(fake_discord.calls(route)) - before <= 2
