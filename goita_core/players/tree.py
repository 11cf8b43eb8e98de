"""Searching our own later decisions: a tree over the information sets of the searching
seat (single-observer information-set MCTS) below each candidate of the flat search.

The flat search values a candidate by playing the round out with the normal heuristics at
every seat, our own later decisions included. Here our later decisions are searched too:
each guess is played with the playouts' model at the other seats (the heuristics, random
options, our team's memory of the kinds others lack) up to our next decision; what
we saw happen in between (the public moves: another seat's face-down piece stays hidden)
selects a node of the candidate's tree, a node that every guess with the same public play
shares. A node plays the heuristic's choice for its first visits (:data:`WARMUP`; rarely
reached situations are then played as well as the flat search plays them) and then chooses
by UCB1 among its options; below the tree the lean playout finishes the round.
"""

from __future__ import annotations

import math

from ..actions import PASS, Action
from ..hands import legal_for
from .heuristics import (
    LEAD,
    OPPONENT,
    OU,
    PARTNER,
    POINTS,
    best_finish,
    choose,
)
from .kernel import playout
from .lacks import lack_after, lack_discount
from .search import Start, step

#: visits a node plays the heuristic's choice before it chooses by UCB1
WARMUP = 8
#: UCB1's exploration constant, on outcomes scaled to about -1 .. +1 (points / 100)
EXPLORE = 0.5
#: leads searched at a node (the heuristic's choice first, then one per attack kind)
NODE_LEADS = 8

Move = tuple[int, int]  # (first, second); (-1, -1) is a pass


class Edge:
    """One of our actions at a node: its (guess-weighted) outcome and the nodes below."""

    __slots__ = ("below", "n", "vsum", "wsum")

    def __init__(self) -> None:
        self.n = 0
        self.wsum = 0.0
        self.vsum = 0.0
        self.below: dict[tuple[Move, ...], Node] = {}


