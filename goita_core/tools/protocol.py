"""The engine protocol (docs/ENGINE_PROTOCOL.md): line-delimited JSON between a host (the
arena, the bot) and an engine process that plays one seat.

This module holds both directions' message building and parsing, and the host side:
:class:`EngineHost` runs an engine process, :class:`EnginePlayer` plays a seat through it
with the same ``act(view)`` interface as our own players. A misbehaving engine (malformed
line, illegal move, crash, timeout) never stalls a game: the host substitutes a safe legal
move (the normal player's) and reports the incident.

Unlike the players, this module does I/O (a subprocess and threads); nothing else in
``goita_core`` imports it except the arena and the engine entry point.
"""

from __future__ import annotations

import json
import queue
import subprocess
import threading
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

from ..actions import PLAY_ON, REDEAL, Action, action_from_json
from ..errors import MalformedAction
from ..pieces import KANJI, kanji_string, parse_kind
from ..round import Round, unpack
from ..rules import RuleSet
from ..view import PlayedPiece, PublicAction, SeatView

PROTOCOL_VERSION = 1
HIDDEN = "?"

# -- messages built from views (host side) -------------------------------------------------


def _history_json(history: Sequence[PublicAction]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for act in history:
        if act.is_pass:
            out.append({"seat": act.seat, "action": "pass"})
        else:
            assert act.second is not None
            out.append({"seat": act.seat, "action": "play", "lead": act.lead,
                        "first": HIDDEN if act.first is None else KANJI[act.first],
                        "second": KANJI[act.second]})
    return out


def act_message(view: SeatView, time_ms: int) -> dict[str, Any]:
    """The ``act`` message for a seat that must play (phase "play")."""
    attack: dict[str, Any] | None = None
    if not view.must_lead and view.attack is not None:
        attack = {"piece": KANJI[view.attack], "seat": view.attacker}
    return {
        "type": "act",
        "round": view.round_no,
        "seat": view.seat,
        "dealer": view.dealer,
        "hand": kanji_string(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "played": ["".join(HIDDEN if p.kind is None else KANJI[p.kind] for p in pieces)
                   for pieces in view.played],
        "history": _history_json(view.history),
        "attack": attack,
        "scores": list(view.scores),
        "target": view.rules.target,
        "legal": [a.to_json() for a in view.legal],  # type: ignore[attr-defined]
        "time_ms": time_ms,
    }


def goshi_message(view: SeatView, time_ms: int) -> dict[str, Any]:
    """The ``goshi`` message: the seat's partner holds five Shi."""
    holder = next((s for s, c in view.shi if c == 5 and (s + 2) % 4 == view.seat),
                  (view.seat + 2) % 4)
    return {"type": "goshi", "round": view.round_no, "seat": view.seat, "partner": holder,
            "dealer": view.dealer, "hand": kanji_string(view.hand),
            "scores": list(view.scores), "target": view.rules.target, "time_ms": time_ms}


def round_end_message(rnd: Round, round_no: int, scores: Sequence[int]) -> dict[str, Any]:
    """The ``round_end`` message: the result and every hand, face-down pieces revealed."""
    res = rnd.result
    history = [{"seat": s, "action": "pass"} if a.is_pass else
               {"seat": s, "action": "play", "lead": lead,
                "first": KANJI[a.first], "second": KANJI[a.second]}  # type: ignore[attr-defined]
               for s, a, lead in rnd.history]
    return {"type": "round_end", "round": round_no,
            "winner": None if res is None else res.seat,
            "points": 0 if res is None else res.points,
            "scores": list(scores),
            "hands": [kanji_string(unpack(code)) for code in rnd.initial_hands],
            "history": history}


# -- views rebuilt from messages (engine side) ----------------------------------------------


class ProtocolError(ValueError):
    """A message that does not follow the protocol."""


def _kinds(text: object, what: str) -> list[Any]:
    if not isinstance(text, str):
        raise ProtocolError(f"{what} must be a string of pieces")
    try:
        return [parse_kind(ch) for ch in text if not ch.isspace()]
    except ValueError as exc:
        raise ProtocolError(f"{what}: {exc}") from None


def view_from_message(msg: dict[str, Any], rules: RuleSet | None = None) -> SeatView:
    """The :class:`SeatView` an ``act`` or ``goshi`` message describes, so our players can
    answer it. Raises :class:`ProtocolError` for a message that cannot be read."""
    rules = rules or RuleSet()
    target = msg.get("target")
    if isinstance(target, int) and 50 <= target <= 1000 and target != rules.target:
        rules = RuleSet(rules.players, target, rules.double_any_seventh,
                        rules.facedown_ou_unlocks)
    n = rules.players
    seat = msg.get("seat")
    if not isinstance(seat, int) or not 0 <= seat < n:
        raise ProtocolError("seat must be a seat number")
    hand = tuple(sorted(_kinds(msg.get("hand"), "hand")))
    scores = msg.get("scores") or []
    scores_t = tuple(int(x) for x in scores) if isinstance(scores, list) else ()
    round_no = msg.get("round") if isinstance(msg.get("round"), int) else 0
    dealer = msg.get("dealer") if isinstance(msg.get("dealer"), int) else seat
    assert isinstance(round_no, int) and isinstance(dealer, int)
    if msg.get("type") == "goshi":
        partner = msg.get("partner") if isinstance(msg.get("partner"), int) else (seat + 2) % 4
        assert isinstance(partner, int)
        return SeatView(seat=seat, rules=rules, dealer=dealer, phase="goshi", hand=hand,
                        hand_sizes=(rules.hand_size,) * n, played=((),) * n, history=(),
                        turn=dealer, attack=None, attacker=None, must_lead=False, passes=0,
                        ou_up=0, shi=((partner, 5),), goshi_pending=(seat,),
                        legal=(PLAY_ON, REDEAL), result=None, move_count=0, scores=scores_t,
                        round_no=round_no)
    sizes = msg.get("hand_sizes")
    if not isinstance(sizes, list) or len(sizes) != n or not all(isinstance(x, int)
                                                                 for x in sizes):
        raise ProtocolError(f"hand_sizes must be {n} numbers")
    raw_history = msg.get("history")
    if not isinstance(raw_history, list):
        raise ProtocolError("history must be a list")
    history: list[PublicAction] = []
    played: list[list[PlayedPiece]] = [[] for _ in range(n)]
    ou_up = 0
    passes = 0
    for item in raw_history:
        if not isinstance(item, dict) or not isinstance(item.get("seat"), int) \
                or not 0 <= item["seat"] < n:
            raise ProtocolError("every history entry needs a seat")
        s = item["seat"]
        if item.get("action") == "pass":
            history.append(PublicAction(s, True))
            passes += 1
            continue
        if item.get("action") != "play":
            raise ProtocolError("a history entry is a pass or a play")
        lead = bool(item.get("lead"))
        first_txt = item.get("first")
        first = None if first_txt == HIDDEN else _kinds(first_txt, "first")[0]
        second_l = _kinds(item.get("second"), "second")
        if not second_l:
            raise ProtocolError("a play needs a second piece")
        second = second_l[0]
        history.append(PublicAction(s, False, first, second, lead))
        played[s].append(PlayedPiece(first, lead))
        played[s].append(PlayedPiece(second))
        if second == 7:
            ou_up += 1
        if first == 7 and (not lead or rules.facedown_ou_unlocks):
            ou_up += 1
        passes = 0
    attack_msg = msg.get("attack")
    attack = None
    attacker = None
    if isinstance(attack_msg, dict):
        attack = _kinds(attack_msg.get("piece"), "attack")[0]
        attacker = attack_msg.get("seat") if isinstance(attack_msg.get("seat"), int) else None
    raw_legal = msg.get("legal")
    if not isinstance(raw_legal, list) or not raw_legal:
        raise ProtocolError("legal must be a non-empty list")
    try:
        legal = tuple(action_from_json(a) for a in raw_legal)
    except MalformedAction as exc:
        raise ProtocolError(f"legal: {exc}") from None
    must_lead = attack is None
    return SeatView(seat=seat, rules=rules, dealer=dealer, phase="play", hand=hand,
                    hand_sizes=tuple(sizes), played=tuple(tuple(p) for p in played),
                    history=tuple(history), turn=seat, attack=attack, attacker=attacker,
                    must_lead=must_lead, passes=0 if must_lead else passes % max(1, n - 1),
                    ou_up=ou_up, shi=(), goshi_pending=(), legal=legal, result=None,
                    move_count=len(history), scores=scores_t, round_no=round_no)


# -- host side ---------------------------------------------------------------------------------


class EngineHost:
    """One engine process. :meth:`request` sends a message and waits for one answer line,
    at most ``timeout`` seconds; any failure returns None and records why in ``last_error``.
    After a timeout or crash the process is restarted on the next request (its output
    could no longer be matched to our messages), at most ``max_restarts`` times."""

    def __init__(self, argv: Sequence[str], seat: int, options: dict[str, Any] | None = None,
                 startup_timeout: float = 10.0, max_restarts: int = 3) -> None:
        if not argv:
            raise ValueError("an engine command is needed")
        self.argv = list(argv)
        self.seat = seat
        self.options = options or {}
        self.startup_timeout = startup_timeout
        self.max_restarts = max_restarts
        self.restarts = -1
        self.name = self.argv[0]
        self.last_error = ""
        self.stderr_tail: deque[str] = deque(maxlen=20)
        self._proc: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._lock = threading.Lock()
        self._broken = False

    # process management
    def _start(self) -> bool:
        self._kill()
        self.restarts += 1
        if self.restarts > self.max_restarts:
            self._broken = True
            self.last_error = "engine gave up: too many restarts"
            return False
        try:
            proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, text=True, encoding="utf-8",
                                    errors="replace", bufsize=1)
        except OSError as exc:
            self._broken = True
            self.last_error = f"cannot start engine: {exc}"
            return False
        self._proc = proc
        lines: queue.Queue[str | None] = queue.Queue()
        self._lines = lines
        threading.Thread(target=self._pump, args=(proc, lines), daemon=True).start()
        threading.Thread(target=self._drain, args=(proc,), daemon=True).start()
        hello = {"type": "hello", "protocol": PROTOCOL_VERSION, "seat": self.seat,
                 "options": self.options}
        answer = self._exchange(hello, self.startup_timeout)
        if answer is None or answer.get("ok") is not True:
            if answer is not None:
                self.last_error = f"bad hello answer: {answer!r}"
            self._kill()
            return False
        if isinstance(answer.get("name"), str):
            self.name = answer["name"][:80]
        return True

    @staticmethod
    def _pump(proc: subprocess.Popen[str], lines: queue.Queue[str | None]) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line)
        lines.put(None)  # end of output: the engine exited

    def _drain(self, proc: subprocess.Popen[str]) -> None:
        assert proc.stderr is not None
        for line in proc.stderr:
            self.stderr_tail.append(line.rstrip("\n"))

    def _kill(self) -> None:
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            proc.kill()
            proc.wait(timeout=2)
        except (OSError, subprocess.TimeoutExpired):
            pass

    def _exchange(self, msg: dict[str, Any], timeout: float) -> dict[str, Any] | None:
        proc = self._proc
        if proc is None or proc.stdin is None:
            self.last_error = "engine not running"
            return None
        # lines nobody asked for (an engine answering twice) would shift every later answer
        try:
            while (stale := self._lines.get_nowait()) is not None:
                self.stderr_tail.append(f"(ignored stdout line) {stale.rstrip()[:120]}")
            self._lines.put(None)  # the engine's output ended: keep that news for below
        except queue.Empty:
            pass
        try:
            proc.stdin.write(json.dumps(msg, ensure_ascii=False) + "\n")
            proc.stdin.flush()
        except (OSError, ValueError) as exc:
            self.last_error = f"engine crashed (write failed: {exc})"
            self._kill()
            return None
        try:
            line = self._lines.get(timeout=max(0.001, timeout))
        except queue.Empty:
            self.last_error = f"engine timed out after {timeout * 1000:.0f} ms"
            self._kill()
            return None
        if line is None:
            code = proc.poll()
            self.last_error = f"engine exited (code {code})"
            self._kill()
            return None
        try:
            answer = json.loads(line)
        except json.JSONDecodeError:
            self.last_error = f"malformed line from engine: {line.strip()[:120]!r}"
            return None
        if not isinstance(answer, dict):
            self.last_error = f"engine answer is not a JSON object: {line.strip()[:120]!r}"
            return None
        return answer

    def request(self, msg: dict[str, Any], timeout: float) -> dict[str, Any] | None:
        """Send ``msg``; the engine's answer, or None (see ``last_error``)."""
        with self._lock:
            if self._broken:
                return None
            if self._proc is None and not self._start():
                return None
            return self._exchange(msg, timeout)

    def close(self) -> None:
        """Say bye and stop the process (killed if it does not exit within a second)."""
        with self._lock:
            proc = self._proc
            if proc is not None and proc.poll() is None and proc.stdin is not None:
                try:
                    proc.stdin.write(json.dumps({"type": "bye"}) + "\n")
                    proc.stdin.flush()
                    proc.stdin.close()
                    proc.wait(timeout=1)
                except (OSError, ValueError, subprocess.TimeoutExpired):
                    pass
            self._kill()


