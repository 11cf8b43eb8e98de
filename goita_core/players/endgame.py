"""Exact play of a guessed deal once few pieces remain: every hand is known in the guess,
so the round is a two-team zero-sum game of perfect information, solved by minimax with a
memo of positions (shared by all candidate actions of one guess). With ``cutoffs``, the
search is alpha-beta (plays that go out first): the same values, far fewer positions, so a
search can afford to solve from more pieces."""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import PASS, Action
from ..round import legal_for
from .heuristics import OU, POINTS

INF = 10**6
#: memo entries: a position's (lower bound, upper bound) of its value
Memo = dict[tuple[object, ...], tuple[int, int]]


def exact_after(codes: list[int], turn: int, attack: int, passes: int, ou_up: int,
                act: Action, n: int, parity: int, team_mod: int, double_any: bool,
                fd_unlock: bool, memo: Memo, cutoffs: bool = True) -> int:
    """Exact minimax value (our team's points, negative when the others score) of playing
    ``act`` in a determinization where every hand is known."""

    def apply(hands: tuple[int, ...], turn: int, attack: int, passes: int, ou_up: int,
              act: Action, alpha: int, beta: int) -> int:
        if act is PASS:
            passes += 1
            nxt = (turn + 1) % n
            if passes == n - 1:
                return solve(hands, nxt, -1, 0, ou_up, alpha, beta)
            return solve(hands, nxt, attack, passes, ou_up, alpha, beta)
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
        return solve(new, (turn + 1) % n, s, 0, ou_up, alpha, beta)

    def solve(hands: tuple[int, ...], turn: int, attack: int, passes: int, ou_up: int,
              alpha: int, beta: int) -> int:
        key = (hands, turn, attack, passes, ou_up > 0)
        lo, hi = memo.get(key, (-INF, INF))
        if lo == hi or lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        alpha, beta = max(alpha, lo), min(beta, hi)
        alpha0, beta0 = alpha, beta
        maximize = turn % team_mod == parity
        best = -INF if maximize else INF
        acts: tuple[Action, ...] | list[Action] = legal_for(hands[turn], attack, ou_up > 0)
        if cutoffs and len(acts) > 2 and _size(hands[turn]) == 2:
            acts = _finishes_first(acts, attack < 0, double_any)
        for a in acts:
            v = apply(hands, turn, attack, passes, ou_up, a, alpha, beta)
            if maximize:
                if v > best:
                    best = v
                    if cutoffs and v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if cutoffs and v < beta:
                    beta = v
            if cutoffs and alpha >= beta:
                break
        if best <= alpha0:
            memo[key] = (lo, best)  # the true value is at most best
        elif best >= beta0:
            memo[key] = (best, hi)  # at least best
        else:
            memo[key] = (best, best)
        return best

    return apply(tuple(codes), turn, attack, passes, ou_up, act, -INF, INF)


def _size(code: int) -> int:
    return sum((code >> (k << 2)) & 15 for k in range(8))


def _finishes_first(acts: Sequence[Action], lead: bool, double_any: bool
                    ) -> list[Action]:
    """The finishing plays of a two-piece hand, worth most first, then the pass."""
    plays = [a for a in acts if a is not PASS]
    plays.sort(key=lambda a: -POINTS[a.second]  # type: ignore[attr-defined]
               * (2 if a.first == a.second and (lead or double_any) else 1))  # type: ignore[attr-defined]
    return plays + [a for a in acts if a is PASS]
