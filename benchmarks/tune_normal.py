"""Hill-climb the normal player's heuristic weights against fixed opponents.

    python benchmarks/tune_normal.py [--deals 2000] [--steps 60] [--seed 7]
    python benchmarks/tune_normal.py --lack 1.0 [--deals 5000] [--seed 5]

Each candidate plays ``--deals`` mirrored deals (common to all candidates) against greedy
and against the current default normal player; the score is the sum of both mean point
differences per round. Prints every improvement; nothing is written. With ``--lack`` it
only measures the default weights with that much memory of the kinds opponents have shown
they lack (``NormalPlayer(lack=...)``) against greedy and the default normal player."""

from __future__ import annotations

import argparse
import random
import time

from goita_core.players import GreedyPlayer, NormalPlayer, Player
from goita_core.players.heuristics import DEFAULT_WEIGHTS
from goita_core.rules import RuleSet
from goita_core.tools.arena import _deal, play_round


def evaluate(weights: tuple[float, ...], opponent: Player, deals: int, seed: int,
             lack: float = 0.0) -> float:
    rules = RuleSet()
    me = NormalPlayer(weights=weights, lack=lack)
    total = 0
    for i in range(deals):
        for swapped in (False, True):
            rnd = _deal(rules, seed, i)
            players = [opponent, me] * 2 if swapped else [me, opponent] * 2
            play_round(rnd, players.__getitem__, lambda s, ms, cpu: None)
            res = rnd.result
            assert res is not None
            if res.team is not None:
                mine = (res.team == 1) == swapped
                total += res.points if mine else -res.points
    return total / (2 * deals)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--lack", type=float, default=None)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    base_normal = NormalPlayer()
    greedy = GreedyPlayer()
    if args.lack is not None:
        for lack in (0.0, args.lack):
            vs_normal = evaluate(DEFAULT_WEIGHTS, base_normal, args.deals, args.seed, lack)
            vs_greedy = evaluate(DEFAULT_WEIGHTS, greedy, args.deals, args.seed, lack)
            print(f"lack {lack}: against normal {vs_normal:+.3f}, against greedy "
                  f"{vs_greedy:+.3f} per round ({args.deals} mirrored deals)", flush=True)
        return

    def score(w: tuple[float, ...]) -> float:
        return (evaluate(w, greedy, args.deals, args.seed)
                + evaluate(w, base_normal, args.deals, args.seed + 1))

    best = DEFAULT_WEIGHTS
    best_score = score(best)
    print(f"start {best_score:+.3f} {best}", flush=True)
    t0 = time.time()
    for step in range(args.steps):
        cand = list(best)
        for _ in range(rng.choice((1, 1, 2))):
            i = rng.randrange(len(cand))
            if cand[i] == 0:
                cand[i] = rng.choice((0.5, 1.0, 10.0, 20.0, 30.0)) if i == 8 else 0.1
            else:
                cand[i] = round(cand[i] * rng.choice((0.0, 0.5, 0.7, 1.4, 2.0)), 4)
        c = tuple(cand)
        sc = score(c)
        if sc > best_score:
            best, best_score = c, sc
            print(f"step {step} {sc:+.3f} {best} ({time.time() - t0:.0f}s)", flush=True)
    print(f"best {best_score:+.3f} {best}")


if __name__ == "__main__":
    main()