class EnginePlayer:
    """Plays a seat through an external engine; a :class:`~goita_core.players.Player`.

    ``time_ms`` is the thinking time announced to the engine; the host waits ``time_ms +
    grace_ms`` before substituting a move. Every substitution is passed to ``on_incident``
    (a short text) and counted in ``incidents``. Thread-safe: one request at a time."""

    def __init__(self, argv: Sequence[str], seat: int, time_ms: int = 200,
                 grace_ms: int = 500, rules: RuleSet | None = None,
                 on_incident: Callable[[str], None] | None = None,
                 fallback: Any = None) -> None:
        self.time_ms = time_ms
        self.grace_ms = grace_ms
        self.seat = seat
        self.host = EngineHost(argv, seat, options={"rules": (rules or RuleSet()).to_json()})
        self.on_incident = on_incident
        self.incidents = 0
        if fallback is None:
            from ..players.normal import NormalPlayer

            fallback = NormalPlayer()
        self.fallback = fallback
        self.name = f"engine {self.host.name}"

    def _report(self, what: str, substituted: bool = True) -> None:
        self.incidents += 1
        text = f"seat {self.seat} ({self.host.name}): {what}"
        if substituted:
            text += "; a safe legal move was played instead"
        if self.on_incident is not None:
            self.on_incident(text)

    def act(self, view: SeatView) -> Action:
        if not view.legal:
            raise ValueError(f"seat {view.seat} has no action to take now")
        goshi = PLAY_ON in view.legal
        msg = goshi_message(view, self.time_ms) if goshi else act_message(view, self.time_ms)
        timeout = (self.time_ms + self.grace_ms) / 1000.0
        answer = self.host.request(msg, timeout)
        self.name = f"engine {self.host.name}"
        if answer is None:
            self._report(self.host.last_error)
            return self._safe(view)
        try:
            action = action_from_json(answer)
        except MalformedAction as exc:
            self._report(f"unreadable answer {json.dumps(answer)[:120]} ({exc})")
            return self._safe(view)
        if action not in view.legal:
            self._report(f"illegal move {json.dumps(answer, ensure_ascii=False)[:120]}")
            return self._safe(view)
        return action

    def _safe(self, view: SeatView) -> Action:
        action: Action = self.fallback.act(view)
        return action if action in view.legal else view.legal[0]

    def round_end(self, rnd: Round, seat: int, round_no: int,
                  scores: Sequence[int] = ()) -> None:
        """Tell the engine how the round ended (information; a failure is only reported)."""
        answer = self.host.request(round_end_message(rnd, round_no, scores),
                                   self.grace_ms / 1000.0)
        if answer is None and self.host.last_error and not self.host._broken:
            self._report(f"round_end: {self.host.last_error}", substituted=False)

    def close(self) -> None:
        self.host.close()
