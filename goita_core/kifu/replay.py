"""Replaying a YAML kifu through the engine: per-round summaries and the anomalies of damaged
records (missing rounds, copied moves, scores that disagree, ...)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import errors as E
from ..actions import PASS, PLAY_ON, Action, Play
from ..pieces import Kind
from ..round import Round, RoundResult
from ..rules import RuleSet
from .common import YAML_RULES, KifuError, ReplayError
from .yaml_codec import Kifu, Move


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