class Node:
    """A decision of ours, as we see it (same for every guess that reaches it)."""

    __slots__ = ("edges", "options", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.edges: dict[Move, Edge] = {}
        self.options: list[Move] | None = None


def _move(act: Action) -> Move:
    if act is PASS:
        return (-1, -1)
    return (int(act.first), int(act.second))  # type: ignore[attr-defined]


def _options(code: int, size: int, attack: int, unlocked: bool, unseen: list[int],
             double_any: bool, weights: tuple[float, ...], top: Move) -> list[Move]:
    """Our actions worth searching at a node (the heuristic's choice first)."""
    legal = legal_for(code, attack, unlocked)
    out = [top]
    if attack >= 0:
        out += [m for m in map(_move, legal) if m != top]
        return out
    plays = sorted(map(_move, legal), key=lambda m: (m[0] == OU, POINTS[m[0]]))
    by_attack: dict[int, Move] = {}
    for m in plays:
        by_attack.setdefault(m[1], m)
    out += [m for m in by_attack.values() if m != top]
    return out[:NODE_LEADS]


class TreeSearch:
    """Values one candidate per guess through the candidate's tree (see module doc)."""

    def __init__(self, st: Start, me: int, weights: tuple[float, ...], eps: float = 0.0,
                 eps_opp: float | None = None, lack: float = 0.0,
                 masks: list[int] | None = None, lack_team: bool = False,
                 warmup: int = WARMUP, explore: float = EXPLORE) -> None:
        self.st = st
        #: visits a node plays the heuristic's choice before it chooses by UCB1
        self.warmup = warmup
        self.explore = explore
        #: as in the lean playout: chance that a seat of our team (another seat of the
        #: other team: ``eps_opp``, None: ``eps``) plays a random option
        self.eps = eps
        self.eps_opp = eps if eps_opp is None else eps_opp
        #: as in the lean playout: the seats remember the kinds others have shown they
        #: lack (from ``masks``, the round so far), only our team's with ``lack_team``
        self.lack = lack
        self.lack_team = lack_team
        self.start_masks = [0] * st.n if masks is None else masks
        self.masks: list[int] = []
        self.noise: list[float] = []
        self.step = 0
        self.me = me
        self.weights = weights
        self.roots: dict[Move, Edge] = {}

    def value(self, codes: list[int], move: Move, w: float,
              noise: list[float] | None = None) -> int:
        """The outcome of ``move`` in the guess ``codes`` (weight ``w``); ``noise``: the
        guess's uniform draws (see :func:`~.kernel.playout`)."""
        st = self.st
        self.noise = noise or []
        self.step = 0
        self.masks = self.start_masks[:]
        root = self.roots.get(move)
        if root is None:
            root = self.roots[move] = Edge()
        state = [st.turn, st.attack, st.attacker, st.passes, st.ou_up]
        return self._edge(root, move, codes, st.sizes[:], st.avail[:], state, w)

    def _heuristic(self, codes: list[int], sizes: list[int], avail: list[int],
                   state: list[int]) -> Move:
        st = self.st
        turn, attack, attacker = state[0], state[1], state[2]
        code = codes[turn]
        if attack < 0:
            relation = LEAD
        elif st.team_mod == 2 and (attacker - turn) % 4 == 2:
            relation = PARTNER
        else:
            relation = OPPONENT
        ours = turn % st.team_mod == st.parity
        if self.noise and turn != self.me and sizes[turn] > 2:
            legal = legal_for(code, attack, state[4] > 0)
            if len(legal) > 1:
                u = self.noise[self.step % len(self.noise)]
                self.step += 1
                e = self.eps if ours else self.eps_opp
                if u < e:
                    return _move(legal[int(u / e * len(legal))])
        unseen = [avail[k] - ((code >> (k << 2)) & 15) for k in range(8)]
        discount = lack_discount(self.masks, turn, st.team_mod, self.lack) \
            if self.lack and (ours or not self.lack_team) else None
        return _move(choose(code, sizes[turn], attack, relation, state[4] > 0, unseen,
                            st.double_any, self.weights,
                            sizes[attacker] if attack >= 0 else 8, discount))

    def _play(self, codes: list[int], sizes: list[int], avail: list[int], state: list[int],
              move: Move) -> int | None:
        """:func:`~.search.step`, remembering what the move shows a seat lacks."""
        if self.lack:
            lack_after(self.masks, state[0], state[1], state[2], move[0], self.st.team_mod)
        return step(self.st, codes, sizes, avail, state, *move)

    def _edge(self, edge: Edge, move: Move, codes: list[int], sizes: list[int],
              avail: list[int], state: list[int], w: float) -> int:
        """Play our ``move``, the others up to our next decision, and on (the outcome)."""
        v = self._play(codes, sizes, avail, state, move)
        seen: list[Move] = []
        while v is None and state[0] != self.me:
            m = self._heuristic(codes, sizes, avail, state)
            seen.append(m if state[1] >= 0 or m[0] < 0 else (-1, m[1]))
            v = self._play(codes, sizes, avail, state, m)
        if v is None:
            key = tuple(seen)
            node = edge.below.get(key)
            if node is None:
                node = edge.below[key] = Node()
            v = self._node(node, codes, sizes, avail, state, w)
        edge.n += 1
        edge.wsum += w
        edge.vsum += w * v
        return v

    def _node(self, node: Node, codes: list[int], sizes: list[int], avail: list[int],
              state: list[int], w: float) -> int:
        st = self.st
        node.visits += 1
        me = self.me
        if node.options is None:
            top = self._heuristic(codes, sizes, avail, state)
            code = codes[me]
            legal = legal_for(code, state[1], state[4] > 0)
            if len(legal) == 1 or (sizes[me] == 2 and best_finish(
                    legal, state[1] < 0, st.double_any) is not None):
                node.options = [top]  # forced, or the finish the heuristic takes
            else:
                unseen = [avail[k] - ((code >> (k << 2)) & 15) for k in range(8)]
                node.options = _options(code, sizes[me], state[1], state[4] > 0, unseen,
                                        st.double_any, self.weights, top)
        options = node.options
        if len(options) == 1 or node.visits < self.warmup:
            # rarely reached (or forced): finish as the flat search would
            move = options[0]
            v = playout(codes, sizes, state[0], state[1], state[2], state[3], state[4],
                        avail, move[0], move[1], st.n, st.parity, st.team_mod,
                        st.double_any, st.fd_unlock, self.weights, self.eps,
                        _rotated(self.noise, self.step), self.eps_opp, self.lack, self.masks,
                        self.lack_team)
            edge = node.edges.get(move)
            if edge is None:
                edge = node.edges[move] = Edge()
            edge.n += 1
            edge.wsum += w
            edge.vsum += w * v
            return v
        move = _ucb(node, options, self.explore)
        edge = node.edges.get(move)
        if edge is None:
            edge = node.edges[move] = Edge()
        return self._edge(edge, move, codes, sizes, avail, state, w)


def _rotated(noise: list[float], step: int) -> list[float] | None:
    """The draws not used yet first (None: no noise)."""
    if not noise:
        return None
    step %= len(noise)
    return noise[step:] + noise[:step]


def _ucb(node: Node, options: list[Move], explore: float) -> Move:
    log_n = math.log(node.visits)
    best = options[0]
    best_score = -math.inf
    edges = node.edges
    for m in options:
        e = edges.get(m)
        if e is None or e.n == 0:
            return m
        score = e.vsum / (100.0 * e.wsum) + explore * math.sqrt(log_n / e.n)
        if score > best_score:
            best, best_score = m, score
    return best

