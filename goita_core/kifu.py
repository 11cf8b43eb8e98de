"""Game records: the ごいたオンライン YAML kifu (version 1.0) and our native JSON record.

YAML kifu (the format of the old online server and the tools around it)::

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
allows more. Our own records carry their RuleSet.

Native record (``MatchRecord.to_json``), a JSON object::

    {"format": "goita-match", "version": 1,
     "rules": {"players": 4, "target": 150, "double_any_seventh": false,
               "facedown_ou_unlocks": false},
     "seed": 123 or null,          # set when every deal came from it: rebuilding re-deals
                                   # from the seed (and checks), so the rng state carries on
     "first_dealer": 0,
     "players": ["a", "b", "c", "d"],
     "created_at": "2026-01-01T00:00:00Z" or null,
     "rounds": [
       {"dealer": 0,
        "hands": ["しし香馬銀金角王", ...],         # by seat, increasing value
        "actions": [{"seat": 2, "decision": "play"},   # 5-Shi: "play" (on) or "redeal"
                    {"seat": 0, "action": "play", "first": "し", "second": "角"},
                    {"seat": 1, "action": "pass"}, ...],
        "result": {"kind": "finish", "seat": 0, "team": 0, "points": 40,
                   "doubled": false, "last": "角"} or null,   # null: unfinished
        "started_at": null, "ended_at": null}]}

Scores are not stored: they follow from the rounds. ``MatchRecord.to_match`` rebuilds the
Match by replaying every action through the engine, so a record can never hold an illegal
game; ``result`` is written for readers and checked against the replay.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import yaml

from . import errors as E
from .actions import (
    PASS,
    PLAY_ON,
    REDEAL,
    Action,
    GoshiDecision,
    PassAction,
    Play,
    action_from_json,
)
from .match import Match
from .pieces import KANJI, Kind, PieceParseError, kanji_string, parse_kind, parse_pieces
from .round import Round, RoundResult, unpack
from .rules import RuleSet

#: how YAML kifu are replayed: the old server's rule (see the module docstring)
YAML_RULES = RuleSet(facedown_ou_unlocks=True)
NATIVE_FORMAT = "goita-match"
NATIVE_VERSION = 1


class KifuError(E.GoitaError):
    """A record that cannot be read: not YAML/JSON, or missing or malformed fields."""

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


# -- YAML kifu ---------------------------------------------------------------------------------
Move = tuple[int, Kind, Kind]


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


def _int(value: object, what: str, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(value, bool):
        raise KifuError(f"{what} must be a number, not {value!r}")
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value.strip())
    if not isinstance(value, int):
        raise KifuError(f"{what} must be a number, not {value!r}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise KifuError(f"{what} must be between {lo} and {hi}, not {value}")
    return value


def _piece(value: object, what: str) -> Kind:
    if not isinstance(value, str):
        raise KifuError(f"{what} must be a piece, not {value!r}")
    try:
        return parse_kind(value.replace("\ufeff", ""))
    except PieceParseError:
        raise KifuError(f"{what}: not a Goita piece: {value!r}") from None


def parse_kifu_yaml(text: str | bytes) -> Kifu:
    """Read a YAML kifu. Raises :class:`KifuError` for anything that is not one (the deal
    and the moves are judged later, by :func:`replay_kifu`)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise KifuError(f"not UTF-8 text: {exc}") from None
    text = text.lstrip("\ufeff")
    try:
        data = yaml.safe_load(text)
    except Exception as exc:  # any parser failure (YAMLError, recursion, ...) is bad input
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise KifuError(f"not valid YAML: {first}") from None
    if not isinstance(data, dict):
        raise KifuError("a kifu is a YAML mapping with p0..p3 and log")
    version = data.get("version", 1.0)
    if str(version) not in ("1.0", "1"):
        raise KifuError(f"unsupported kifu version {version!r} (only 1.0 is known)")
    names = []
    for s in range(4):
        name = data.get(f"p{s}", f"p{s}")
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
            except PieceParseError as exc:
                raise KifuError(f"{where}: hand p{s}: {exc}") from None
        dealer = _int(entry.get("uchidashi"), f"{where}: uchidashi", 0, 3)
        score = entry.get("score")
        if not isinstance(score, list) or len(score) != 2:
            raise KifuError(f"{where}: score must be a list of two team totals")
        sc = (_int(score[0], f"{where}: score"), _int(score[1], f"{where}: score"))
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
            game.append((_int(mv[0], f"{mw}: seat", 0, 3), _piece(mv[1], f"{mw}: first"),
                         _piece(mv[2], f"{mw}: second")))
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


