"""The turn ping and the open hands survive a restart (through the fake Discord, with the
real bot stopped and started again on the same database): a ping left by the previous
process is deleted once its player moves, or at once when it is stale; a hand opened before
the restart keeps updating while its token lives, and one whose token died is not used. What
the previous process stored but did not show is shown by the next: the end of a match, the
end of a table whose log cannot be replayed, the new board of a rematch."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable
from typing import Any

import pytest

from bot.client import create_bot
from tests.bot.discord.kit import (
    FAST,
    FakeClockAdapter,
    World,
    action_buttons,
    bid,
    make_world,
    member,
    play_turn,
    play_until_over,
    start_table,
)
from tests.fake_discord import FakeDiscord, FakeMessage, FakeUser
from tests.fake_discord.state import NONCE_WINDOW

WEBHOOK_EDIT = "PATCH /webhooks/{application_id}/{token}/messages/{message_id}"


async def restart(world: World, make_settings: Callable[..., Any],
                  **settings: Any) -> World:
    """Stop the bot (as a process exit) and start a new one on the same database."""
    await world.fake.stop_bot()
    return await start_again(world, make_settings, **settings)


async def start_again(world: World, make_settings: Callable[..., Any],
                      **settings: Any) -> World:
    """Start a new bot on the database of the stopped one."""
    bot = create_bot(make_settings(**{**FAST, **settings}), clock=FakeClockAdapter(world.fake),
                     guild_ready_timeout=0.05)
    await world.fake.start_bot(bot)
    again = World(world.fake, world.guild, world.chan, bot)
    await again.settle()
    return again


async def dead(*_args: Any) -> None:
    """A presenter call of a process that died right after the commit: nothing is shown."""


def pings_of(world: World, user: FakeUser) -> list[FakeMessage]:
    """The channel's standing messages that mention ``user`` (the turn pings)."""
    return [m for m in world.chan.public_messages()
            if not m.deleted and f"<@{user.id}>" in (m.content or "")]


async def seat_turn(world: World, seat: int, movers: dict[int, FakeUser]) -> None:
    """Play (random legal clicks of the ``movers``) until ``seat`` is to act in the play
    phase of a round."""
    rng = random.Random(11)
    for _ in range(80):
        table = world.table()
        match = table.match
        if seat in table.to_act() and match is not None and match.round.phase == "play":
            return
        mover = next((s for s in movers if s in table.to_act()), None)
        if mover is not None:
            await play_turn(world, movers[mover], rng)
        elif match is not None and match.awaiting_next_round:
            await world.advance(31)
        else:
            await world.settle()
    raise AssertionError(f"seat {seat} never got a turn")


async def two_humans(fake: FakeDiscord, make_settings: Callable[..., Any], **settings: Any
                     ) -> tuple[World, FakeUser, FakeUser]:
    """alice (seat 1) and bob (seat 2) with two easy CPUs, at alice's turn."""
    world = await make_world(fake, make_settings, **settings)
    alice, bob = member(world, "alice"), member(world, "bob")
    await start_table(world, alice, bob, "easy", "easy")
    await seat_turn(world, 0, {0: alice, 1: bob})
    return world, alice, bob


