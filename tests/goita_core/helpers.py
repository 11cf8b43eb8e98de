"""Deal builders shared by the rules-core tests."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from goita_core import Action, Round, RuleSet, SeatView
from goita_core.pieces import Kind, full_set, parse_pieces


def complete_deal(fixed: dict[int, str], players: int = 4) -> list[list[Kind]]:
    """Hands where ``fixed`` seats hold the given pieces and the rest of the set is dealt
    round-robin in kind order to the other seats (which spreads Shi and 4-piece kinds, so
    no other seat gets a Shi hand or four of a kind)."""
    pool = full_set(players)
    hands: list[list[Kind]] = [[] for _ in range(players)]
    for seat, text in fixed.items():
        for k in parse_pieces(text):
            pool.remove(k)
            hands[seat].append(k)
    free = [s for s in range(players) if s not in fixed]
    size = 8 if players == 4 else 10
    i = 0
    for k in pool:
        while len(hands[free[i % len(free)]]) >= size:
            i += 1
        hands[free[i % len(free)]].append(k)
        i += 1
    return hands


def hands_of(*texts: str) -> list[list[Kind]]:
    return [parse_pieces(t) for t in texts]


def picked_views(rng: random.Random, act: Callable[[int, SeatView], Action],
                 pick: Callable[[Round, SeatView], bool]) -> Iterator[tuple[Round, SeatView]]:
    """Rounds dealt from ``rng`` and played by ``act(seat, view)``, endlessly: from each,
    the first view of the seat to move that ``pick`` takes, with its round (left as it is
    then)."""
    while True:
        rnd = Round.deal(RuleSet(), rng.randrange(4), rng)
        while not rnd.over:
            seat = rnd.to_act()[0]
            view = rnd.view(seat)
            if pick(rnd, view):
                yield rnd, view
                break
            rnd.apply(seat, act(seat, view))
