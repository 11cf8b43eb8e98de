"""/goita new (or Rematch) where the bot cannot show a table: refused privately, naming
what a server admin must grant, and nothing opens (a table whose board cannot be posted
would hold the channel unseen). Once granted, the same command opens the table. A channel
that takes the permissions away during a match is paused instead of asked at every move,
and the players' hands say why the board stands still."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.discord.presenter.gate import FIRST_PAUSE
from tests.bot.discord.kit import make_world, match_over, member, play_turn
from tests.bot.discord.test_delivery_e2e import two_humans
from tests.fake_discord import FakeDiscord
from tests.fake_discord.guilds import (
    ATTACH_FILES,
    EMBED_LINKS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
)


def tables_in(database: str | Path) -> int:
    with sqlite3.connect(database) as db:
        return int(db.execute("SELECT count(*) FROM game_tables").fetchone()[0])


async def test_a_table_is_refused_where_the_bot_cannot_post_its_board(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings)
    alice = member(world, "alice")
    world.chan.bot_denied = SEND_MESSAGES | EMBED_LINKS
    refused = await alice.run(world.chan, "goita new")
    await world.settle()
    assert refused.text() == (
        "I can't open a table in this channel: I am missing these permissions here: "
        "Send Messages, Embed Links. A server admin can allow them for the bot in the "
        "channel's settings (Permissions), or you can open the table in another channel.")
    assert refused.reply is not None and refused.reply.ephemeral_for == alice.id
    assert world.service.live_tables() == []
    assert tables_in(world.bot.settings.database_path) == 0
    assert world.chan.public_messages() == []
    assert fake_discord.take_violations() == []  # nothing was tried and refused

    world.chan.bot_denied = 0  # granted
    await alice.run(world.chan, "goita new")
    await world.settle()
    [table] = world.service.live_tables()
    assert world.board().id == table.board_message_id


async def test_the_refusal_names_the_thread_permission_in_the_players_language(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings)
    aiko = member(world, "aiko", locale="ja")
    thread = world.guild.add_thread(world.chan, "ごいた")
    await fake_discord.wait_idle()
    world.chan.bot_denied = SEND_MESSAGES_IN_THREADS  # denied on the parent: the thread too
    refused = await aiko.run(thread, "goita new")
    assert "「スレッドでメッセージを送信」" in refused.text()
    assert "「メッセージを送信」" not in refused.text()  # the channel's own is not needed
    assert world.service.live_tables() == []


async def test_attach_files_is_needed_for_the_boards_picture(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings)
    alice = member(world, "alice")
    world.chan.bot_denied = ATTACH_FILES
    refused = await alice.run(world.chan, "goita new")
    assert "missing these permissions here: Attach Files." in refused.text()
    assert world.service.live_tables() == []


async def test_a_board_without_pictures_opens_without_attach_files(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings, board_pictures=False)
    bob = member(world, "bob")
    world.chan.bot_denied = ATTACH_FILES
    await bob.run(world.chan, "goita new")
    await world.settle()
    assert [t.channel_id for t in world.service.live_tables()] == [world.chan.id]
    assert world.board().attachments == []
    assert fake_discord.take_violations() == []


async def test_a_rematch_is_refused_where_the_bot_can_no_longer_post(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world, _alice, bob, summary = await match_over(fake_discord, make_settings, 5)
    await world.advance(5)
    world.chan.bot_denied = SEND_MESSAGES  # taken away during the match
    refused = await bob.click(summary, "Rematch")
    assert "missing these permissions here: Send Messages." in refused.followups[0].text()
    assert refused.followups[0].ephemeral_for == bob.id
    assert world.table().status == "finished" and world.table().match_no == 1
    assert fake_discord.take_violations() == []

    world.chan.bot_denied = 0
    await bob.click(summary, "Rematch")
    await world.settle()
    assert world.table().match_no == 2 and world.board().id != summary.id


def refusals(fake: FakeDiscord) -> int:
    return sum(1 for call in fake.rest_log if call.status == 403)


async def test_a_channel_that_refuses_the_bot_mid_match_is_not_asked_at_every_move(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    """Discord restricts a bot that makes 10,000 requests refused with 403 in 10 minutes:
    a table whose channel took the bot's permissions away pauses its board and pings."""
    world, alice, bob = await two_humans(fake_discord, make_settings)
    board = world.board()
    world.chan.bot_denied = VIEW_CHANNEL  # taken away during the match
    rng = random.Random(7)
    start = world.table().version
    for _ in range(40):  # the players go on through their hands
        mover = next((u for s, u in {0: alice, 1: bob}.items()
                      if s in world.table().to_act()), None)
        if mover is None or world.table().version - start >= 12:
            break
        await play_turn(world, mover, rng)
    assert world.table().version - start >= 8  # many changes ...
    # ... and one refused try of each kind in all: the board's edit, the ping, the last
    # ping's deletion
    assert refusals(fake_discord) <= 3
    assert all(" 403 " in v for v in fake_discord.take_violations())
    # the players' hands say why the board stands still
    hand = (await bob.click(board, "My hand")).reply
    assert "board in this channel cannot be updated" in hand.text()

    world.chan.bot_denied = 0  # given back
    edits = board.edits
    await world.advance(FIRST_PAUSE + 1)
    mover = next((u for s, u in {0: alice, 1: bob}.items() if s in world.table().to_act()),
                 None)
    if mover is not None:
        await play_turn(world, mover, rng)
    await world.settle()
    assert board.edits > edits  # up to date again
    assert "cannot be updated" not in hand.text()  # and the open hand no longer says so
    assert fake_discord.take_violations() == []


async def test_a_table_opened_once_the_permissions_are_back_shows_at_once(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings)
    alice = member(world, "alice")
    world.presenter.board.gate.refused(world.chan.id)  # the channel refused the bot lately
    await alice.run(world.chan, "goita new")  # granted since: Discord says so
    await world.settle()
    [table] = world.service.live_tables()
    assert table.board_message_id is not None and world.board().id == table.board_message_id
