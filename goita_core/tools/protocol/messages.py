"""The engine protocol's messages (docs/ENGINE_PROTOCOL.md), both ways: the host builds
``act``, ``goshi`` and ``round_end`` from views; an engine rebuilds the view from them. Pure:
no I/O here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...actions import PASS, PLAY_ON, REDEAL, Action, Play, action_from_json
from ...errors import GoitaError, MalformedAction
from ...pieces import KANJI, kanji_string, parse_kind
from ...round import Round, unpack
from ...rules import RuleSet
from ...view import PlayedPiece, PublicAction, SeatView

PROTOCOL_VERSION = 1
HIDDEN = "?"
#: bounds an engine puts on what it reads (a round has fewer actions, a seat fewer choices)
MAX_HISTORY = 256
MAX_LEGAL = 128


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
    if len(hand) > rules.hand_size:
        raise ProtocolError(f"a hand holds at most {rules.hand_size} pieces")
    scores = msg.get("scores") or []
    if not isinstance(scores, list) or len(scores) > n or not all(
            type(x) is int and abs(x) < 10**9 for x in scores):
        raise ProtocolError("scores must be a list of numbers")
    scores_t = tuple(scores)
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
    if not isinstance(raw_history, list) or len(raw_history) > MAX_HISTORY:
        raise ProtocolError(f"history must be a list of at most {MAX_HISTORY} actions")
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
    if not isinstance(raw_legal, list) or not 0 < len(raw_legal) <= MAX_LEGAL:
        raise ProtocolError(f"legal must be a list of 1 to {MAX_LEGAL} actions")
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


def round_from_end_message(msg: dict[str, Any], rules: RuleSet | None = None) -> Round:
    """The ended round a ``round_end`` message describes, replayed from its hands and its
    history (the first to play is the dealer). Raises :class:`ProtocolError` for a message
    that cannot be read or a history the hands cannot have played."""
    rules = rules or RuleSet()
    raw_hands = msg.get("hands")
    raw_history = msg.get("history")
    if not isinstance(raw_hands, list) or len(raw_hands) != rules.players:
        raise ProtocolError(f"hands must be {rules.players} strings of pieces")
    if not isinstance(raw_history, list) or not 0 < len(raw_history) <= MAX_HISTORY:
        raise ProtocolError(f"history must be a list of 1 to {MAX_HISTORY} actions")
    hands = [_kinds(h, "hands") for h in raw_hands]
    actions: list[tuple[int, Action]] = []
    for item in raw_history:
        if not isinstance(item, dict) or not isinstance(item.get("seat"), int):
            raise ProtocolError("every history entry needs a seat")
        if item.get("action") == "pass":
            actions.append((item["seat"], PASS))
            continue
        first, second = _kinds(item.get("first"), "first"), _kinds(item.get("second"), "second")
        if len(first) != 1 or len(second) != 1:
            raise ProtocolError("a play is one first and one second piece")
        actions.append((item["seat"], Play(first[0], second[0])))
    try:
        rnd = Round(rules, actions[0][0], hands)
        while rnd.phase == "goshi":  # the round was played on
            for seat in rnd.to_act():
                rnd.apply(seat, PLAY_ON)
        for seat, action in actions:
            rnd.apply(seat, action)
    except (GoitaError, ValueError, IndexError) as exc:
        raise ProtocolError(f"a round its hands cannot have played: {str(exc)[:120]}") \
            from None
    if not rnd.over:
        raise ProtocolError("the history does not end the round")
    return rnd


# -- host side ---------------------------------------------------------------------------------
