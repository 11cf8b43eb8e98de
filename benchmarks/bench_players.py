"""How much the search players think per decision: samples (guesses, each played out for
every candidate still in the race) in the same CPU budget, for each search level's settings.

    python benchmarks/bench_players.py [--budget-ms 100] [--views 12]

The views are early-round decisions with a real choice (leads and blocks) of seeded random
deals; budgets are measured in the CPU time of the thread, so the figures hold on a shared
machine. Prints samples per decision (mean) per level and the ratio to hard-v1, after a
warm-up on other views (the lean playout's memo of choices fills as a game goes on)."""

from __future__ import annotations

import argparse
import random
import statistics
import time

from goita_core import Round, RuleSet, SeatView
from goita_core.players import SEARCH_LEVELS, make_player


def views(count: int, seed: int = 1) -> list[SeatView]:
    rng = random.Random(seed)
    out: list[SeatView] = []
    while len(out) < count:
        rnd = Round.deal(RuleSet(), rng.randrange(4), rng)
        for _ in range(rng.randrange(12)):
            if rnd.over:
                break
            seat = rnd.to_act()[0]
            rnd.apply(seat, rng.choice(rnd.legal_actions(seat)))
        if rnd.over or rnd.phase != "play":
            continue
        view = rnd.view(rnd.to_act()[0])
        if len(view.legal) > 3 and sum(view.hand_sizes) > 16:
            out.append(view)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--budget-ms", type=int, default=100)
    parser.add_argument("--views", type=int, default=12)
    args = parser.parse_args()
    sample = views(args.views)
    warm = views(args.views, seed=2)
    means: dict[str, float] = {}
    for level in SEARCH_LEVELS:
        # no pruning: every decision uses its whole budget, so samples measure speed
        player = make_player(level, 1, budget_ms=args.budget_ms, clock="cpu",
                             options={"prune": False})
        for view in warm:  # fill the memo of heuristic choices, as a long game does
            player.act(view)
        counts = []
        t0 = time.thread_time()
        for view in sample:
            player.act(view)
            counts.append(player.last_samples)  # type: ignore[attr-defined]
        means[level] = statistics.fmean(counts)
        print(f"{level:8} {means[level]:8.0f} samples per decision "
              f"({(time.thread_time() - t0) / len(sample) * 1000:.0f} CPU ms each)")
    for level in SEARCH_LEVELS:
        print(f"{level:8} x{means[level] / means['hard-v1']:.2f} the samples of hard-v1")


if __name__ == "__main__":
    main()
