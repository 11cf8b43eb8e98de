"""What both record formats share: their errors, the limits a record must keep before it is
parsed, and the readers of single fields (numbers, pieces) that name the place of a fault."""

from __future__ import annotations

import re
import reprlib
from itertools import accumulate

from .. import errors as E
from ..pieces import Kind, PieceParseError, parse_kind
from ..rules import RuleSet

#: how YAML kifu are replayed: the old server's rule (see ``goita_core.kifu.yaml_codec``)
YAML_RULES = RuleSet(facedown_ou_unlocks=True)

#: the largest record read (a long real match is a few tens of KB in either format)
MAX_RECORD_BYTES = 4 * 1024 * 1024
#: the deepest nesting of lists and mappings read (both formats need 5)
MAX_DEPTH = 16
#: numbers in records: written as at most this many digits (scores, seats, seeds)
MAX_DIGITS = 20
_NUMBER = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}")


class KifuError(E.GoitaError):
    """A record that cannot be read: not YAML/JSON, too large or too deep, or missing or
    malformed fields. The message names the place (round, move, field or line)."""

    rule = "malformed_record"


class ReplayError(E.GoitaError):
    """A record whose moves the engine refuses. ``move`` is the 1-based index in the
    round's move list (None when the deal itself is wrong); ``rule`` is the broken rule."""

    def __init__(self, round_no: int, move: int | None, rule: str, message: str) -> None:
        where = f"round {round_no}" + (f", move {move}" if move is not None else "")
        super().__init__(f"{where}: {rule}: {message}")
        self.round_no = round_no
        self.move = move
        self.rule = rule
        self.detail = message


_SHOW = reprlib.Repr()
_SHOW.maxstring = 40
_SHOW.maxother = 40
_SHOW.maxlevel = 2
_SHOW.maxlist = _SHOW.maxtuple = _SHOW.maxdict = 4


def show(value: object) -> str:
    """A short repr for error messages: a field of a hostile record can be megabytes long."""
    return _SHOW.repr(value)


def check_size(text: str | bytes) -> None:
    if len(text) > MAX_RECORD_BYTES:
        raise KifuError(f"the record is larger than {MAX_RECORD_BYTES // (1024 * 1024)} MiB")


def record_text(text: str | bytes) -> str:
    """A record's text, its size checked, bytes decoded as UTF-8 (a byte-order mark is
    dropped)."""
    check_size(text)
    if isinstance(text, bytes):
        try:
            return text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise KifuError(f"not UTF-8 text: {exc}") from None
    return text


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_DELTA = {"[": 1, "{": 1, "]": -1, "}": -1}


def check_json_depth(text: str) -> None:
    """Refuse JSON nested deeper than :data:`MAX_DEPTH`, before the parser recurses into it
    (linear time, no Python loop per character)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if max(accumulate(map(_DELTA.__getitem__, brackets)), default=0) > MAX_DEPTH:
        raise KifuError(f"the record is nested deeper than {MAX_DEPTH} levels")


def read_int(value: object, what: str, lo: int | None = None, hi: int | None = None) -> int:
    """A whole number, given as a number or as a string of ASCII digits ("3", "-20")."""
    if isinstance(value, bool):
        raise KifuError(f"{what} must be a number, not {show(value)}")
    if isinstance(value, str):
        if not _NUMBER.fullmatch(value.strip()):
            raise KifuError(f"{what} must be a number, not {show(value)}")
        value = int(value.strip())
    if not isinstance(value, int):
        raise KifuError(f"{what} must be a number, not {show(value)}")
    if abs(value) >= 10 ** MAX_DIGITS:
        raise KifuError(f"{what} is out of range")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise KifuError(f"{what} must be between {lo} and {hi}, not {value}")
    return value


def read_piece(value: object, what: str) -> Kind:
    if not isinstance(value, str):
        raise KifuError(f"{what} must be a piece, not {show(value)}")
    try:
        return parse_kind(value.replace("\ufeff", ""))
    except PieceParseError:
        raise KifuError(f"{what}: not a Goita piece: {show(value)}") from None
