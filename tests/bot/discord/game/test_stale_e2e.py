"""One stale rule, the service's: the adapter passes a click's version through."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.bot.discord.kit import crafted, make_world, member, open_table, rig_deal
from tests.fake_discord import FakeDiscord

# seats 0 and 1 hold 5 Shi: their partners at seats 2 and 3 both decide
TWO_GOSHI = ["ししししし香香香", "ししししし香馬馬", "馬銀銀金金角飛王", "馬銀銀金金角飛王"]


async def test_both_five_shi_partners_may_decide_at_once_through_discord(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings, round_pause_seconds=30)
    alice, bob, carol, dave = (member(world, n) for n in ("alice", "bob", "carol", "dave"))
    lobby = await open_table(world, alice, bob, carol, dave)
    rig_deal(world, hands_by_seat=TWO_GOSHI)
    await alice.click(lobby, "Start")
    await world.settle()
    table = world.table()
    assert sorted(table.to_act()) == [2, 3]
    carol_hand = (await carol.click(world.board(), "My hand")).reply
    dave_hand = (await dave.click(world.board(), "My hand")).reply
    carol_play_on = next(b.custom_id or "" for b in carol_hand.buttons if b.label == "Play on")
    # Dave decides first; Carol's click was sent before her hand showed the new version
    await dave.click(dave_hand, "Play on")
    await world.settle()
    assert table.to_act() == [2]
    inter = await crafted(world, carol, carol_hand, carol_play_on)
    assert inter.failed is None
    assert not inter.followups or "earlier turn" not in inter.followups[0].text()
    assert table.match is not None and table.match.round.phase == "play"
    assert "carol chose to play on" in world.board().text()
