"""What the other seats' play tells of their hands when the model of their play is their
own program: inference from the players' policies with the best model there can be.

    PYTHONPATH=. python benchmarks/policy_ceiling.py [--rounds 60] [--iterations 30]
        [--samples 100] [--every 1 --offset 0] [--reruns 1] [--miss 0.3 ...]
        [--power 1.0 ...] [--cache FILE]
    PYTHONPATH=. python benchmarks/policy_ceiling.py --agreement ROUNDS [--iterations 30]

The decisions are recorded as in ``benchmarks/inference_quality.py`` (four ``hard-v1``
players at a fixed number of samples per decision). A guess is then weighted by how well
that same player explains every past decision of the other seats: the round is replayed
from the hands the guess implies (its hands now, plus the pieces each seat has laid, its
face-down leads as the guess draws them), and at each decision of another seat that had a
choice, ``--reruns`` ``hard-v1`` players with the same settings and other seeds decide
from that seat's view in the guessed deal. The guess's weight is multiplied, per
decision, by the share of reruns that made the seat's real choice, never less than
``--miss``; the product is raised to ``--power`` (a tempered likelihood). The guesses are
measured against the true hands with ``inference_quality``'s figures, beside the default
guesses and the normal heuristics as the model of play (``policy_miss``). It costs tens of
milliseconds per guess: a measurement, never a player.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from benchmarks.inference_quality import (
    Case,
    add_recording_options,
    cases_of,
    measure,
    recorded_players,
)
from goita_core import Round, RuleSet, SeatView
from goita_core.actions import PASS, Action, Play
from goita_core.errors import IllegalAction
from goita_core.hands import unpack
from goita_core.players import Player, make_player
from goita_core.players.heuristics import DEFAULT_WEIGHTS
from goita_core.players.pastplay import PastPlay
from goita_core.players.sampling import Sampler

#: what another seat's rerun chose: (seat, decision index, its hand then, its own
#: face-down pieces then) -> the actions its reruns made
Key = tuple[int, int, int, tuple[int, ...]]


class ExactPolicySampler(Sampler):
    """Guesses weighted by how often the players' own program, holding the guessed pieces,
    makes the other seats' past decisions (replaces the pass hints, as ``policy_miss``)."""

    def __init__(self, view: SeatView, players: list[list[Player]], miss: float,
                 cache: dict[Key, list[Action]], power: float = 1.0) -> None:
        super().__init__(view)
        # the replay replaces the pass hints, as policy_miss's does
        self.past = self.exact = ExactPolicy(view, self.others, players, miss, cache, power)

    def policy_weight(self, codes: list[int], facedown: dict[int, list[int]]) -> float:
        return self.exact.policy_weight(codes, facedown)


class ExactPolicy(PastPlay):
    """The other seats' past decisions, read by rerunning the players' own program."""

    def __init__(self, view: SeatView, others: list[int], players: list[list[Player]],
                 miss: float, cache: dict[Key, list[Action]], power: float) -> None:
        super().__init__(view, others, DEFAULT_WEIGHTS, miss, None, 1.0, None)
        self.players = players
        self.cache = cache
        self.power = power

    def policy_weight(self, codes: list[int], facedown: dict[int, list[int]]) -> float:
        view = self.view
        miss = self.policy_miss
        assert miss is not None
        initial = codes[:]
        laid: dict[int, int] = {s: 0 for s in self.others}
        # (seat, action, how many face-down leads the seat had laid before it)
        actions: list[tuple[int, Action, int]] = []
        for act in view.history:
            s = act.seat
            before = laid.get(s, 0)
            if act.is_pass:
                actions.append((s, PASS, before))
                continue
            assert act.second is not None
            if act.first is None:  # another seat's face-down lead: the guess's piece
                first = facedown[s][before]
                laid[s] += 1
            else:
                first = int(act.first)
            initial[s] += (1 << (first << 2)) + (1 << (int(act.second) << 2))
            actions.append((s, Play(first, act.second), before))
        rnd = Round(view.rules, view.dealer, [unpack(c) for c in initial])
        if rnd.phase != "play":
            return 1.0  # a Shi hand: the replay would need the 5-Shi decisions
        w = 1.0
        for index, (s, action, before) in enumerate(actions):
            if s != self.me and len(rnd.legal_actions(s)) > 1:
                key = (s, index, rnd.hands[s], tuple(facedown[s][:before]))
                chosen = self.cache.get(key)
                if chosen is None:
                    seat_view = rnd.view(s)
                    chosen = [p.act(seat_view) for p in self.players[s]]
                    self.cache[key] = chosen
                share = sum(1 for c in chosen if c == action) / len(chosen)
                w *= max(share, miss)
            try:
                rnd.apply(s, action)
            except IllegalAction:
                # the real play is impossible from these hands: the guess is ruled out
                # (the sampler already keeps the one rule hands hide, the Ou attack's)
                return 0.0
        return float(w ** self.power)


