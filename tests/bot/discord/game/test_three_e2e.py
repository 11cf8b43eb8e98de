"""The 3-player variant through the fake Discord: three seats, no teams, three scores."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from goita_core.match import Match
from goita_core.rules import RuleSet
from tests.bot.discord.game.test_flows_e2e import make_world_again
from tests.bot.discord.kit import (
    check_hidden,
    check_hidden_history,
    make_world,
    member,
    open_table,
    play_turn,
    play_until_over,
    rig_deal,
    visible_kanji,
)
from tests.fake_discord import FakeDiscord


async def test_one_human_and_two_cpus_play_a_3_player_match_to_the_end(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings)
    alice = member(world, "alice")
    await alice.run(world.chan, "goita new", target=50, players=3)
    await world.settle()
    lobby = world.board()
    text = lobby.text()
    assert "Three players, no teams" in text and "all 3 seats" in text
    assert "**3.** (empty seat)" in text and "**4.**" not in text and "Team A" not in text
    swaps = [o.label for s in lobby.selects for o in s.options if "Swap" in o.label]
    assert swaps == ["Swap seats 1 ↔ 2", "Swap seats 1 ↔ 3", "Swap seats 2 ↔ 3"]
    await alice.click(lobby, "+ CPU easy")
    await alice.click(lobby, "+ CPU normal")
    await world.settle()
    assert "CPU 3 (normal)" in lobby.text()
    # three seats are a full table: no more CPUs, and Start is open
    assert all(b.disabled for b in lobby.buttons
               if (b.label or "").startswith("+ CPU") or b.label == "Join")
    await alice.click(lobby, "Start")
    await world.settle()
    table = world.table()
    assert table.match is not None and table.match.rules.players == 3
    assert len(table.match.round.hand(0)) == 10
    board = world.board().text()
    assert "alice **0** · CPU 2 (easy) **0** · CPU 3 (normal) **0** · first to 50" in board
    assert "Team" not in board and "10 left" in board
    turns = await play_until_over(world, {0: alice}, random.Random(5), limit=400)
    table = world.table()
    assert turns > 0 and table.status == "finished" and table.match is not None
    scores = table.match.scores
    assert len(scores) == 3 and max(scores) >= 50
    winner = table.match.winner
    assert winner is not None
    end = world.board().text()
    names = ["alice", "CPU 2 (easy)", "CPU 3 (normal)"]
    assert f"🏆 **{names[winner]}** wins: " + " · ".join(
        f"{n} **{s}**" for n, s in zip(names, scores, strict=True)) in end
    assert "Team" not in end and "Rounds" in end
    # the result is recorded: three individuals, the human on the leaderboard
    stats = (await alice.run(world.chan, "goita stats")).reply.text()
    assert f"{int(winner == 0)} won of 1" in stats
    leaderboard = (await alice.run(world.chan, "goita leaderboard")).reply.text()
    assert "**1.** alice" in leaderboard and "1 played" in leaderboard
    assert "CPU 2" not in leaderboard and "**2.**" not in leaderboard
    history = (await alice.run(world.chan, "goita history")).reply
    labels = [b.label or "" for b in history.buttons]
    assert any("record (JSON)" in label for label in labels)
    assert not any("YAML" in label for label in labels)  # that kifu format has four seats
    sent = (await alice.click(history, custom_id=next(
        b.custom_id for b in history.buttons if "record (JSON)" in (b.label or "")))).reply
    assert sent.files and sent.files[0][0].endswith(".json")
    replay = (await alice.click(history, custom_id=next(
        b.custom_id for b in history.buttons if "replay" in (b.label or "")))).reply
    assert "New deal" in replay.text() and "CPU 3 (normal)" in replay.text()


# Dealt from the dealer on: the dealer holds both Ou, so a leak of its face-down Ou shows
# up as a kanji; no hand has four of a kind (that would be redealt).
SECRET_DEAL = ["王王しし香香馬銀金角", "しし香馬馬銀銀金金飛", "しししし香馬銀金角飛"]


async def test_three_humans_play_a_round_and_nobody_sees_hidden_pieces(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings, round_pause_seconds=30)
    people = [member(world, n) for n in ("alice", "bob", "carol")]
    lobby = await open_table(world, people[0], *people[1:], players=3)
    assert all(f"**{i + 1}.** {p.name}" in lobby.text() for i, p in enumerate(people))
    rig_deal(world, SECRET_DEAL)
    rules = RuleSet(players=3)
    seed = next(s for s in range(100) if Match(rules, seed=s, deal=False).first_dealer == 0)
    world.service.seed_source = lambda: seed
    await people[0].click(lobby, "Start")
    await world.settle()
    table = world.table()
    assert table.match is not None and table.match.round.dealer == 0
    users = dict(enumerate(people))
    initial = {i: SECRET_DEAL[i] for i in range(3)}
    hand = (await people[0].click(world.board(), "My hand")).reply
    assert hand.text().startswith("Your hand") and "Team" not in hand.text()
    await people[0].click(hand, "王 Ou")
    await people[0].click(hand, "香 Gon")
    await world.settle()
    check_hidden(world, users, initial)
    rng = random.Random(4)
    for _ in range(100):
        table = world.table()
        assert table.match is not None
        if table.match.round.over:
            break
        await play_turn(world, users[table.match.round.to_act()[0]], rng)
        check_hidden(world, users, initial)
    table = world.table()
    assert table.match is not None and table.match.round.over
    await world.settle()
    check_hidden_history(world, users, initial, "round 1 over")
    text = world.board().text()
    result = table.match.round.result
    assert result is not None and result.seat is not None
    assert f"{people[result.seat].name} went out with" in text and "Team" not in text
    assert "王" in visible_kanji(world, people[1])  # the round's end reveals the Ou
    # two passes, not three, give the lead back in the log
    assert "Three passes" not in "\n".join(m.text() for m in world.chan.public_messages())


async def test_a_3_player_table_plays_on_after_a_restart(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings)
    alice = member(world, "alice")
    lobby = await open_table(world, alice, "easy", "easy", players=3)
    await alice.click(lobby, "Start")
    await world.settle()
    rng = random.Random(8)
    while 0 not in world.table().to_act():
        await world.advance(1.0)
    await play_turn(world, alice, rng)
    version = world.table().version
    await fake_discord.stop_bot()
    again = await make_world_again(world, make_settings)
    table = again.table()
    assert table.players == 3 and table.version >= version
    assert table.match is not None and table.match.rules.players == 3
    board = again.board().text()
    assert "alice **" in board and "CPU 3 (easy) **" in board and "Team" not in board
    await play_until_over(again, {0: alice}, rng, limit=400)
    table = again.table()
    assert table.status == "finished" and table.match is not None
    assert len(table.match.scores) == 3
