"""Worker processes that draw pictures (``python -m bot.pictures.worker``), driven from the
event loop.

Each worker is a child process with pipes: a request is written to its stdin (no drain
unless its buffer is large), and one reader task per worker resolves the requests by id as
the answers come back on its stdout. The loop thread does all of it: no executor, so no
helper thread to wake (and hand the GIL to) on every picture. A request goes to the worker
with the fewest requests in hand.

A worker that dies fails the pictures it had in hand (:class:`WorkerLost`, logged once per
worker) and the next picture starts its replacement. A picture waits at most ``timeout``
seconds: then it is given up, and a worker that answered nothing in that time is hung: it
is killed (its pictures given up with it) and replaced too. Workers that fall behind (each
one's oldest request in hand asked for more than ``behind_after`` seconds ago) refuse new
pictures at once (:class:`Busy`) until they catch up: a queue that only grows would make
every picture late and hold its requests in memory. A burst (a round's end redraws a
board and four hands) is not falling behind.
"""

from __future__ import annotations

import asyncio
import contextlib
import copyreg
import dataclasses
import io
import itertools
import logging
import operator
import os
import pickle
import signal
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import bot
from bot.pictures.scene import BoardScene, HandScene, Labels, LastMove, SeatScene, Tile
from bot.pictures.worker import HEADER

log = logging.getLogger(__name__)

#: seconds a picture waits for its worker; a worker silent that long is hung
ANSWER_TIMEOUT = 5.0
#: seconds a new worker has to import and warm up before its first answer (a replacement's
#: first pictures wait for that, not for ANSWER_TIMEOUT)
START_TIMEOUT = 15.0
#: seconds a stopped worker has to finish what it has in hand and exit
STOP_TIMEOUT = 5.0
#: seconds a worker's oldest request in hand may wait before new ones are refused: a
#: round end's burst takes about a tenth of that; each request waiting in the queue keeps
#: its message's work alive (and old enough for the full collections)
BEHIND_AFTER = 0.25
#: bytes buffered for a worker's stdin before a request waits for the pipe to drain
WRITE_BUFFER = 256 * 1024
#: the directory holding this ``bot`` package: workers import the same code as the bot
SOURCE_ROOT = str(Path(bot.__file__).resolve().parents[1])


def _as_fields(cls: type) -> Callable[[Any], tuple[Any, ...]]:
    names = [f.name for f in dataclasses.fields(cls)]
    if len(names) < 2 or not all(f.init for f in dataclasses.fields(cls)):
        raise TypeError(f"{cls.__name__} cannot be rebuilt from its fields' values")
    values = operator.attrgetter(*names)
    return lambda scene: (cls, values(scene))


#: the scenes pickled as their class and fields' values, in order: a frozen slotted
#: dataclass's own pickling looks up its fields on every object, which made it most of
#: what a request costs the bot (40 us for a board, 15 us this way)
SCENES: dict[type, Callable[[Any], Any]] = {**copyreg.dispatch_table, **{
    cls: _as_fields(cls) for cls in (BoardScene, HandScene, Labels, LastMove, SeatScene, Tile)}}