def measure_exact(cases: list[Case], miss: float, power: float, players: list[list[Player]],
                  caches: dict[int, dict[Key, list[Action]]], samples: int,
                  seed: int) -> dict[str, float]:
    """``measure``'s figures with guesses weighted by the exact policy (``caches`` keeps
    the reruns' choices per decision, for every row of a run)."""

    def sampler_of(view: SeatView, **_options: Any) -> Sampler:
        # one cache per decision: the same guessed hand at the same past decision
        cache = caches.setdefault(id(view), {})
        return ExactPolicySampler(view, players, miss, cache, power)

    return measure(cases, {}, samples, seed, sampler_of)


def rerun_players(seed: int, iterations: int, reruns: int) -> list[list[Player]]:
    """Per seat, ``reruns`` ``hard-v1`` players with the recorded players' settings and
    seeds of their own."""
    return [[make_player("hard-v1", 5000 + seed * 100 + s * 10 + r,
                         options={"iterations": iterations}) for r in range(reruns)]
            for s in range(4)]


def agreement(rounds: int, iterations: int, reruns: int, seed: int) -> float:
    """How often ``hard-v1`` players with other seeds, from the same view, make the choice
    the real player made (decisions with a choice): how much of the play its own program
    can predict at all."""
    players = recorded_players(seed, iterations)
    others = rerun_players(seed, iterations, reruns)
    rng = random.Random(seed)
    same = total = 0
    for _ in range(rounds):
        rnd = Round.deal(RuleSet(), rng.randrange(4), rng)
        while not rnd.over:
            seat = rnd.to_act()[0]
            view = rnd.view(seat)
            action = players[seat].act(view)
            if rnd.phase == "play" and len(view.legal) > 1:
                same += sum(1 for p in others[seat] if p.act(view) == action)
                total += reruns
            rnd.apply(seat, action)
    return same / total


def main() -> None:
    parser = argparse.ArgumentParser()
    add_recording_options(parser, samples=100)
    parser.set_defaults(rounds=60, iterations=30)
    parser.add_argument("--every", type=int, default=1,
                        help="measure every N-th recorded decision only")
    parser.add_argument("--offset", type=int, default=0,
                        help="starting from this one (runs with other offsets share the work)")
    parser.add_argument("--reruns", type=int, default=1)
    parser.add_argument("--miss", type=float, action="append", default=[])
    parser.add_argument("--power", type=float, action="append", default=[],
                        help="temper the likelihood (every --miss with every --power)")
    parser.add_argument("--agreement", type=int, default=0, metavar="ROUNDS",
                        help="only print how often the reruns repeat the real choices over "
                             "ROUNDS rounds (at least 3 reruns)")
    args = parser.parse_args()
    if args.agreement:
        share = agreement(args.agreement, args.iterations, max(args.reruns, 3), args.seed)
        print(f"the reruns make the real player's choice in {share:.1%} of its decisions")
        return
    t0 = time.perf_counter()
    cases = [c for c in cases_of(args) if not c[0].shi][args.offset::args.every]
    print(f"{len(cases)} decisions ({time.perf_counter() - t0:.0f} s)", flush=True)
    rows: list[tuple[str, tuple[float, float] | None]] = [("{}", None),
                                                          ('{"policy_miss": 0.3}', None)]
    rows += [(f"exact policy, {args.reruns} rerun(s), miss {m}, power {q}", (m, q))
             for m in args.miss or [0.3] for q in args.power or [1.0]]
    players = rerun_players(args.seed, args.iterations, args.reruns)
    caches: dict[int, dict[Key, list[Action]]] = {}
    for label, exact in rows:
        t1 = time.perf_counter()
        if exact is None:
            fig = measure(cases, json.loads(label), args.samples, args.seed)
        else:
            fig = measure_exact(cases, *exact, players, caches, args.samples, args.seed)
        print(f"{label:42} " + "  ".join(f"{k} {v:.4f}" for k, v in fig.items())
              + f"  ({time.perf_counter() - t1:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
