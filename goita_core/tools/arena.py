"""``python -m goita_core.tools.arena``: pit two computer players (or external engines) against
each other over many mirrored deals and print how far one is ahead.

Partnership A sits at seats 0 and 2, B at 1 and 3. Every deal (hands and dealer, drawn from
``--seed`` and the deal's number alone) is played twice: once as dealt and once with the
partnerships swapped (B at 0 and 2 holding exactly A's former hands), so the luck of the deal
cancels. The dealer of each deal is drawn at random rather than "the winner deals next", so
both tables of a pair see the same deal, and any deal can be played on its own.

Figures (see :func:`~goita_core.tools.arena_results.summarize`): mean points per round of A
minus B with a 95% confidence interval, A's match win rate, each side's decision times.

Long runs: ``--out FILE`` records every deal pair as it finishes; running the same command
again resumes (recorded deals are skipped, a larger ``--rounds`` extends the run); a file
written with other settings, including what a search level plays with, is refused.
``--jobs N`` plays deals in N processes; ``--shard K/N`` plays every N-th deal so that
separate commands (or machines) share a run, and ``--report FILE...`` pools their files;
``--against FILE...`` adds the difference from another run on the same deals, deal by deal.

``--clock cpu`` measures the search players' budgets in the CPU time of their thread instead
of wall-clock time, so that a run on a machine shared with other work compares the players
as if each had a core to itself (decisions then take longer than the budget in wall time).
The bot and the default stay wall-clock.
"""

from __future__ import annotations

import argparse
import json
import random
import shlex
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..actions import Action
from ..players import LEVELS, SEARCH_LEVELS, Player, kernel, make_player, search_settings
from ..players.hard import CLOCKS as CLOCK_FUNCTIONS
from ..round import Round
from ..rules import RuleSet
from .arena_results import (
    DealOutcome,
    ResultsFileError,
    ResultsWriter,
    load,
    print_figures,
    report,
    summarize,
)
from .options import search_options

CLOCKS = tuple(CLOCK_FUNCTIONS)


@dataclass(frozen=True, slots=True)
class SideSpec:
    """One partnership: a level of ours (``budget_ms`` None: the level's own default;
    ``options``: keyword arguments for a search level's player, as JSON) or an external
    engine command."""

    level: str | None = None
    cmd: str | None = None
    budget_ms: int | None = None
    options: str = "{}"

    @property
    def label(self) -> str:
        text = f"{self.level}" if self.cmd is None else f"engine {self.cmd!r}"
        if self.budget_ms is not None:
            text += f" ({self.budget_ms} ms)"
        if self.options != "{}":
            text += f" {self.options}"
        return text

    def settings(self) -> dict[str, Any]:
        """The side as a results file's header records it (as JSON reads it back): as asked
        and, for a search level, what it plays with (``plays``, the kernel's speed too), so
        a file written before the level's defaults changed is not resumed with others."""
        options = json.loads(self.options)
        plays = None
        if self.level in SEARCH_LEVELS:
            budget, kwargs = search_settings(self.level, self.budget_ms, options)
            plays = {"budget_ms": budget, "settings": json.loads(json.dumps(kwargs)),
                     "kernel": "compiled" if kernel.COMPILED else "python"}
        return {"level": self.level, "cmd": self.cmd, "budget_ms": self.budget_ms,
                "options": options, "plays": plays}


class _Seats:
    """The players of a process: one per (side, seat), created on first use and reused.
    A player's seed depends only on the run's seed, its side and its seat, and players draw
    their randomness from the seed and the view: a deal plays the same in any process. Each
    player hears how its rounds ended (``round_end``); one that remembers them (the search
    option ``remember``) plays a deal also by the deals its process played before, as a
    player remembers the earlier rounds of a match."""

    def __init__(self, a: SideSpec, b: SideSpec, seed: int, clock: str = "wall") -> None:
        self.specs = {"a": a, "b": b}
        self.seed = seed
        self.clock = clock
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
                                      time_ms=spec.budget_ms or 200,
                                      on_incident=self.incidents.append)
            else:
                assert spec.level is not None
                seat_seed = self.seed * 1000 + (0 if side == "a" else 500) + seat
                player = make_player(spec.level, seat_seed, budget_ms=spec.budget_ms,
                                     clock=self.clock,
                                     options=search_options(json.loads(spec.options)))
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


Timer = Callable[[int, float, float], None]


