"""The host side of the engine protocol: :class:`EngineHost` runs one engine process,
:class:`EnginePlayer` plays a seat through it with the same ``act(view)`` interface as our
own players.

An engine is untrusted. Whatever it does (garbage, floods of output, huge or deeply nested
JSON, silence, a closed pipe, exiting, never reading its input) costs the host bounded
memory (see ``streams``) and bounded time (every exchange has one deadline), and never
stalls a game: the seat gets a safe legal move (the normal player's) and the incident is
reported once through ``on_incident``.
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ...actions import PLAY_ON, Action, action_from_json
from ...errors import MalformedAction
from ...round import Round
from ...rules import RuleSet
from ...view import SeatView
from .messages import PROTOCOL_VERSION, act_message, goshi_message, round_end_message
from .streams import (
    MAX_BACKLOG,
    MAX_LINE,
    LineReader,
    Pipes,
    Spawner,
    WriteTimeout,
    engine_env,
    pump,
    spawn_process,
    write_all,
)

#: numbers in an answer longer than this are refused before Python converts them
MAX_ANSWER_DIGITS = 30
#: the answer keys that must be strings when present
_TEXT_KEYS = ("action", "decision", "first", "second")


def _printable(text: str, limit: int) -> str:
    return "".join(ch for ch in text if ch.isprintable())[:limit]


def _json_int(digits: str) -> int:
    if len(digits) > MAX_ANSWER_DIGITS:
        raise ValueError(f"a number of more than {MAX_ANSWER_DIGITS} digits")
    return int(digits)


def parse_answer(text: str) -> dict[str, Any]:
    """One answer line as a JSON object. Raises ValueError (with a short reason) for
    anything else: not JSON, too deep, huge numbers, not an object, wrong types."""
    try:
        answer = json.loads(text, parse_int=_json_int)
    except RecursionError:
        raise ValueError("JSON nested too deeply") from None
    except ValueError as exc:
        raise ValueError(f"not JSON ({str(exc)[:80]})") from None
    if not isinstance(answer, dict):
        raise ValueError("not a JSON object")
    for key in _TEXT_KEYS:
        if key in answer and not isinstance(answer[key], str):
            raise ValueError(f"{key!r} must be a string")
    return answer


class EngineHost:
    """One engine process. :meth:`request` sends a message and waits for one answer line,
    at most ``timeout`` seconds in all; any failure returns None and records why in
    ``last_error``. After a timeout or crash the process is killed and restarted on the
    next request (its output could no longer be matched to our messages), at most
    ``max_restarts`` times; then the host gives up (``broken``).

    ``pass_env`` names the host environment variables the engine may see besides PATH,
    HOME and LANG. ``spawn`` starts the engine (tests give in-process hostile streams)."""

    def __init__(self, argv: Sequence[str], seat: int, options: dict[str, Any] | None = None,
                 startup_timeout: float = 10.0, max_restarts: int = 3, *,
                 pass_env: Sequence[str] = (), spawn: Spawner = spawn_process,
                 max_line: int = MAX_LINE, backlog: int = MAX_BACKLOG) -> None:
        if not argv:
            raise ValueError("an engine command is needed")
        self.argv = list(argv)
        self.seat = seat
        self.options = options or {}
        self.startup_timeout = startup_timeout
        self.close_timeout = 1.0
        self.max_restarts = max_restarts
        self.env: Mapping[str, str] = engine_env(pass_env)
        self.restarts = -1
        self.name = _printable(os.path.basename(self.argv[0]), 80)
        self.last_error = ""
        self.last_line = ""  # the start of the last answer line, for reports
        self.broken = False
        self.notices: list[str] = []  # news for the player to report once (floods)
        self._spawn = spawn
        self._max_line = max_line
        self._backlog = backlog
        self._pipes: Pipes | None = None
        self._out = LineReader(max_line, backlog)
        self._err = LineReader(512, 20, keep_newest=True)
        self._flood_told = False
        self._lock = threading.Lock()

    @property
    def stderr_tail(self) -> list[str]:
        """The engine's last lines of standard error (each cut at 512 bytes)."""
        return self._err.tail()

    # process management
    def _start(self, deadline: float) -> bool:
        self._kill()
        self.restarts += 1
        if self.restarts > self.max_restarts:
            self.broken = True
            self.last_error = "engine gave up: too many restarts"
            return False
        try:
            pipes = self._spawn(self.argv, self.env)
        except OSError as exc:
            self.broken = True
            self.last_error = f"cannot start engine: {exc}"
            return False
        os.set_blocking(pipes.stdin, False)
        self._pipes = pipes
        self._out = LineReader(self._max_line, self._backlog)
        self._err = LineReader(512, 20, keep_newest=True)
        self._flood_told = False
        pump(pipes.stdout, self._out)
        if pipes.stderr is not None:
            pump(pipes.stderr, self._err)
        hello = {"type": "hello", "protocol": PROTOCOL_VERSION, "seat": self.seat,
                 "options": self.options}
        answer = self._exchange(hello, deadline)
        if answer is None or answer.get("ok") is not True:
            if answer is not None:
                self.last_error = f"bad hello answer: {self.last_line!r}"
            self._kill()
            return False
        if isinstance(answer.get("name"), str):
            self.name = _printable(answer["name"], 80) or self.name
        return True

    def _kill(self) -> None:
        pipes, self._pipes = self._pipes, None
        if pipes is not None:
            pipes.kill()

    def _exchange(self, msg: dict[str, Any], deadline: float) -> dict[str, Any] | None:
        pipes = self._pipes
        if pipes is None:
            self.last_error = "engine not running"
            return None
        # lines nobody asked for (an engine answering twice) would shift every later answer
        self._out.discard()
        self._note_flood()
        try:
            write_all(pipes.stdin, (json.dumps(msg, ensure_ascii=False) + "\n").encode(),
                      deadline)
        except WriteTimeout:
            self.last_error = "engine timed out (it does not read its input)"
            self._kill()
            return None
        except OSError as exc:
            self.last_error = f"engine crashed (write failed: {exc.strerror or exc})"
            self._kill()
            return None
        line = self._out.get(deadline)
        self._note_flood()
        if line is None:
            if self._out.closed:
                self._kill()
                code = pipes.exit_code()
                self.last_error = "engine exited" + ("" if code is None else f" (code {code})")
            else:
                when = " on hello" if msg.get("type") == "hello" else ""
                self.last_error = f"engine timed out{when}"
                self._kill()
            return None
        text = line.text()
        self.last_line = text.strip()[:120]
        if line.truncated:
            self.last_error = f"answer line longer than {self._max_line} bytes"
            return None
        try:
            return parse_answer(text)
        except ValueError as exc:
            self.last_error = f"malformed answer: {exc}: {self.last_line!r}"
            return None

    def _note_flood(self) -> None:
        if self._out.dropped and not self._flood_told:
            self._flood_told = True
            self.notices.append(f"engine wrote more than {self._backlog} lines nobody asked "
                                "for; the excess is dropped")

    def request(self, msg: dict[str, Any], timeout: float) -> dict[str, Any] | None:
        """Send ``msg``; the engine's answer, or None (see ``last_error``). Waits at most
        ``timeout`` (plus ``startup_timeout`` when the engine must be started first)."""
        with self._lock:
            if self.broken:
                return None
            if self._pipes is None and not self._start(time.monotonic()
                                                       + self.startup_timeout):
                return None
            return self._exchange(msg, time.monotonic() + timeout)

    def close(self) -> None:
        """Say bye and stop the process (killed if it has not exited within
        ``close_timeout`` seconds)."""
        with self._lock:
            pipes = self._pipes
            if pipes is not None:
                deadline = time.monotonic() + self.close_timeout
                try:
                    write_all(pipes.stdin, b'{"type": "bye"}\n', deadline)
                    while self._out.get(deadline) is not None:  # its answer, then its end
                        pass
                except (OSError, WriteTimeout):
                    pass
            self._kill()


