"""End-to-end games through the fake Discord with the real discord.py client."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tests.fake_discord import FakeDiscord

from tests.bot.discord.kit import make_world, member, play_turn


async def test_one_human_and_three_cpus_play_a_whole_match(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings)
    alice = member(world, "alice")
    reply = await alice.run(world.chan, "goita new", target=50)
    assert reply.reply.ephemeral_for == alice.id
    await world.settle()
    lobby = world.board()
    assert "alice" in lobby.text()
    for label in ("+ CPU easy", "+ CPU normal", "+ CPU hard"):
        await alice.click(lobby, label)
    await world.settle()
    assert "CPU 4 (hard)" in lobby.text()
    await alice.click(lobby, "Start")
    await world.settle()
    rng = random.Random(7)
    for _ in range(200):
        table = world.table()
        if table.status != "playing":
            break
        if 0 in table.to_act():
            await play_turn(world, alice, rng)
        else:
            await world.settle()
    table = world.table()
    assert table.status == "finished"
    board = world.board()
    assert "match over" in board.text()
    assert "Rematch" in [b.label for b in board.buttons]
