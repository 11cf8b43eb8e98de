"""The native match record (``MatchRecord``), a JSON object::

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
game; ``result`` is written for readers and checked against the replay. Our own records
carry their RuleSet. Like a kifu, a record is refused before parsing when it is larger than
``MAX_RECORD_BYTES`` or nested deeper than ``MAX_DEPTH``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import errors as E
from ..actions import REDEAL, Action, GoshiDecision, PassAction, Play, action_from_json
from ..match import Match
from ..pieces import KANJI, Kind, PieceParseError, kanji_string, parse_pieces
from ..round import Round, RoundResult, unpack
from ..rules import RuleSet
from .common import (
    MAX_DIGITS,
    YAML_RULES,
    KifuError,
    ReplayError,
    check_json_depth,
    check_size,
    read_int,
    read_piece,
    record_text,
    show,
)
from .replay import Anomaly, ReplayReport, RoundSummary, play_kifu_round
from .yaml_codec import Kifu, KifuRound, dump_kifu_yaml, parse_kifu_yaml

NATIVE_FORMAT = "goita-match"
NATIVE_VERSION = 1


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
        dealer = read_int(data.get("dealer"), f"{where}: dealer", 0, 3)
        hands_data = data.get("hands")
        if not isinstance(hands_data, list) or not all(isinstance(h, str) for h in hands_data):
            raise KifuError(f"{where}: hands must be a list of strings")
        try:
            hands = tuple(tuple(parse_pieces(h)) for h in hands_data)
        except PieceParseError:
            raise KifuError(f"{where}: hands: not Goita pieces: {show(hands_data)}") from None
        acts_data = data.get("actions", [])
        if not isinstance(acts_data, list):
            raise KifuError(f"{where}: actions must be a list")
        actions: list[tuple[int, Action]] = []
        for j, a in enumerate(acts_data, 1):
            if not isinstance(a, dict):
                raise KifuError(f"{where}, action {j}: must be an object")
            seat = read_int(a.get("seat"), f"{where}, action {j}: seat", 0, 3)
            try:
                actions.append((seat, action_from_json(a)))
            except E.MalformedAction as exc:
                raise KifuError(f"{where}, action {j}: {show(str(exc))}") from None
        res = data.get("result")
        result = None
        if res is not None:
            if not isinstance(res, dict) or not isinstance(res.get("kind"), str):
                raise KifuError(f"{where}: result must be an object with a kind")
            try:
                last = res.get("last")
                result = RoundResult(
                    res["kind"],
                    None if res.get("seat") is None else read_int(res["seat"], "seat", 0, 3),
                    None if res.get("team") is None else read_int(res["team"], "team", 0, 3),
                    read_int(res.get("points", 0), f"{where}: points"),
                    bool(res.get("doubled", False)),
                    None if last is None else read_piece(last, f"{where}: last"))
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
            raise KifuError(f"unsupported record version {show(data.get('version'))}")
        rules_data = data.get("rules", {})
        if not isinstance(rules_data, dict):
            raise KifuError("rules must be an object")
        try:
            rules = RuleSet.from_json(rules_data)
        except (TypeError, ValueError) as exc:
            raise KifuError(f"rules: {show(str(exc))}") from None
        for key in ("double_any_seventh", "facedown_ou_unlocks"):
            if not isinstance(getattr(rules, key), bool):
                raise KifuError(f"rules: {key} must be true or false")
        if not isinstance(rules.players, int) or not isinstance(rules.target, int):
            raise KifuError("rules: players and target must be numbers")
        seed = data.get("seed")
        if seed is not None:
            seed = read_int(seed, "seed")
        first = read_int(data.get("first_dealer", 0), "first_dealer", 0, rules.players - 1)
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
        """Read a record's JSON text. Raises :class:`KifuError` for anything else."""
        text = record_text(text)
        check_json_depth(text)
        try:
            data = json.loads(text, parse_int=_json_int)
        except json.JSONDecodeError as exc:
            raise KifuError(f"not valid JSON: line {exc.lineno}, column {exc.colno}: "
                            f"{exc.msg}") from None
        except (ValueError, RecursionError) as exc:
            raise KifuError(f"not valid JSON: {show(str(exc))}") from None
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


def _json_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise KifuError(f"not valid JSON: a number of more than {MAX_DIGITS} digits")
    return int(digits)


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
    check_size(text)
    raw = text.decode("utf-8-sig", errors="replace") if isinstance(text, bytes) else text
    if raw.lstrip("\ufeff \t\r\n").startswith("{"):
        return MatchRecord.loads(raw.lstrip("\ufeff"))
    return parse_kifu_yaml(text)