def play_round(rnd: Round, player_of: Callable[[int], Player], timer: Timer,
               round_no: int = 0, scores: tuple[int, ...] = ()) -> Round:
    """Play ``rnd`` to its end, asking ``player_of(seat)``; ``timer(seat, wall_ms, cpu_ms)``
    gets every decision's wall-clock time and the CPU time of this thread. An action not in
    the view's legal list is a bug and raises."""
    while not rnd.over:
        for seat in rnd.to_act():
            view = rnd.view(seat, scores=scores, round_no=round_no)
            player = player_of(seat)
            t0, c0 = time.perf_counter(), time.thread_time()
            action: Action = player.act(view)
            timer(seat, (time.perf_counter() - t0) * 1000.0, (time.thread_time() - c0) * 1000.0)
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
    """Deal ``index`` of ``seed`` played at both tables (as dealt, then swapped)."""
    out = DealOutcome(index, (0, 0), ((None, 0, False), (None, 0, False)))
    diffs: list[int] = []
    results: list[tuple[int | None, int, bool]] = []
    for swapped in (False, True):
        rnd = _deal(rules, seed, index)
        # team 0 (seats 0/2) is A at the table as dealt, B at the swapped one
        side_of = ("b", "a") if swapped else ("a", "b")
        players = [seats.get(side_of[s % 2], s) for s in range(rules.players)]

        def timer(seat: int, ms: float, cpu_ms: float,
                  side_of: tuple[str, str] = side_of) -> None:
            a_side = side_of[seat % 2] == "a"
            (out.a_ms if a_side else out.b_ms).append(ms)
            (out.a_cpu_ms if a_side else out.b_cpu_ms).append(cpu_ms)

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
    out.diffs = (diffs[0], diffs[1])
    out.results = (results[0], results[1])
    out.incidents = seats.incidents[:]
    seats.incidents.clear()
    return out


# -- worker processes ---------------------------------------------------------------------
_WORKER: tuple[_Seats, RuleSet, int] | None = None


def _init_worker(a: SideSpec, b: SideSpec, seed: int, rules: RuleSet, clock: str) -> None:
    global _WORKER
    _WORKER = (_Seats(a, b, seed, clock), rules, seed)


def _run_chunk(indices: list[int]) -> list[DealOutcome]:
    assert _WORKER is not None
    seats, rules, seed = _WORKER
    return [play_deal(seats, rules, seed, i) for i in indices]


