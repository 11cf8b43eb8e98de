"""How often do a level's attacks follow the partners' signal, and what weight should a
guess that breaks it get?

    PYTHONPATH=. python -m benchmarks.signal_follow [--level hard] [--options JSON]
        [--rounds 60] [--against normal] [--seed 3]

Seeded four-seat rounds are played by four players of ``--level`` (thinking time
measured in CPU time), then by four of ``--against`` on the same deals. Every attack made
with more than two pieces in hand, where the legal plays attack with more than one kind,
counts: a lead's attack apart from an answer's. Prints, per kind of attack, how often it
follows the signal (:func:`goita_core.players.sampling.follows_convention`) at each level,
how often the guesses (drawn for the attacker's partner just before the attack, no signal
read) expected it to, and the weight a guess where an attack breaks the signal should get
against one where it follows it (``SearchSettings.convention``, ``convention_opp``): the
odds of breaking it over the odds of following it, each as ``--level``'s rate over the
guesses' (what the search should use), and over ``--against``'s.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Mapping
from dataclasses import dataclass

from goita_core import Play, Round, RuleSet, SeatView
from goita_core.players import make_player
from goita_core.players.sampling import Sampler, play_follows_convention
from goita_core.round import pack


@dataclass
class Tally:
    """Attacks counted, how many followed the signal, and how many the guesses expected to
    follow it (summed per attack: the weighted share of the partner's guesses, before the
    attack, that hold its pieces and in which it follows the signal)."""

    attacks: int = 0
    followed: int = 0
    expected: float = 0.0

    @property
    def rate(self) -> float:
        return self.followed / self.attacks if self.attacks else 0.0

    @property
    def guessed(self) -> float:
        return self.expected / self.attacks if self.attacks else 0.0


def guessed_rate(view: SeatView, seat: int, action: Play, rng: random.Random,
                 guesses: int = 40) -> float:
    """Of the guesses ``view``'s seat makes of ``seat``'s hand (no signal read) that hold
    ``action``'s pieces, the weighted share in which ``action`` follows the signal."""
    sampler = Sampler(view)
    first, second = int(action.first), int(action.second)
    hit = total = 0.0
    for _ in range(guesses):
        codes, w = sampler.sample(rng)
        code = codes[seat]
        if w <= 0 or (code >> (second << 2)) & 15 < 1 \
                or (code >> (first << 2)) & 15 < 1 + (first == second):
            continue
        total += w
        hit += w * play_follows_convention(code, action)
    return hit / total if total else 0.0


def tally(level: str, rounds: int, seed: int,
          options: Mapping[str, object] | None = None) -> dict[str, Tally]:
    """The attacks of four ``level`` players over ``rounds`` seeded deals, by lead and
    answer."""
    players = [make_player(level, seed=s, clock="cpu", options=options) for s in range(4)]
    out = {"lead": Tally(), "answer": Tally()}
    rules = RuleSet()
    for i in range(rounds):
        rng = random.Random(f"signal:{seed}:{i}")
        rnd = Round.deal(rules, rng.randrange(4), rng)
        while not rnd.over:
            seat = rnd.to_act()[0]
            view = rnd.view(seat)
            action = players[seat].act(view)
            plays = [a for a in view.legal if isinstance(a, Play)]
            if isinstance(action, Play) and len(view.hand) > 2 \
                    and len({a.second for a in plays}) > 1:
                t = out["lead" if view.must_lead else "answer"]
                t.attacks += 1
                t.followed += play_follows_convention(pack(view.hand), action)
                t.expected += guessed_rate(rnd.view((seat + 2) % 4), seat, action, rng)
            rnd.apply(seat, action)
    return out


def weight(rate: float, base: float) -> float:
    """A guess's weight where the attack breaks the signal, against 1 where it follows
    it: the odds of breaking it (``rate`` of following at the seat's level, ``base`` where
    nothing signals: the guesses' rate, or a level's that ignores the signal) over the
    odds of following it."""
    if not 0.0 < base < 1.0:
        raise ValueError("the base rate must lie strictly between 0 and 1")
    if rate >= 1.0:
        return 0.0
    if rate <= 0.0:
        return float("inf")
    return ((1.0 - rate) / (1.0 - base)) / (rate / base)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--level", default="hard")
    parser.add_argument("--options", type=json.loads, default=None)
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--against", default="normal")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    mine = tally(args.level, args.rounds, args.seed, args.options)
    base = tally(args.against, args.rounds, args.seed)
    for kind in ("lead", "answer"):
        m, b = mine[kind], base[kind]
        print(f"{kind}: {args.level} follows {m.followed} of {m.attacks} ({m.rate:.0%}; "
              f"the guesses expected {m.guessed:.0%}), {args.against} {b.followed} of "
              f"{b.attacks} ({b.rate:.0%}; expected {b.guessed:.0%}); weight of a broken "
              f"signal: {weight(m.rate, m.guessed):.2f} against the guesses, "
              f"{weight(m.rate, b.rate):.2f} against {args.against}")


if __name__ == "__main__":
    main()
