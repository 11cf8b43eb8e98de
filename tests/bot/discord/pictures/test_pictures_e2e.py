"""Board and hand pictures end to end through the fake Discord: a whole match shows the
board as board.png in its embed on every edit (and the same edits as without pictures), a
hand shows its owner's pieces as hand.png to that owner only, no board picture shows a
face-down piece before its round ends, and a server that turns pictures off gets none."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from bot.pictures import BoardScene
from tests.bot.discord.kit import World, make_world, member
from tests.bot.discord.pictures.kit import (
    HAND_ROUTES,
    STEP,
    Drawn,
    admin,
    board_writes,
    channel_writes,
    check_public,
    image_link,
    open_match,
    play_stepwise,
    record_drawings,
    set_flags,
)
from tests.fake_discord import FakeDiscord

# the fake clock also runs with real time: steps far apart on it never fall due by
# themselves while a picture is drawn, so each step is presented before the next one
PACE: dict[str, Any] = {"cpu_move_delay_seconds": STEP, "round_pause_seconds": 1.5 * STEP}


async def second_world(world: World, name: str) -> World:
    guild = world.fake.add_guild(name, locale="en-US")
    return World(world.fake, guild, guild.add_text_channel("goita"), world.bot)


async def test_a_match_with_pictures_shows_them_on_every_board_edit_and_adds_no_edit(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn = record_drawings(monkeypatch)
    on = await make_world(fake_discord, make_settings, **PACE)
    off = await second_world(on, "Plain")
    alice = member(on, "alice")
    off.guild.add_member(alice)
    bob = member(on, "bob")  # watches, never sits
    await set_flags(off, admin(off, "owner"), ["hints_at_rated"])  # pictures off

    await open_match(on, alice, "easy", "easy", "easy")
    hands_on = await play_stepwise(on, alice, random.Random(7))
    before = len(fake_discord.rest_log)
    await open_match(off, alice, "easy", "easy", "easy")
    hands_off = await play_stepwise(off, alice, random.Random(7))

    # the same match both times, with the same board edits: a picture adds no edit
    table_on, table_off = on.table(), off.table()
    assert table_on.match is not None and table_off.match is not None
    assert table_on.status == table_off.status == "finished"
    assert table_on.match.scores == table_off.match.scores
    shown, plain = board_writes(on), board_writes(off)
    assert len(shown) > 20 and len(shown) == len(plain)
    assert len(channel_writes(on)) == len(channel_writes(off))

    # every board edit of the running match carried board.png, shown by its embed
    for call in shown:
        assert image_link(call) == "attachment://board.png", call.body
        assert [u.filename for u in call.files] == ["board.png"]
        scenes = drawn.boards[call.files[0].data]  # drawn by the bot from a scene
        for scene in scenes:
            check_public(scene, table_on.match)
    assert any(s.over for c in shown for s in drawn.boards[c.files[0].data])
    # the board as it stands (the match's end) shows no stale picture
    assert on.board().attached == [] and "image" not in on.board().embeds[0]

    # the hand shows its owner's pieces, to them only
    assert hands_on and all(h.ephemeral_for == alice.id for h in hands_on)
    hand_edits = [c for c in fake_discord.rest_log[:before] if c.key in HAND_ROUTES and c.files]
    assert hand_edits and all(
        [u.filename for u in c.files] == ["hand.png"] and image_link(c) == "attachment://hand.png"
        for c in hand_edits)
    assert all(s.name == "alice" for c in hand_edits for s in drawn.hands[c.files[0].data])
    with_hand = [m for m in on.chan.messages if any(a.filename == "hand.png" for a in m.attached)]
    assert with_hand and all(m.ephemeral_for == alice.id for m in with_hand)
    assert not any(m in bob.sees(on.chan) for m in with_hand)
    mid_match = [h for h in hands_on if h.attached]
    assert mid_match and all(h.embed_image().filename == "hand.png" for h in mid_match)

    # pictures off: no attachment at all, and the text board is the same
    assert all(not c.files and image_link(c) is None for c in fake_discord.rest_log[before:])
    assert all(not m.attached for m in off.chan.messages)
    assert hands_off and all(not h.attached for h in hands_off)
    assert [c.body["embeds"][0]["fields"] for c in shown[:5]] == \
        [c.body["embeds"][0]["fields"] for c in plain[:5]]


def scenes_of(drawn: Drawn, world: World) -> list[BoardScene]:
    return [s for c in board_writes(world) if c.files for s in drawn.boards[c.files[0].data]]


async def test_a_3_player_table_gets_the_three_seat_picture(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn = record_drawings(monkeypatch)
    world = await make_world(fake_discord, make_settings, **PACE)
    alice = member(world, "alice")
    await open_match(world, alice, "easy", "easy", players=3)
    board = world.board()
    picture = board.embed_image()
    assert picture.filename == "board.png" and picture.width == 800
    scenes = scenes_of(drawn, world)
    assert scenes and all(len(s.seats) == 3 for s in scenes)
    assert [s.name for s in scenes[-1].seats] == ["alice", "CPU 2 (easy)", "CPU 3 (easy)"]
    assert all(s.team is None for s in scenes[-1].seats)  # no teams at three
    # the text stays beside the picture
    assert "alice **0** · CPU 2 (easy) **0** · CPU 3 (easy) **0**" in board.text()
