"""Actions a seat can take. Instances are interned: ``Play(a, b) is Play(a, b)``, so legal
action lists can be cached and compared cheaply."""

from __future__ import annotations

from typing import Final

from .pieces import KANJI, Kind, parse_kind


class Action:
    """Base of every action."""

    __slots__ = ()
    is_pass: bool = False
    is_play: bool = False
    is_decision: bool = False


class PassAction(Action):
    __slots__ = ()
    is_pass = True

    def __repr__(self) -> str:
        return "PASS"

    def to_json(self) -> dict[str, object]:
        return {"action": "pass"}


class Play(Action):
    """Two pieces: ``first`` is the block (face up) or, when leading, the face-down piece;
    ``second`` is the attack."""

    __slots__ = ("code", "first", "second")
    is_play = True
    _cache: dict[tuple[int, int], Play] = {}  # noqa: RUF012 - interning table

    first: Kind
    second: Kind
    code: int

    def __new__(cls, first: Kind | int, second: Kind | int) -> Play:
        key = (int(first), int(second))
        inst = cls._cache.get(key)
        if inst is None:
            inst = super().__new__(cls)
            object.__setattr__(inst, "first", Kind(key[0]))
            object.__setattr__(inst, "second", Kind(key[1]))
            object.__setattr__(inst, "code", key[0] * 8 + key[1])
            cls._cache[key] = inst
        return inst

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Play is immutable")

    def __reduce__(self) -> tuple[type[Play], tuple[int, int]]:
        return (Play, (int(self.first), int(self.second)))

    def __repr__(self) -> str:
        return f"Play({KANJI[self.first]}{KANJI[self.second]})"

    def to_json(self) -> dict[str, object]:
        return {"action": "play", "first": KANJI[self.first], "second": KANJI[self.second]}


class GoshiDecision(Action):
    """A 5-Shi holder's partner chooses to play on (True) or to redeal (False)."""

    __slots__ = ("play_on",)
    is_decision = True
    play_on: bool

    def __new__(cls, play_on: bool) -> GoshiDecision:
        return PLAY_ON if play_on else REDEAL

    @classmethod
    def _make(cls, play_on: bool) -> GoshiDecision:
        inst = object.__new__(cls)
        object.__setattr__(inst, "play_on", play_on)
        return inst

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("GoshiDecision is immutable")

    def __reduce__(self) -> tuple[type[GoshiDecision], tuple[bool]]:
        return (GoshiDecision, (self.play_on,))

    def __repr__(self) -> str:
        return "PLAY_ON" if self.play_on else "REDEAL"

    def to_json(self) -> dict[str, object]:
        return {"decision": "play" if self.play_on else "redeal"}


PASS: Final = PassAction()
PLAY_ON: Final = GoshiDecision._make(True)
REDEAL: Final = GoshiDecision._make(False)
ALL_PLAYS: tuple[Play, ...] = tuple(Play(a, b) for a in Kind for b in Kind)


#: a round's history entry: ``(seat, action, lead)``
Entry = tuple[int, Action, bool]
#: every history entry there can be, made once: a history refers to these instead of a new
#: tuple a move. A bot keeps each running match's rounds, and those small tuples (each
#: tracked by the collector) were most of what its full collections walked.
PASS_ENTRIES: tuple[Entry, ...] = tuple((seat, PASS, False) for seat in range(4))
#: ``PLAY_ENTRIES[seat * 2 + lead][play.code]``
PLAY_ENTRIES: tuple[tuple[Entry, ...], ...] = tuple(
    tuple((seat, Play(code // 8, code % 8), lead) for code in range(64))
    for seat in range(4) for lead in (False, True))


def action_from_json(data: object) -> Action:
    """Parse ``{"action": "pass"}``, ``{"action": "play", "first": "香", "second": "し"}``
    or ``{"decision": "play"|"redeal"}`` (the engine protocol's shapes)."""
    from .errors import MalformedAction

    if not isinstance(data, dict):
        raise MalformedAction(f"an action must be a JSON object, not {type(data).__name__}")
    if "decision" in data:
        if data["decision"] == "play":
            return PLAY_ON
        if data["decision"] == "redeal":
            return REDEAL
        raise MalformedAction(f"unknown decision {data['decision']!r}")
    kind = data.get("action")
    if kind == "pass":
        return PASS
    if kind == "play":
        first, second = data.get("first"), data.get("second")
        if not isinstance(first, str) or not isinstance(second, str):
            raise MalformedAction("a play needs 'first' and 'second' pieces")
        try:
            return Play(parse_kind(first), parse_kind(second))
        except ValueError as exc:
            raise MalformedAction(str(exc)) from None
    raise MalformedAction(f"unknown action {kind!r}")
