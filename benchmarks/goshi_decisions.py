"""How well the search players decide to play on or redeal after a partner's 5-Shi hand.

    python -m benchmarks.goshi_decisions [--views 60] [--reference 4000] [--budget-ms 200]
        [--row LEVEL [JSON]] ...

Deals seeded rounds until ``--views`` of them give a partner the 5-Shi decision (the
partner sees only its own hand and the declaration). For each, the value of playing on
(mean points of the round for the partner's team, a redeal being worth 0) is estimated by
``hard``'s search with ``--reference`` guesses. Each row's player then decides at its
budget (CPU time of the thread), and the script prints how often it agrees with the
reference's sign, its regret: the points per decision lost against the reference's choice
(0 is best), and the guesses it took per decision (search levels). The ``normal`` row
is the heuristic rule (an Ou, three high pieces or a high pair: play on).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from typing import Any

from goita_core import PLAY_ON, Round, RuleSet, SeatView
from goita_core.players import make_player, search_settings
from goita_core.players.hard import HardPlayer
from goita_core.players.settings import SearchSettings

DEFAULT_ROWS: list[tuple[str, dict[str, Any]]] = [
    ("normal", {}),
    ("hard-v1", {}),
    ("hard", {"strict_guesses": False, "goshi_full": False}),
    ("hard", {}),
]


def goshi_views(count: int, seed: int) -> list[SeatView]:
    """The deciding partner's view of seeded deals with one 5-Shi hand."""
    rng = random.Random(seed)
    out: list[SeatView] = []
    while len(out) < count:
        rnd = Round.deal(RuleSet(), rng.randrange(4), rng)
        if rnd.phase == "goshi":
            out.extend(rnd.view(p) for p in rnd.pending[:1])
    return out


def reference_value(view: SeatView, samples: int, seed: int) -> float:
    """The value of playing on, by ``hard``'s search with ``samples`` guesses."""
    _budget, kwargs = search_settings("hard", None, {"iterations": samples})
    player = HardPlayer(seed, settings=SearchSettings.from_options(kwargs))
    return player._search(view, [PLAY_ON], random.Random(seed), float("inf"),
                          from_deal=True)[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--views", type=int, default=60)
    parser.add_argument("--reference", type=int, default=4000)
    parser.add_argument("--budget-ms", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--row", nargs="+", action="append", metavar="LEVEL [JSON]",
                        help="a level and its options (default: normal, hard-v1, the "
                             "former hard, hard)")
    args = parser.parse_args()
    rows = [(r[0], json.loads(r[1]) if len(r) > 1 else {}) for r in args.row] \
        if args.row else DEFAULT_ROWS
    views = goshi_views(args.views, args.seed)
    values = [reference_value(v, args.reference, args.seed + i) for i, v in enumerate(views)]
    plays = sum(v > 0 for v in values)
    print(f"{len(views)} decisions; the reference plays on in {plays}; |value| median "
          f"{statistics.median(abs(v) for v in values):.1f} points")
    print(f"{'row':<56} {'agrees':>7} {'regret':>7} {'samples':>8}")
    for level, options in rows:
        player = make_player(level, args.seed, budget_ms=args.budget_ms, clock="cpu",
                             options=options or None)
        agree = 0
        regret = 0.0
        samples = 0
        for view, value in zip(views, values, strict=True):
            play_on = player.act(view) == PLAY_ON
            agree += play_on == (value > 0)
            regret += max(value, 0.0) - (value if play_on else 0.0)
            samples += getattr(player, "last_samples", 0)
        name = f"{level} {json.dumps(options)}" if options else level
        print(f"{name:<56} {agree / len(views):>6.0%} {regret / len(views):>7.2f} "
              f"{samples / len(views):>8.0f}")


if __name__ == "__main__":
    main()
