"""How much the search players think per decision: samples (guesses, each played out for
every candidate still in the race) in the same CPU budget, for each search level's settings.

    python benchmarks/bench_players.py [--budget-ms 100] [--views 12] [--options JSON ...]

The views are early-round decisions with a real choice (leads and blocks) of seeded random
deals; budgets are measured in the CPU time of the thread, so the figures hold on a shared
machine. Prints whether the playout kernel runs compiled, then samples per decision (mean)
per level and the ratio to hard-v1, after a warm-up on other views (the lean playout's
memo of choices fills as a game goes on).
Each ``--options`` adds a row: ``hard`` with those settings (``'{"tree": true}'``)."""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable

from goita_core import Round, RuleSet, SeatView
from goita_core.players import SEARCH_LEVELS, Player, kernel, make_player


def views(count: int, seed: int = 1, steps: int = 12,
          keep: Callable[[SeatView], bool] | None = None) -> list[SeatView]:
    """``count`` decisions of seeded random deals, each after fewer than ``steps`` random
    actions, that ``keep`` accepts (by default early ones with a real choice)."""
    rng = random.Random(seed)
    out: list[SeatView] = []
    while len(out) < count:
        rnd = Round.deal(RuleSet(), rng.randrange(4), rng)
        for _ in range(rng.randrange(steps)):
            if rnd.over:
                break
            seat = rnd.to_act()[0]
            rnd.apply(seat, rng.choice(rnd.legal_actions(seat)))
        if rnd.over or rnd.phase != "play":
            continue
        view = rnd.view(rnd.to_act()[0])
        if keep(view) if keep is not None else len(view.legal) > 3 and sum(view.hand_sizes) > 16:
            out.append(view)
    return out


def measure(player: Player, sample: list[SeatView], warm: list[SeatView]) -> tuple[float, float]:
    """Mean samples per decision on ``sample`` and CPU ms per decision, after ``warm``."""
    kernel.clear_memos()
    for view in warm:  # fill the memo of heuristic choices, as a long game does
        player.act(view)
    counts = []
    t0 = time.thread_time()
    for view in sample:
        player.act(view)
        counts.append(player.last_samples)  # type: ignore[attr-defined]
    return statistics.fmean(counts), (time.thread_time() - t0) / len(sample) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--budget-ms", type=int, default=100)
    parser.add_argument("--views", type=int, default=12)
    parser.add_argument("--options", action="append", default=[], metavar="JSON",
                        help="also measure hard with these settings (repeatable)")
    args = parser.parse_args()
    sample = views(args.views)
    warm = views(args.views, seed=2)
    # hard-v1 plays the plain playout either way; the others the kernel (plain Python as
    # installed; compiled by hand to measure it: docs/PLAYERS.md)
    print(f"playout kernel: {'compiled' if kernel.COMPILED else 'plain Python'}")
    rows: list[tuple[str, str, dict[str, object]]] = [(level, level, {}) for level in SEARCH_LEVELS]
    rows += [("hard", f"hard {text}", json.loads(text)) for text in args.options]
    means: dict[str, float] = {}
    for level, name, options in rows:
        # no pruning: every decision uses its whole budget, so samples measure speed
        player = make_player(level, 1, budget_ms=args.budget_ms, clock="cpu",
                             options={**options, "prune": False})
        means[name], ms = measure(player, sample, warm)
        print(f"{name:8} {means[name]:8.0f} samples per decision ({ms:.0f} CPU ms each)")
    for _, name, _ in rows:
        print(f"{name:8} x{means[name] / means['hard-v1']:.2f} the samples of hard-v1")


if __name__ == "__main__":
    main()
