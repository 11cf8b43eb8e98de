"""A hand opened while the table changes (e.g. a CPU moves while Discord is still taking
the hand's answer) ends up showing the table as it is, not as it was when drawn."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

from bot.discord import render
from tests.bot.discord.kit import make_world, member, play_turn, start_table
from tests.fake_discord import FakeDiscord

CALLBACK = "POST /interactions/{interaction_id}/{token}/callback"


async def test_a_hand_opened_during_a_move_shows_the_move(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings, round_pause_seconds=30)
    alice, bob = member(world, "alice"), member(world, "bob")
    await start_table(world, alice, bob, "easy", "easy")
    rng = random.Random(2)
    for _ in range(60):  # until alice (seat 0) leads or attacks; bob (seat 1) is next
        table = world.table()
        assert table.match is not None
        view = table.match.view(0)
        if 0 in table.to_act() and table.match.round.phase == "play" \
                and any(a.is_play for a in view.legal):
            break
        if 1 in table.to_act():
            await play_turn(world, bob, rng)
        elif 0 in table.to_act():
            await play_turn(world, alice, rng)
        elif table.match.awaiting_next_round:
            await world.advance(31)
        else:
            await world.settle()
    else:
        raise AssertionError("alice never got to attack")
    move = next(a for a in view.legal if a.is_play)

    # Discord answers bob's "My hand" late (one 429 first); alice moves meanwhile.
    fake_discord.inject_429(CALLBACK, times=1, retry_after=0.1)
    opening = asyncio.create_task(bob.click(world.board(), "My hand", settle=False))
    await fake_discord.wait_for(lambda: bool(fake_discord.rate_limit_hits), timeout=5,
                                what="bob's hand to be answered late")
    await world.service.act(table.id, alice.id, table.version, move)
    hand = (await opening).reply
    await world.settle()

    table = world.table()
    assert 1 in table.to_act()
    now = render.render_hand(table, 1, "en").embed.to_dict()
    assert hand.embeds[0]["description"] == now["description"]
    assert "Your turn" in hand.text() and any(not b.disabled for b in hand.buttons)