class EnginePlayer:
    """Plays a seat through an external engine; a :class:`~goita_core.players.Player`.

    ``time_ms`` is the thinking time announced to the engine; the host waits ``time_ms +
    grace_ms`` before substituting a move. Every substitution is passed to ``on_incident``
    (one short line per incident; a broken engine is reported once, then replaced
    silently) and counted in ``incidents``. ``pass_env``: see :class:`EngineHost`.

    :meth:`act` blocks its caller for at most :attr:`max_wait` seconds. An event loop with
    several tables calls :meth:`act_async`, which runs each engine on its own thread, so
    that no table ever waits for another table's engine."""

    def __init__(self, argv: Sequence[str], seat: int, time_ms: int = 200,
                 grace_ms: int = 500, rules: RuleSet | None = None,
                 on_incident: Callable[[str], None] | None = None,
                 fallback: Any = None, *, pass_env: Sequence[str] = (),
                 startup_timeout: float = 10.0, spawn: Spawner = spawn_process) -> None:
        self.time_ms = time_ms
        self.grace_ms = grace_ms
        self.seat = seat
        self.host = EngineHost(argv, seat, options={"rules": (rules or RuleSet()).to_json()},
                               startup_timeout=startup_timeout, pass_env=pass_env,
                               spawn=spawn)
        self.on_incident = on_incident
        self.incidents = 0
        self._broken_told = False
        if fallback is None:
            from ...players.normal import NormalPlayer

            fallback = NormalPlayer()
        self.fallback = fallback
        self.name = f"engine {self.host.name}"
        self._executor: ThreadPoolExecutor | None = None

    @property
    def max_wait(self) -> float:
        """The longest one decision can take in seconds: starting the engine, then asking."""
        return self.host.startup_timeout + (self.time_ms + self.grace_ms) / 1000.0

    def _tell(self, text: str) -> None:
        if self.on_incident is not None:
            self.on_incident(f"seat {self.seat} ({self.host.name}): {text}")

    def _tell_notices(self) -> None:
        while self.host.notices:
            self._tell(self.host.notices.pop(0))

    def _report(self, what: str, substituted: bool = True) -> None:
        self.incidents += 1
        self._tell_notices()
        if self.host.broken:
            if self._broken_told:
                return
            self._broken_told = True
            what += "; safe legal moves are played from now on" if substituted else ""
        elif substituted:
            what += "; a safe legal move was played instead"
        self._tell(what)

    def act(self, view: SeatView) -> Action:
        if not view.legal:
            raise ValueError(f"seat {view.seat} has no action to take now")
        goshi = PLAY_ON in view.legal
        msg = goshi_message(view, self.time_ms) if goshi else act_message(view, self.time_ms)
        answer = self.host.request(msg, (self.time_ms + self.grace_ms) / 1000.0)
        self.name = f"engine {self.host.name}"
        if answer is None:
            self._report(self.host.last_error)
            return self._safe(view)
        try:
            action = action_from_json(answer)
        except MalformedAction as exc:
            self._report(f"unreadable answer {self.host.last_line!r} ({str(exc)[:80]})")
            return self._safe(view)
        if action not in view.legal:
            self._report(f"illegal move {self.host.last_line!r}")
            return self._safe(view)
        self._tell_notices()
        return action

    def _safe(self, view: SeatView) -> Action:
        action: Action = self.fallback.act(view)
        return action if action in view.legal else view.legal[0]

    def round_end(self, rnd: Round, seat: int, round_no: int,
                  scores: Sequence[int] = ()) -> None:
        """Tell the engine how the round ended (information; a failure is only reported)."""
        answer = self.host.request(round_end_message(rnd, round_no, scores),
                                   self.grace_ms / 1000.0)
        if answer is None and self.host.last_error and not self.host.broken:
            self._report(f"round_end: {self.host.last_error}", substituted=False)

    def close(self) -> None:
        self.host.close()
        if self._executor is not None:
            self._executor.shutdown(wait=False)

    # -- for event loops: one thread per engine --
    def _run(self, fn: Callable[..., Any], *args: Any) -> asyncio.Future[Any]:
        if self._executor is None:
            self._executor = ThreadPoolExecutor(1, thread_name_prefix=f"engine-{self.seat}")
        return asyncio.get_running_loop().run_in_executor(self._executor, fn, *args)

    async def act_async(self, view: SeatView) -> Action:
        """:meth:`act` on this engine's own thread: the loop and every other engine go on
        meanwhile. Calls to one player run in order (after :meth:`round_end_async`s made
        before). Returns within :attr:`max_wait` (plus a second), a safe move if need be."""
        future = self._run(self.act, view)
        try:
            action: Action = await asyncio.wait_for(asyncio.shield(future), self.max_wait + 1)
        except TimeoutError:
            self._report("no decision in time")
            return self._safe(view)
        return action

    async def round_end_async(self, rnd: Round, seat: int, round_no: int,
                              scores: Sequence[int] = ()) -> None:
        """:meth:`round_end` on this engine's own thread (queued before later decisions)."""
        await self._run(self.round_end, rnd, seat, round_no, scores)

    async def close_async(self) -> None:
        await self._run(self.close)
