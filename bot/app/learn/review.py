"""Review of a recorded match: every decision one seat made, the expected points of the
move played against the best move the strongest computer player finds from that seat's
view at that moment, biggest mistakes first.

Pure and CPU-bound (seconds per decision): :class:`bot.app.learn.reviews.ReviewService`
runs it off the event loop, one at a time, and caches the result.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from goita_core.actions import Action, action_from_json
from goita_core.kifu import MatchRecord
from goita_core.match import Match
from goita_core.view import SeatView

from .evaluate import evaluate
from .strongest import strongest_player

#: bump when the analysis changes, so cached reviews of the old method are not served
ANALYSIS_VERSION = 2

ProgressCallback = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class ReviewSettings:
    #: sampled deals the strongest player searches per decision
    search_samples: int = 400
    #: sampled deals on which the played and the best move are compared
    compare_samples: int = 256
    seed: int = 0


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the reviewed seat. ``step`` is the 1-based index of the action in
    its round's action list (passes and 5-Shi decisions included)."""

    round_no: int
    step: int
    played: Action
    best: Action
    played_points: float
    best_points: float

    @property
    def loss(self) -> float:
        """Points given away against the best move found (0 when it was as good)."""
        return max(0.0, self.best_points - self.played_points)

    def to_json(self) -> dict[str, object]:
        return {"round": self.round_no, "step": self.step,
                "played": _action_json(self.played), "best": _action_json(self.best),
                "played_points": self.played_points, "best_points": self.best_points}

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Decision:
        return cls(_int(data["round"]), _int(data["step"]),
                   action_from_json(data["played"]), action_from_json(data["best"]),
                   _float(data["played_points"]), _float(data["best_points"]))


def _action_json(action: Action) -> dict[str, object]:
    """Every concrete action (pass, play, 5-Shi decision) writes itself as the engine
    protocol does; the base class does not declare it."""
    found: dict[str, object] = getattr(action, "to_json")()  # noqa: B009
    return found


def _float(value: object) -> float:
    """A number of a cached review (JSON): refused when it is anything else."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"a number was expected, not {value!r}")
    return float(value)


def _int(value: object) -> int:
    number = _float(value)
    if not number.is_integer():
        raise ValueError(f"a whole number was expected, not {value!r}")
    return int(number)


@dataclass(frozen=True, slots=True)
class Review:
    seat: int
    decisions: tuple[Decision, ...]  # biggest loss first

    @property
    def lost(self) -> float:
        return sum(d.loss for d in self.decisions)

    def to_json(self) -> str:
        return json.dumps({"seat": self.seat,
                           "decisions": [d.to_json() for d in self.decisions]},
                          ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Review:
        data = json.loads(text)
        return cls(int(data["seat"]), tuple(Decision.from_json(d) for d in data["decisions"]))


@dataclass(frozen=True, slots=True)
class Moment:
    """A decision as the seat faced it: its view then, and what it played."""

    round_no: int
    step: int
    view: SeatView
    played: Action


def moments(record_json: str, seat: int) -> Iterator[Moment]:
    """Every real decision of ``seat`` in the recorded match (forced moves, where only one
    action was legal, are left out), each with the seat's own view at that moment.
    Raises ``goita_core.kifu.KifuError`` / ``ReplayError`` for a record that does not
    replay, ValueError for a seat the match does not have."""
    record = MatchRecord.loads(record_json)
    record.to_match()  # validates the whole record first
    rules = record.rules
    if not 0 <= seat < rules.players:
        raise ValueError(f"the match has no seat {seat}")
    match = Match(rules, record.seed if record.seed is not None else 0, record.first_dealer,
                  deal=False)
    for round_no, rr in enumerate(record.rounds, 1):
        match.next_round(rr.hands)
        for step, (who, action) in enumerate(rr.actions, 1):
            if who == seat:
                view = match.view(seat)
                if len(view.legal) > 1:
                    yield Moment(round_no, step, view, action)
            match.apply(who, action)


def position(record_json: str, seat: int, round_no: int, step: int) -> SeatView:
    """``seat``'s view just before action ``step`` of round ``round_no`` (to show a
    decision): only what the seat could see then."""
    for m in moments(record_json, seat):
        if (m.round_no, m.step) == (round_no, step):
            return m.view
    raise ValueError(f"seat {seat} made no decision at round {round_no}, step {step}")


def count_decisions(record_json: str, seat: int) -> int:
    return sum(1 for _ in moments(record_json, seat))


def analyse(record_json: str, seat: int, settings: ReviewSettings | None = None,
            progress: ProgressCallback | None = None) -> Review:
    """Review ``seat``'s decisions. ``progress(done, total)`` is called before the first
    and after every decision."""
    settings = settings or ReviewSettings()
    found = list(moments(record_json, seat))
    total = len(found)
    if progress:
        progress(0, total)
    decisions: list[Decision] = []
    for done, m in enumerate(found, 1):
        seed = settings.seed * 1_000_003 + m.round_no * 1000 + m.step
        best = strongest_player(seed, settings.search_samples).act(m.view)
        if best is m.played:
            value = evaluate(m.view, [best], settings.compare_samples, seed)[0]
            decisions.append(Decision(m.round_no, m.step, m.played, best, value, value))
        else:
            played, found_best = evaluate(m.view, [m.played, best],
                                          settings.compare_samples, seed)
            decisions.append(Decision(m.round_no, m.step, m.played, best, played, found_best))
        if progress:
            progress(done, total)
    decisions.sort(key=lambda d: (-d.loss, d.round_no, d.step))
    return Review(seat, tuple(decisions))