# -- replaying -----------------------------------------------------------------------------
@dataclass(frozen=True)
class RoundSummary:
    """One replayed round as the ``replay`` command reports it."""

    finished: bool
    team: int | None
    points: int
    doubled: bool
    special: str | None  # "hasshi", "nanashi", "rokushi", "goshi-pair", "redeal" or None
    seat: int | None = None

    @classmethod
    def of(cls, result: RoundResult | None) -> RoundSummary:
        if result is None:
            return cls(False, None, 0, False, None)
        return cls(True, result.team, result.points, result.doubled, result.special,
                   result.seat)

    def to_json(self) -> dict[str, Any]:
        return {"finished": self.finished, "team": self.team, "points": self.points,
                "doubled": self.doubled, "special": self.special}


@dataclass(frozen=True)
class Anomaly:
    """Something wrong in a record. ``fatal`` ones make the record illegal to replay."""

    round_no: int
    kind: str  # illegal, copied_moves, unfinished, truncated, score_mismatch, missing_round,
    #            dealer_mismatch, repeated_deal, after_match_end, result_mismatch
    message: str
    fatal: bool = False

    def __str__(self) -> str:
        return f"round {self.round_no}: {self.message}"


@dataclass
class ReplayReport:
    rounds: list[RoundSummary]
    scores: list[int]
    anomalies: list[Anomaly] = field(default_factory=list)

    @property
    def warnings(self) -> list[str]:
        return [str(a) for a in self.anomalies]

    def to_json(self) -> dict[str, Any]:
        return {"rounds": [r.to_json() for r in self.rounds], "scores": list(self.scores)}


def play_kifu_round(rules: RuleSet, dealer: int, hands: Sequence[Sequence[Kind]],
                    game: Sequence[Move], round_no: int = 1,
                    actions: list[tuple[int, Action]] | None = None) -> Round:
    """Replay one kifu round: passes are inferred and a 5-Shi deal with moves is played on.
    ``actions`` (if given) receives every applied action, passes and decisions included.
    Raises :class:`ReplayError` naming the round, the move and the rule."""
    try:
        rnd = Round(rules, dealer, hands)
    except E.GoitaError as exc:
        raise ReplayError(round_no, None, exc.rule, str(exc)) from None
    if rnd.phase == "goshi" and game:
        for seat in list(rnd.pending):  # moves after a 5-Shi deal: the partners played on
            rnd.apply(seat, PLAY_ON)
            if actions is not None:
                actions.append((seat, PLAY_ON))
    for j, (seat, first, second) in enumerate(game, 1):
        try:
            # everyone between the attacker and this player passed (passes are not written)
            while rnd.phase == "play" and rnd.attack >= 0 and rnd.turn != seat:
                passer = rnd.turn
                rnd.apply(passer, PASS)
                if actions is not None:
                    actions.append((passer, PASS))
            play = Play(first, second)
            rnd.apply(seat, play)
            if actions is not None:
                actions.append((seat, play))
        except E.IllegalAction as exc:
            raise ReplayError(round_no, j, exc.rule, str(exc)) from None
    return rnd


def _copied_prefix(prev: Sequence[Move], game: Sequence[Move]) -> int:
    """The longest m such that ``game`` starts with the last m moves of ``prev``."""
    for m in range(min(len(prev), len(game)), 0, -1):
        if list(game[:m]) == list(prev[-m:]):
            return m
    return 0


