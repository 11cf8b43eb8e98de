"""Do better values of known deals choose better actions? A test with every hand known.

    PYTHONPATH=. python -m benchmarks.value_choices --value v4.json --residual r2.json
        [--positions 150] [--branches 8] [--playouts 32] [--seed 7]

Plays rounds of four search players (as ``benchmarks/value_data.py``), stops each at a
random decision with two or more actions, and for every action plays the rest of the round
``--branches`` times with players of other seeds: the mean is the action's value under
that play (for the deciding seat's team). Each estimate then chooses the action it values
most, from the deal itself (no guessing): the mean of ``--playouts`` playouts after the
action, the learnt value, half and half, and the playouts plus the learnt correction. It
prints the mean value of each one's choices, beside the best action's and a random
action's (the same branches judge them all, so the differences are paired).
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
from functools import partial

from benchmarks.value_data import (
    add_player_options,
    model_value,
    outcome,
    play_to,
    playout_value,
    position,
)
from goita_core.actions import Action
from goita_core.players import make_player
from goita_core.round import PHASE_PLAY, Round
from goita_core.rules import RuleSet
from goita_core.tools.options import read_value_model

ESTIMATES = ("playouts", "value", "half and half", "playouts + correction")


def finish(rnd: Round, level: str, iterations: int, seed: int, team: int) -> int:
    """Play ``rnd`` to its end with players of ``seed``; the points for ``team``."""
    play_to(rnd, [make_player(level, seed * 4 + s, options={"iterations": iterations})
                  for s in range(4)])
    return outcome(rnd, team)


def _at_choice(stop: int, rnd: Round, moves: int) -> bool:
    """From ``stop`` plays on, the first decision with two actions or more."""
    return moves >= stop and len(rnd.legal_actions(rnd.turn)) > 1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--value", required=True)
    ap.add_argument("--residual", required=True)
    ap.add_argument("--positions", type=int, default=150)
    ap.add_argument("--branches", type=int, default=8)
    ap.add_argument("--playouts", type=int, default=32)
    ap.add_argument("--seed", type=int, default=7)
    add_player_options(ap)
    args = ap.parse_args()
    value, residual = read_value_model(args.value), read_value_model(args.residual)
    rules = RuleSet()
    rng = random.Random(args.seed)
    chosen: dict[str, list[float]] = {name: [] for name in ("best", "random", *ESTIMATES)}
    r = 0
    while len(chosen["best"]) < args.positions:
        r += 1
        rnd = Round.deal(rules, rng.randrange(4), rng)
        players = [make_player(args.level, args.seed * 10**6 + r * 4 + s,
                               options={"iterations": args.iterations}) for s in range(4)]
        stop = rng.randrange(1, 20)
        play_to(rnd, players, partial(_at_choice, stop))
        if rnd.over or rnd.phase != PHASE_PLAY:
            continue
        team = rnd.turn % 2
        truth: list[float] = []
        estimates: dict[str, list[float]] = {name: [] for name in ESTIMATES}
        actions: list[Action] = list(rnd.legal_actions(rnd.turn))
        for a, act in enumerate(actions):
            after = copy.deepcopy(rnd)
            after.apply(after.turn, act)
            if after.over:
                pts = float(outcome(after, team))
                truth.append(pts)
                for name in ESTIMATES:
                    estimates[name].append(pts)
                continue
            truth.append(statistics.fmean(
                finish(copy.deepcopy(after), args.level, args.iterations,
                       (r * 97 + a) * 31 + b, team) for b in range(args.branches)))
            row = [r, *position(after), 0]
            sign = 1 if after.turn % 2 == team else -1
            est = statistics.fmean(playout_value(row, rng) for _ in range(args.playouts))
            v, c = model_value(value, row), model_value(residual, row)
            for name, x in zip(ESTIMATES, (est, v, (est + v) / 2, est + c), strict=True):
                estimates[name].append(sign * x)
        chosen["best"].append(max(truth))
        chosen["random"].append(statistics.fmean(truth))
        for name in ESTIMATES:
            pick = max(range(len(actions)), key=estimates[name].__getitem__)
            chosen[name].append(truth[pick])
        if len(chosen["best"]) % 25 == 0:
            print(f"  {len(chosen['best'])} positions", flush=True)
    n = len(chosen["best"])
    print(f"{n} decisions, {args.branches} continuations per action")
    for name, values in chosen.items():
        loss = [b - x for b, x in zip(chosen["best"], values, strict=True)]
        gain = [x - p for x, p in zip(values, chosen["playouts"], strict=True)]
        print(f"{name:>22}: mean value {statistics.fmean(values):+.2f}, behind the best "
              f"{statistics.fmean(loss):.2f} (SE {statistics.stdev(loss) / n ** 0.5:.2f}), "
              f"on the playouts' choice {statistics.fmean(gain):+.2f} "
              f"(SE {statistics.stdev(gain) / n ** 0.5:.2f})")


if __name__ == "__main__":
    main()
