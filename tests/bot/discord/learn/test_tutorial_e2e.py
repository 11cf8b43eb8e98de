"""End to end through the fake Discord: a newcomer plays /goita learn by doing what each
step says, is corrected when they do something else, leaves and comes back, and finishes
with the summary and the invitation to /goita new."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from bot.client import create_bot
from tests.bot.discord.kit import FAST, FakeClockAdapter, World, make_world, member
from tests.fake_discord import FakeDiscord, FakeMessage, FakeUser

KANJI = "し香馬銀金角飛王"


def instruction(msg: FakeMessage) -> str:
    """The step's instruction: the last bold line of the practice table."""
    found = re.findall(r"\*\*(.+?)\*\*", msg.text())
    assert found, msg.text()
    return str(found[-1])


def piece_button(msg: FakeMessage, kanji: str) -> str:
    for b in msg.buttons:
        if (b.label or "").startswith(kanji) and not b.disabled:
            return b.custom_id or ""
    raise AssertionError(f"no {kanji} button: {[b.label for b in msg.buttons]}")


async def follow(user: FakeUser, msg: FakeMessage) -> None:
    """Do what the current step says, reading only the message."""
    labels = [b.label for b in msg.buttons]
    if "Continue" in labels:
        await user.click(msg, "Continue")
        return
    if "Play on" in labels:
        await user.click(msg, "Play on")
        return
    text = instruction(msg)
    if "press Pass" in text:
        await user.click(msg, "Pass")
        return
    named = [c for c in text if c in KANJI]
    first, second = (named[-2], named[-1]) if len(named) > 1 else (named[0], named[0])
    await user.click(msg, custom_id=piece_button(msg, first))
    await user.click(msg, custom_id=piece_button(msg, second))


async def learn_world(fake: FakeDiscord, make_settings: Callable[..., Any]) -> World:
    return await make_world(fake, make_settings)


async def test_a_newcomer_completes_the_tutorial_by_following_it(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await learn_world(fake_discord, make_settings)
    nao = member(world, "nao")
    msg = (await nao.run(world.chan, "goita learn")).reply
    assert msg.ephemeral_for == nao.id  # private: nobody else sees the practice table
    assert "Lesson 1" in msg.text() and "Your pieces" in msg.text()
    assert "Welcome back" not in msg.text()
    steps = 0
    while "Start again" in [b.label for b in msg.buttons] and \
            "Tutorial complete" not in msg.text():
        before = msg.text()
        await follow(nao, msg)
        assert "✋" not in msg.text(), msg.text()  # following the steps is never refused
        assert msg.text() != before
        steps += 1
        assert steps < 40, "the tutorial did not end"
    text = msg.text()
    assert "Tutorial complete" in text and "/goita new" in text
    assert "You made no wrong move." in text
    assert [b.label for b in msg.buttons] == ["Start again"]


async def test_a_wrong_move_is_refused_with_its_reason_and_changes_nothing(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await learn_world(fake_discord, make_settings)
    nao = member(world, "nao")
    msg = (await nao.run(world.chan, "goita learn")).reply
    await nao.click(msg, "Continue")
    asked = instruction(msg)
    assert "face down" in asked
    # passing when one must lead breaks a rule: the rule is explained
    await nao.click(msg, "Pass")
    assert "✋" in msg.text() and "cannot pass" in msg.text()
    assert instruction(msg) == asked
    # a legal lead that is not the one asked: the lesson says why it wants another
    await nao.click(msg, custom_id=piece_button(msg, "王"))
    assert "Now choose the piece to attack with" in msg.text()
    await nao.click(msg, custom_id=piece_button(msg, "飛"))
    assert "✋" in msg.text() and "this lesson asks for another" in msg.text()
    assert instruction(msg) == asked
    # someone else cannot play on this practice table
    eve = member(world, "eve")
    world.fake.messages[msg.id].ephemeral_for = None  # as if eve saw a copy of it
    refused = await eve.click(msg, custom_id=piece_button(msg, "し"))
    assert "belongs to someone else" in refused.text()
    world.fake.messages[msg.id].ephemeral_for = nao.id
    # doing what was asked goes on; the two corrections are counted in the summary
    await follow(nao, msg)
    assert "✋" not in msg.text() and instruction(msg) != asked
    for _ in range(40):
        if "Tutorial complete" in msg.text():
            break
        await follow(nao, msg)
    assert "2 moves were corrected on the way." in msg.text()


async def test_the_tutorial_can_be_left_and_resumed(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await learn_world(fake_discord, make_settings)
    nao = member(world, "nao", locale="en-US")
    first = (await nao.run(world.chan, "goita learn")).reply
    for _ in range(3):
        await follow(nao, first)
    where = instruction(first)
    # nao dismisses the message and comes back later (after a restart of the bot, too)
    await fake_discord.stop_bot()
    bot = create_bot(make_settings(**FAST), clock=FakeClockAdapter(fake_discord),
                     guild_ready_timeout=0.05)
    await fake_discord.start_bot(bot)
    world = World(fake_discord, world.guild, world.chan, bot)
    again = (await nao.run(world.chan, "goita learn")).reply
    assert again.id != first.id
    assert "Welcome back" in again.text() and instruction(again) == where
    # the old message's buttons are from an earlier step only once the learner moved on
    await follow(nao, again)
    stale = first.buttons[0].custom_id
    await nao.click(first, custom_id=stale)
    assert "earlier step" in first.text()
    # Start again starts from the first page
    await nao.click(again, "Start again")
    assert "Continue" in [b.label for b in again.buttons] and "Lesson 1" in again.text()


async def test_the_tutorial_speaks_the_learners_language(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await learn_world(fake_discord, make_settings)
    kenji = member(world, "kenji", locale="ja")
    msg = (await kenji.run(world.chan, "goita learn")).reply
    assert "あなたの手駒" in msg.text() and "次へ" in [b.label for b in msg.buttons]