def replay_kifu(kifu: Kifu, rules: RuleSet = YAML_RULES, strict: bool = True) -> ReplayReport:
    """Replay every round. Scores are the first round's recorded score plus every computed
    round; a recorded score that disagrees is an anomaly (a warning), never a correction.
    ``strict``: raise :class:`ReplayError` at the first illegal move or at an unfinished round
    followed by another; otherwise record it as an anomaly, resynchronise the running total
    on the next recorded score and go on (to survey damaged records)."""
    report = ReplayReport([], [])
    if not kifu.rounds:
        raise KifuError("the kifu has no rounds")
    scores = list(kifu.rounds[0].score)
    scores_known = True  # False after a round that could not be judged (non-strict only)
    expected_dealer: int | None = None
    ended: int | None = None  # the round after which a team had reached the target
    anomalies = report.anomalies
    for i, kr in enumerate(kifu.rounds):
        no = i + 1
        prev = kifu.rounds[i - 1] if i else None
        if prev is not None:
            if not scores_known:
                scores, scores_known = list(kr.score), True
            elif list(kr.score) != scores:
                ahead = all(r >= c for r, c in zip(kr.score, scores, strict=True))
                kind = "missing_round" if ahead else "score_mismatch"
                msg = (f"recorded score {list(kr.score)} but the computed total is {scores}"
                       + (" (a round seems missing before it)" if ahead else ""))
                anomalies.append(Anomaly(no, kind, msg))
                if not strict:
                    scores = list(kr.score)
            if expected_dealer is not None and kr.dealer != expected_dealer:
                anomalies.append(Anomaly(no, "dealer_mismatch",
                                         f"seat {kr.dealer} leads but seat {expected_dealer} "
                                         "should (the last winner, or the same dealer after "
                                         "a redeal)"))
            if ended is not None:
                anomalies.append(Anomaly(no, "after_match_end",
                                         f"the match was already over after round {ended}"))
                ended = None  # say it once
            if kr.hands == prev.hands and kr.dealer == prev.dealer:
                anomalies.append(Anomaly(no, "repeated_deal",
                                         f"the same deal as round {no - 1} (alternative plays "
                                         "of one deal?)"))
        try:
            rnd = play_kifu_round(rules, kr.dealer, kr.hands, kr.game, no)
        except ReplayError as exc:
            m = _copied_prefix(prev.game, kr.game) if prev is not None else 0
            kind = "illegal"
            if m:
                kind = "copied_moves"
                exc = ReplayError(no, exc.move, exc.rule, exc.detail
                                  + f" (the round starts with a copy of round {no - 1}'s "
                                  f"last {m} move{'s' if m > 1 else ''})")
            if strict:
                raise exc from None
            at = "" if exc.move is None else f"move {exc.move}: "
            anomalies.append(Anomaly(no, kind, f"{at}{exc.rule}: {exc.detail}", fatal=True))
            report.rounds.append(RoundSummary.of(None))
            expected_dealer, scores_known = None, False
            continue
        if rnd.phase == "goshi":  # a 5-Shi deal with no moves: it was redealt
            report.rounds.append(RoundSummary(True, None, 0, False, "redeal"))
            expected_dealer = kr.dealer
            continue
        summary = RoundSummary.of(rnd.result)
        report.rounds.append(summary)
        if rnd.result is None:
            expected_dealer = None
            if i + 1 < len(kifu.rounds):
                msg = (f"the round is unfinished after {len(kr.game)} moves but round {no + 1} "
                       "follows")
                if strict:
                    raise ReplayError(no, None, "unfinished_round", msg)
                anomalies.append(Anomaly(no, "unfinished", msg, fatal=True))
                scores_known = False
            else:
                anomalies.append(Anomaly(no, "truncated",
                                         f"the last round is unfinished after {len(kr.game)} "
                                         "moves"))
            continue
        r = rnd.result
        assert r.team is not None
        scores[r.team] += r.points
        expected_dealer = r.seat
        if r.wins_match or scores[r.team] >= rules.target:
            ended = no
    report.scores = scores
    return report


