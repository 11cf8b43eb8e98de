"""How well can any value of a position predict how search players end the round?

    PYTHONPATH=. python benchmarks/value_floor.py [--positions 300] [--branches 8]
        [--level hard] [--iterations 100] [--playouts 32] [--model value.json]

Plays rounds of four search players (as ``benchmarks/value_data.py``), stops each at a
random position, and plays the rest ``--branches`` times with players of other seeds.
The spread of those outcomes is what no value can predict (the floor of the mean squared
error); their mean is the position's value under that play. Against that mean it prints
the squared error of the playouts' estimate (the mean of ``--playouts`` of ``hard``'s
playouts from the position) and, with ``--model``, of the value model (a residual model:
added to the playouts' estimate; else also half and half with it).
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
from goita_core.players import make_player
from goita_core.round import PHASE_PLAY, Round
from goita_core.rules import RuleSet


def _at_play(stop: int, _rnd: Round, moves: int) -> bool:
    return moves == stop


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--branches", type=int, default=8)
    add_player_options(ap)
    ap.add_argument("--playouts", type=int, default=32)
    ap.add_argument("--model", default=None)
    ap.add_argument("--seed", type=int, default=99)
    args = ap.parse_args()
    rules = RuleSet()
    model = None
    if args.model:
        from goita_core.tools.options import read_value_model

        model = read_value_model(args.model)
    spread: list[float] = []
    err_playout: list[float] = []
    err_model: list[float] = []
    err_mix: list[float] = []
    rng = random.Random(args.seed)
    made = 0
    r = 0
    while made < args.positions:
        r += 1
        players = [make_player(args.level, args.seed * 1000 + r * 4 + s,
                               options={"iterations": args.iterations}) for s in range(4)]
        rnd = Round.deal(rules, rng.randrange(4), rng)
        stop = rng.randrange(2, 24)
        play_to(rnd, players, partial(_at_play, stop))
        if rnd.over or rnd.phase != PHASE_PLAY:
            continue
        team = rnd.turn % 2
        outcomes = []
        for b in range(args.branches):
            branch = copy.deepcopy(rnd)
            others = [make_player(args.level, (args.seed * 1000 + r * 4 + s) * 97 + b + 1,
                                  options={"iterations": args.iterations}) for s in range(4)]
            play_to(branch, others)
            outcomes.append(outcome(branch, team))
        mean = statistics.fmean(outcomes)
        spread.append(statistics.variance(outcomes))
        row = [r, *position(rnd), 0]
        est = statistics.fmean(playout_value(row, rng) for _ in range(args.playouts))
        err_playout.append((est - mean) ** 2)
        if model is not None:
            v = model_value(model, row)
            if model.residual:
                v += est
            else:
                err_mix.append(((v + est) / 2 - mean) ** 2)
            err_model.append((v - mean) ** 2)
        made += 1
        if made % 50 == 0:
            print(f"  {made} positions", flush=True)
    floor = statistics.fmean(spread)
    print(f"{made} positions, {args.branches} continuations each")
    print(f"spread of the outcomes (the floor): {floor:.1f}")
    print(f"playouts' estimate, squared error to the mean outcome: "
          f"{statistics.fmean(err_playout):.1f} (minus the mean's own noise "
          f"{floor / args.branches:.1f})")
    if err_model:
        print(f"value model, squared error to the mean outcome: "
              f"{statistics.fmean(err_model):.1f}")
    if err_mix:
        print(f"half the model, half the playouts' estimate: "
              f"{statistics.fmean(err_mix):.1f}")


if __name__ == "__main__":
    main()
