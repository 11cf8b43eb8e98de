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

from .search import Start, step

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


def value_after(model: ValueModel, codes: list[int], st: Start, first: int,
                second: int) -> float:
    """The model's value, for our team (``st.parity``), of the seat to move playing
    ``(first, second)`` (``first`` -1: a pass) in the four-seat position ``st`` of the
    guessed hands ``codes``; a finish is worth its points. ``codes`` is not changed."""
    codes, sizes, avail = codes[:], st.sizes[:], st.avail[:]
    state = [st.turn, st.attack, st.attacker, st.passes, st.ou_up]
    done = step(st, codes, sizes, avail, state, first, second)
    if done is not None:
        return done
    turn = state[0]
    v = model.value(codes, sizes, turn, state[1], state[2], state[4], avail)
    return v if turn & 1 == st.parity else -v