# -- native record -------------------------------------------------------------------------
def _action_json(action: Action) -> dict[str, object]:
    assert isinstance(action, PassAction | Play | GoshiDecision)
    return action.to_json()


def _result_json(r: RoundResult | None) -> dict[str, Any] | None:
    if r is None:
        return None
    return {"kind": r.kind, "seat": r.seat, "team": r.team, "points": r.points,
            "doubled": r.doubled, "last": None if r.last is None else KANJI[r.last]}


@dataclass
class RoundRecord:
    dealer: int
    hands: tuple[tuple[Kind, ...], ...]
    actions: list[tuple[int, Action]] = field(default_factory=list)
    result: RoundResult | None = None
    started_at: str | None = None
    ended_at: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer,
            "hands": [kanji_string(h) for h in self.hands],
            "actions": [{"seat": s, **_action_json(a)} for s, a in self.actions],
            "result": _result_json(self.result),
            "started_at": self.started_at,
            "ended_at": self.ended_at,
        }

    @classmethod
    def from_json(cls, data: object, where: str = "round") -> RoundRecord:
        if not isinstance(data, dict):
            raise KifuError(f"{where}: must be an object")
        dealer = _int(data.get("dealer"), f"{where}: dealer", 0, 3)
        hands_data = data.get("hands")
        if not isinstance(hands_data, list) or not all(isinstance(h, str) for h in hands_data):
            raise KifuError(f"{where}: hands must be a list of strings")
        try:
            hands = tuple(tuple(parse_pieces(h)) for h in hands_data)
        except PieceParseError as exc:
            raise KifuError(f"{where}: hands: {exc}") from None
        acts_data = data.get("actions", [])
        if not isinstance(acts_data, list):
            raise KifuError(f"{where}: actions must be a list")
        actions: list[tuple[int, Action]] = []
        for j, a in enumerate(acts_data, 1):
            if not isinstance(a, dict):
                raise KifuError(f"{where}, action {j}: must be an object")
            seat = _int(a.get("seat"), f"{where}, action {j}: seat", 0, 3)
            try:
                actions.append((seat, action_from_json(a)))
            except E.MalformedAction as exc:
                raise KifuError(f"{where}, action {j}: {exc}") from None
        res = data.get("result")
        result = None
        if res is not None:
            if not isinstance(res, dict) or not isinstance(res.get("kind"), str):
                raise KifuError(f"{where}: result must be an object with a kind")
            try:
                last = res.get("last")
                result = RoundResult(
                    res["kind"],
                    None if res.get("seat") is None else _int(res["seat"], "seat", 0, 3),
                    None if res.get("team") is None else _int(res["team"], "team", 0, 3),
                    _int(res.get("points", 0), f"{where}: points"),
                    bool(res.get("doubled", False)),
                    None if last is None else _piece(last, f"{where}: last"))
            except KifuError as exc:
                raise KifuError(f"{where}: result: {exc}") from None
        stamps = [data.get(k) for k in ("started_at", "ended_at")]
        for s in stamps:
            if s is not None and not isinstance(s, str):
                raise KifuError(f"{where}: timestamps must be strings")
        return cls(dealer, hands, actions, result, stamps[0], stamps[1])


