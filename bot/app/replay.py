"""A finished match, step by step, with every piece face up (``/goita replay``).

Built from the native match record (``goita_core.kifu.MatchRecord`` JSON) that the results
repository stores; the record is replayed through the rules engine, so a replay can only
show legal games. Each step's narration comes from the one narrator
(:func:`goita_core.narration.narrate`, every piece revealed), as the board log's does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from goita_core.events import Blocked, Event, Led
from goita_core.kifu import MatchRecord
from goita_core.match import Match
from goita_core.narration import Line, narrate
from goita_core.pieces import Kind
from goita_core.round import RoundResult


@dataclass(frozen=True, slots=True)
class ReplayFrame:
    """The table right after one step. Step 0 of a round is the deal."""

    round_no: int  # 1-based
    step: int  # 0 = the deal, then 1 per action (passes and 5-Shi decisions included)
    steps: int  # actions in this round
    dealer: int
    seat: int | None  # who acted (None for the deal)
    events: tuple[Event, ...]  # what the step did (face-down pieces included)
    hands: tuple[tuple[Kind, ...], ...]  # what each seat still holds
    played: tuple[tuple[tuple[Kind, bool], ...], ...]  # per seat: (piece, was face down)
    scores: tuple[int, ...]  # after this step
    result: RoundResult | None  # set on the step that ended the round
    #: the narration of ``events`` (catalog lines, face-down pieces revealed)
    lines: tuple[Line, ...] = ()


@dataclass(frozen=True, slots=True)
class Replay:
    players: int
    names: tuple[str, ...]
    frames: tuple[ReplayFrame, ...]

    def __len__(self) -> int:
        return len(self.frames)

    def round_starts(self) -> list[int]:
        """Frame index of each round's deal."""
        return [i for i, f in enumerate(self.frames) if f.step == 0]


def build_replay(record_json: str, names: Sequence[str] = ()) -> Replay:
    """Every step of the recorded match. Raises ``goita_core.kifu.KifuError`` /
    ``ReplayError`` for a record that does not replay."""
    record = MatchRecord.loads(record_json)
    record.to_match()  # validates the whole record (seeded deals, legality) first
    rules = record.rules
    n = rules.players
    match = Match(rules, record.seed if record.seed is not None else 0, record.first_dealer,
                  deal=False)
    frames: list[ReplayFrame] = []
    player_names = tuple(names) or tuple(record.players) or tuple(f"p{i}" for i in range(n))
    for round_no, rr in enumerate(record.rounds, 1):
        events = match.next_round(rr.hands)
        played: list[list[tuple[Kind, bool]]] = [[] for _ in range(n)]
        steps = len(rr.actions)
        frames.append(_frame(match, round_no, 0, steps, None, events, played, player_names))
        for step, (seat, action) in enumerate(rr.actions, 1):
            events = match.apply(seat, action)
            frames.append(_frame(match, round_no, step, steps, seat, events, played,
                                 player_names))
    return Replay(n, player_names[:n], tuple(frames))


def _frame(match: Match, round_no: int, step: int, steps: int, seat: int | None,
           events: Sequence[Event], played: list[list[tuple[Kind, bool]]],
           names: Sequence[str]) -> ReplayFrame:
    """The frame after ``events``; ``played`` (per seat, this round) is brought up to date."""
    for ev in events:
        if isinstance(ev, Led):
            if ev.face_down is not None:
                played[ev.seat].append((ev.face_down, True))
            played[ev.seat].append((ev.attack, False))
        elif isinstance(ev, Blocked):
            played[ev.seat].append((ev.block, False))
            played[ev.seat].append((ev.attack, False))
    rnd = match.round
    return ReplayFrame(
        round_no, step, steps, rnd.dealer, seat, tuple(events),
        tuple(tuple(rnd.hand(s)) for s in range(rnd.n)),
        tuple(tuple(p) for p in played), tuple(match.scores),
        rnd.result if rnd.over and step == steps else None,
        tuple(line for ev in events if (line := narrate(ev, names, reveal=True)) is not None),
    )


def export_record(record_json: str, fmt: Literal["yaml", "json"],
                  names: Sequence[str] = ()) -> str:
    """The record as a file's text: the ごいたオンライン YAML kifu (4 players only) or the
    native JSON. ``names`` fill in player names the record lacks. Raises ``KifuError`` /
    ``ReplayError`` for a record that cannot be exported."""
    record = MatchRecord.loads(record_json)
    if not record.players and names:
        record.players = list(names)
    if fmt == "yaml":
        return record.to_kifu_yaml()
    record.to_match()  # the JSON is only offered for a record that replays
    return record.dumps() + "\n"
