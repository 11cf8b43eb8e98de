"""Compare two configurations of the hard player over mirrored deals (what each idea gains).

    python benchmarks/hard_variants.py --a '{"exact_pieces": 14}' --b '{"exact_pieces": 0}' \\
        --deals 100 --budget-ms 50

``--a``/``--b`` are JSON keyword arguments of ``HardPlayer``; ``--b-level`` pits A against
another level instead. Prints the arena's figures for A minus B."""

from __future__ import annotations

import argparse
import json

from goita_core.players import Player, make_player
from goita_core.players.hard import HardPlayer
from goita_core.rules import RuleSet
from goita_core.tools.arena import DealOutcome, _deal, play_round, summarize


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--a", default="{}")
    parser.add_argument("--b", default="{}")
    parser.add_argument("--b-level", default=None)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--budget-ms", type=int, default=50)
    args = parser.parse_args()
    rules = RuleSet()
    a: Player = HardPlayer(1, budget_ms=args.budget_ms, **json.loads(args.a))
    b: Player = (make_player(args.b_level, 2) if args.b_level
                 else HardPlayer(2, budget_ms=args.budget_ms, **json.loads(args.b)))
    outcomes = []
    for i in range(args.deals):
        diffs = []
        results = []
        a_ms: list[float] = []
        b_ms: list[float] = []
        for swapped in (False, True):
            rnd = _deal(rules, args.seed, i)
            players = [b, a] * 2 if swapped else [a, b] * 2

            def timer(seat: int, ms: float, players: list[Player] = players,
                      a_ms: list[float] = a_ms, b_ms: list[float] = b_ms) -> None:
                (a_ms if players[seat] is a else b_ms).append(ms)

            play_round(rnd, players.__getitem__, timer)
            res = rnd.result
            assert res is not None
            mine = res.team is not None and (res.team == 1) == swapped
            diffs.append(0 if res.team is None else res.points if mine else -res.points)
            results.append((res.team, res.points, res.wins_match))
        outcomes.append(DealOutcome(i, (diffs[0], diffs[1]), (results[0], results[1]),
                                    a_ms, b_ms))
    summary = summarize(outcomes)
    summary.pop("incidents")
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
