"""The pipes between the host and an engine process, in bounded memory and bounded time.

:class:`LineReader` splits what an engine writes into lines: a line longer than
``max_line`` keeps only its start (marked ``truncated``), and at most ``backlog`` complete
lines wait to be read; whatever else arrives is dropped and counted. A flooding engine
therefore costs the host a fixed amount of memory, and stale output is thrown away in
O(backlog). A reader is fed by a thread (:func:`pump`) from any file descriptor, so tests
drive the very same code with in-process hostile streams (see :class:`Pipes`).

:func:`write_all` writes with a deadline: an engine that stops reading its input cannot
block the host. :func:`spawn_process` starts an engine in its own session with only the
environment it is given, so that killing it also kills whatever it started.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

#: the longest answer line read (an answer is a few dozen bytes)
MAX_LINE = 64 * 1024
#: complete lines kept unread; more are dropped until the host reads or discards them
MAX_BACKLOG = 16
#: read size of the pump
CHUNK = 64 * 1024
#: what every engine gets from the host's environment; operators may add names
BASE_ENV = ("PATH", "HOME", "LANG")


@dataclass(frozen=True)
class Line:
    data: bytes
    truncated: bool = False  # the line was longer than the reader's max_line

    def text(self) -> str:
        return self.data.decode("utf-8", errors="replace")


class LineReader:
    """Lines of a byte stream in bounded memory: at most ``backlog`` lines of at most
    ``max_line`` bytes (plus one partial line). ``keep_newest`` keeps the last lines when
    full (a log tail) instead of the first (answers: the first line after a request is
    the answer). Thread-safe: one thread feeds, others read."""

    def __init__(self, max_line: int = MAX_LINE, backlog: int = MAX_BACKLOG,
                 keep_newest: bool = False) -> None:
        self.max_line = max_line
        self.backlog = backlog
        self.keep_newest = keep_newest
        self.dropped = 0  # complete lines dropped because the backlog was full
        self.closed = False  # the stream ended
        self._lines: deque[Line] = deque()
        self._partial = bytearray()
        self._truncated = False
        self._cond = threading.Condition()

    def _extend(self, piece: bytes) -> None:
        room = self.max_line - len(self._partial)
        if len(piece) > room:
            self._truncated = True
            piece = piece[:max(0, room)]
        self._partial += piece

    def _complete(self) -> Line:
        line = Line(bytes(self._partial), self._truncated)
        self._partial.clear()
        self._truncated = False
        return line

    def _push(self, line: Line) -> None:
        if len(self._lines) < self.backlog:
            self._lines.append(line)
        elif self.keep_newest:
            self._lines.popleft()
            self._lines.append(line)
            self.dropped += 1
        else:
            self.dropped += 1

    def feed(self, chunk: bytes) -> None:
        """Add bytes; the work is linear in ``len(chunk)`` with O(backlog) Python steps."""
        parts = chunk.split(b"\n")  # at least one part; the last one is unfinished
        with self._cond:
            self._extend(parts[0])
            if len(parts) > 1:
                self._push(self._complete())
                middle = parts[1:-1]
                room = self.backlog - len(self._lines)
                if len(middle) > self.backlog or (not self.keep_newest and len(middle) > room):
                    # only a backlog's worth of lines can be kept: skip the rest unread
                    keep = self.backlog if self.keep_newest else max(0, room)
                    self.dropped += len(middle) - keep
                    middle = middle[-keep:] if self.keep_newest and keep else middle[:keep]
                for piece in middle:
                    self._extend(piece)
                    self._push(self._complete())
                self._extend(parts[-1])
            self._cond.notify_all()

    def close(self) -> None:
        """The stream ended; an unfinished last line counts as a line."""
        with self._cond:
            if self._partial or self._truncated:
                self._push(self._complete())
            self.closed = True
            self._cond.notify_all()

    def get(self, deadline: float) -> Line | None:
        """The next line, waiting until ``deadline`` (``time.monotonic()``); None when the
        time is up or the stream has ended (see ``closed``)."""
        with self._cond:
            while not self._lines:
                remaining = deadline - time.monotonic()
                if self.closed or remaining <= 0:
                    return None
                self._cond.wait(remaining)
            return self._lines.popleft()

    def discard(self) -> int:
        """Throw away every line waiting and any unfinished one (stale output); how many."""
        with self._cond:
            count = len(self._lines) + (1 if self._partial or self._truncated else 0)
            self._lines.clear()
            self._partial.clear()
            self._truncated = False
            return count

    def tail(self) -> list[str]:
        with self._cond:
            return [line.text() for line in self._lines]


def pump(fd: int, reader: LineReader) -> threading.Thread:
    """A daemon thread that feeds ``reader`` from ``fd`` until end of file, then closes
    ``fd`` (it owns it)."""

    def run() -> None:
        try:
            while chunk := os.read(fd, CHUNK):
                reader.feed(chunk)
        except OSError:
            pass
        finally:
            reader.close()
            with contextlib.suppress(OSError):
                os.close(fd)

    thread = threading.Thread(target=run, name=f"engine-pipe-{fd}", daemon=True)
    thread.start()
    return thread


class WriteTimeout(Exception):
    """The engine did not read its input in time."""


def write_all(fd: int, data: bytes, deadline: float) -> None:
    """Write all of ``data`` to the non-blocking ``fd`` before ``deadline``. Raises
    :class:`WriteTimeout`, or OSError (BrokenPipeError: the engine closed its input)."""
    view = memoryview(data)
    poller = select.poll()
    poller.register(fd, select.POLLOUT)
    while view:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise WriteTimeout
        if not poller.poll(max(1, int(remaining * 1000))):
            continue
        try:
            view = view[os.write(fd, view):]
        except BlockingIOError:
            continue


@dataclass
class Pipes:
    """A running engine as the host sees it. The host owns the three descriptors (it
    closes ``stdout``/``stderr`` when they end, ``stdin`` through ``kill``)."""

    stdin: int  # the host writes messages here (made non-blocking by the host)
    stdout: int  # answers
    stderr: int | None  # the engine's log, or None
    kill: Callable[[], None]  # stop the engine at once and close ``stdin``; never blocks long
    exit_code: Callable[[], int | None]  # None while unknown


Spawner = Callable[[Sequence[str], Mapping[str, str]], Pipes]


def engine_env(pass_env: Sequence[str] = (), source: Mapping[str, str] | None = None
               ) -> dict[str, str]:
    """The environment of an engine: only :data:`BASE_ENV` and the names in ``pass_env``
    that are set in ``source`` (the host's environment). Secrets such as the bot's token
    stay with the host unless an operator names them."""
    source = os.environ if source is None else source
    return {name: source[name] for name in (*BASE_ENV, *pass_env) if name in source}


def spawn_process(argv: Sequence[str], env: Mapping[str, str]) -> Pipes:
    """Start ``argv`` in a new session (its own process group) with exactly ``env``.
    Raises OSError when it cannot be started."""
    in_r, in_w = os.pipe()
    out_r, out_w = os.pipe()
    err_r, err_w = os.pipe()
    try:
        proc = subprocess.Popen(list(argv), stdin=in_r, stdout=out_w, stderr=err_w,
                                env=dict(env), start_new_session=True, close_fds=True)
    except BaseException:
        for fd in (in_w, out_r, err_r):
            os.close(fd)
        raise
    finally:
        for fd in (in_r, out_w, err_w):
            os.close(fd)
    stdin_open = [True]

    def kill() -> None:
        if proc.returncode is None:  # not reaped: its process group id is still its own
            with contextlib.suppress(OSError):
                os.killpg(proc.pid, signal.SIGKILL)
        if stdin_open[0]:
            stdin_open[0] = False
            with contextlib.suppress(OSError):
                os.close(in_w)
        # reaped in the background: killing never waits on the process
        threading.Thread(target=proc.wait, daemon=True).start()

    return Pipes(in_w, out_r, err_r, kill, lambda: proc.returncode)
