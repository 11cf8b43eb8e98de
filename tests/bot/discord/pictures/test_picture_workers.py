"""Pictures drawn in worker processes (``pictures.start(n)``): the same PNGs as on the
thread, workers that import no more than the pictures, a drawing that fails costs only its
picture, a worker that dies or hangs costs only the pictures it had in hand (sent without
them, logged once) and a new worker draws the next ones, and stopping ends them."""

from __future__ import annotations

import asyncio
import logging
import os
import pickle
import signal
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

from bot.discord.presenter import drawing, pictures
from bot.discord.presenter.drawing import WorkerPool
from bot.pictures import BoardScene, HandScene, board_scene, hand_scene, render_board
from bot.pictures import render_hand as draw_hand
from bot.pictures.worker import HEADER
from goita_core.pieces import Kind
from tests.bot.discord.kit import make_world, member
from tests.bot.discord.pictures.kit import STEP, board_writes, image_link, open_match
from tests.bot.pictures.kit import okifu_position
from tests.fake_discord import FakeDiscord

PACE: dict[str, Any] = {"cpu_move_delay_seconds": STEP, "round_pause_seconds": 1.5 * STEP}
#: seconds a picture waits for a hung worker in these tests (generous bounds below)
TIMEOUT = 1.0


def board(moves: int = 9) -> BoardScene:
    position = okifu_position("000.yaml", 3, moves)
    return board_scene(position.view(), position.names, pictures.labels("ja"))


def hand() -> HandScene:
    position = okifu_position("000.yaml", 3, 9)
    return hand_scene(position.view(position.round.turn), Kind.GIN, "Ann",
                      pictures.labels("fr"))


