"""Engine speed on one core: random full rounds per second and legal-action generations per
second. A random full round is a shuffled deal followed by uniformly random legal actions
until someone goes out; deals with a Shi hand (or any other special deal) are redealt and
not counted.

    python benchmarks/bench_engine.py [--seconds 3] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from functools import partial

from goita_core import hands as hands_mod
from goita_core.round import Round, legal_for
from goita_core.rules import RuleSet


def rounds_per_second(seconds: float, seed: int = 1) -> float:
    rules = RuleSet()
    rng = random.Random(seed)
    deal, done = Round.deal, 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(500):
            rnd = deal(rules, done & 3, rng)
            if rnd.phase != "play":
                continue  # a Shi hand: redealt, not counted
            rnd.random_playout(rng)
            done += 1
        now = time.perf_counter()
        if now >= deadline:
            return done / (now - start)


def _sample_states(count: int, seed: int) -> list[Round]:
    """Positions from random play, to measure legal-action generation on real states."""
    rules = RuleSet()
    rng = random.Random(seed)
    states: list[Round] = []
    while len(states) < count:
        rnd = Round.deal(rules, 0, rng)
        if rnd.phase != "play":
            continue
        while rnd.result is None:
            states.append(rnd.clone())
            rnd.step(rng.choice(rnd.legal_actions()))
    return states


def legal_per_second(seconds: float, cached: bool = True, seed: int = 2) -> float:
    """``Round.legal_actions()`` calls per second (``cached``: as the engine runs, with its
    per-(hand, attack) cache; otherwise every list is generated from scratch)."""
    states = _sample_states(5000, seed)
    if cached:
        calls = [rnd.legal_actions for rnd in states]
    else:
        gen = hands_mod._generate
        calls = [partial(gen, r.hands[r.turn], r.attack, r.ou_up > 0) for r in states]
    done = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for call in calls:
            call()
        done += len(calls)
        now = time.perf_counter()
        if now >= deadline:
            return done / (now - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    legal_for(0, -1, False)  # import-time warm-up
    rps = rounds_per_second(args.seconds)
    lps = legal_per_second(args.seconds)
    raw = legal_per_second(args.seconds, cached=False)
    if args.json:
        print(json.dumps({"rounds_per_s": round(rps), "legal_per_s": round(lps),
                          "legal_uncached_per_s": round(raw)}))
    else:
        print(f"random full rounds: {rps:,.0f} per second (one core)")
        print(f"legal-action lists: {lps:,.0f} per second "
              f"({raw:,.0f} per second generated from scratch, without the cache)")


if __name__ == "__main__":
    main()