async def test_a_ping_left_by_a_restart_goes_once_its_player_moves(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world, alice, _bob = await two_humans(fake_discord, make_settings)
    [ping] = pings_of(world, alice)
    world = await restart(world, make_settings)
    # still her turn: the ping stands (not posted again)
    assert 0 in world.table().to_act()
    assert pings_of(world, alice) == [ping] and not ping.deleted
    await play_turn(world, alice, random.Random(3))
    assert 0 not in world.table().to_act()
    assert ping.deleted
    assert pings_of(world, alice) == []


async def test_a_stale_ping_is_deleted_at_the_restart(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    world, alice, _bob = await two_humans(fake_discord, make_settings)
    [ping] = pings_of(world, alice)
    # the process died right after the commit: nothing of it was shown
    monkeypatch.setattr(world.presenter, "table_changed", dead)
    monkeypatch.setattr(world.presenter, "prompt", dead)
    await play_turn(world, alice, random.Random(3))
    assert world.table().to_act() == [1]  # bob's turn now
    assert not ping.deleted  # left in the channel by the "dead" process
    world = await restart(world, make_settings)
    assert ping.deleted  # gone without anybody clicking
    assert pings_of(world, alice) == []


async def test_a_hand_opened_before_a_restart_keeps_updating(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world, alice, bob = await two_humans(fake_discord, make_settings)
    hand = (await bob.click(world.board(), "My hand")).reply
    await world.settle()
    assert not action_buttons(hand)  # alice's turn: bob's hand waits
    world = await restart(world, make_settings)
    edits_before = len(fake_discord.calls(WEBHOOK_EDIT))
    await play_turn(world, alice, random.Random(3))
    table = world.table()
    version = table.version
    assert 1 in table.to_act()  # bob answers alice's move
    # bob's hand from before the restart shows his moves, at the current version, without
    # another My hand click
    buttons = action_buttons(hand)
    assert buttons and all(f":{version}:" in (b.custom_id or "") for b in buttons)
    assert len(fake_discord.calls(WEBHOOK_EDIT)) > edits_before
    # and it plays: a click on it is a move
    await bob.click(hand, custom_id=buttons[0].custom_id)
    await world.settle()
    if world.table().version == version:  # the first click picked a piece: now attack
        second = [b for b in action_buttons(hand) if bid(b.custom_id).action == "play"]
        await bob.click(hand, custom_id=second[0].custom_id)
        await world.settle()
    assert world.table().version > version


async def test_a_hand_whose_token_died_during_the_downtime_is_dropped(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world, alice, bob = await two_humans(fake_discord, make_settings)
    hand = (await bob.click(world.board(), "My hand")).reply
    await world.settle()
    text = hand.text()
    database = world.bot.settings.database_path
    with sqlite3.connect(database) as db:  # (alice's hand too, if she moved first)
        assert db.execute("SELECT user_id FROM delivery_hands WHERE user_id = ?",
                          (bob.id,)).fetchall() == [(bob.id,)]
    await fake_discord.stop_bot()
    await fake_discord.clock.advance(15 * 60)  # the token dies while the bot is down
    world = await restart(world, make_settings)
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT count(*) FROM delivery_hands").fetchone() == (0,)
    await play_turn(world, alice, random.Random(3))
    assert 1 in world.table().to_act()
    # never edited through the dead token (the fake would record 50027), so it still says
    # what it said; the board's My hand button is the way back
    assert hand.text() == text
    assert "My hand" in [b.label for b in world.board().buttons]


async def test_a_token_about_to_die_leaves_the_database_with_its_hand(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world, _alice, bob = await two_humans(fake_discord, make_settings,
                                          turn_timeout_seconds=3600.0)
    hand = (await bob.click(world.board(), "My hand")).reply
    await world.settle()
    database = world.bot.settings.database_path
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT user_id FROM delivery_hands WHERE user_id = ?",
                          (bob.id,)).fetchall() == [(bob.id,)]
    await world.advance(14 * 60 + 1)
    await world.presenter.sweep_hands()
    await world.settle()
    assert "no longer updates" in hand.text()  # the sweeper said so, as before
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT count(*) FROM delivery_hands").fetchone() == (0,)
    # a restart then has nothing to edit through the dead token
    world = await restart(world, make_settings, turn_timeout_seconds=3600.0)
    assert "no longer updates" in hand.text()


async def test_the_timeout_warning_comes_privately_through_a_restored_hand(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world, alice, bob = await two_humans(fake_discord, make_settings)
    await bob.click(world.board(), "My hand")
    world = await restart(world, make_settings)
    await play_turn(world, alice, random.Random(3))
    assert 1 in world.table().to_act()
    channel_before = len(world.chan.public_messages())
    await world.advance(46)  # the warning comes 15 s before the 60 s limit
    warnings = [m for m in bob.sees(world.chan)
                if m.ephemeral_for == bob.id and "left for your move" in m.text()]
    assert warnings, "no private warning"
    assert len(world.chan.public_messages()) == channel_before  # no public one


async def test_a_restart_never_deletes_a_ping_twice(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world, alice, _bob = await two_humans(fake_discord, make_settings)
    [ping] = pings_of(world, alice)
    await play_turn(world, alice, random.Random(3))
    assert ping.deleted
    deletes = len(fake_discord.calls("DELETE /channels/{channel_id}/messages/{message_id}"))
    world = await restart(world, make_settings)
    # the store forgot the ping before it was deleted: nothing to delete again (a second
    # DELETE would be refused with Unknown Message)
    assert len(fake_discord.calls("DELETE /channels/{channel_id}/messages/{message_id}")) \
        == deletes


async def finish_unseen(world: World, alice: FakeUser, bob: FakeUser,
                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Play the match to its end; the process "dies" right after the last move is stored,
    so nothing of the end is shown."""
    table_changed = world.presenter.table_changed

    async def dies_at_the_end(table: Any, change: Any) -> None:
        if table.live:
            await table_changed(table, change)

    monkeypatch.setattr(world.presenter, "table_changed", dies_at_the_end)
    monkeypatch.setattr(world.presenter, "table_closed", dead)
    await play_until_over(world, {0: alice, 1: bob}, random.Random(5))
    assert world.table().status == "finished"


async def test_the_end_of_a_match_lost_to_a_restart_is_shown_by_the_next_start(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    world, alice, bob = await two_humans(fake_discord, make_settings)
    await finish_unseen(world, alice, bob, monkeypatch)
    board = world.board()
    assert "Rematch" not in [b.label for b in board.buttons]  # still the last turn's board
    stale = pings_of(world, alice) + pings_of(world, bob)

    world = await restart(world, make_settings)
    board = world.board()
    assert "Rematch" in [b.label for b in board.buttons]
    assert all(ping.deleted for ping in stale)
    assert pings_of(world, alice) == pings_of(world, bob) == []
    edits = board.edits

    # shown once: the next start leaves the board alone
    world = await restart(world, make_settings)
    assert fake_discord.messages[board.id].edits == edits
    await alice.click(board, "Rematch")
    await world.settle()
    assert world.table().status == "playing" and world.table().match_no == 2


async def test_an_end_that_cannot_be_shown_is_not_tried_at_every_start(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The channel was deleted while the bot was down: the start that finds the end unshown
    tries once, and the next start does not try again."""
    world, alice, bob = await two_humans(fake_discord, make_settings)
    await finish_unseen(world, alice, bob, monkeypatch)
    world.chan.deleted = True
    before = len(fake_discord.rest_log)
    world = await restart(world, make_settings)

    def board_calls(since: int) -> list[str]:
        return [f"{c.method} {c.path} {c.status}" for c in fake_discord.rest_log[since:]
                if f"/channels/{world.chan.id}/" in c.path]

    assert board_calls(before)  # tried once, and found the channel gone
    assert {v.split(" -> ")[1] for v in fake_discord.take_violations()} == {
        "404 10003 Unknown Channel"}
    assert await world.service.store.unsettled() == []
    tried = len(fake_discord.rest_log)
    world = await restart(world, make_settings)
    assert board_calls(tried) == []


async def test_a_table_that_cannot_be_restored_says_so_on_its_board(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any],
) -> None:
    world, alice, _bob = await two_humans(fake_discord, make_settings)
    table = world.table()
    board = world.board()
    assert action_buttons(board)
    [ping] = pings_of(world, alice)
    await world.fake.stop_bot()
    # damage while the bot is down: a move by a seat whose turn it is not
    seat = next(s for s in range(4) if s not in table.to_act())
    with sqlite3.connect(make_settings().database_path) as db:
        db.execute("INSERT INTO table_actions (table_id, seq, match_no, kind, seat, action, "
                   "actor, at) VALUES (?, ?, ?, 'act', ?, '{\"action\": \"pass\"}', 'cpu', 0)",
                   (table.id, table.version + 1, table.match_no, seat))
    world = await start_again(world, make_settings)
    board = fake_discord.messages[board.id]
    assert "This table has ended." in board.text()
    assert not [b for b in action_buttons(board) if bid(b.custom_id).action != "review"]
    assert ping.deleted  # nobody is waited for any more


async def test_a_rematch_whose_new_board_a_restart_lost_keeps_the_last_summary(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The process dies right after a rematch is stored, before its new board is posted:
    the next start posts it, and the last match's summary stays as it was."""
    world, alice, bob = await two_humans(fake_discord, make_settings)
    await play_until_over(world, {0: alice, 1: bob}, random.Random(5))
    summary = world.board()
    assert "Rematch" in [b.label for b in summary.buttons]
    summary_text = summary.text()
    await world.advance(5)
    # the process dies once the rematch is stored: nothing after it is shown
    monkeypatch.setattr(world.presenter, "table_changed", dead)
    monkeypatch.setattr(world.presenter, "prompt", dead)
    await alice.click(summary, "Rematch")
    assert world.table().match_no == 2 and world.table().board_message_id == summary.id

    world = await restart(world, make_settings)
    board = world.board()
    assert board.id != summary.id  # a new board for the new match
    assert "Rematch" not in [b.label for b in board.buttons]
    assert action_buttons(board)
    assert not summary.deleted and summary.text() == summary_text


def boards_in(world: World) -> list[FakeMessage]:
    """The channel's standing messages with the table's buttons (its boards)."""
    return [m for m in world.chan.public_messages()
            if not m.deleted and any((b.custom_id or "").startswith("goita:")
                                     for b in m.buttons)]


#: how long the bot is down: a quick restart (Discord returns the board for its nonce), and
#: one longer than Discord keeps a nonce (the board is found among the channel's messages)
DOWNTIMES = [0.0, NONCE_WINDOW + 60]


@pytest.mark.parametrize("down", DOWNTIMES, ids=["quick", "long"])
async def test_a_board_posted_just_before_a_crash_is_not_posted_twice(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any],
    monkeypatch: pytest.MonkeyPatch, down: float,
) -> None:
    """The process dies after posting a new table's board, before storing its id: the
    next start takes that board back instead of leaving it beside a second one."""
    world = await make_world(fake_discord, make_settings)
    alice, bob = member(world, "alice"), member(world, "bob")
    monkeypatch.setattr(world.service, "set_board_message", dead)
    await alice.run(world.chan, "goita new")
    await world.settle()
    [lobby] = boards_in(world)
    with sqlite3.connect(world.bot.settings.database_path) as db:
        assert db.execute("SELECT board_message_id FROM game_tables").fetchall() == [(None,)]

    await fake_discord.stop_bot()
    await fake_discord.clock.advance(down)
    world = await start_again(world, make_settings)
    assert boards_in(world) == [lobby]
    assert world.board().id == lobby.id
    await bob.click(lobby, custom_id=f"goita:join:{world.table().id}:0:-")
    await world.settle()
    assert world.table().seat_of(bob.id) is not None
    assert "bob" in lobby.text() and boards_in(world) == [lobby]


@pytest.mark.parametrize("down", DOWNTIMES, ids=["quick", "long"])
async def test_a_rematch_board_posted_just_before_a_crash_is_not_posted_twice(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any],
    monkeypatch: pytest.MonkeyPatch, down: float,
) -> None:
    """The same for a rematch's new board: the last match's summary and one new board."""
    world, alice, bob = await two_humans(fake_discord, make_settings)
    await play_until_over(world, {0: alice, 1: bob}, random.Random(5))
    summary = world.board()
    await world.advance(5)
    monkeypatch.setattr(world.service, "set_board_message", dead)
    world.service.seed_source = lambda: 1  # a deal where a human moves first: no CPU
    await alice.click(summary, "Rematch")  # step stores the new board's id on its own
    await world.settle()
    assert set(world.table().to_act()) <= {0, 1}
    new_board = world.board()
    assert new_board.id != summary.id
    # the process dies before anything stores the new board's id
    await fake_discord.stop_bot()
    with sqlite3.connect(world.bot.settings.database_path) as db:
        assert db.execute("SELECT board_message_id FROM game_tables").fetchall() == [
            (summary.id,)]

    await fake_discord.clock.advance(down)
    world = await start_again(world, make_settings)
    assert world.board().id == new_board.id
    assert [m for m in boards_in(world) if m.id != summary.id] == [new_board]
    assert action_buttons(new_board)

