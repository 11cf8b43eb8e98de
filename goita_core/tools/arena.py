"""``python -m goita_core.tools.arena``: pit two computer players (or external engines) against each
other over many mirrored deals and print how far one is ahead.

Partnership A sits at seats 0 and 2, B at 1 and 3. Every deal (hands and dealer, drawn from
``--seed`` and the deal's number) is played twice: once as dealt and once with the
partnerships swapped (B at 0 and 2 holding exactly A's former hands), so the luck of the deal
cancels. The dealer of each deal is drawn at random rather than "the winner deals next", so
both tables of a pair see the same deal.

Figures: mean points per round of A minus B with a 95% confidence interval (the unit is one
mirrored pair, whose two rounds are averaged); the match win rate (each of the two tables
accumulates its rounds into matches to the rules' target, 150 by default: a team reaching it
wins that match, and the tallies restart); each side's decision time, median and p95.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import shlex
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from ..actions import Action
from ..players import LEVELS, Player, make_player
from ..round import Round
from ..rules import RuleSet


@dataclass(frozen=True, slots=True)
class SideSpec:
    """One partnership: a level of ours or an external engine command."""

    level: str | None = None
    cmd: str | None = None
    budget_ms: int = 200

    @property
    def label(self) -> str:
        return f"{self.level}" if self.cmd is None else f"engine {self.cmd!r}"


@dataclass(slots=True)
class DealOutcome:
    index: int
    #: points of A minus points of B, at the table as dealt and at the swapped one
    diffs: tuple[int, int]
    #: (team, points, wins_match) of each table; team 0 = seats 0/2
    results: tuple[tuple[int | None, int, bool], tuple[int | None, int, bool]]
    a_ms: list[float] = field(default_factory=list)
    b_ms: list[float] = field(default_factory=list)
    incidents: list[str] = field(default_factory=list)


class _Seats:
    """The players of a process: one per (side, seat), created on first use and reused."""

    def __init__(self, a: SideSpec, b: SideSpec, seed: int) -> None:
        self.specs = {"a": a, "b": b}
        self.seed = seed
        self.players: dict[tuple[str, int], Player] = {}
        self.incidents: list[str] = []

    def get(self, side: str, seat: int) -> Player:
        key = (side, seat)
        player = self.players.get(key)
        if player is None:
            spec = self.specs[side]
            if spec.cmd is not None:
                from .protocol import EnginePlayer

                player = EnginePlayer(shlex.split(spec.cmd), seat=seat,
                                      time_ms=spec.budget_ms, on_incident=self.incidents.append)
            else:
                assert spec.level is not None
                seat_seed = self.seed * 1000 + (0 if side == "a" else 500) + seat
                player = make_player(spec.level, seat_seed, budget_ms=spec.budget_ms)
            self.players[key] = player
        return player

    def close(self) -> None:
        for player in self.players.values():
            close = getattr(player, "close", None)
            if close is not None:
                close()


def _deal(rules: RuleSet, seed: int, index: int) -> Round:
    rng = random.Random(f"arena:{seed}:{index}")
    dealer = rng.randrange(rules.players)
    return Round.deal(rules, dealer, rng)


def play_round(rnd: Round, player_of: Callable[[int], Player],
               timer: Callable[[int, float], None], round_no: int = 0,
               scores: tuple[int, ...] = ()) -> Round:
    """Play ``rnd`` to its end, asking ``player_of(seat)``; ``timer(seat, ms)`` gets every
    decision's time. An action not in the view's legal list is a bug and raises."""
    while not rnd.over:
        for seat in rnd.to_act():
            view = rnd.view(seat, scores=scores, round_no=round_no)
            player = player_of(seat)
            t0 = time.perf_counter()
            action: Action = player.act(view)
            timer(seat, (time.perf_counter() - t0) * 1000.0)
            if action not in view.legal:
                raise RuntimeError(f"{player.name} chose {action!r}, not legal in {view.legal}")
            rnd.apply(seat, action)
            if rnd.over:
                break
    return rnd


def _notify_round_end(players: Sequence[Player], rnd: Round, round_no: int) -> None:
    for seat, player in enumerate(players):
        hook = getattr(player, "round_end", None)
        if hook is not None:
            hook(rnd, seat, round_no)


def play_deal(seats: _Seats, rules: RuleSet, seed: int, index: int) -> DealOutcome:
    diffs: list[int] = []
    results: list[tuple[int | None, int, bool]] = []
    a_ms: list[float] = []
    b_ms: list[float] = []
    for swapped in (False, True):
        rnd = _deal(rules, seed, index)
        # team 0 (seats 0/2) is A at the table as dealt, B at the swapped one
        side_of = ("b", "a") if swapped else ("a", "b")
        players = [seats.get(side_of[s % 2], s) for s in range(rules.players)]

        def timer(seat: int, ms: float, side_of: tuple[str, str] = side_of) -> None:
            (a_ms if side_of[seat % 2] == "a" else b_ms).append(ms)

        play_round(rnd, players.__getitem__, timer, round_no=index * 2 + swapped + 1)
        _notify_round_end(players, rnd, index * 2 + swapped + 1)
        res = rnd.result
        assert res is not None
        team_a = 1 if swapped else 0
        if res.team is None:
            diffs.append(0)
        else:
            diffs.append(res.points if res.team == team_a else -res.points)
        results.append((res.team, res.points, res.wins_match))
    out = DealOutcome(index, (diffs[0], diffs[1]), (results[0], results[1]), a_ms, b_ms,
                      seats.incidents[:])
    seats.incidents.clear()
    return out


# -- worker processes ---------------------------------------------------------------------
_WORKER: tuple[_Seats, RuleSet, int] | None = None


def _init_worker(a: SideSpec, b: SideSpec, seed: int, rules: RuleSet) -> None:
    global _WORKER
    _WORKER = (_Seats(a, b, seed), rules, seed)


def _run_chunk(indices: list[int]) -> list[DealOutcome]:
    assert _WORKER is not None
    seats, rules, seed = _WORKER
    return [play_deal(seats, rules, seed, i) for i in indices]


def run_arena(a: SideSpec, b: SideSpec, rounds: int, seed: int = 1, jobs: int = 1,
              rules: RuleSet | None = None,
              progress: Callable[[int], None] | None = None) -> list[DealOutcome]:
    """Play ``rounds`` mirrored deals; outcomes in deal order (independent of ``jobs``)."""
    rules = rules or RuleSet()
    if rules.players != 4:
        raise ValueError("the arena plays the 4-player game (two partnerships)")
    outcomes: list[DealOutcome] = []
    if jobs <= 1:
        seats = _Seats(a, b, seed)
        try:
            for i in range(rounds):
                outcomes.append(play_deal(seats, rules, seed, i))
                if progress:
                    progress(len(outcomes))
        finally:
            seats.close()
        return outcomes
    chunk = max(1, min(20, rounds // (jobs * 4) or 1))
    chunks = [list(range(i, min(i + chunk, rounds))) for i in range(0, rounds, chunk)]
    with ProcessPoolExecutor(jobs, initializer=_init_worker,
                             initargs=(a, b, seed, rules)) as pool:
        for part in pool.map(_run_chunk, chunks):
            outcomes.extend(part)
            if progress:
                progress(len(outcomes))
    outcomes.sort(key=lambda o: o.index)
    return outcomes


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def summarize(outcomes: list[DealOutcome], target: int = 150) -> dict[str, object]:
    """The arena's figures as a JSON-ready dict (see the module docstring)."""
    pair_means = [(o.diffs[0] + o.diffs[1]) / 2 for o in outcomes]
    n = len(pair_means)
    mean = statistics.fmean(pair_means) if n else 0.0
    half = 1.96 * statistics.stdev(pair_means) / math.sqrt(n) if n > 1 else 0.0
    # two tables, each folding its rounds into matches to the target
    wins_a = matches = 0
    for table in (0, 1):
        team_a = table  # A is team 0 at the table as dealt, team 1 at the swapped one
        tally = [0, 0]
        for o in outcomes:
            team, points, wins_match = o.results[table]
            if team is None:
                continue
            tally[team] += points
            if wins_match or tally[team] >= target:
                matches += 1
                wins_a += team == team_a
                tally = [0, 0]
    a_ms = [t for o in outcomes for t in o.a_ms]
    b_ms = [t for o in outcomes for t in o.b_ms]
    return {
        "rounds": n,
        "diff_mean": round(mean, 3),
        "diff_ci95": [round(mean - half, 3), round(mean + half, 3)],
        "match_win_rate_a": round(wins_a / matches, 4) if matches else None,
        "matches": matches,
        "a_ms": {"median": round(_percentile(a_ms, 0.5), 3),
                 "p95": round(_percentile(a_ms, 0.95), 3)},
        "b_ms": {"median": round(_percentile(b_ms, 0.5), 3),
                 "p95": round(_percentile(b_ms, 0.95), 3)},
        "incidents": [i for o in outcomes for i in o.incidents],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m goita_core.tools.arena",
        description="Partnership A (seats 0 and 2) against B (1 and 3) over mirrored deals.")
    for side in ("a", "b"):
        parser.add_argument(f"--{side}", choices=LEVELS, default=None,
                            help=f"level of partnership {side.upper()}")
        parser.add_argument(f"--{side}-cmd", default=None, metavar="COMMAND",
                            help=f"an engine command for {side.upper()} (engine protocol)")
    parser.add_argument("--rounds", type=int, default=200,
                        help="mirrored deals to play (each is played twice)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--budget-ms", type=int, default=200,
                        help="thinking time per decision of hard players and engines")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    specs: list[SideSpec] = []
    for side in ("a", "b"):
        level, cmd = getattr(args, side), getattr(args, f"{side}_cmd")
        if (level is None) == (cmd is None):
            parser.error(f"give exactly one of --{side} and --{side}-cmd")
        specs.append(SideSpec(level, cmd, args.budget_ms))
    if args.rounds < 1 or args.jobs < 1 or args.budget_ms < 1:
        parser.error("--rounds, --jobs and --budget-ms must be positive")
    t0 = time.perf_counter()
    outcomes = run_arena(specs[0], specs[1], args.rounds, args.seed, args.jobs)
    summary = summarize(outcomes)
    if args.json:
        print(json.dumps(summary))
        return 0
    ci = summary["diff_ci95"]
    assert isinstance(ci, list)
    lo, hi = ci
    a_ms, b_ms = summary["a_ms"], summary["b_ms"]
    rate = summary["match_win_rate_a"]
    print(f"A = {specs[0].label} (seats 0/2) vs B = {specs[1].label} (seats 1/3), "
          f"{summary['rounds']} mirrored deals, seed {args.seed}, "
          f"{time.perf_counter() - t0:.0f} s")
    print(f"points per round, A minus B: {summary['diff_mean']:+.2f}  "
          f"(95% CI {lo:+.2f} .. {hi:+.2f})")
    print("match win rate of A: "
          + ("n/a (no match finished)" if rate is None else f"{rate:.1%}")
          + f" over {summary['matches']} matches")
    print(f"decision ms  A: median {a_ms['median']:.2f}, p95 {a_ms['p95']:.2f}   "  # type: ignore[index]
          f"B: median {b_ms['median']:.2f}, p95 {b_ms['p95']:.2f}")  # type: ignore[index]
    incidents = summary["incidents"]
    assert isinstance(incidents, list)
    if incidents:
        print(f"engine incidents: {len(incidents)} (first: {incidents[0]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
