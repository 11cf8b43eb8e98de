"""The fixed programs a seat may be: greedy and normal, recognised from its play.

At a table, the other seats may be people, search players or the deterministic programs
(``greedy``, the arena's yardstick; ``normal``, the computer seats of a table's middle
level). A deterministic program shows its hand in every choice: greedy always blocks
(a pass means it lacks the kind and a usable Ou), attacks with the kind it holds most and
leads face down the kind it holds fewest of. :class:`Programs` weighs a guessed deal by
how likely each seat's past decisions are if the seat is one of these programs (each a
priori with its share) or plays as the search otherwise assumes (the pass
hints of :mod:`.sampling`), and draws, for the playouts, which program the seat plays in
that guess (:func:`greedy_move` in :func:`.kernel.playout`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..actions import PASS, Action, Play
from ..round import legal_for
from .heuristics import LEAD, OPPONENT, OU, PARTNER, POINTS, best_finish, choose

#: what a seat plays in a playout: as the search assumes, greedy, normal
BASE, GREEDY, NORMAL = 0, 1, 2

#: the chance that a program's recorded decision is not the program's (a slip of the
#: model, never 0: one odd decision must not rule out a whole hand)
SLIP = 0.02

#: (hand, attack, Ou unlocked, doubled 7th anywhere) -> greedy's move; each entry is a pure
#: function of its key, so threads may share it
_GREEDY: dict[int, tuple[int, int]] = {}
#: a memo of choices (greedy's, normal's, the playouts' heuristic's) is emptied when it
#: reaches this many situations (bounds the memory, ~100 MB each)
MEMO_LIMIT = 500_000
#: per (weights, doubled 7th anywhere): the normal program's move per situation
_NORMAL: dict[tuple[tuple[float, ...], bool], dict[int, tuple[int, int]]] = {}


def greedy_action(code: int, attack: int, ou_unlocked: bool, double_any: bool = False
                  ) -> Action:
    """What the greedy yardstick plays holding the packed hand ``code`` (``attack`` -1:
    it leads). Finishes for the most points; always blocks, with the same kind before an
    Ou; attacks with the kind it holds most (ties: the higher value); leads face down the
    kind it holds fewest of (ties: the lower value, an Ou last)."""
    legal = legal_for(code, attack, ou_unlocked)
    lead = attack < 0
    counts = [(code >> (k << 2)) & 15 for k in range(8)]
    if sum(counts) == 2:
        fin = best_finish(legal, lead, double_any)
        if fin is not None:
            return fin
    plays = [a for a in legal if isinstance(a, Play)]
    if not plays:
        return PASS
    firsts = {int(a.first) for a in plays}
    if lead:
        first = min(firsts, key=lambda k: (k == OU, counts[k], POINTS[k] * 8 + k))
    else:
        first = attack if attack in firsts else OU
    counts[first] -= 1
    options = [a for a in plays if int(a.first) == first]
    return max(options, key=lambda a: (counts[int(a.second)], POINTS[int(a.second)],
                                       int(a.second)))


def greedy_move(code: int, attack: int, ou_unlocked: bool, double_any: bool
                ) -> tuple[int, int]:
    """:func:`greedy_action` as an int pair (``(-1, -1)``: a pass), remembered."""
    key = code | ((attack + 1) << 32) | (ou_unlocked << 36) | (double_any << 37)
    got = _GREEDY.get(key)
    if got is None:
        got = _remember(_GREEDY, key, greedy_action(code, attack, ou_unlocked, double_any))
    return got


def normal_move(code: int, attack: int, partner: bool, ou_unlocked: bool,
                avail_code: int, attacker_size: int, double_any: bool,
                weights: tuple[float, ...]) -> tuple[int, int]:
    """What the normal program plays (:func:`.heuristics.choose` with ``weights``, no
    memory of lacks) holding ``code``, as an int pair (``(-1, -1)``: a pass), remembered.
    ``attack``: the kind to answer (-1 to lead), made by the partner or not;
    ``avail_code``: per kind, 4 bits, the pieces not face up on the table."""
    memo = _NORMAL.get((weights, double_any))
    if memo is None:
        memo = _NORMAL[(weights, double_any)] = {}
    relation = LEAD if attack < 0 else PARTNER if partner else OPPONENT
    key = code | (avail_code << 32) | ((attack + 1) << 64) | (relation << 68) \
        | (ou_unlocked << 70) | (min(attacker_size, 15) << 71)
    got = memo.get(key)
    if got is None:
        counts = [(code >> (k << 2)) & 15 for k in range(8)]
        unseen = [((avail_code >> (k << 2)) & 15) - counts[k] for k in range(8)]
        got = _remember(memo, key, choose(code, sum(counts), attack, relation, ou_unlocked,
                                          unseen, double_any, weights, attacker_size))
    return got


def _remember(memo: dict[int, tuple[int, int]], key: int, act: Action) -> tuple[int, int]:
    """``act`` as an int pair (``(-1, -1)``: a pass), stored in ``memo`` under ``key``
    (emptied first when full)."""
    got = (int(act.first), int(act.second)) if isinstance(act, Play) else (-1, -1)
    if len(memo) >= MEMO_LIMIT:
        memo.clear()
    memo[key] = got
    return got


def odds(hit: bool, options: int, slip: float = SLIP, agree: float | None = None) -> float:
    """How much likelier a program makes a decision among ``options`` (at least 2) than a
    uniform choice: ``(1 - slip) * options`` when it is the program's, else
    ``slip * options / (options - 1)``. ``agree``: than a player who makes the program's
    choice that often instead, whatever the options: ``(1 - slip) / agree`` or
    ``slip / (1 - agree)``."""
    if agree is not None:
        return (1.0 - slip) / agree if hit else slip / (1.0 - agree)
    return (1.0 - slip) * options if hit else slip * options / (options - 1)


def check_shares(greedy: float, normal: float, none_ok: bool = False) -> None:
    """ValueError unless the programs' prior shares (``identify``, ``identify_normal``)
    are at least 0 and their sum is in (0, 1) (``none_ok``: [0, 1))."""
    total = greedy + normal
    if greedy < 0 or normal < 0 or total >= 1.0 or (total <= 0.0 and not none_ok):
        raise ValueError("the programs' shares (identify, identify_normal) must be at "
                         "least 0, their sum in (0, 1)")


class Programs:
    """The mixture over what each other seat is: greedy or normal with the seat's shares
    (``shares[seat]``: greedy's, normal's), otherwise the search's own assumption
    (weighted by the pass hints)."""

    def __init__(self, shares: Sequence[tuple[float, float]], slip: float = SLIP) -> None:
        for greedy, normal in shares:
            check_shares(greedy, normal, none_ok=True)
        self.shares = [(1.0 - greedy - normal, greedy, normal) for greedy, normal in shares]
        #: the programs' slip in the guesses' weights (:func:`odds`)
        self.slip = slip
        #: per seat, the program drawn with the last weighed guess (BASE for our own)
        self.drawn = [BASE] * len(shares)

    def seat_weight(self, seat: int, hints: float, greedy: float, normal: float,
                    rng: random.Random) -> float:
        """The seat's factor of a guess's weight, given its hint factor and how much
        likelier greedy and normal make its decisions than chance (:func:`odds`, over
        all of them); draws the program the seat plays in this guess's playouts."""
        base_p, greedy_p, normal_p = self.shares[seat]
        terms = (base_p * hints, greedy_p * greedy, normal_p * normal)
        total = terms[0] + terms[1] + terms[2]
        r = rng.random() * total
        program = BASE
        if r >= terms[0]:
            program = GREEDY if r < terms[0] + terms[1] else NORMAL
        self.drawn[seat] = program
        return total

    def draw(self, seat: int, rng: random.Random) -> None:
        """Draw the program the seat plays in this guess's playouts by its shares alone."""
        self.seat_weight(seat, 1.0, 1.0, 1.0, rng)
