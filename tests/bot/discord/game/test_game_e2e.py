"""End-to-end games through the fake Discord with the real discord.py client."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from goita_core.match import Match
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


async def test_one_human_and_three_cpus_play_a_whole_match(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings)
    alice = member(world, "alice")
    reply = await alice.run(world.chan, "goita new", target=100)
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
    turns = await play_until_over(world, {0: alice}, random.Random(7), limit=400)
    table = world.table()
    assert table.status == "finished"
    assert turns > 0
    assert table.match is not None and max(table.match.scores) >= 100
    board = world.board()
    assert "match over" in board.text() and "wins" in board.text()
    assert "Rounds" in board.text()
    # Rematch: same seats, a new board below; the summary stays as it was.
    summary = board.text()
    await alice.click(board, "Rematch")
    await world.settle()
    assert world.table().status in ("playing", "finished")
    assert world.board() is not board and board.text() == summary
    assert world.table().match_no == 2



# Dealt from the dealer on: the dealer holds both Ou, the fourth seat every Kin, Kaku and
# Hisha, so any leak of a hand or of the dealer's face-down Ou shows up as a kanji.
SECRET_DEAL = ["王王ししし香香馬", "ししし香香馬馬馬", "しししし銀銀銀銀", "金金金金角角飛飛"]


async def test_four_humans_play_a_round_by_clicking_and_nobody_sees_hidden_pieces(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings, round_pause_seconds=30)
    names = ["alice", "bob", "carol", "dave"]
    people = [member(world, n) for n in names]
    lobby = await open_table(world, people[0], *people[1:])
    assert all(n in lobby.text() for n in names)
    rig_deal(world, SECRET_DEAL)
    # seat 0 deals: its own face-down piece is the one a careless public view would show
    seed = next(s for s in range(100) if Match(seed=s, deal=False).first_dealer == 0)
    world.service.seed_source = lambda: seed
    await people[0].click(lobby, "Start")
    await world.settle()
    table = world.table()
    assert table.match is not None
    dealer = table.match.round.dealer
    assert dealer == 0
    users = {s: people[s] for s in range(4)}
    initial = {(dealer + i) % 4: SECRET_DEAL[i] for i in range(4)}
    # The dealer was pinged (an edit pings nobody) and leads Ou face down, attacking Gon.
    lead = users[dealer]
    assert any(f"<@{lead.id}>" in m.content for m in world.chan.public_messages())
    hand = (await lead.click(world.board(), "My hand")).reply
    assert hand.ephemeral_for == lead.id
    await lead.click(hand, "王 Ou")
    assert "Face down: 王 Ou" in hand.text()
    await lead.click(hand, "香 Gon")
    await world.settle()
    check_hidden(world, users, initial)
    board = world.board()
    assert "led a face-down piece and attacked 香 Gon" in board.text()
    rng = random.Random(3)
    for _ in range(100):
        table = world.table()
        assert table.match is not None
        if table.match.round.over:
            break
        seat = table.match.round.to_act()[0]
        await play_turn(world, users[seat], rng)
        check_hidden(world, users, initial)
    table = world.table()
    assert table.match is not None and table.match.round.over
    await world.settle()
    check_hidden_history(world, users, initial, "round 1 over")
    # The round's end reveals the face-down pieces to everyone.
    text = world.board().text()
    assert "round 1 over" in text and "went out with" in text
    assert "■" not in text
    assert "王" in visible_kanji(world, users[(dealer + 1) % 4])
