"""The ごいたオンライン YAML kifu (version 1.0): reading and writing.

::

    version: 1.0
    p0: "name"          # p0..p3: player names by seat
    log:                # one entry per round
     - hand: {p0: "し角金金銀飛香馬", ...}   # the deal, kanji in any order, 玉 = 王
       uchidashi: 1                         # the seat that leads (deals) the round
       score: [0,20]                        # team totals before the round: [p0+p2, p1+p3]
       game:                                # plays only, as [seat, first, second]
        - ["1","し","角"]

Passes are not written: they are inferred (the seats between the last attacker and the next
player passed); a play by the current attacker after three passes is a face-down lead. A
round decided by a Shi hand, and a 5-Shi deal that was redealt, have ``game: []``; the hands
tell which it was. When a 5-Shi deal has moves, its partner(s) chose to play on.

The records of the old server were played with a face-down Ou unlocking an Ou attack
(RULES.md, Ou restrictions). All 124 okifu records replay legally both with and without that
rule (checked by the tests); YAML kifu are replayed with ``YAML_RULES`` (the server's rule,
``facedown_ou_unlocks=True``), which is also safe for kifu we export, since that rule only
allows more.

A kifu is untrusted input (anyone can upload one): it is refused before it is built if it is
larger than ``MAX_RECORD_BYTES``, nested deeper than ``MAX_DEPTH``, or uses YAML anchors or
aliases (the format never needs them; an alias bomb would otherwise expand to gigabytes).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import yaml

from ..pieces import KANJI, Kind, PieceParseError, parse_pieces
from .common import MAX_DEPTH, MAX_DIGITS, KifuError, read_int, read_piece, record_text, show

Move = tuple[int, Kind, Kind]

# libyaml when installed (ten times faster); the pure-Python parser otherwise
_Base: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Loader(_Base):  # type: ignore[misc]
    """The safe loader, with the place of every value it cannot build (a number of 5,000
    digits, a 30th of February) and no number longer than ``MAX_DIGITS`` converted."""

    def construct_object(self, node: Any, deep: bool = False) -> Any:
        try:
            return super().construct_object(node, deep)
        except yaml.YAMLError:
            raise
        except Exception as exc:
            raise yaml.constructor.ConstructorError(None, None, show(str(exc)),
                                                    node.start_mark) from None

    def construct_yaml_int(self, node: Any) -> Any:
        if len(node.value) > MAX_DIGITS + 2:
            raise yaml.constructor.ConstructorError(
                None, None, f"a number of more than {MAX_DIGITS} digits", node.start_mark)
        return super().construct_yaml_int(node)


_Loader.add_constructor("tag:yaml.org,2002:int", _Loader.construct_yaml_int)


@dataclass
class KifuRound:
    hands: tuple[tuple[Kind, ...], ...]  # by seat, each sorted by increasing value
    dealer: int  # uchidashi
    score: tuple[int, int]
    game: list[Move] = field(default_factory=list)


@dataclass
class Kifu:
    players: tuple[str, str, str, str] = ("p0", "p1", "p2", "p3")
    rounds: list[KifuRound] = field(default_factory=list)


def _place(mark: Any) -> str:
    return "" if mark is None else f"line {mark.line + 1}, column {mark.column + 1}: "


def _check_events(text: str) -> None:
    """Walk the YAML event stream (no document is built): refuse anchors, aliases and
    nesting deeper than MAX_DEPTH."""
    depth = 0
    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
            raise KifuError(f"{_place(event.start_mark)}YAML anchors and aliases are not "
                            "allowed in a kifu")
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise KifuError(f"{_place(event.start_mark)}nested deeper than {MAX_DEPTH} "
                                "levels")
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def _load_yaml(text: str) -> object:
    try:
        _check_events(text)
        return yaml.load(text, Loader=_Loader)
    except KifuError:
        raise
    except yaml.MarkedYAMLError as exc:
        problem = exc.problem or exc.context or "syntax error"
        raise KifuError(f"not valid YAML: {_place(exc.problem_mark)}{problem}") from None
    except Exception as exc:  # any other parser failure (a bad date, ...) is bad input
        raise KifuError(f"not valid YAML: {show(str(exc))}") from None


def parse_kifu_yaml(text: str | bytes) -> Kifu:
    """Read a YAML kifu. Raises :class:`KifuError` for anything that is not one (the deal
    and the moves are judged later, by :func:`replay_kifu`)."""
    data = _load_yaml(record_text(text).lstrip("\ufeff"))
    if not isinstance(data, dict):
        raise KifuError("a kifu is a YAML mapping with p0..p3 and log")
    version = data.get("version", 1.0)
    if str(version) not in ("1.0", "1"):
        raise KifuError(f"unsupported kifu version {show(version)} (only 1.0 is known)")
    names = []
    for s in range(4):
        name = data.get(f"p{s}", f"p{s}")
        if isinstance(name, list | dict):
            raise KifuError(f"p{s} must be a player name")
        names.append("" if name is None else str(name))
    log = data.get("log")
    if not isinstance(log, list):
        raise KifuError("the kifu has no 'log' list of rounds")
    rounds = []
    for i, entry in enumerate(log, 1):
        where = f"round {i}"
        if not isinstance(entry, dict):
            raise KifuError(f"{where}: a round must be a mapping")
        hand = entry.get("hand")
        if not isinstance(hand, dict):
            raise KifuError(f"{where}: 'hand' must map p0..p3 to pieces")
        hands = []
        for s in range(4):
            h = hand.get(f"p{s}")
            if not isinstance(h, str):
                raise KifuError(f"{where}: hand p{s} must be a string of pieces")
            try:
                hands.append(tuple(sorted(parse_pieces(h))))
            except PieceParseError:
                raise KifuError(f"{where}: hand p{s}: not a Goita piece in {show(h)}") from None
        dealer = read_int(entry.get("uchidashi"), f"{where}: uchidashi", 0, 3)
        score = entry.get("score")
        if not isinstance(score, list) or len(score) != 2:
            raise KifuError(f"{where}: score must be a list of two team totals")
        sc = (read_int(score[0], f"{where}: score"), read_int(score[1], f"{where}: score"))
        game_data = entry.get("game")
        if game_data is None:
            game_data = []
        if not isinstance(game_data, list):
            raise KifuError(f"{where}: game must be a list of moves")
        game: list[Move] = []
        for j, mv in enumerate(game_data, 1):
            mw = f"{where}, move {j}"
            if not isinstance(mv, list) or len(mv) != 3:
                raise KifuError(f"{mw}: a move is [seat, first, second]")
            game.append((read_int(mv[0], f"{mw}: seat", 0, 3),
                         read_piece(mv[1], f"{mw}: first"), read_piece(mv[2], f"{mw}: second")))
        rounds.append(KifuRound(tuple(hands), dealer, sc, game))
    return Kifu((names[0], names[1], names[2], names[3]), rounds)


_SERVER_ORDER = "し玉王角金銀飛香馬"  # the server sorts hand kanji by code point


def _hand_string(hand: Sequence[Kind], kings_before: int) -> str:
    """Kanji as the old server wrote them: the second king of the deal as 玉, code-point
    order. (Readers accept any order and either king.)"""
    chars = []
    kings = kings_before
    for k in hand:
        if k == Kind.OU:
            chars.append("王" if kings == 0 else "玉")
            kings += 1
        else:
            chars.append(KANJI[k])
    return "".join(sorted(chars, key=_SERVER_ORDER.index))


def _q(text: str) -> str:
    """A YAML double-quoted scalar: printable characters as they are (Japanese names stay
    readable), everything YAML would refuse or fold (controls, line separators, BOM) escaped."""
    out = ['"']
    for ch in text:
        o = ord(ch)
        if ch in '"\\':
            out.append("\\" + ch)
        elif (0x20 <= o <= 0x7E or (0xA0 <= o <= 0xFFFD and not 0xD800 <= o <= 0xDFFF
                                    and o not in (0x2028, 0x2029, 0xFEFF)) or o >= 0x10000):
            out.append(ch)
        else:  # below 0x10000: everything above is printable
            out.append(f"\\u{o:04x}")
    out.append('"')
    return "".join(out)


def dump_kifu_yaml(kifu: Kifu) -> str:
    """Write a YAML kifu in the old server's layout (no byte-order mark)."""
    lines = ["version: 1.0"]
    lines += [f"p{s}: {_q(name)}" for s, name in enumerate(kifu.players)]
    lines.append("log:")
    for r in kifu.rounds:
        lines.append(" - hand:")
        kings = 0
        for s in range(4):
            lines.append(f"     p{s}: {_q(_hand_string(r.hands[s], kings))}")
            kings += sum(1 for k in r.hands[s] if k == Kind.OU)
        lines.append(f"   uchidashi: {r.dealer}")
        lines.append(f"   score: [{r.score[0]},{r.score[1]}]")
        if not r.game:
            lines.append("   game: []")
            continue
        lines.append("   game:")
        for seat, a, b in r.game:
            lines.append(f'    - ["{seat}","{KANJI[a]}","{KANJI[b]}"]')
    return "\n".join(lines) + "\n"

