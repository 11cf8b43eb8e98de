"""The board as a picture through the fake Discord: every board edit of a whole match
carries the picture of that very position (and the hand its own), within Discord's
attachment limits; the server setting turns the pictures off for tables opened after it."""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

from bot.discord.render import public_view
from bot.discord.render.common import seat_name
from bot.discord.render.picture import labels
from bot.pictures import board_scene, hand_scene, render_board, render_hand
from tests.bot.discord.kit import World, action_buttons, bid, make_world, member, start_table
from tests.bot.discord.settings.test_settings_e2e import admin
from tests.fake_discord import FakeDiscord, FakeUser
from tests.fake_discord.attachments import FILE_SIZE_MAX
from tests.fake_discord.messages import FakeMessage

PNG_MAX = 60 * 1024  # the picture's own budget, well under Discord's upload limit

# The renderers give the pictures (Rendered.picture, .attachments()); the presenter and the
# game controller do not send them yet. Remove this mark with the change that does.
NOT_SENT_YET = pytest.mark.xfail(
    strict=True, reason="the board publisher and the hands do not send Rendered.attachments()")


def picture_of(message: FakeMessage) -> Image.Image:
    """The PNG the message's embed shows (the fake fails if it names no attached file)."""
    attached = message.embed_image()
    assert attached.size <= min(PNG_MAX, FILE_SIZE_MAX)
    image = Image.open(io.BytesIO(attached.data))
    # opaque (no alpha, no transparent colour): it looks the same in dark and light themes
    assert image.format == "PNG" and image.mode in ("RGB", "P")
    assert "transparency" not in image.info
    return image


def expected_board(world: World) -> bytes:
    """The public board of the table's current position, drawn without Discord."""
    table = world.table()
    assert table.match is not None
    names = [seat_name(table, s, "en", plain=True) for s in range(table.players)]
    away = [s is not None and s.away for s in table.seats]
    return render_board(board_scene(public_view(table.match), names, labels("en"), away))


async def open_hand(world: World, user: FakeUser) -> FakeMessage:
    click = await user.click(world.board(), custom_id=f"goita:hand:{world.table().id}:0:-")
    return click.reply


@NOT_SENT_YET
@pytest.mark.parametrize("players", [4, 3])
async def test_a_whole_match_with_pictures_on(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any], players: int
) -> None:
    world = await make_world(fake_discord, make_settings, round_pause_seconds=0)
    alice = member(world, "alice")
    await start_table(world, alice, *["easy"] * (players - 1), target=50, players=players)
    rng = random.Random(players)
    drawn: set[bytes] = set()
    for _ in range(600):
        table = world.table()
        if table.status != "playing":
            break
        board = world.board()
        assert picture_of(board).width == 800
        assert board.embed_image().data == expected_board(world)  # this very position
        drawn.add(board.embed_image().data)
        if 0 not in table.to_act():
            await world.settle()
            continue
        hand = await open_hand(world, alice)
        assert table.match is not None
        view = table.match.view(0)
        own = render_hand(hand_scene(view, None, "alice", labels("en")))
        assert picture_of(hand).width == 800 and hand.embed_image().data == own
        choice = rng.choice(action_buttons(hand))
        await alice.click(hand, custom_id=choice.custom_id)
        if bid(choice.custom_id).action == "pick":
            # the first click redraws the hand: the chosen piece is marked in its picture
            assert hand.embed_image().data != own
            seconds = [b for b in action_buttons(hand) if bid(b.custom_id).action == "play"]
            await alice.click(hand, custom_id=rng.choice(seconds).custom_id)
        await world.settle()
    table = world.table()
    assert table.status == "finished" and table.match is not None and table.match.over
    assert len(drawn) > 3  # the picture followed the match
    board = world.board()
    # every board version of the match showed its picture in the same edit as its text
    playing = [v for v in board.history if "round" in (v["embeds"] or [{}])[0].get("title", "")]
    assert len(playing) > 10
    for version in playing:
        assert version["attachments"] == ["board.png"]
        assert version["embeds"][0]["image"]["url"].endswith("/board.png")  # resolved
    # the summary is text: the last position's picture is dropped with it
    assert board.attachments == [] and "image" not in board.embeds[0]
    assert not fake_discord.take_violations()


@NOT_SENT_YET
async def test_the_setting_turns_pictures_off_for_new_tables(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings)
    boss = admin(world)
    await start_table(world, boss, "easy", "easy", "easy")
    before = world.chan
    assert world.board().embed_image().filename == "board.png"

    shown = (await boss.run(world.chan, "goita settings")).reply
    await boss.select(shown, ["hints_at_rated"], placeholder="House rule and board options")
    world.chan = world.guild.add_text_channel("goita-light")
    await start_table(world, boss, "easy", "easy", "easy")
    table = world.table()
    assert table.settings is not None and not table.settings.board_pictures
    for _ in range(50):  # to the lightest bot's first own move
        if 0 in table.to_act():
            break
        await world.advance(1)
    hand = await open_hand(world, boss)
    board = world.board()
    assert board.attachments == [] and "image" not in board.embeds[0]
    assert hand.attachments == [] and "image" not in hand.embeds[0]
    assert "Attack to answer" in board.text() or "leads" in board.text()  # the text stays
    # the table opened before the change keeps its pictures
    world.chan = before
    assert world.board().embed_image().filename == "board.png"
    assert not fake_discord.take_violations()
