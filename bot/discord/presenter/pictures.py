"""The pictures of a table's messages: the board (public) and a player's hand (their own).

Scenes are built on the event loop, at the moment the text is rendered, so that a picture
always shows the state its embed describes; the PNG is drawn off the loop, and
``bot.pictures`` caches it by scene. Where it is drawn is the operator's choice
(:func:`start`): on one thread of this process (0 workers, the default: the drawing
holds a process-wide lock anyway, so more threads would only wait), or in worker processes
that import ``bot.pictures`` only (``drawing.WorkerPool``), so the drawing costs neither
this process's core nor its GIL. A failed drawing never blocks a message: it is sent
without its picture, and the failure is logged once (then counted quietly); a worker that
dies or hangs takes its pictures with it, and the next picture starts its replacement.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
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
)
from bot.pictures import render_hand as draw_hand
from goita_core.pieces import Kind

from .drawing import ANSWER_TIMEOUT, Busy, WorkerLost, WorkerPool

log = logging.getLogger(__name__)

BOARD_FILE = "board.png"
HAND_FILE = "hand.png"

S = TypeVar("S")

#: PNGs drawn by the workers, by scene: a worker's own cache sees only its share of them
PNG_CACHE_SIZE = 256

_workers = 0  # drawing processes; 0: one thread of this process
_timeout = ANSWER_TIMEOUT
_pool: WorkerPool | None = None
_thread: ThreadPoolExecutor | None = None
_pngs: OrderedDict[object, bytes] = OrderedDict()
#: failures so far per kind ("board", "hand"): only the first of each is logged in full
failures: dict[str, int] = {}
#: pictures not asked for because the workers were behind, per kind (the first is logged)
skipped: dict[str, int] = {}


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


async def start(workers: int, timeout: float = ANSWER_TIMEOUT) -> None:
    """Draw the pictures in ``workers`` processes from now on (0: on one thread of this
    process, the default), and wait until each worker has warmed up, so that the first
    pictures cost what any other does. A picture waits at most ``timeout`` seconds for its
    worker. Workers that cannot start (logged) leave the drawing to the thread."""
    global _workers, _timeout
    if workers < 0:
        raise ValueError(f"picture workers cannot be negative: {workers}")
    await stop()
    _workers, _timeout = workers, timeout
    if workers:
        try:
            await _worker_pool().start()
        except Exception:
            # pictures are not worth a bot that does not start: a thread draws them
            log.exception("the picture workers could not start; pictures are drawn on a "
                          "thread of the bot process instead")
            await stop()
            _workers = 0


async def stop() -> None:
    """Stop drawing: the workers finish the pictures they have in hand and exit (killed if
    they do not within a few seconds). A later picture starts them again."""
    global _pool, _thread
    pool, _pool = _pool, None
    thread, _thread = _thread, None
    _pngs.clear()
    if thread is not None:
        thread.shutdown(wait=False)  # a drawing in progress finishes on its own
    if pool is not None:
        if pool.loop is asyncio.get_running_loop():
            await pool.close()
        else:
            pool.abandon()


def worker_pids() -> list[int]:
    """The process ids of the live drawing workers (none when drawing on a thread)."""
    return [] if _pool is None else _pool.pids()


def worker_pool() -> WorkerPool | None:
    """The drawing processes, if pictures are drawn in processes and they have started."""
    return _pool


def _worker_pool() -> WorkerPool:
    """The workers of the running event loop (a pool of another loop, gone with it, is
    replaced)."""
    global _pool
    if _pool is not None and _pool.loop is not asyncio.get_running_loop():
        _pool.abandon()
        _pool = None
    if _pool is None:
        _pool = WorkerPool(_workers, _timeout)
    return _pool


async def draw(scene: S, render: Callable[[S], bytes], kind: str) -> bytes | None:
    """The picture of ``scene`` drawn off the loop, or None (counted; logged once) if it
    could not be: ``render(scene)`` on the thread, or the worker's drawing of ``kind``."""
    if not _workers:  # bot.pictures caches in this process
        return await _on_thread(scene, render, kind)
    png = _pngs.get(scene)
    if png is not None:
        _pngs.move_to_end(scene)
        return png
    try:
        png = await _worker_pool().draw(kind, scene)
    except WorkerLost:  # the pool logged the loss once, however many pictures it took
        failures[kind] = failures.get(kind, 0) + 1
        return None
    except Busy:  # the message goes without its picture; the next one will have it
        if not skipped:
            log.warning("the picture workers are behind: messages go without their new "
                        "picture until they catch up (more PICTURE_WORKERS, or more CPU)")
        skipped[kind] = skipped.get(kind, 0) + 1
        return None
    except Exception:
        _failed(kind)
        return None
    if png is not None:
        _pngs[scene] = png
        while len(_pngs) > PNG_CACHE_SIZE:
            _pngs.popitem(last=False)
    return png


async def _on_thread(scene: S, render: Callable[[S], bytes], kind: str) -> bytes | None:
    global _thread
    if _thread is None:
        _thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="goita-picture")
    try:
        return await asyncio.get_running_loop().run_in_executor(_thread, render, scene)
    except Exception:
        _failed(kind)
        return None


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
    png = None if seat is None else await hand_png(table, seat, owner.lang, first)
    return attach(rendered.embed, png, HAND_FILE)


async def hand_png(table: Table, seat: int, lang: str, first: Kind | None) -> bytes | None:
    """``seat``'s hand picture with ``first`` lifted (None without a picture)."""
    scene = hand_of(table, seat, lang, first)
    return None if scene is None else await draw(scene, draw_hand, "hand")

