"""Exact play of a guessed deal once few pieces remain: every hand is known in the guess,
so the round is a two-team zero-sum game of perfect information, solved by minimax with a
memo of positions (shared by all candidate actions of one guess)."""

from __future__ import annotations

from ..actions import PASS, Action
from ..round import legal_for
from .heuristics import OU, POINTS


def exact_after(codes: list[int], sizes: list[int], turn: int, attack: int, passes: int,
                 ou_up: int, act: Action, n: int, parity: int, team_mod: int,
                 double_any: bool, fd_unlock: bool, memo: dict[tuple[object, ...], int]
                 ) -> int:
    """Exact minimax value (our team's points, negative when the others score) of playing
    ``act`` in a determinization where every hand is known: used once few pieces remain."""

    def apply(hands: tuple[int, ...], turn: int, attack: int, passes: int, ou_up: int,
              act: Action) -> int:
        if act is PASS:
            passes += 1
            nxt = (turn + 1) % n
            if passes == n - 1:
                return solve(hands, nxt, -1, 0, ou_up)
            return solve(hands, nxt, attack, passes, ou_up)
        f = act.first  # type: ignore[attr-defined]
        s = act.second  # type: ignore[attr-defined]
        lead = attack < 0
        code = hands[turn] - (1 << (f << 2)) - (1 << (s << 2))
        if code == 0:
            pts = POINTS[s] * (2 if f == s and (lead or double_any) else 1)
            return pts if turn % team_mod == parity else -pts
        if s == OU:
            ou_up += 1
        if f == OU and (not lead or fd_unlock):
            ou_up += 1
        new = (*hands[:turn], code, *hands[turn + 1:])
        return solve(new, (turn + 1) % n, s, 0, ou_up)

    def solve(hands: tuple[int, ...], turn: int, attack: int, passes: int, ou_up: int
              ) -> int:
        key = (hands, turn, attack, passes, ou_up > 0)
        got = memo.get(key)
        if got is not None:
            return got
        maximize = turn % team_mod == parity
        best = -10**6 if maximize else 10**6
        for a in legal_for(hands[turn], attack, ou_up > 0):
            v = apply(hands, turn, attack, passes, ou_up, a)
            if maximize:
                if v > best:
                    best = v
            elif v < best:
                best = v
        memo[key] = best
        return best

    del sizes
    return apply(tuple(codes), turn, attack, passes, ou_up, act)
