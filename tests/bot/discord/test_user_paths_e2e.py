"""Paths real users take that the main scenarios did not: a lobby whose seats changed
before the start, the last human leaving a running match, ..."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.bot.discord.kit import make_world, member, open_table, rig_deal
from tests.fake_discord import FakeDiscord

# No seat holds 5 Shi or more: no Shi line pushes the lobby's lines off the board's log.
QUIET_DEAL = ["王王ししし香香馬", "ししし香香馬馬馬", "しししし銀銀銀銀", "金金金金角角飛飛"]


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
    lobby = await open_table(world, alice, "easy", "easy", "easy")
    await alice.click(lobby, "Start")
    await world.settle()
    reply = await alice.run(world.chan, "goita leave")
    await world.settle()
    assert world.table().status == "cancelled"
    # nobody plays on: no "a CPU plays your seat", no "everyone was away", no Rematch hint
    assert "a CPU plays your seat" not in reply.text()
    assert "You left the table." in reply.text()
    board = world.board().text()
    assert "away" not in board, board
    assert "left" in board, board
    assert "Rematch" not in board, board
