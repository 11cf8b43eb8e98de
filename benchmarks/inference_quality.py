"""How close the hard player's guesses of the hidden hands come to the true ones.

    python -m benchmarks.inference_quality [--rounds 150] [--samples 200]
        [--options '{"attack_hint": 0.55}' ...]

Plays seeded rounds of four ``hard-v1`` players (fixed samples per decision, so the data
are reproducible), keeps every decision of the real play that has a choice, and for each
sampler setting (``Sampler`` keyword arguments as JSON; the first is always the default)
draws guesses for every kept view and prints, per opponent and for the partner:

- misplaced: the weighted mean number of pieces a guessed hand holds that the true hand
  does not (0 is a perfect guess);
- logp: the weighted log-probability of each kind's true count in a hand (higher is better);
- kinds: the same for whether the hand holds each kind at all (which kinds a seat can block
  with: most of what the hands are worth knowing, benchmarks/oracle_ceiling.py);
- brier: the squared error of the guesses' probability that a hand holds a kind, per
  (seat, kind), less the weighted mean's estimated variance: weights that leave fewer
  effective guesses are not penalized for that sampling noise alone, as they are in the
  log-probabilities above (0 is perfect);
- right: the weighted share of guesses that give every opponent (and, apart, the partner)
  exactly the kinds it holds (``oracle_ceiling --mix`` measures what a larger share is
  worth);
- ess: the guesses' effective number (sum w)^2 / sum w^2 as a share of their count.

The arena measures strength; this measures the guesses alone, quickly and exactly.
"""

from __future__ import annotations

import argparse
import json
import math
import pickle
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from goita_core import Round, RuleSet, SeatView
from goita_core.hands import count_in
from goita_core.players import Player, make_player
from goita_core.players.sampling import Sampler

Case = tuple[SeatView, list[int]]


def recorded_players(seed: int, iterations: int) -> list[Player]:
    """The four ``hard-v1`` players whose decisions :func:`record` keeps."""
    return [make_player("hard-v1", seed * 10 + s, options={"iterations": iterations})
            for s in range(4)]


def record(rounds: int, iterations: int, seed: int) -> list[Case]:
    """Every decision with a choice (and something seen before it) of ``rounds`` rounds."""
    players = recorded_players(seed, iterations)
    rng = random.Random(seed)
    cases: list[Case] = []
    for _ in range(rounds):
        rnd = Round.deal(RuleSet(), rng.randrange(4), rng)
        while not rnd.over:
            seat = rnd.to_act()[0]
            view = rnd.view(seat)
            if rnd.phase == "play" and len(view.legal) > 1 and view.history:
                cases.append((view, list(rnd.hands)))
            rnd.apply(seat, players[seat].act(view))
    return cases


def kinds_held(code: int) -> int:
    """The kinds a packed hand holds, one bit per kind."""
    return sum(1 << k for k in range(8) if count_in(code, k))


def measure(cases: list[Case], options: dict[str, Any], samples: int, seed: int,
            sampler_of: Callable[..., Sampler] = Sampler) -> dict[str, float]:
    """The figures above over ``cases``, guessing with ``sampler_of(view, **options)``."""
    rng = random.Random(seed)
    misplaced = {"opponents": 0.0, "partner": 0.0}
    logp = {"opponents": 0.0, "partner": 0.0}
    kinds = {"opponents": 0.0, "partner": 0.0}
    brier = {"opponents": 0.0, "partner": 0.0}
    seats = {"opponents": 0, "partner": 0}
    right = {"opponents": 0.0, "partner": 0.0}
    ess_share = 0.0
    for view, truth in cases:
        sampler = sampler_of(view, **options)
        draws = [sampler.sample(rng) for _ in range(samples)]
        total = sum(w for _c, w in draws)
        if total <= 0:
            continue
        ess_share += total * total / sum(w * w for _c, w in draws) / samples
        mate = (view.seat + 2) % 4
        opponents = [s for s in sampler.others if s != mate]
        right["opponents"] += sum(w for c, w in draws if all(
            kinds_held(c[s]) == kinds_held(truth[s]) for s in opponents)) / total
        right["partner"] += sum(w for c, w in draws
                                if kinds_held(c[mate]) == kinds_held(truth[mate])) / total
        for s in sampler.others:
            who = "partner" if (s - view.seat) % 4 == 2 else "opponents"
            seats[who] += 1
            true = truth[s]
            for k in range(8):
                t = count_in(true, k)
                p = sum(w for c, w in draws if count_in(c[s], k) == t) / total
                logp[who] += math.log(max(p, 1e-3))
                agree = [(count_in(c[s], k) > 0) == (t > 0) for c, _w in draws]
                held = sum(w for (_c, w), a in zip(draws, agree, strict=True) if a) / total
                kinds[who] += math.log(max(held, 1e-3))
                # the squared error of "holds the kind", less the part that comes from
                # having few effective guesses (the weighted mean's estimated variance)
                spread = sum(w * w * (a - held) ** 2
                             for (_c, w), a in zip(draws, agree, strict=True)) / total ** 2
                brier[who] += (1.0 - held) ** 2 - spread
                misplaced[who] += sum(w * max(0, count_in(c[s], k) - t) for c, w in draws) / total
    out = {"ess": ess_share / len(cases)}
    for who in ("opponents", "partner"):
        out[f"right {who}"] = right[who] / len(cases)
        out[f"misplaced {who}"] = misplaced[who] / seats[who]
        out[f"logp {who}"] = logp[who] / seats[who]
        out[f"kinds {who}"] = kinds[who] / seats[who]
        out[f"brier {who}"] = brier[who] / seats[who] / 8
    return out


def add_recording_options(parser: argparse.ArgumentParser, samples: int) -> None:
    """The options that say which decisions to record (or reuse) and how many guesses."""
    parser.add_argument("--rounds", type=int, default=150)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--samples", type=int, default=samples)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cache", type=Path, default=None,
                        help="keep the recorded decisions in this file (reused if present)")


def cases_of(args: argparse.Namespace) -> list[Case]:
    """The recorded decisions: from ``--cache`` when it exists, else played (and kept)."""
    if args.cache is not None and args.cache.exists():
        cases: list[Case] = pickle.loads(args.cache.read_bytes())
        return cases
    cases = record(args.rounds, args.iterations, args.seed)
    if args.cache is not None:
        args.cache.write_bytes(pickle.dumps(cases))
    return cases


def main() -> None:
    parser = argparse.ArgumentParser()
    add_recording_options(parser, samples=200)
    parser.add_argument("--options", action="append", default=[],
                        help="Sampler keyword arguments as JSON (repeatable)")
    args = parser.parse_args()
    t0 = time.perf_counter()
    cases = cases_of(args)
    print(f"{len(cases)} decisions ({time.perf_counter() - t0:.0f} s)")
    for text in ["{}", *args.options]:
        t1 = time.perf_counter()
        fig = measure(cases, json.loads(text), args.samples, args.seed)
        print(f"{text:60} " + "  ".join(f"{k} {v:.4f}" for k, v in fig.items())
              + f"  ({time.perf_counter() - t1:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
