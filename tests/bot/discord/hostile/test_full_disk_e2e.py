"""A full disk through Discord: the board tells the players that play is paused, a move is
refused privately with the reason, and play resumes by itself once saving works."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tests.bot.app.tables.test_storage_pause import FullDisk
from tests.bot.discord.kit import make_world, member, play_turn, start_table
from tests.fake_discord import FakeDiscord


async def test_the_board_says_play_is_paused_and_then_resumes(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings, cpu_move_delay_seconds=2)
    alice = member(world, "alice")
    await start_table(world, alice, "easy", "easy", "easy")
    table = world.table()
    rng = random.Random(5)
    while 0 in table.to_act() or table.deadlines.cpu_due_at is None:
        await play_turn(world, alice, rng)
        table = world.table()
    disk = FullDisk(world.service.store, failures=3)
    world.service.store = disk
    version = table.version
    await world.advance(2)  # the CPU's move cannot be saved
    assert "play is paused" in world.board().text()
    assert world.table().version == version and disk.attempts == 1
    await world.advance(0.5)
    assert disk.attempts == 1  # backing off, not retrying at once
    for seconds in (1, 2, 4):
        await world.advance(seconds)
    assert disk.attempts >= 4 and disk.failures == 0
    assert world.table().version > version
    assert "Saving works again" in world.board().text()
