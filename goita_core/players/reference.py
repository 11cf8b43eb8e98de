"""The plain playout of ``hard-v1``, kept as it was (a yardstick): never compiled."""

from __future__ import annotations

from ..actions import PASS, Action, Play
from ..round import legal_for
from .heuristics import LEAD, OPPONENT, OU, PARTNER, POINTS, choose
from .lacks import lack_after, lack_discount


def reference_playout(hands: list[int], sizes: list[int], turn: int, attack: int,
                      attacker: int, passes: int, ou_up: int, avail: list[int], first: int,
                      second: int, n: int, my_parity: int, team_mod: int, double_any: bool,
                      fd_unlock: bool, weights: tuple[float, ...], lack: float = 0.0,
                      masks: list[int] | None = None) -> int:
    """:func:`.kernel.playout` written plainly, asking :func:`~.heuristics.choose` at every step:
    the first hard player's playout (``hard-v1``), and the yardstick the lean one is tested
    against (``lack`` and ``masks`` as there)."""
    act: Action = PASS if first < 0 else Play(first, second)
    if masks is None:
        masks = [0] * n
    while True:
        if lack:
            lack_after(masks, turn, attack, attacker,
                       -1 if act is PASS else int(act.first),  # type: ignore[attr-defined]
                       team_mod)
        if act is PASS:
            passes += 1
            turn = (turn + 1) % n
            if passes == n - 1:
                attack = -1
                passes = 0
        else:
            f = act.first  # type: ignore[attr-defined]
            s = act.second  # type: ignore[attr-defined]
            lead = attack < 0
            hands[turn] -= (1 << (f << 2)) + (1 << (s << 2))
            size = sizes[turn] - 2
            sizes[turn] = size
            avail[s] -= 1
            if s == OU:
                ou_up += 1
            if not lead:
                avail[f] -= 1
            if f == OU and (not lead or fd_unlock):
                ou_up += 1
            if size == 0:
                pts = POINTS[s] * (2 if f == s and (lead or double_any) else 1)
                return pts if turn % team_mod == my_parity else -pts
            attack = s
            attacker = turn
            passes = 0
            turn = (turn + 1) % n
        code = hands[turn]
        if attack < 0:
            relation = LEAD
        elif team_mod == 2 and (attacker - turn) % 4 == 2:
            relation = PARTNER
        else:
            relation = OPPONENT
        if attack >= 0 and len(legal_for(code, attack, ou_up > 0)) == 1:
            act = PASS  # nothing to block with
            continue
        unseen = [avail[k] - ((code >> (k << 2)) & 15) for k in range(8)]
        act = choose(code, sizes[turn], attack, relation, ou_up > 0, unseen, double_any,
                     weights, sizes[attacker] if attack >= 0 else 8,
                     lack_discount(masks, turn, team_mod, lack) if lack else None)
