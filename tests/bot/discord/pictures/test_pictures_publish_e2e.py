"""How the board's picture rides on the board's edits: moves made while a picture is being
drawn coalesce into one edit showing the newest state (its picture with it), and a picture
that cannot be drawn leaves the text board to go out alone, logged once."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from typing import Any

import pytest

from bot.discord.presenter import pictures
from bot.pictures import BoardScene
from tests.bot.discord.kit import make_world, member
from tests.bot.discord.pictures.kit import (
    STEP,
    board_writes,
    image_link,
    open_match,
    record_drawings,
)
from tests.fake_discord import FakeDiscord

PACE: dict[str, Any] = {"cpu_move_delay_seconds": STEP, "round_pause_seconds": 1.5 * STEP}


async def test_moves_made_while_the_picture_is_drawn_make_one_edit_with_the_newest_state(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn = record_drawings(monkeypatch)
    world = await make_world(fake_discord, make_settings, **PACE)
    alice = member(world, "alice")
    await open_match(world, alice, "easy", "easy", "easy")
    table = world.table()
    cpus = [s for s in range(4) if s != table.seat_of(alice.id)]
    assert table.to_act() and table.to_act()[0] in cpus

    # the next drawing waits for the gate: the computers move meanwhile
    recorded = getattr(pictures, "render_board")  # noqa: B009
    started, gate = threading.Event(), threading.Event()

    def slow(scene: BoardScene) -> bytes:
        started.set()
        assert gate.wait(10)
        return bytes(recorded(scene))

    monkeypatch.setattr(pictures, "render_board", slow)
    before = len(board_writes(world))
    steps = 0
    while table.to_act()[0] in cpus:
        await fake_discord.clock.advance(STEP)
        steps += await world.service.tick()
        await asyncio.to_thread(started.wait, 10)
    assert steps >= 2
    gate.set()
    await world.settle()

    sent = board_writes(world)[before:]
    assert 1 <= len(sent) < steps  # one edit for the moves made while the first was drawn
    newest = sent[-1]
    assert "Turn: alice" in newest.body["embeds"][0]["description"]
    assert image_link(newest) == "attachment://board.png"
    scene = drawn.boards[newest.files[0].data][-1]
    seat = table.seat_of(alice.id)
    assert seat is not None and scene.seats[seat].to_move  # the picture is the newest too
    assert world.board().embed_image().data == newest.files[0].data


async def test_a_picture_that_cannot_be_drawn_leaves_the_text_board_logged_once(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any],
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
) -> None:
    def broken(scene: BoardScene) -> bytes:
        raise OSError("no space left for the font cache")

    monkeypatch.setattr(pictures, "render_board", broken)
    monkeypatch.setattr(pictures, "failures", {})
    world = await make_world(fake_discord, make_settings, **PACE)
    alice = member(world, "alice")
    with caplog.at_level(logging.DEBUG, logger=pictures.__name__):
        await open_match(world, alice, "easy", "easy", "easy")
        for _ in range(3):
            await world.advance(STEP)
    sent = board_writes(world)
    assert len(sent) >= 3
    assert all(not c.files and image_link(c) is None for c in sent)
    board = world.board()
    assert "Turn:" in board.text() and board.attached == []
    logged = [r for r in caplog.records if r.name == pictures.__name__]
    errors = [r for r in logged if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and errors[0].exc_info is not None
    assert "no space left" in str(errors[0].exc_info[1])
    assert pictures.failures["board"] == len(sent) and len(logged) == len(sent)


async def test_a_deleted_board_is_posted_again_with_its_picture(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any],
) -> None:
    world = await make_world(fake_discord, make_settings, **PACE)
    alice = member(world, "alice")
    await open_match(world, alice, "easy", "easy", "easy")
    board = world.board()
    first = board.embed_image()
    await world.bot.http.delete_message(world.chan.id, board.id)
    await world.advance(STEP)  # a computer moves: the edit finds the board gone (404)
    again = world.board()
    assert again is not board and not again.deleted
    picture = again.embed_image()  # a whole new file, not the one the failed edit read
    assert (picture.filename, picture.width) == ("board.png", 800)
    assert picture.id != first.id and picture.data != first.data
    assert [v for v in fake_discord.take_violations() if "10008" not in v] == []
