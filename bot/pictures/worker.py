"""A drawing process: ``python -m bot.pictures.worker``.

It reads requests on stdin and answers on stdout, one at a time, in order. Each message
is a 4-byte big-endian length and a pickle: a request ``(request_id, kind, scene)``, an
answer ``(request_id, png, error)`` with either the PNG bytes or the error's traceback.
``kind`` is ``"board"`` or ``"hand"`` (the scene to draw), ``"ping"`` (answers ``b""``:
the worker is ready) or ``"modules"`` (the names of the imported modules, one a line: what
a drawing process loads). A drawing that fails answers its error, never ends the process;
it ends at the end of its input (the bot closed the pipe, or died).

It imports the pictures and the standard library only: no discord.py, no store.
"""

from __future__ import annotations

import os
import pickle
import signal
import sys
import traceback
from collections.abc import Callable
from typing import Any, BinaryIO

from bot.pictures import render_board, render_hand, warm

HEADER = 4  # bytes of a message's length


def _modules(_scene: object) -> bytes:
    return "\n".join(sorted(sys.modules)).encode()


KINDS: dict[str, Callable[[Any], bytes]] = {
    "board": render_board,
    "hand": render_hand,
    "ping": lambda _scene: b"",
    "modules": _modules,
}


def answer(request: bytes) -> tuple[object, bytes | None, str | None]:
    """The answer to one request's pickle (an unreadable one answers ``None``'s id)."""
    request_id: object = None
    try:
        request_id, kind, scene = pickle.loads(request)
        return request_id, KINDS[kind](scene), None
    except Exception:
        return request_id, None, traceback.format_exc()


def read(stream: BinaryIO, size: int) -> bytes | None:
    data = stream.read(size)
    return data if len(data) == size else None  # None: the input ended


def serve(requests: BinaryIO, answers: BinaryIO) -> None:
    """Answer every request of ``requests`` until it ends."""
    while (header := read(requests, HEADER)) is not None:
        body = read(requests, int.from_bytes(header, "big"))
        if body is None:
            return
        data = pickle.dumps(answer(body), pickle.HIGHEST_PROTOCOL)
        answers.write(len(data).to_bytes(HEADER, "big") + data)
        answers.flush()


def main() -> None:
    # the bot stops its workers by closing their input: a Ctrl-C to the terminal's
    # process group is the bot's to handle
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # a stray print cannot garble answers
    warm()
    serve(sys.stdin.buffer, answers)


if __name__ == "__main__":
    main()
