"""A learnt value of Goita positions: the points a round is worth to the team of the seat to
move, from a position where every hand is known (a guess of the search), fitted to the
outcomes of self-play (``benchmarks/value_data.py``, ``benchmarks/fit_value.py``).

The model is a one-hidden-layer network on binary features, so its first layer is a sum of
the rows of the features present: no matrix library is needed, and the cost is about one
vector addition per (seat, kind) held. Four-player rounds only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from operator import add, mul
from typing import Any

from .heuristics import OU, POINTS

#: count buckets per (seat, kind): 1, 2, 3, 4 or more
COUNT_CAP = 4
#: features: (seat, kind, count) held; (kind, count) of face-down pieces out of play;
#: the attack's kind; the attacker (relative); Ou unlocked; (seat, size / 2); which seats
#: hold the attack's kind
F_HELD = 0
F_DEAD = F_HELD + 4 * 8 * COUNT_CAP
F_ATTACK = F_DEAD + 8 * 3
F_ATTACKER = F_ATTACK + 8
F_OU = F_ATTACKER + 3
F_SIZE = F_OU + 1
F_HOLDS_ATTACK = F_SIZE + 4 * 4
N_FEATURES = F_HOLDS_ATTACK + 4


def features(hands: list[int], sizes: list[int], turn: int, attack: int, attacker: int,
             ou_up: int, avail: list[int]) -> list[int]:
    """The indices of the features present in a four-seat position, relative to ``turn``
    (the seat to move): ``hands`` packed counts, ``attack`` -1 when leading, ``avail`` per
    kind the pieces not face up on the table."""
    out = []
    dead = avail[:]
    for r in range(4):
        seat = (turn + r) & 3
        code = hands[seat]
        base = F_HELD + r * 8 * COUNT_CAP
        for k in range(8):
            c = (code >> (k << 2)) & 15
            if c:
                dead[k] -= c
                out.append(base + k * COUNT_CAP + min(c, COUNT_CAP) - 1)
        size = sizes[seat]
        if size:
            out.append(F_SIZE + r * 4 + min(size // 2, 4) - 1)
        if attack >= 0 and (code >> (attack << 2)) & 15:
            out.append(F_HOLDS_ATTACK + r)
    for k in range(8):
        if dead[k] > 0:
            out.append(F_DEAD + k * 3 + min(dead[k], 3) - 1)
    if attack >= 0:
        out.append(F_ATTACK + attack)
        out.append(F_ATTACKER + ((attacker - turn) & 3) - 1)
    if ou_up:
        out.append(F_OU)
    return out


def _relu(a: float) -> float:
    return a if a > 0.0 else 0.0


class ValueModel:
    """``value(...)``: the predicted points for the team of the seat to move; with
    ``residual``, what the playouts' mean misses of them (the search adds it to a
    playout's outcome)."""

    def __init__(self, w1: list[list[float]], b1: list[float], w2: list[float],
                 b2: float, residual: bool = False) -> None:
        if len(w1) != N_FEATURES or any(len(row) != len(b1) for row in w1) \
                or len(w2) != len(b1):
            raise ValueError("the value model's shapes do not match its features")
        self.w1 = [tuple(row) for row in w1]
        self.b1 = tuple(b1)
        self.w2 = tuple(w2)
        self.b2 = b2
        self.residual = residual

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ValueModel:
        """A model as ``benchmarks/fit_value.py`` writes it (JSON)."""
        try:
            return cls(data["w1"], data["b1"], data["w2"], float(data["b2"]),
                       bool(data.get("residual", False)))
        except (KeyError, TypeError) as exc:
            raise ValueError(f"not a value model: {exc!r}") from exc

    def evaluate(self, active: list[int]) -> float:
        """The model's output for the features ``active``."""
        w1 = self.w1
        h: Iterable[float] = self.b1
        for i in active:
            h = map(add, h, w1[i])
        return self.b2 + float(sum(map(mul, self.w2, map(_relu, h))))

    def value(self, hands: list[int], sizes: list[int], turn: int, attack: int,
              attacker: int, ou_up: int, avail: list[int]) -> float:
        return self.evaluate(features(hands, sizes, turn, attack, attacker, ou_up, avail))


def value_after(model: ValueModel, hands: list[int], sizes: list[int], turn: int,
                attack: int, attacker: int, passes: int, ou_up: int, avail: list[int],
                first: int, second: int, parity: int, double_any: bool,
                fd_unlock: bool) -> float:
    """The model's value, for the team of seats ``% 2 == parity``, of the seat to move
    playing ``(first, second)`` (``first`` -1: a pass) in a four-seat position; a finish
    is worth its points. The lists are not changed."""
    if first < 0:
        passes += 1
        turn = (turn + 1) & 3
        if passes == 3:
            attack = -1
        return model.value(hands, sizes, turn, attack, attacker, ou_up, avail) \
            * (1 if turn & 1 == parity else -1)
    lead = attack < 0
    size = sizes[turn] - 2
    if size == 0:
        pts = POINTS[second] * (2 if first == second and (lead or double_any) else 1)
        return pts if turn & 1 == parity else -pts
    hands = hands[:]
    hands[turn] -= (1 << (first << 2)) + (1 << (second << 2))
    sizes = sizes[:]
    sizes[turn] = size
    avail = avail[:]
    avail[second] -= 1
    if second == OU:
        ou_up += 1
    if not lead:
        avail[first] -= 1
    if first == OU and (not lead or fd_unlock):
        ou_up += 1
    nxt = (turn + 1) & 3
    return model.value(hands, sizes, nxt, second, turn, ou_up, avail) \
        * (1 if nxt & 1 == parity else -1)
