"""End to end through the fake Discord: the hand's Hint is offered on the player's turn
only, names a legal move with its reason, never depends on the hidden pieces, and a match
where someone used it says so in its history and is not rated."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.app.learn.review import ReviewSettings
from bot.discord.services import services_of
from goita_core.actions import PASS, Action, Play
from goita_core.match import Match
from goita_core.pieces import KANJI, Kind
from goita_core.rules import RuleSet
from tests.bot.discord.kit import (
    World,
    make_world,
    member,
    play_until_over,
    rig_deal,
    start_table,
)
from tests.bot.discord.settings.test_settings_e2e import admin
from tests.fake_discord import FakeDiscord, FakeMessage, FakeUser

ALICE_HAND = "し香馬銀金角飛王"
OTHERS = ["しし香馬銀金角し", "しし香馬銀金飛し", "しし香馬銀金王し"]
OTHERS_TOO = ["しし香香馬銀金角", "ししし馬銀金飛し", "しし香馬銀金王し"]


def seed_with_dealer(seat: int) -> int:
    """A match seed whose first dealer is ``seat`` (so that seat acts first)."""
    return next(s for s in range(1000)
                if Match(RuleSet(), seed=s, deal=False).first_dealer == seat)


def hinted_action(text: str) -> Action:
    """The move a hint names ("し Shi face down, attack 香 Gon", "Block with ...", "Pass")."""
    line = next(ln for ln in text.splitlines() if ln.startswith("💡"))
    move = line.split(":")[0]
    if "Pass" in move:
        return PASS
    kanji = [c for c in move if c in KANJI]
    assert len(kanji) == 2, line
    return Play(Kind(KANJI.index(kanji[0])), Kind(KANJI.index(kanji[1])))


async def alice_at_her_turn(world: World, others: list[str], target: int = 150,
                            alice: FakeUser | None = None) -> tuple[FakeUser, FakeMessage]:
    alice = alice or member(world, "alice")
    world.service.seed_source = lambda: seed_with_dealer(0)
    rig_deal(world, hands_by_seat=[ALICE_HAND, *others])
    await start_table(world, alice, "easy", "normal", "hard", target=target)
    table = world.table()
    assert table.to_act() == [0]
    hand = (await alice.click(world.board(), "My hand")).reply
    return alice, hand


async def test_a_hint_only_on_the_players_turn_names_a_legal_move(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings)
    alice, hand = await alice_at_her_turn(world, OTHERS)
    assert "Hint" in [b.label for b in hand.buttons]
    hint_id = hand.button("Hint").custom_id
    answer = await alice.click(hand, "Hint")
    text = answer.text()
    assert answer.reply.ephemeral_for == alice.id
    action = hinted_action(text)
    assert action in world.table().match.view(0).legal  # type: ignore[union-attr]
    assert re.search(r"💡 .+: .+", text) and "not rated" in text
    assert hint_id is not None


async def test_an_old_hint_button_off_turn_is_refused(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    # the computer players take their time (the fake's clock stands still)
    world = await make_world(fake_discord, make_settings, cpu_move_delay_seconds=5.0)
    alice, hand = await alice_at_her_turn(world, OTHERS)
    hint_id = hand.button("Hint").custom_id
    old = (await alice.click(world.board(), "My hand")).reply  # a second copy of the hand
    first = next(b for b in hand.buttons if (b.custom_id or "").startswith("goita:pick:"))
    await alice.click(hand, custom_id=first.custom_id)
    second = next(b for b in hand.buttons
                  if (b.custom_id or "").startswith("goita:play:") and not b.disabled)
    await alice.click(hand, custom_id=second.custom_id)
    await world.settle()
    assert world.table().to_act() == [1]
    assert "Hint" not in [b.label for b in hand.buttons]
    refused = await alice.click(old, custom_id=hint_id)
    assert "on your turn only" in refused.text()
    eve = member(world, "eve")  # not seated: no hint (eve clicks a copy of the button)
    world.fake.messages[old.id].ephemeral_for = None
    assert "not seated" in (await eve.click(old, custom_id=hint_id)).text()


async def test_a_hint_never_depends_on_the_hidden_pieces(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any], tmp_path: Path
) -> None:
    """The same view (alice's hand, nothing played yet) behind different hidden deals
    gives the same hint."""
    answers = []
    deals = [OTHERS, [OTHERS[2], OTHERS[0], OTHERS[1]], OTHERS_TOO]
    for i, others in enumerate(deals):
        world = await make_world(fake_discord, make_settings,
                                 database_path=tmp_path / f"deal{i}.sqlite3")
        alice, hand = await alice_at_her_turn(world, others)
        answers.append(hinted_action((await alice.click(hand, "Hint")).text()))
        await fake_discord.stop_bot()
    assert answers[0] == answers[1] == answers[2]


async def test_a_match_with_hints_says_so_in_its_history_and_is_not_rated(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings)
    alice, hand = await alice_at_her_turn(world, OTHERS, target=50)  # a short match
    await alice.click(hand, "Hint")
    await play_until_over(world, {0: alice}, random.Random(4))
    assert world.table().status == "finished"
    hist = (await alice.run(world.chan, "goita history")).reply
    text = hist.text()
    assert "hints used, not rated" in text and "rating " not in text  # no rating change
    stats = (await alice.run(world.chan, "goita stats")).reply
    assert "0 rated matches" in stats.text(), stats.text()
    # the match summary's Review opens alice's review of this match; bob played no part
    learn = services_of(world.bot).learn
    assert learn is not None
    learn.reviews.settings = ReviewSettings(search_samples=6, compare_samples=4)
    board = world.board()
    bob = member(world, "bob")
    nobody = await bob.click(board, "Review my moves")
    assert nobody.reply.ephemeral_for == bob.id and "no recorded match" in nobody.text()
    review = (await alice.click(board, "Review my moves")).reply
    assert review.ephemeral_for == alice.id and "Review of match #" in review.text()


async def test_hints_can_be_turned_off_at_rated_tables(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    """The server setting: a table opened after it refuses hints (nothing is noted); a
    table opened before keeps its own setting."""
    world = await make_world(fake_discord, make_settings)
    boss = admin(world, "boss")
    alice, before = await alice_at_her_turn(world, OTHERS)
    shown = (await boss.run(world.chan, "goita settings")).reply
    await boss.select(shown, ["board_pictures"], placeholder="House rule and board options")
    assert "Saved" in shown.text()
    world.chan = world.guild.add_text_channel("goita-2")
    _, hand = await alice_at_her_turn(world, OTHERS, alice=alice)
    refused = await alice.click(hand, "Hint")
    assert "turned off" in refused.text() and "💡" not in refused.text()
    services = services_of(world.bot)
    assert services.learn is not None
    assert await services.learn.store.hint_users(world.table().id,
                                                 world.table().started_at or 0) == []
    given = await alice.click(before, "Hint")  # the table opened before the change
    assert "💡" in given.text()
