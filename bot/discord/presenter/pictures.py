"""The pictures of a table's messages: the board (public) and a player's hand (their own).

Scenes are built on the event loop, at the moment the text is rendered, so that a picture
always shows the state its embed describes; the PNG is drawn off the loop, and
``bot.pictures`` caches it by scene. Where it is drawn is the operator's choice
(:func:`configure`): on one thread of this process (0 workers, the default: the drawing
holds a process-wide lock anyway, so more threads would only wait), or in worker processes
that import ``bot.pictures`` only, so the drawing costs neither this process's core nor
its GIL. A failed drawing never blocks a message: it is sent without its picture, and the
failure is logged once (then counted quietly); a worker that dies takes its pictures with
it, and the next picture starts new workers.
"""

from __future__ import annotations

import asyncio
import io
import logging
import multiprocessing
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import lru_cache
from typing import Protocol, TypeVar

import discord

from bot.app.table import Table
from bot.discord.render import Rendered, public_view
from bot.discord.render.common import seat_name, team_name
from bot.i18n import t
from bot.pictures import (
    BoardScene,
    HandScene,
    Labels,
    board_scene,
    hand_scene,
    render_board,
    warm,
)
from bot.pictures import render_hand as draw_hand
from goita_core.pieces import Kind

log = logging.getLogger(__name__)

BOARD_FILE = "board.png"
HAND_FILE = "hand.png"

S = TypeVar("S")

#: PNGs drawn by the workers, by scene: a worker's own cache sees only its share of them
PNG_CACHE_SIZE = 256

_workers = 0  # drawing processes; 0: one thread of this process
_executor: Executor | None = None
_pngs: OrderedDict[object, bytes] = OrderedDict()
#: failures so far per kind ("board", "hand"): only the first of each is logged in full
failures: dict[str, int] = {}


def enabled(table: Table) -> bool:
    """Whether the table's messages carry pictures (the server's setting it opened with;
    a table stored before tables kept their settings shows them)."""
    return table.settings is None or table.settings.board_pictures


@lru_cache(maxsize=16)
def labels(lang: str) -> Labels:
    """The words a picture writes, in ``lang``: the catalogs' ``picture.*`` messages as
    templates (each ``{field}`` is filled in by the picture)."""

    def template(key: str, *fields: str) -> str:
        return t(key, lang, **{name: "{" + name + "}" for name in fields})

    return Labels(
        round=template("picture.round", "n"), target=template("picture.target", "target"),
        left=template("picture.left", "n"), points=template("picture.points", "points"),
        dealer=t("picture.dealer", lang), passed=t("picture.passed", lang),
        away=t("picture.away", lang), redeal=t("picture.redeal", lang),
        won=template("picture.won", "points"), doubled=t("picture.doubled", lang),
        shi=template("picture.shi", "count"), seat=template("picture.seat", "n"),
        teams=(team_name(0, lang), team_name(1, lang)),
        hand_title=t("picture.hand_title", lang), face_down=t("picture.face_down", lang))


def _names(table: Table, lang: str) -> list[str]:
    return [seat_name(table, i, lang, plain=True) for i in range(table.players)]


def board_of(table: Table, lang: str) -> BoardScene | None:
    """The scene of the table's public board, or None when its message has no picture
    (pictures off, or no running match: lobby, match end, closed)."""
    match = table.match
    if not enabled(table) or table.status != "playing" or match is None or not match.rounds:
        return None
    away = [s is not None and s.away for s in table.seats]
    try:
        return board_scene(public_view(match), _names(table, lang), labels(lang), away)
    except Exception:
        _failed("board")
        return None


def hand_of(table: Table, seat: int, lang: str, first: Kind | None) -> HandScene | None:
    """The scene of ``seat``'s own hand (its owner's view only), or None without one."""
    match = table.match
    if not enabled(table) or table.status != "playing" or match is None or not match.rounds:
        return None
    try:
        return hand_scene(match.view(seat), first, seat_name(table, seat, lang, plain=True),
                          labels(lang))
    except Exception:
        _failed("hand")
        return None


def configure(workers: int) -> None:
    """Draw the pictures in ``workers`` processes from now on (0: on one thread of this
    process, the default). The workers start at once (a "forkserver" context: this
    process has threads, so it is never forked), each preparing what pictures share."""
    global _workers
    if workers < 0:
        raise ValueError(f"picture workers cannot be negative: {workers}")
    if workers == _workers and (_executor is not None or workers == 0):
        return
    shutdown()
    _workers = workers
    if workers:
        _pool()


