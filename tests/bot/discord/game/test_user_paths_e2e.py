"""Paths real users take that the main scenarios did not: a lobby whose seats changed
before the start, leaving a running match (last human or not, hand open), two Rematch
clicks at once, the last round's reveal on the match summary, an away player's hand, a
5-Shi decision's time limit, clicks landing just after Start, and Japanese wording."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Callable
from typing import Any

from bot.discord.presenter import HAND_TOKEN_LIFE
from goita_core.pieces import KANJI
from tests.bot.discord.kit import (
    World,
    make_world,
    match_over,
    member,
    open_table,
    play_turn,
    play_until_over,
    rig_deal,
    start_table,
)
from tests.fake_discord import FakeDiscord, FakeUser

# No seat holds 5 Shi or more: no Shi line pushes the lobby's lines off the board's log.
QUIET_DEAL = ["王王ししし香香馬", "ししし香香馬馬馬", "しししし銀銀銀銀", "金金金金角角飛飛"]


def kanji_in(text: str) -> list[str]:
    return re.findall("[し香馬銀金角飛王]", text)


def last_moves(text_fields: list[dict[str, Any]]) -> str:
    return str(text_fields[-1]["value"])


async def test_the_board_log_names_who_really_left_after_seats_changed(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings, cpu_move_delay_seconds=5)
    alice, bob, carol = member(world, "alice"), member(world, "bob"), member(world, "carol")
    lobby = await open_table(world, alice, bob, carol)
    await bob.click(lobby, "Leave")  # seat 2 is free again; a CPU takes it below
    await alice.click(lobby, "+ CPU easy")
    await alice.click(lobby, "+ CPU easy")
    await world.settle()
    rig_deal(world, hands_by_seat=QUIET_DEAL)
    await alice.click(lobby, "Start")
    await world.settle()
    log = last_moves(world.board().embeds[0]["fields"])
    assert "bob left" in log, log
    assert "CPU 2 (easy) left" not in log, log


async def test_the_last_human_leaving_a_match_is_told_the_table_closed(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings, cpu_move_delay_seconds=5)
    alice = member(world, "alice")
    await start_table(world, alice, "easy", "easy", "easy")
    hand = (await alice.click(world.board(), "My hand")).reply
    reply = await alice.run(world.chan, "goita leave")
    await world.settle()
    assert world.table().status == "cancelled"
    assert "This table has ended." in hand.text() and not hand.buttons
    # nobody plays on: no "a CPU plays your seat", no "everyone was away", no Rematch hint
    assert "a CPU plays your seat" not in reply.text()
    assert "You left the table." in reply.text()
    board = world.board().text()
    assert "away" not in board, board
    assert "left" in board, board
    assert "Rematch" not in board, board


async def test_two_players_click_rematch_at_once(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world, alice, bob, summary = await match_over(fake_discord, make_settings, 3)
    first, second = await asyncio.gather(alice.click(summary, "Rematch", settle=False),
                                         bob.click(summary, "Rematch", settle=False))
    await world.settle()
    assert world.table().match_no == 2  # one rematch, not two (also when its deal ends it)
    answers = [f.text() for r in (first, second) for f in r.followups]
    assert len(answers) == 1, answers
    assert "already started" in answers[0], answers  # not "the match is not over yet"
    # the summary keeps its button; a later click there says the same
    late = await bob.click(summary, "Rematch")
    assert "already started" in late.followups[0].text()


async def test_an_older_summarys_rematch_never_rematches_a_later_match(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world, alice, bob, first = await match_over(fake_discord, make_settings, 3)
    await alice.click(first, "Rematch")
    await play_until_over(world, {0: alice, 1: bob}, random.Random(4))
    second = world.board()
    assert second.id != first.id and world.table().match_no == 2
    late = await bob.click(first, "Rematch")  # the first match's summary, still in the channel
    assert "already started" in late.followups[0].text()
    assert world.table().status == "finished" and world.table().match_no == 2
    await bob.click(second, "Rematch")
    await world.settle()
    assert world.table().match_no == 3


async def test_the_match_end_shows_the_last_round_with_every_piece_revealed(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings, guild_locale="ja")
    alice = member(world, "alice", locale="ja")
    lobby = await open_table(world, alice, "easy", "easy", "easy", target=50)
    world.service.seed_source = lambda: 7  # a match whose last round ends by going out
    await alice.click(lobby, "開始")
    await world.settle()
    await play_until_over(world, {0: alice}, random.Random(3))
    table = world.table()
    assert table.status == "finished" and table.match is not None
    result = table.match.rounds[-1].result
    assert result is not None and result.kind == "finish"
    # while it ran, the attack to answer read "<name>の<piece>", not nested brackets
    boards = [str(v) for v in world.board().history]
    assert any(re.search("受ける攻め：CPU [234]（やさしい）の", b) for b in boards)
    assert not any("）（CPU" in b for b in boards)
    last = table.match.view(0)  # the round is over: every piece face up
    summary = world.board().embeds[0]
    assert "伏せ駒を公開しました。" in summary["description"]
    fields = summary["fields"]
    for seat in range(4):
        name = "alice" if seat == 0 else f"CPU {seat + 1}"
        field = next(f for f in fields if f["name"].startswith(name))
        played = "".join(KANJI[p.kind] for p in last.played[seat] if p.kind is not None)
        assert "■" not in field["value"], field
        assert sorted(kanji_in(field["value"])) == sorted(played), field


async def test_stopping_a_lobby_does_not_speak_of_a_match(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings, guild_locale="ja")
    taro = member(world, "taro", locale="ja")
    lobby = await open_table(world, taro, "easy")
    confirm = await taro.run(world.chan, "goita stop")
    assert "対局はここで終わり" not in confirm.text()  # nothing was being played
    assert "ロビーを閉じますか" in confirm.text()
    await taro.click(confirm.reply, "はい、卓を終了する")
    await world.settle()
    assert world.table().status == "cancelled" and not lobby.buttons


async def _alice_to_play(world: World, alice: FakeUser) -> None:
    """Play (alice's turns at random) until it is alice's turn in the play phase."""
    rng = random.Random(5)
    for _ in range(60):
        table = world.table()
        assert table.match is not None
        if 0 in table.to_act() and table.match.round.phase == "play":
            return
        if 0 in table.to_act():
            await play_turn(world, alice, rng)
        else:
            await world.advance(31 if table.match.awaiting_next_round else 1.0)
    raise AssertionError("alice never got a turn")


async def test_an_away_players_open_hand_says_a_cpu_plays_for_them(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings, cpu_move_delay_seconds=1.0,
                             round_pause_seconds=30)
    alice = member(world, "alice")
    await start_table(world, alice, "easy", "easy", "easy")
    await _alice_to_play(world, alice)
    hand = (await alice.click(world.board(), "My hand")).reply
    await world.advance(61)  # time runs out: a CPU moves for her from now on
    seat = world.table().seats[0]
    assert seat is not None and seat.away
    # the message she is looking at must not read "not your turn yet" while her pieces go
    assert "a CPU plays for you" in hand.text(), hand.text()
    assert "My hand" in hand.text()
    back = (await alice.click(world.board(), "My hand")).reply
    assert "Welcome back" in back.text() and "a CPU plays for you" not in back.text()


async def test_the_board_says_who_left_a_running_match(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings, cpu_move_delay_seconds=5)
    alice, bob = member(world, "alice"), member(world, "bob")
    await start_table(world, alice, bob, "easy", "easy")
    await alice.run(world.chan, "goita leave")
    await world.settle()
    log = last_moves(world.board().embeds[0]["fields"])
    assert "alice left: a CPU plays that seat" in log, log
    assert "← alice left" not in log, log


async def test_a_click_on_an_old_hand_of_a_stopped_table_never_says_open_it_again(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings, cpu_move_delay_seconds=1.0,
                             turn_timeout_seconds=3600, turn_warning_seconds=60)
    alice = member(world, "alice")
    lobby = await open_table(world, alice, "easy", "easy", "easy")
    world.service.seed_source = lambda: 7
    await alice.click(lobby, "Start")
    await world.settle()
    await _alice_to_play(world, alice)
    older = (await alice.click(world.board(), "My hand")).reply
    await alice.click(world.board(), "My hand")  # the newer one is the one kept updated
    confirm = await alice.run(world.chan, "goita stop")
    await alice.click(confirm.reply, "Yes, stop the table")
    await world.settle()
    pick = next(b for b in older.buttons
                if not b.disabled and (b.custom_id or "").startswith("goita:pick:"))
    await alice.click(older, custom_id=pick.custom_id)
    assert "This table has ended." in older.text() and not older.buttons
    await fake_discord.clock.advance(HAND_TOKEN_LIFE + 10)
    await world.presenter.sweep_hands()
    await world.settle()
    assert "This table has ended." in older.text(), older.text()
    assert "My hand" not in older.text(), older.text()


async def test_japanese_answers_name_commands_as_a_japanese_client_shows_them(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings, guild_locale="ja")
    taro = member(world, "taro", locale="ja")
    command = fake_discord.global_commands[0]
    new = next(o for o in command["options"] if o["name"] == "new")
    shown = f"/{command['name_localizations']['ja']} {new['name_localizations']['ja']}"
    answer = await taro.run(world.chan, "goita hand")  # no table in this channel
    assert shown in answer.text(), answer.text()
    assert "/goita" not in answer.text()  # a Japanese client never shows that name


# Seat 2 holds 5 Shi: its partner at seat 0 decides.
GOSHI_DEAL = ["しし香香金金角飛", "しし香馬馬金金王", "ししししし香馬銀", "し馬銀銀銀角飛王"]


async def test_a_5_shi_decision_shows_its_time_limit_and_a_cpu_decides_on_timeout(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings, round_pause_seconds=30)
    alice = member(world, "alice")
    lobby = await open_table(world, alice, "easy", "normal", "easy")
    rig_deal(world, hands_by_seat=GOSHI_DEAL)
    await alice.click(lobby, "Start")
    await world.settle()
    hand = (await alice.click(world.board(), "My hand")).reply
    assert "holds 5 Shi" in hand.text()
    deadline = world.table().deadlines.turn_deadline
    assert deadline is not None and f"<t:{int(deadline)}:R>" in hand.text(), hand.text()
    await world.advance(61)
    table = world.table()
    assert table.match is not None and table.match.round.phase != "goshi"
    seat = table.seats[0]
    assert seat is not None and seat.away
    board = world.board()
    assert any("alice ran out of time" in str(v) for v in [*board.history, board.snapshot()])


async def test_a_lobby_leave_click_landing_after_the_start_does_not_hand_the_seat_to_a_cpu(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings, cpu_move_delay_seconds=5)
    alice, bob = member(world, "alice"), member(world, "bob")
    lobby = await open_table(world, alice, bob, "easy", "easy")
    # bob clicks Leave on the lobby while alice's Start is being handled
    _start, leave = await asyncio.gather(alice.click(lobby, "Start", settle=False),
                                         bob.click(lobby, "Leave", settle=False))
    await world.settle()
    table = world.table()
    assert table.status == "playing"  # the Start went first
    seat = table.seats[1]
    assert seat is not None and seat.kind == "human" and seat.user_id == bob.id
    assert "already started" in leave.followups[0].text()


async def test_a_lobby_stop_confirmed_after_the_start_asks_again(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings, cpu_move_delay_seconds=5)
    alice = member(world, "alice")
    lobby = await open_table(world, alice, "easy", "easy", "easy")
    confirm = await alice.run(world.chan, "goita stop")  # "close the lobby?"
    await alice.click(lobby, "Start")
    await world.settle()
    late = await alice.click(confirm.reply, "Yes, stop the table")
    await world.settle()
    assert world.table().status == "playing"  # she agreed to close a lobby, not a match
    assert "run /goita stop again" in late.text()
    again = await alice.run(world.chan, "goita stop")
    await alice.click(again.reply, "Yes, stop the table")
    await world.settle()
    assert world.table().status == "cancelled" and world.table().stopped_early


async def test_leaving_a_match_with_the_hand_open_says_so_in_the_hand(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings, cpu_move_delay_seconds=1.0)
    alice, bob = member(world, "alice"), member(world, "bob")
    lobby = await open_table(world, alice, bob, "easy", "easy")
    world.service.seed_source = lambda: 7
    await alice.click(lobby, "Start")
    await world.settle()
    await _alice_to_play(world, alice)
    hand = (await alice.click(world.board(), "My hand")).reply
    assert any(not b.disabled for b in hand.buttons)
    await alice.run(world.chan, "goita leave")
    await world.settle()
    # no move buttons left that would only answer "you are not seated"
    assert not hand.buttons, hand.text()
    assert "a CPU plays your seat" in hand.text(), hand.text()
