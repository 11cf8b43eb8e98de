"""In-process hostile engines: a thread behind real pipes, started by the host's ``spawn``
hook, so the host's real reader, writer and timeouts are exercised without a process.

A script receives a :class:`FakeEngine` and talks through ``read()`` / ``write()``; once the
host kills it, ``read()`` ends and ``write()`` raises :class:`Stopped`, so every script ends.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
from collections.abc import Callable, Mapping, Sequence

from goita_core.tools.protocol import Pipes
from goita_core.tools.protocol.streams import Spawner

#: preallocated floods: writing them allocates nothing, so the host's own memory is measured
MEGABYTE = b"x" * (1024 * 1024)
SHORT_LINES = b"junk\n" * 20_000
DEEP = ("[" * 30_000 + "]" * 30_000 + "\n").encode()
HUGE_INT = ('{"action": "pass", "n": ' + "9" * 50_000 + "}\n").encode()


class Stopped(Exception):
    """The host killed this engine."""


class FakeEngine:
    def __init__(self, stdin: int, stdout: int, stderr: int) -> None:
        self.stdin, self.stdout, self.stderr = stdin, stdout, stderr
        self.stop = threading.Event()
        self.code: int | None = None
        self._buffer = b""
        self.env: Mapping[str, str] = {}
        self._closed: set[int] = set()

    def read(self) -> dict[str, object] | None:
        """The next message, or None at end of input."""
        while b"\n" not in self._buffer:
            chunk = os.read(self.stdin, 65536)
            if not chunk or self.stop.is_set():
                return None
            self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        msg = json.loads(line)
        assert isinstance(msg, dict)
        return msg

    def write(self, data: bytes, fd: int | None = None) -> None:
        view = memoryview(data)
        while view:
            if self.stop.is_set():
                raise Stopped
            view = view[os.write(self.stdout if fd is None else fd, view[:65536]):]

    def answer(self, obj: object) -> None:
        self.write((json.dumps(obj, ensure_ascii=False) + "\n").encode())

    def serve(self, on_act: Callable[[FakeEngine, dict[str, object]], None],
              hello: bool = True) -> None:
        """A polite engine except for ``on_act`` (act and goshi messages)."""
        while (msg := self.read()) is not None:
            if msg["type"] == "hello":
                if hello:
                    self.answer({"ok": True, "name": "hostile"})
            elif msg["type"] in ("act", "goshi"):
                on_act(self, msg)
            else:
                self.answer({"ok": True})
                if msg["type"] == "bye":
                    return

    def close(self, *fds: int) -> None:
        """Close these descriptors (all by default), each once: a number closed twice
        could already belong to another engine's pipe."""
        for fd in fds or (self.stdin, self.stdout, self.stderr):
            if fd not in self._closed:
                self._closed.add(fd)
                with contextlib.suppress(OSError):
                    os.close(fd)


Script = Callable[[FakeEngine], None]


def fake_spawn(script: Script, spawned: list[FakeEngine] | None = None) -> Spawner:
    """A ``spawn`` for :class:`~goita_core.tools.protocol.EngineHost` running ``script``."""

    def spawn(argv: Sequence[str], env: Mapping[str, str]) -> Pipes:
        in_r, in_w = os.pipe()
        out_r, out_w = os.pipe()
        err_r, err_w = os.pipe()
        engine = FakeEngine(in_r, out_w, err_w)
        engine.env = dict(env)
        if spawned is not None:
            spawned.append(engine)

        def run() -> None:
            try:
                script(engine)
                engine.code = 0
            except (Stopped, OSError, SystemExit):
                engine.code = -9
            finally:
                engine.close()

        threading.Thread(target=run, daemon=True).start()
        open_ = [True]

        def kill() -> None:
            engine.stop.set()
            if open_[0]:
                open_[0] = False
                os.close(in_w)

        return Pipes(in_w, out_r, err_r, kill, lambda: engine.code)

    return spawn


def legal_first(engine: FakeEngine, msg: dict[str, object]) -> None:
    legal = msg.get("legal")
    engine.answer(legal[0] if isinstance(legal, list) else {"decision": "play"})


OnAct = Callable[[FakeEngine, dict[str, object]], None]


def serving(on_act: OnAct) -> Script:
    """A polite engine except for what it does on act and goshi messages."""
    return lambda engine: engine.serve(on_act)


def _raw(data: bytes) -> OnAct:
    return lambda engine, _msg: engine.write(data)


def _then_answer(data: bytes) -> OnAct:
    def on_act(engine: FakeEngine, msg: dict[str, object]) -> None:
        engine.write(data)
        legal_first(engine, msg)

    return on_act


def flood_line(megabytes: int) -> OnAct:
    def on_act(engine: FakeEngine, msg: dict[str, object]) -> None:
        for _ in range(megabytes):
            engine.write(MEGABYTE)
        engine.write(b"\n")

    return on_act


def _stderr_flood(engine: FakeEngine, msg: dict[str, object]) -> None:
    for _ in range(4):
        engine.write(MEGABYTE, engine.stderr)
    legal_first(engine, msg)


def _exit(engine: FakeEngine, msg: dict[str, object]) -> None:
    raise SystemExit  # the thread ends: its pipes close as a process's would


def _silent(engine: FakeEngine) -> None:
    while engine.read() is not None:
        pass


def _bad_hello(engine: FakeEngine) -> None:
    while engine.read() is not None:
        engine.write(b'{"ok": false, "error": "no"}\n')


def _close_stdout(engine: FakeEngine) -> None:
    engine.close(engine.stdout)
    _silent(engine)


#: what a hostile engine may do when asked for a decision, by name
ANSWERS: dict[str, OnAct] = {
    "polite": legal_first,
    "garbage": _raw(b"\x00\xff garbage {{{\n"),
    "not_object": _raw(b"[1, 2, 3]\n"),
    "deep_json": _raw(DEEP),
    "huge_int": _raw(HUGE_INT),
    "wrong_types": _raw(b'{"action": ["pass"], "first": 1, "second": null}\n'),
    "wrong_decision": _raw(b'{"decision": {"play": true}}\n'),
    "illegal": _raw(b'{"action": "play", "first": "\\u738b", "second": "\\u738b"}\n'),
    "no_newline": _raw(b'{"action": "pass"}'),
    "twice": _then_answer(b'{"action": "pass"}\n'),
    "flood_lines": _then_answer(SHORT_LINES),
    "flood_line_4mb": flood_line(4),
    "stderr_flood": _stderr_flood,
    "silence": lambda _engine, _msg: None,
    "exits": _exit,
}

#: every hostile engine the tests use, by name
SCRIPTS: dict[str, Script] = {
    **{name: serving(on_act) for name, on_act in ANSWERS.items()},
    "silent_hello": _silent,
    "bad_hello": _bad_hello,
    "closed_stdout": _close_stdout,
}