def _request(request_id: int, kind: str, scene: object) -> bytes:
    """The request's message for a worker: its length, then its pickle."""
    buffer = io.BytesIO()
    buffer.write(bytes(HEADER))
    pickler = pickle.Pickler(buffer, pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = SCENES
    pickler.dump((request_id, kind, scene))
    size = buffer.tell() - HEADER
    buffer.seek(0)
    buffer.write(size.to_bytes(HEADER, "big"))
    return buffer.getvalue()


class WorkerLost(Exception):
    """The worker drawing the picture died or hung (already logged)."""


class Busy(Exception):
    """The worker with the fewest requests in hand is behind (``behind_after``): the
    picture is not asked for."""


class DrawingFailed(Exception):
    """The worker could not draw the picture; the message is the worker's traceback."""


@dataclass(eq=False)
class Worker:
    process: asyncio.subprocess.Process
    #: time of its last answer (or of its start, or when it got work while idle)
    progress: float
    pending: dict[int, asyncio.Future[bytes | None]] = field(default_factory=dict)
    #: when each request in hand was asked for (the oldest first)
    asked: dict[int, float] = field(default_factory=dict)
    ready: bool = False  # answered once: imported and warmed up
    lost: bool = False  # dead, hung or stopped: takes no more requests
    reader: asyncio.Task[None] | None = None

    @property
    def pid(self) -> int:
        return self.process.pid


class WorkerPool:
    """``size`` drawing processes of the running event loop (started on demand)."""

    def __init__(self, size: int, timeout: float = ANSWER_TIMEOUT,
                 behind_after: float = BEHIND_AFTER) -> None:
        if size < 1:
            raise ValueError(f"a worker pool needs a worker: {size}")
        self.size, self.timeout, self.behind_after = size, timeout, behind_after
        self.loop = asyncio.get_running_loop()
        self.workers: list[Worker] = []
        self._ids = itertools.count()
        self._spawning = asyncio.Lock()
        self._closed = False

    def pids(self) -> list[int]:
        return sorted(w.pid for w in self.workers)

    def outstanding(self) -> int:
        """Requests written and not answered yet, over all workers."""
        return sum(len(w.pending) for w in self.workers)

    async def start(self) -> None:
        """Start every worker and wait until each has warmed up (answered a ping)."""
        await self._fill()
        await asyncio.gather(*(self._ask(w, "ping", None, START_TIMEOUT)
                               for w in list(self.workers)))

    async def draw(self, kind: str, scene: object) -> bytes | None:
        """The worker's answer to ``(kind, scene)``: the PNG bytes. Raises WorkerLost if
        its worker died or hung, DrawingFailed if it could not draw, TimeoutError if it is
        alive but too busy to answer in time, Busy (at once) if the workers are behind."""
        if self._closed:
            raise RuntimeError("the picture workers are stopped")
        if len(self.workers) < self.size:
            await self._fill()
        worker = min(self.workers, key=lambda w: len(w.pending))
        if worker.asked and worker.ready \
                and self.loop.time() - next(iter(worker.asked.values())) > self.behind_after:
            raise Busy
        timeout = self.timeout if worker.ready else max(self.timeout, START_TIMEOUT)
        return await self._ask(worker, kind, scene, timeout)

    async def modules(self) -> list[str]:
        """The modules a worker has imported (what a drawing process loads)."""
        listed = await self.draw("modules", None)
        return (listed or b"").decode().splitlines()

    async def close(self) -> None:
        """Stop every worker: each finishes what it has in hand and exits at the end of
        its input; one still running after STOP_TIMEOUT is killed."""
        self._closed = True
        workers, self.workers = self.workers, []
        for worker in workers:
            worker.lost = True
            worker.process.stdin.close()  # type: ignore[union-attr]
        await asyncio.gather(*(self._end(w) for w in workers))

    def abandon(self) -> None:
        """Kill the workers without the event loop (theirs is gone: another test's)."""
        self._closed = True
        workers, self.workers = self.workers, []
        for worker in workers:
            with contextlib.suppress(ProcessLookupError):
                os.kill(worker.pid, signal.SIGKILL)

    async def _end(self, worker: Worker) -> None:
        try:
            await asyncio.wait_for(worker.process.wait(), STOP_TIMEOUT)
        except TimeoutError:
            self._kill(worker)
            await worker.process.wait()
        if worker.reader is not None:
            await worker.reader

    async def _fill(self) -> None:
        async with self._spawning:  # two pictures at once start one replacement
            while len(self.workers) < self.size and not self._closed:
                self.workers.append(await self._spawn())

    async def _spawn(self) -> Worker:
        path = os.environ.get("PYTHONPATH")
        env = {**os.environ,
               "PYTHONPATH": SOURCE_ROOT if not path else SOURCE_ROOT + os.pathsep + path}
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot.pictures.worker", stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE, stderr=None, env=env)
        worker = Worker(process, self.loop.time())
        worker.reader = asyncio.create_task(self._read(worker),
                                            name=f"goita-picture-worker-{process.pid}")
        return worker

    async def _ask(self, worker: Worker, kind: str, scene: object,
                   timeout: float) -> bytes | None:
        request_id = next(self._ids)
        answered: asyncio.Future[bytes | None] = self.loop.create_future()
        if not worker.pending:
            worker.progress = self.loop.time()  # idle until now: not silent
        worker.pending[request_id] = answered
        worker.asked[request_id] = self.loop.time()
        message = _request(request_id, kind, scene)
        stdin = worker.process.stdin
        assert stdin is not None
        try:
            async with asyncio.timeout(timeout):
                stdin.write(message)
                if stdin.transport.get_write_buffer_size() > WRITE_BUFFER:
                    await stdin.drain()
                return await answered
        except ConnectionError:  # its pipe broke: it died
            self._lose(worker, "died")
            raise WorkerLost from None
        except TimeoutError:
            if worker.lost:
                raise WorkerLost from None
            silent = self.loop.time() - worker.progress
            if silent < timeout:
                raise  # alive and answering: only too busy for this one
            self._lose(worker, f"answered nothing for {silent:.1f} s: killed")
            self._kill(worker)
            raise WorkerLost from None

    async def _read(self, worker: Worker) -> None:
        """Resolve the worker's requests as its answers arrive, until its output ends."""
        stdout = worker.process.stdout
        assert stdout is not None
        try:
            while True:
                header = await stdout.readexactly(HEADER)
                body = await stdout.readexactly(int.from_bytes(header, "big"))
                request_id, png, error = pickle.loads(body)
                worker.progress, worker.ready = self.loop.time(), True
                answered = worker.pending.pop(request_id, None)
                worker.asked.pop(request_id, None)
                if answered is None or answered.done():  # given up (timed out, cancelled)
                    continue
                if error is None:
                    answered.set_result(png)
                else:
                    answered.set_exception(DrawingFailed(error))
        except (asyncio.IncompleteReadError, ConnectionError):
            self._lose(worker, "died")
            self._kill(worker)  # its output ended: make sure the rest of it did too
        except Exception:
            log.exception("unreadable answer from picture worker %d", worker.pid)
            self._lose(worker, "answered garbage: killed")
            self._kill(worker)
        finally:
            self._lose(worker, "")
        # reaped, so that its transport closes (the pool may be stopping meanwhile)
        worker.process.stdin.close()  # type: ignore[union-attr]
        await worker.process.wait()

    def _lose(self, worker: Worker, why: str) -> None:
        """Take ``worker`` out of the pool; what it had in hand fails with WorkerLost. An
        unexpected loss (``why`` given, the pool not stopping) is logged once."""
        if worker in self.workers:
            self.workers.remove(worker)
        if not worker.lost:
            worker.lost = True
            if why and not self._closed:
                log.error("picture worker %d %s; %d pictures it had in hand go without, and "
                          "a new worker draws the next ones", worker.pid, why,
                          len(worker.pending))
        pending, worker.pending = worker.pending, {}
        worker.asked.clear()
        for answered in pending.values():
            if not answered.done():
                answered.set_exception(WorkerLost())
                # read here: its caller may be gone (the request whose write broke the
                # pipe, a stopping bot), and asyncio would log it as never retrieved
                answered.exception()

    @staticmethod
    def _kill(worker: Worker) -> None:
        with contextlib.suppress(ProcessLookupError):
            worker.process.kill()
