"""Pieces of the hard player's search: which actions to search, when to drop one, and the
round's state as the playouts start it."""

from __future__ import annotations

import math
from typing import NamedTuple

from ..actions import Action, Play
from ..pieces import COUNT, COUNT_3P
from ..round import pack
from ..view import SeatView
from .heuristics import OU, POINTS, choose

MAX_CANDIDATES = 10


class Start(NamedTuple):
    """The public state a playout starts from (hands come from the guess)."""

    turn: int
    attack: int
    attacker: int
    passes: int
    ou_up: int
    sizes: list[int]
    #: per kind, the pieces not face up on the table
    avail: list[int]
    n: int
    parity: int
    team_mod: int
    double_any: bool
    fd_unlock: bool


def start_of(view: SeatView, from_deal: bool = False) -> Start:
    """The state of ``view`` (``from_deal``: the deal before the dealer's first lead)."""
    rules = view.rules
    n = rules.players
    avail = list(COUNT if n == 4 else COUNT_3P)
    for pieces in view.played:
        for p in pieces:
            if p.kind is not None and not p.face_down:
                avail[p.kind] -= 1
    team_mod = 2 if n == 4 else n
    attack = -1 if view.must_lead or view.attack is None else int(view.attack)
    attacker = -1 if view.attacker is None else view.attacker
    return Start(view.dealer if from_deal else view.turn, attack, attacker, view.passes,
                 view.ou_up, list(view.hand_sizes), avail, n, view.seat % team_mod, team_mod,
                 rules.double_any_seventh, rules.facedown_ou_unlocks)


def step(st: Start, codes: list[int], sizes: list[int], avail: list[int], state: list[int],
         f: int, s: int) -> int | None:
    """Play ``(f, s)`` (``f`` -1: a pass) for the seat to move of a guessed deal, in place:
    ``state`` is ``[turn, attack, attacker, passes, ou_up]``, the other lists as in
    :class:`Start` (``codes`` the hands). The finishing points (positive for the team of
    ``st.parity``) when it ends the round, else None."""
    turn, attack = state[0], state[1]
    if f < 0:
        state[3] += 1
        state[0] = (turn + 1) % st.n
        if state[3] == st.n - 1:
            state[1], state[3] = -1, 0
        return None
    lead = attack < 0
    codes[turn] -= (1 << (f << 2)) + (1 << (s << 2))
    sizes[turn] -= 2
    avail[s] -= 1
    if s == OU:
        state[4] += 1
    if not lead:
        avail[f] -= 1
    if f == OU and (not lead or st.fd_unlock):
        state[4] += 1
    if sizes[turn] == 0:
        pts = POINTS[s] * (2 if f == s and (lead or st.double_any) else 1)
        return pts if turn % st.team_mod == st.parity else -pts
    state[1], state[2], state[3], state[0] = s, turn, 0, (turn + 1) % st.n
    return None


def candidates(view: SeatView, weights: tuple[float, ...],
               max_candidates: int = MAX_CANDIDATES) -> list[Action]:
    """Legal actions worth searching: all when answering; when leading, the heuristic's
    favourite plus the best attack for every possible face-down piece and vice versa."""
    legal = list(view.legal)
    if len(legal) <= max_candidates or not view.must_lead:
        return legal
    # rank by the heuristic with each play forced: cheap proxy, keep the diverse best
    code = pack(view.hand)
    unseen = view.unseen()
    top = choose(code, len(view.hand), -1, 0, view.ou_up > 0, unseen,
                 view.rules.double_any_seventh, weights)
    chosen: list[Action] = [top]
    plays = [a for a in legal if isinstance(a, Play)]
    # one play per attack kind (face down the lowest non-Ou other piece) and one per
    # face-down kind (attack with the heuristic's attack)
    by_attack: dict[int, Play] = {}
    for p in sorted(plays, key=lambda p: (int(p.first) == OU, POINTS[int(p.first)])):
        by_attack.setdefault(int(p.second), p)
    for p in by_attack.values():
        if p not in chosen:
            chosen.append(p)
    if len(chosen) < max_candidates:
        # then the remaining plays in the heuristic's face-down order
        for p in sorted(plays, key=lambda p: (int(p.first) == OU, POINTS[int(p.first)])):
            if p not in chosen:
                chosen.append(p)
                if len(chosen) >= max_candidates:
                    break
    return chosen


def prune(active: list[int], sums: list[float], sq: list[float], wsum: float,
          samples: float, z: float = 2.5,
          cross: list[list[float]] | None = None) -> list[int]:
    """Drop candidates whose mean is ``z`` standard errors below the best one's;
    ``samples``: how many independent samples the weighted sums are worth. With
    ``cross`` (the weighted sums of ``v_i * v_j``, ``i < j``), the standard error is the
    paired difference's: every candidate sees the same samples, so what they share
    cancels out of the comparison."""
    stats = []
    for i in active:
        mean = sums[i] / wsum
        var = max(sq[i] / wsum - mean * mean, 1.0)
        stats.append((mean, var / samples, i))
    best_mean, best_se2, b = max(stats)
    if cross is None:
        return [i for mean, se2, i in stats
                if best_mean - mean <= z * math.sqrt(best_se2 + se2)]
    kept = []
    for mean, _, i in stats:
        if i != b:
            joint = cross[min(i, b)][max(i, b)] / wsum
            var = sq[i] / wsum + sq[b] / wsum - 2.0 * joint - (best_mean - mean) ** 2
            if best_mean - mean > z * math.sqrt(max(var, 1.0) / samples):
                continue
        kept.append(i)
    return kept
