"""A click that shows a hand (My hand, a picked piece) answers with the hand's picture in
the same request, so the hand appears whole at once; when drawing is slow the answer does
not wait for it (Discord's first-answer deadline): it goes without, and the picture is
added to that message once drawn."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest

from bot.discord.presenter import pictures
from bot.discord.presenter import presenter as presenter_module
from bot.pictures import warm
from tests.bot.discord.kit import World, action_buttons, bid, make_world, member
from tests.bot.discord.pictures.kit import HAND_ROUTES, STEP, open_match
from tests.fake_discord import FakeDiscord, FakeMessage, FakeUser
from tests.fake_discord.state import RestCall

PACE: dict[str, Any] = {"cpu_move_delay_seconds": STEP, "round_pause_seconds": 1.5 * STEP}
ANSWER = "POST /interactions/{interaction_id}/{token}/callback"


def shown_image(call: RestCall) -> str | None:
    """The image url of the first embed an interaction's answer carries."""
    data = call.body.get("data") if isinstance(call.body, dict) else None
    embeds = data.get("embeds") if isinstance(data, dict) else None
    image = embeds[0].get("image") if embeds else None
    return image.get("url") if isinstance(image, dict) else None


async def alices_turn(world: World, alice: FakeUser) -> None:
    for _ in range(40):
        table = world.table()
        if table.seat_of(alice.id) in table.to_act():
            return
        await world.advance(STEP)
    raise AssertionError("alice never got the turn")


async def click(world: World, user: FakeUser, message: FakeMessage,
                custom_id: str) -> tuple[FakeMessage, list[RestCall]]:
    """The message the click's answer showed, and every request the bot made for it."""
    before = len(world.fake.rest_log)
    inter = await user.click(message, custom_id=custom_id)
    await world.settle()
    return inter.reply, world.fake.rest_log[before:]


async def test_my_hand_and_a_picked_piece_come_with_their_picture_in_one_request(
        fake_discord: FakeDiscord, make_settings: Callable[..., Any],
        monkeypatch: pytest.MonkeyPatch) -> None:
    # drawn in time (a warm worker takes ~1.5 ms; this test's thread may be slower on a
    # loaded machine, which is the other test's case)
    monkeypatch.setattr(presenter_module, "FIRST_PICTURE_WAIT", 2.0)
    world = await make_world(fake_discord, make_settings, **PACE)
    alice = member(world, "alice")
    await open_match(world, alice, "easy", "easy", "easy")
    await alices_turn(world, alice)
    warm()  # what the drawing workers do when they start (a cold first picture waits ~1 s)

    hand, calls = await click(world, alice, world.board(),
                              f"goita:hand:{world.table().id}:0:-")
    answers = [c for c in calls if c.key == ANSWER]
    assert len(answers) == 1 and [u.filename for u in answers[0].files] == ["hand.png"]
    assert shown_image(answers[0]) == "attachment://hand.png"
    assert not [c for c in calls if c.key in HAND_ROUTES]  # nothing sent a second time
    assert hand.embed_image().filename == "hand.png" and hand.ephemeral_for == alice.id
    first_png = answers[0].files[0].data

    pick = next(b for b in action_buttons(hand) if bid(b.custom_id).action == "pick")
    hand, calls = await click(world, alice, hand, pick.custom_id or "")
    answers = [c for c in calls if c.key == ANSWER]
    assert len(answers) == 1 and [u.filename for u in answers[0].files] == ["hand.png"]
    assert answers[0].files[0].data != first_png  # the picked piece is lifted
    assert not [c for c in calls if c.key in HAND_ROUTES]
    assert hand.embed_image().filename == "hand.png"


async def test_a_slow_picture_does_not_hold_the_answer_back(
        fake_discord: FakeDiscord, make_settings: Callable[..., Any],
        monkeypatch: pytest.MonkeyPatch) -> None:
    world = await make_world(fake_discord, make_settings, **PACE)
    alice = member(world, "alice")
    await open_match(world, alice, "easy", "easy", "easy")
    real_draw = pictures.draw

    async def slow_draw(*args: Any) -> bytes | None:
        await asyncio.sleep(10 * presenter_module.FIRST_PICTURE_WAIT)
        return await real_draw(*args)

    monkeypatch.setattr(pictures, "draw", slow_draw)
    hand, calls = await click(world, alice, world.board(),
                              f"goita:hand:{world.table().id}:0:-")
    answers = [c for c in calls if c.key == ANSWER]
    assert len(answers) == 1 and not answers[0].files and shown_image(answers[0]) is None
    # the picture follows in an edit of the same message, once drawn
    await world.fake.wait_for(lambda: any(a.filename == "hand.png" for a in hand.attached),
                              timeout=5, what="the hand's picture")
    added = [c for c in world.fake.rest_log if c.key in HAND_ROUTES and c.files]
    assert added and [u.filename for u in added[-1].files] == ["hand.png"]
    assert hand.embed_image().filename == "hand.png"