def run_arena(a: SideSpec, b: SideSpec, rounds: int | Iterable[int], seed: int = 1,
              jobs: int = 1, rules: RuleSet | None = None,
              progress: Callable[[DealOutcome], None] | None = None,
              clock: str = "wall") -> list[DealOutcome]:
    """Play the mirrored deals ``rounds`` (a count: deals 0..rounds-1, or the deal numbers);
    ``progress`` gets every outcome as it finishes. Outcomes in deal order; a deal's outcome
    does not depend on ``jobs`` or on which other deals are played."""
    rules = rules or RuleSet()
    if rules.players != 4:
        raise ValueError("the arena plays the 4-player game (two partnerships)")
    if clock not in CLOCKS:
        raise ValueError(f"clock must be one of {', '.join(CLOCKS)}")
    indices = list(range(rounds)) if isinstance(rounds, int) else list(rounds)
    outcomes: list[DealOutcome] = []
    if jobs <= 1:
        seats = _Seats(a, b, seed, clock)
        try:
            for i in indices:
                outcomes.append(play_deal(seats, rules, seed, i))
                if progress:
                    progress(outcomes[-1])
        finally:
            seats.close()
        return outcomes
    # small chunks: finished deals reach the results file soon, and the load stays even
    chunk = max(1, min(5, len(indices) // (jobs * 8)))
    chunks = [indices[i:i + chunk] for i in range(0, len(indices), chunk)]
    with ProcessPoolExecutor(jobs, initializer=_init_worker,
                             initargs=(a, b, seed, rules, clock)) as pool:
        pending: set[Future[list[DealOutcome]]] = {pool.submit(_run_chunk, c)
                                                     for c in chunks}
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                for o in fut.result():
                    outcomes.append(o)
                    if progress:
                        progress(o)
    outcomes.sort(key=lambda o: o.index)
    return outcomes


def _parse_shard(text: str) -> tuple[int, int]:
    try:
        k, n = (int(x) for x in text.split("/"))
    except ValueError:
        raise argparse.ArgumentTypeError("write K/N, e.g. 1/2") from None
    if not 1 <= k <= n:
        raise argparse.ArgumentTypeError("K/N needs 1 <= K <= N")
    return k, n


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m goita_core.tools.arena",
        description="Partnership A (seats 0 and 2) against B (1 and 3) over mirrored deals.")
    for side in ("a", "b"):
        up = side.upper()
        parser.add_argument(f"--{side}", choices=LEVELS, default=None,
                            help=f"level of partnership {up}")
        parser.add_argument(f"--{side}-cmd", default=None, metavar="COMMAND",
                            help=f"an engine command for {up} (engine protocol)")
        parser.add_argument(f"--{side}-budget-ms", type=int, default=None, metavar="MS",
                            help=f"thinking time per decision of {up} (default: --budget-ms, "
                                 "else the level's own: hard 200, expert 1000)")
        parser.add_argument(f"--{side}-options", default="{}", metavar="JSON",
                            help=f"settings of {up}'s search player, fields of "
                                 "SearchSettings (measuring ideas)")
    parser.add_argument("--rounds", type=int, default=200,
                        help="mirrored deals to play (each is played twice)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--budget-ms", type=int, default=None,
                        help="thinking time per decision of both sides' search players "
                             "and engines")
    parser.add_argument("--clock", choices=CLOCKS, default="wall",
                        help="budgets in wall-clock time (default) or in the thread's CPU "
                             "time (fair on a machine shared with other work)")
    parser.add_argument("--out", type=Path, default=None, metavar="FILE",
                        help="record every deal pair in FILE (JSON lines); an existing FILE "
                             "of the same settings is resumed")
    parser.add_argument("--shard", type=_parse_shard, default=None, metavar="K/N",
                        help="play only deals K-1, K-1+N, K-1+2N, ... (split a run)")
    parser.add_argument("--per-deal", action="store_true",
                        help="print every deal pair's result as it finishes")
    parser.add_argument("--report", type=Path, nargs="+", default=None, metavar="FILE",
                        help="print the figures of results files (of one run) and stop")
    parser.add_argument("--against", type=Path, nargs="+", default=None, metavar="FILE",
                        help="with --report: also the difference, deal by deal, from "
                             "another run's files on the same deals (same --seed)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def _side_specs(parser: argparse.ArgumentParser, args: argparse.Namespace) -> list[SideSpec]:
    specs: list[SideSpec] = []
    for side in ("a", "b"):
        level, cmd = getattr(args, side), getattr(args, f"{side}_cmd")
        if (level is None) == (cmd is None):
            parser.error(f"give exactly one of --{side} and --{side}-cmd")
        budget = getattr(args, f"{side}_budget_ms")
        if budget is None:
            budget = args.budget_ms
        if budget is not None and budget < 1:
            parser.error("budgets must be positive")
        raw = getattr(args, f"{side}_options")
        try:
            options = json.loads(raw)
        except json.JSONDecodeError as exc:
            parser.error(f"--{side}-options is not JSON: {exc}")
        if not isinstance(options, dict):
            parser.error(f"--{side}-options must be a JSON object")
        try:  # refuse unknown options now, not in a worker process
            if level is not None:
                make_player(level, 0, budget_ms=budget, options=search_options(options))
            elif options:
                parser.error(f"--{side}-options applies to a level, not an engine")
        except (TypeError, ValueError, OSError) as exc:
            parser.error(f"--{side}-options: {exc}")
        specs.append(SideSpec(level, cmd, budget, json.dumps(options, sort_keys=True)))
    return specs


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.against is not None and args.report is None:
        parser.error("--against compares with --report's files")
    if args.report is not None:
        try:
            report(args.report, args.against, args.json)
        except ResultsFileError as exc:
            parser.error(str(exc))
        return 0
    specs = _side_specs(parser, args)
    if args.rounds < 1 or args.jobs < 1:
        parser.error("--rounds and --jobs must be positive")
    settings = {"arena": 1, "a": specs[0].settings(), "b": specs[1].settings(),
                "seed": args.seed, "clock": args.clock}
    wanted = range(args.rounds)
    if args.shard is not None:
        k, n = args.shard
        wanted = range(k - 1, args.rounds, n)
    done: list[DealOutcome] = []
    writer: ResultsWriter | None = None
    if args.out is not None:
        if args.out.exists() and args.out.stat().st_size > 0:
            try:
                done = [o for o in load(args.out, settings)[1] if o.index in wanted]
            except ResultsFileError as exc:
                parser.error(str(exc))
        writer = ResultsWriter(args.out, settings)
    skip = {o.index for o in done}

    def progress(o: DealOutcome) -> None:
        if writer is not None:
            writer.write(o)
        if args.per_deal:
            print(f"deal {o.index}: A minus B {o.diffs[0]:+d} as dealt, {o.diffs[1]:+d} "
                  f"swapped", flush=True)

    t0 = time.perf_counter()
    try:
        played = run_arena(specs[0], specs[1], [i for i in wanted if i not in skip],
                           args.seed, args.jobs, progress=progress, clock=args.clock)
    finally:
        if writer is not None:
            writer.close()
    outcomes = done + played
    summary = summarize(outcomes)
    if args.json:
        print(json.dumps(summary))
        return 0
    resumed = f" ({len(done)} from {args.out})" if done else ""
    print_figures(summary, f"A = {specs[0].label} (seats 0/2) vs B = {specs[1].label} "
                   f"(seats 1/3), {summary['rounds']} mirrored deals{resumed}, seed "
                   f"{args.seed}, {args.clock} clock, {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
