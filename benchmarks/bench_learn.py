"""Speed of the learning features on one core: seconds per hint (the strongest player with
the hint's sample count) and seconds per reviewed decision (its search plus the comparison
of the played and the best move), over a match played by normal players.

    python benchmarks/bench_learn.py [--seed 2] [--decisions 12]
"""

from __future__ import annotations

import argparse
import statistics
import time

from bot.app.learn.hints import HINT_SAMPLES, suggest
from bot.app.learn.review import ReviewSettings, analyse, moments
from bot.app.learn.strongest import STRONGEST_LEVEL
from goita_core.kifu import MatchRecord
from goita_core.match import Match
from goita_core.players import make_player
from goita_core.rules import RuleSet


def recorded(seed: int) -> str:
    match = Match(RuleSet(), seed=seed)
    players = [make_player("normal", seed) for _ in range(4)]
    while not match.over:
        if match.awaiting_next_round:
            match.next_round()
            continue
        seat = match.round.to_act()[0]
        match.apply(seat, players[seat].act(match.view(seat)))
    return MatchRecord.from_match(match).dumps()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--decisions", type=int, default=12)
    args = parser.parse_args()
    record = recorded(args.seed)
    found = list(moments(record, 0))[:args.decisions]
    times = []
    for m in found:
        start = time.perf_counter()
        suggest(m.view, seed=1)
        times.append(time.perf_counter() - start)
    print(f"strongest level: {STRONGEST_LEVEL}, {HINT_SAMPLES} samples per hint")
    print(f"hint: median {statistics.median(times):.3f} s, max {max(times):.3f} s "
          f"over {len(times)} decisions")
    total = len(list(moments(record, 0)))
    start = time.perf_counter()
    review = analyse(record, 0, ReviewSettings())
    spent = time.perf_counter() - start
    print(f"review of seat 0: {total} decisions in {spent:.1f} s "
          f"({spent / max(1, total):.2f} s per decision), "
          f"{review.lost:.1f} points given away in all")


if __name__ == "__main__":
    main()