def shutdown() -> None:
    """Stop drawing: the pictures being drawn are finished, the workers (or the thread)
    exit. A later picture starts them again."""
    global _executor
    executor, _executor = _executor, None
    _pngs.clear()
    if executor is not None:
        executor.shutdown(wait=True)


def worker_pids() -> list[int]:
    """The process ids of the live drawing workers (none when drawing on a thread)."""
    if not isinstance(_executor, ProcessPoolExecutor):
        return []
    processes = getattr(_executor, "_processes", None) or {}  # no public accessor
    return sorted(p.pid for p in processes.values() if p.pid is not None and p.is_alive())


def _pool() -> Executor:
    global _executor
    if _executor is None:
        if _workers:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(["bot.pictures"])
            pool = ProcessPoolExecutor(_workers, mp_context=context)
            for _ in range(_workers):  # starts every worker now, not at the first pictures
                pool.submit(warm)
            _executor = pool
        else:
            _executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="goita-picture")
    return _executor


async def draw(scene: S, render: Callable[[S], bytes], kind: str) -> bytes | None:
    """``render(scene)`` off the loop; None (logged once) if it fails. In workers,
    ``render`` must be importable by name (pickled as a reference)."""
    if not _workers:  # bot.pictures caches in this process
        return await _run(scene, render, kind)
    png = _pngs.get(scene)
    if png is not None:
        _pngs.move_to_end(scene)
        return png
    png = await _run(scene, render, kind)
    if png is not None:
        _pngs[scene] = png
        while len(_pngs) > PNG_CACHE_SIZE:
            _pngs.popitem(last=False)
    return png


async def _run(scene: S, render: Callable[[S], bytes], kind: str) -> bytes | None:
    pool = _pool()
    try:
        return await asyncio.get_running_loop().run_in_executor(pool, render, scene)
    except BrokenProcessPool:
        failures[kind] = failures.get(kind, 0) + 1
        _broken(pool)
        return None
    except Exception:
        _failed(kind)
        return None


def _broken(pool: Executor) -> None:
    """A worker died (killed, out of memory): every picture it had in hand failed with
    it. The pool is replaced once, and logged once, however many pictures it took."""
    global _executor
    if pool is not _executor:
        return  # already replaced by another of its pictures
    _executor = None
    pool.shutdown(wait=False)
    log.error("a picture worker died; its pictures were sent without them, and new "
              "workers draw the next ones")


def _failed(kind: str) -> None:
    """Log the first failure of a kind of picture in full (from inside its except), and
    count the others: a broken picture must not flood the log on every move."""
    count = failures[kind] = failures.get(kind, 0) + 1
    if count == 1:
        log.exception("could not draw a %s picture; the message is sent without it", kind)
    else:
        log.debug("%s picture failed again (%d failures)", kind, count)


def attach(embed: discord.Embed, png: bytes | None, filename: str,
           ) -> tuple[discord.Embed, list[discord.File]]:
    """A copy of ``embed`` showing ``png`` as its image, with the file to send beside it
    (a new one per request: a sent file has been read); without a picture the embed as it
    is and no file (an edit then removes an old one)."""
    if png is None:
        return embed, []
    shown = embed.copy()
    shown.set_image(url=f"attachment://{filename}")
    return shown, [discord.File(io.BytesIO(png), filename)]


async def board_png(scene: BoardScene | None) -> bytes | None:
    """The board picture of ``scene`` (None without a scene or if the drawing failed)."""
    return None if scene is None else await draw(scene, render_board, "board")


class HandOwner(Protocol):
    """What a hand message knows of its owner (a ``HandEntry``)."""

    user_id: int
    lang: str
    first: Kind | None
    first_version: int


async def hand_files(table: Table, owner: HandOwner, rendered: Rendered,
                     ) -> tuple[discord.Embed, list[discord.File]]:
    """The embed and files of ``owner``'s hand message, as ``rendered`` (its text) shows
    it: the first piece they picked is lifted while it is still for this version."""
    seat = table.seat_of(owner.user_id)
    first = owner.first if owner.first_version == table.version else None
    scene = None if seat is None else hand_of(table, seat, owner.lang, first)
    png = None if scene is None else await draw(scene, draw_hand, "hand")
    return attach(rendered.embed, png, HAND_FILE)