@pytest.fixture
async def workers(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[None]:
    monkeypatch.setattr(pictures, "failures", {})
    await pictures.start(1, timeout=TIMEOUT)
    yield
    await pictures.start(0)  # stops the workers


def pool() -> WorkerPool:
    running = pictures.worker_pool()
    assert running is not None
    return running


async def until(condition: Callable[[], bool], seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "waited too long"
        await asyncio.sleep(0.01)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def errors(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


def test_scenes_and_their_words_pickle_as_equal_keys() -> None:
    for scene in (board(), hand()):
        message = drawing._request(7, "board", scene)  # as they travel to a worker
        assert int.from_bytes(message[:HEADER], "big") == len(message) - 4
        for again in (pickle.loads(pickle.dumps(scene)),
                      pickle.loads(message[HEADER:])[2]):
            assert again == scene and hash(again) == hash(scene)
            assert again.labels == scene.labels and again.labels.round != "Round {n}"


async def test_workers_draw_the_same_pictures_and_import_only_the_pictures(
        workers: None) -> None:
    pids = pictures.worker_pids()
    assert len(pids) == 1 and os.getpid() not in pids
    scene, own = board(), hand()
    assert await pictures.board_png(scene) == render_board(scene)
    assert await pictures.draw(own, draw_hand, "hand") == draw_hand(own)
    names = await pool().modules()
    assert "bot.pictures" in names and "PIL.Image" in names
    assert not {n for n in names if n.split(".")[0] in ("discord", "aiohttp", "aiosqlite")
                or n.startswith(("bot.discord", "bot.app", "bot.storage", "bot.i18n"))}
    assert pictures.failures == {} and pictures.worker_pids() == pids


async def test_a_drawing_that_fails_costs_its_picture_only(
        workers: None, caplog: pytest.LogCaptureFixture) -> None:
    pid = pictures.worker_pids()[0]
    with caplog.at_level(logging.DEBUG, logger=pictures.__name__):
        assert await pictures.draw("not a scene", render_board, "board") is None
        assert await pictures.draw("nor this", render_board, "board") is None
    assert pictures.failures == {"board": 2}
    logged = errors(caplog)  # the first in full, with the worker's traceback
    assert len(logged) == 1 and "could not draw a board picture" in logged[0]
    assert "AttributeError" in caplog.records[0].exc_text  # type: ignore[operator]
    assert await pictures.board_png(board()) == render_board(board())
    assert pictures.worker_pids() == [pid]


async def test_a_worker_that_dies_costs_its_pictures_once_then_a_new_one_draws(
        workers: None, caplog: pytest.LogCaptureFixture) -> None:
    first = pictures.worker_pids()[0]
    os.kill(first, signal.SIGSTOP)  # holds both pictures until it is killed
    drawn = [asyncio.create_task(pictures.board_png(board(n))) for n in (10, 11)]
    await until(lambda: pool().outstanding() == 2)
    with caplog.at_level(logging.DEBUG, logger=pictures.__name__):
        os.kill(first, signal.SIGKILL)
        assert await asyncio.gather(*drawn) == [None, None]
    logged = errors(caplog)
    assert len(logged) == 1 and f"worker {first} died" in logged[0]
    assert pictures.failures == {"board": 2}
    assert await pictures.board_png(board(10)) == render_board(board(10))
    assert len(pictures.worker_pids()) == 1 and first not in pictures.worker_pids()


async def test_a_worker_that_dies_idle_costs_no_picture(
        workers: None, caplog: pytest.LogCaptureFixture) -> None:
    first = pictures.worker_pids()[0]
    os.kill(first, signal.SIGKILL)
    await until(lambda: first not in pictures.worker_pids())  # its reader saw it end
    assert await pictures.board_png(board(12)) == render_board(board(12))
    assert pictures.failures == {} and len(pictures.worker_pids()) == 1
    assert len(errors(caplog)) == 1


async def test_a_hung_worker_is_given_up_killed_and_replaced(
        workers: None, caplog: pytest.LogCaptureFixture) -> None:
    first = pictures.worker_pids()[0]
    os.kill(first, signal.SIGSTOP)
    started = time.monotonic()
    assert await pictures.board_png(board(13)) is None
    assert time.monotonic() - started < 10 * TIMEOUT  # given up, not held for good
    logged = errors(caplog)
    assert len(logged) == 1 and f"worker {first} answered nothing" in logged[0]
    assert pictures.failures == {"board": 1}
    await until(lambda: not alive(first))  # killed (and reaped)
    assert await pictures.board_png(board(13)) == render_board(board(13))
    assert len(pictures.worker_pids()) == 1 and first not in pictures.worker_pids()


async def test_workers_too_far_behind_refuse_pictures_until_they_catch_up(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(pictures, "failures", {})
    monkeypatch.setattr(pictures, "skipped", {})
    await pictures.start(1, timeout=60.0)  # behind, never taken for hung here
    worker = pictures.worker_pids()[0]
    try:
        pool().behind_after = 0.5
        burst = [board(n) for n in range(12, 30)]  # many at once: not behind
        drawn = await asyncio.gather(*(pictures.board_png(s) for s in burst))
        assert drawn == [render_board(s) for s in burst] and pictures.skipped == {}
        os.kill(worker, signal.SIGSTOP)  # it falls behind
        queued = [asyncio.create_task(pictures.board_png(board(n))) for n in (9, 10, 11)]
        await until(lambda: pool().outstanding() == 3)
        await asyncio.sleep(0.6)  # the oldest has waited longer than behind_after
        started = time.monotonic()
        with caplog.at_level(logging.WARNING, logger=pictures.__name__):
            assert await pictures.board_png(board(8)) is None
            assert await pictures.draw(hand(), draw_hand, "hand") is None
        assert time.monotonic() - started < 10  # at once, not after the 60 s timeout
        assert pictures.skipped == {"board": 1, "hand": 1} and pool().outstanding() == 3
        assert [r.getMessage() for r in caplog.records].count(
            "the picture workers are behind: messages go without their new picture until "
            "they catch up (more PICTURE_WORKERS, or more CPU)") == 1
        os.kill(worker, signal.SIGCONT)
        assert await asyncio.gather(*queued) == [render_board(board(n)) for n in (9, 10, 11)]
        assert await pictures.board_png(board(8)) == render_board(board(8))
        assert pictures.failures == {} and pictures.worker_pids() == [worker]
    finally:
        os.kill(worker, signal.SIGCONT)
        await pictures.start(0)


async def test_stop_ends_the_workers(workers: None) -> None:
    pids = pictures.worker_pids()
    busy = asyncio.create_task(pictures.board_png(board(14)))
    await until(lambda: pool().outstanding() == 1)
    await pictures.stop()  # the picture in hand is finished first
    assert await busy == render_board(board(14))
    assert pictures.worker_pids() == [] and pictures.worker_pool() is None
    assert not any(alive(pid) for pid in pids)


async def test_start_waits_for_every_worker_to_warm_up(workers: None) -> None:
    await pictures.start(2, timeout=TIMEOUT)
    assert all(w.ready for w in pool().workers) and len(pictures.worker_pids()) == 2
    scenes = [board(n) for n in range(9, 15)]
    drawn = await asyncio.gather(*(pictures.board_png(s) for s in scenes))
    assert drawn == [render_board(s) for s in scenes]


async def test_a_board_edit_goes_without_its_picture_when_its_worker_dies(
        workers: None, fake_discord: FakeDiscord, make_settings: Callable[..., Any]) -> None:
    # the operator's PICTURE_WORKERS: the bot starts its workers
    world = await make_world(fake_discord, make_settings, picture_workers=1, **PACE)
    alice = member(world, "alice")
    await open_match(world, alice, "easy", "easy", "easy")
    assert image_link(board_writes(world)[-1]) == "attachment://board.png"
    worker = pictures.worker_pids()[0]
    before = len(board_writes(world))
    os.kill(worker, signal.SIGSTOP)  # holds the next picture until it is killed
    step = asyncio.create_task(world.advance(STEP))  # a computer moves
    await until(lambda: pool().outstanding() > 0)
    os.kill(worker, signal.SIGKILL)
    await step  # its edit has no picture
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


async def test_workers_that_cannot_start_leave_the_drawing_to_a_thread(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    from bot.discord.presenter.drawing import WorkerPool

    async def cannot(self: WorkerPool) -> None:
        raise OSError("no such interpreter")

    monkeypatch.setattr(WorkerPool, "start", cannot)
    try:
        with caplog.at_level(logging.ERROR):
            await pictures.start(1)  # the bot starts all the same
        assert pictures.worker_pids() == [] and "could not start" in caplog.text
        png = await pictures.draw(board(), render_board, "board")
        assert png is not None and png == render_board(board())
    finally:
        await pictures.stop()
        await pictures.start(0)