@dataclass
class MatchRecord:
    """Everything needed to rebuild a match; see the module docstring for the JSON."""

    rules: RuleSet = field(default_factory=RuleSet)
    seed: int | None = None
    first_dealer: int = 0
    players: list[str] = field(default_factory=list)
    rounds: list[RoundRecord] = field(default_factory=list)
    created_at: str | None = None

    # -- building --
    @classmethod
    def from_match(cls, match: Match, players: Sequence[str] = (),
                   created_at: str | None = None) -> MatchRecord:
        """A record of a match so far (the current round may be unfinished)."""
        rounds = []
        for rnd in match.rounds:
            # 5-Shi decisions come before any play (play starts only once all are made)
            acts: list[tuple[int, Action]] = [(s, GoshiDecision(p))
                                              for s, p in rnd.decisions.items()]
            acts += [(s, a) for s, a, _lead in rnd.history]
            hands = tuple(tuple(h) for h in _initial_hands(rnd))
            rounds.append(RoundRecord(rnd.dealer, hands, acts, rnd.result))
        seed = match.seed if _dealt_from_seed(match) else None
        return cls(match.rules, seed, match.first_dealer, list(players), rounds, created_at)

    def to_match(self) -> Match:
        """Rebuild the match by replaying every round through the engine. Raises
        :class:`ReplayError` for an illegal action, a wrong dealer or (with a seed) a deal
        that the seed does not give."""
        match = Match(self.rules, self.seed if self.seed is not None else 0,
                      self.first_dealer, deal=False)
        for i, rr in enumerate(self.rounds, 1):
            if match.over:
                raise ReplayError(i, None, "match_over", "the match was already won")
            if i > 1 and not match.round.over:
                raise ReplayError(i - 1, None, "unfinished_round",
                                  "the round is unfinished but another round follows")
            if rr.dealer != match.dealer:
                raise ReplayError(i, None, "wrong_dealer",
                                  f"seat {rr.dealer} deals but seat {match.dealer} should")
            try:
                if self.seed is not None:
                    match.next_round()
                    dealt = [sorted(h) for h in _initial_hands(match.round)]
                    if dealt != [sorted(h) for h in rr.hands]:
                        raise ReplayError(i, None, "wrong_deal",
                                          f"the hands are not the deal of seed {self.seed}")
                else:
                    match.next_round(rr.hands)
            except E.GoitaError as exc:
                if isinstance(exc, ReplayError):
                    raise
                raise ReplayError(i, None, exc.rule, str(exc)) from None
            for j, (seat, action) in enumerate(rr.actions, 1):
                try:
                    match.apply(seat, action)
                except E.GoitaError as exc:
                    raise ReplayError(i, j, exc.rule, str(exc)) from None
        return match

    # -- JSON --
    def to_json(self) -> dict[str, Any]:
        return {
            "format": NATIVE_FORMAT,
            "version": NATIVE_VERSION,
            "rules": self.rules.to_json(),
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "players": list(self.players),
            "created_at": self.created_at,
            "rounds": [r.to_json() for r in self.rounds],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, data: object) -> MatchRecord:
        if not isinstance(data, dict) or data.get("format") != NATIVE_FORMAT:
            raise KifuError(f"not a native match record (format {NATIVE_FORMAT!r})")
        if data.get("version") != NATIVE_VERSION:
            raise KifuError(f"unsupported record version {data.get('version')!r}")
        rules_data = data.get("rules", {})
        if not isinstance(rules_data, dict):
            raise KifuError("rules must be an object")
        try:
            rules = RuleSet.from_json(rules_data)
        except (TypeError, ValueError) as exc:
            raise KifuError(f"rules: {exc}") from None
        for key in ("double_any_seventh", "facedown_ou_unlocks"):
            if not isinstance(getattr(rules, key), bool):
                raise KifuError(f"rules: {key} must be true or false")
        if not isinstance(rules.players, int) or not isinstance(rules.target, int):
            raise KifuError("rules: players and target must be numbers")
        seed = data.get("seed")
        if seed is not None:
            seed = _int(seed, "seed")
        first = _int(data.get("first_dealer", 0), "first_dealer", 0, rules.players - 1)
        players = data.get("players", [])
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise KifuError("players must be a list of names")
        rounds_data = data.get("rounds", [])
        if not isinstance(rounds_data, list):
            raise KifuError("rounds must be a list")
        rounds = [RoundRecord.from_json(r, f"round {i}") for i, r in enumerate(rounds_data, 1)]
        created = data.get("created_at")
        if created is not None and not isinstance(created, str):
            raise KifuError("created_at must be a string")
        return cls(rules, seed, first, players, rounds, created)

    @classmethod
    def loads(cls, text: str | bytes) -> MatchRecord:
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise KifuError(f"not valid JSON: {exc}") from None
        return cls.from_json(data)

    # -- reports and export --
    def replay_report(self) -> ReplayReport:
        """Replay (strictly) and summarise per round, like :func:`replay_kifu`."""
        match = self.to_match()
        report = ReplayReport([RoundSummary.of(r.result) for r in match.rounds],
                              list(match.scores))
        for i, (rr, rnd) in enumerate(zip(self.rounds, match.rounds, strict=True), 1):
            if rr.result is not None and rr.result != rnd.result:
                report.anomalies.append(Anomaly(i, "result_mismatch",
                                                f"recorded result {_result_json(rr.result)} "
                                                f"but the replay gives {_result_json(rnd.result)}"))
        return report

    def to_kifu(self) -> Kifu:
        """The YAML kifu of this record (4 players only): plays without passes or decisions."""
        if self.rules.players != 4:
            raise KifuError("the YAML kifu has no 3-player form")
        match = self.to_match()
        names = [*self.players, "p0", "p1", "p2", "p3"][:4] if self.players else \
            ["p0", "p1", "p2", "p3"]
        scores = [0, 0]
        out = []
        for rr, rnd in zip(self.rounds, match.rounds, strict=True):
            game = [(s, a.first, a.second) for s, a, _ in rnd.history if isinstance(a, Play)]
            out.append(KifuRound(rr.hands, rr.dealer, (scores[0], scores[1]), game))
            r = rnd.result
            if r is not None and r.team is not None:
                scores[r.team] += r.points
        return Kifu((names[0], names[1], names[2], names[3]), out)

    def to_kifu_yaml(self) -> str:
        return dump_kifu_yaml(self.to_kifu())

    @classmethod
    def from_kifu(cls, kifu: Kifu, rules: RuleSet = YAML_RULES) -> MatchRecord:
        """A native record of a (consistent) kifu, passes and decisions made explicit.
        Raises :class:`ReplayError` for an illegal round."""
        rounds = []
        for i, kr in enumerate(kifu.rounds, 1):
            acts: list[tuple[int, Action]] = []
            rnd = play_kifu_round(rules, kr.dealer, kr.hands, kr.game, i, acts)
            if rnd.phase == "goshi":  # redealt: the first partner asked for it
                acts.append((rnd.pending[0], REDEAL))
                rnd.apply(rnd.pending[0], REDEAL)
            rounds.append(RoundRecord(kr.dealer, kr.hands, acts, rnd.result))
        first = kifu.rounds[0].dealer if kifu.rounds else 0
        return cls(rules, None, first, list(kifu.players), rounds)


def _dealt_from_seed(match: Match) -> bool:
    """Whether every deal of ``match`` came from its seed (not from given hands): only then
    may a record keep the seed, since rebuilding re-deals from it."""
    rng = random.Random(match.seed)
    rng.randrange(match.rules.players)  # Match draws a first dealer first, always
    for rnd in match.rounds:
        if Round.deal(match.rules, rnd.dealer, rng).initial_hands != rnd.initial_hands:
            return False
    return True


def _initial_hands(rnd: Round) -> list[list[Kind]]:
    return [unpack(code) for code in rnd.initial_hands]


def load_record(text: str | bytes) -> Kifu | MatchRecord:
    """Read either format: a JSON object is a native record, anything else a YAML kifu."""
    raw = text.decode("utf-8-sig", errors="replace") if isinstance(text, bytes) else text
    if raw.lstrip("\ufeff \t\r\n").startswith("{"):
        return MatchRecord.loads(raw.lstrip("\ufeff"))
    return parse_kifu_yaml(text)
