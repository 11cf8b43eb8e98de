"""Pictures drawn in worker processes (``pictures.configure(n)``): the same PNGs as on
the thread, workers that import no more than the pictures, a worker that dies costs only
the pictures it had in hand (sent without them, logged once) and new workers draw the
next ones, and the presenter's close stops them."""

from __future__ import annotations

import asyncio
import logging
import os
import pickle
import signal
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from bot.discord.presenter import pictures
from bot.pictures import BoardScene, HandScene, board_scene, hand_scene, render_board
from bot.pictures import render_hand as draw_hand
from goita_core.pieces import Kind
from tests.bot.discord.kit import make_world, member
from tests.bot.discord.pictures.kit import STEP, board_writes, image_link, open_match
from tests.bot.pictures.kit import okifu_position
from tests.fake_discord import FakeDiscord

PACE: dict[str, Any] = {"cpu_move_delay_seconds": STEP, "round_pause_seconds": 1.5 * STEP}


def board(moves: int = 9) -> BoardScene:
    position = okifu_position("000.yaml", 3, moves)
    return board_scene(position.view(), position.names, pictures.labels("ja"))


def hand() -> HandScene:
    position = okifu_position("000.yaml", 3, 9)
    return hand_scene(position.view(position.round.turn), Kind.GIN, "Ann",
                      pictures.labels("fr"))


@pytest.fixture
def workers(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(pictures, "failures", {})
    pictures.configure(1)
    yield
    pictures.configure(0)
    pictures.shutdown()


def test_scenes_and_their_words_pickle_as_equal_keys() -> None:
    for scene in (board(), hand()):
        again = pickle.loads(pickle.dumps(scene))
        assert again == scene and hash(again) == hash(scene)
        assert again.labels == scene.labels and again.labels.round != "Round {n}"


def test_workers_draw_the_same_pictures_and_import_only_the_pictures(workers: None) -> None:
    pids = pictures.worker_pids()
    assert len(pids) == 1 and os.getpid() not in pids
    scene, own = board(), hand()

    async def both() -> tuple[bytes | None, bytes | None]:
        return (await pictures.board_png(scene),
                await pictures.draw(own, draw_hand, "hand"))

    drawn_board, drawn_hand = asyncio.run(both())
    assert drawn_board == render_board(scene) and drawn_hand == draw_hand(own)
    pool = pictures._pool()
    names = set(pool.submit(eval, "list(__import__('sys').modules)").result(30))
    assert "bot.pictures" in names
    assert not {n for n in names if n.split(".")[0] in ("discord", "aiohttp", "aiosqlite")
                or n.startswith(("bot.discord", "bot.app", "bot.storage"))}


def test_a_worker_that_dies_costs_its_pictures_once_then_new_workers_draw(
        workers: None, caplog: pytest.LogCaptureFixture) -> None:
    first = pictures.worker_pids()
    assert asyncio.run(pictures.board_png(board(9))) is not None
    os.kill(first[0], signal.SIGKILL)

    async def two() -> list[bytes | None]:
        return list(await asyncio.gather(pictures.board_png(board(10)),
                                         pictures.board_png(board(11))))

    with caplog.at_level(logging.DEBUG, logger=pictures.__name__):
        drawn = asyncio.run(two())
    assert drawn[0] is None  # sent without it; the other one may go to the new worker
    assert drawn[1] in (None, render_board(board(11)))
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and "worker died" in errors[0].getMessage()
    assert pictures.failures == {"board": drawn.count(None)}
    again = asyncio.run(pictures.board_png(board(10)))
    assert again == render_board(board(10))
    assert pictures.worker_pids() and first[0] not in pictures.worker_pids()


def test_shutdown_stops_the_workers(workers: None) -> None:
    pids = pictures.worker_pids()
    pictures.shutdown()
    assert pictures.worker_pids() == []
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(alive(pid) for pid in pids)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


async def test_a_board_edit_goes_without_its_picture_when_its_worker_dies(
        workers: None, fake_discord: FakeDiscord, make_settings: Callable[..., Any]) -> None:
    # the operator's PICTURE_WORKERS: the bot starts its workers
    world = await make_world(fake_discord, make_settings, picture_workers=1, **PACE)
    alice = member(world, "alice")
    await open_match(world, alice, "easy", "easy", "easy")
    assert image_link(board_writes(world)[-1]) == "attachment://board.png"
    os.kill(pictures.worker_pids()[0], signal.SIGKILL)
    before = len(board_writes(world))
    await world.advance(STEP)  # a computer moves: its edit has no picture
    await world.advance(STEP)  # the next one is drawn by a new worker
    sent = board_writes(world)[before:]
    assert len(sent) == 2
    assert not sent[0].files and image_link(sent[0]) is None
    assert "Turn:" in sent[0].body["embeds"][0]["description"]
    assert image_link(sent[1]) == "attachment://board.png" and sent[1].files
    assert world.board().embed_image().filename == "board.png"
    workers_left = pictures.worker_pids()
    await world.presenter.close()  # the bot stops: so do its workers
    assert workers_left and pictures.worker_pids() == []
