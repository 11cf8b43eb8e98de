"""A stochastic model of how players choose, for the hard player's playouts.

The normal heuristics pick one action; a playout that plays them (with a uniformly random
option now and then) assumes the other seats act that way. Search players do not: in
recorded rounds of ``hard`` and ``hard-v1`` players they pass an opponent's attack they
could block with an Ou about half the time, and attack with pieces the heuristic avoids.
Here every option gets a probability, a softmax over a linear score of the option's
features (:func:`options`), with coefficients ``theta`` fitted to recorded play by maximum
likelihood (``benchmarks/tune_rollout.py --soft``). :func:`soft_playout` plays a round out
drawing every seat's action from this model.
"""

from __future__ import annotations

import math

from ..actions import Play
from .heuristics import DEFAULT_WEIGHTS, GON, LEAD, OPPONENT, OU, PARTNER, POINTS, choose
from .kernel import plays_for

#: names of the features, in order (a play's unless marked pass)
FEATURES = (
    "blockers",        # unseen pieces that could block the attack, / 4
    "attack_value",    # points of the attacking piece, / 40
    "early_ou",        # attacking with an Ou before the last play
    "late_pair",       # keeping a pair for the last play: its points / 40
    "late_high",       # keeping no pair for the last play: the best piece's points / 40
    "keep_kind",       # pieces of the attacking kind still held after it
    "fd_value",        # leading: points of the face-down piece, / 40
    "fd_ou",           # leading: an Ou face down
    "fd_single",       # leading: the face-down piece was the last of its kind
    "ou_block",        # answering an opponent: blocking with an Ou
    "ou_block_held",   # ... with an Ou while holding the attacked kind
    "partner_block",   # blocking the partner's attack
    "partner_safe",    # ... when at most one piece of its kind is unseen
    "pass_held",       # pass: an opponent's attack, holding its kind
    "pass_ou_only",    # pass: an opponent's attack that only an Ou of ours could block
    "pass_value",      # pass: an opponent's attack, its points / 40
    "pass_size",       # pass: pieces in hand / 8
)
N_FEATURES = len(FEATURES)

Move = tuple[int, int]  # (first, second); (-1, -1) is a pass
Options = tuple[tuple[Move, ...], tuple[tuple[float, ...], ...]]


def options(code: int, size: int, attack: int, partner: bool, unlocked: bool,
            unseen: list[int]) -> Options:
    """The options of a seat holding ``code`` (``size`` pieces) with a choice to make: its
    legal plays (and the pass when answering), each with its features. ``partner``: the
    attack to answer is the partner's; ``unseen`` counts per kind the pieces it cannot
    see."""
    plays = plays_for(code, attack, unlocked)
    lead = attack < 0
    held = 0 if lead else (code >> (attack << 2)) & 15
    unseen_ou = unseen[OU]
    moves: list[Move] = []
    feats: list[tuple[float, ...]] = []
    for f, s, rem_s, single, _ in plays:
        size_after = size - 2
        blockers = unseen_ou if s == OU else unseen[s] + (unseen_ou if s > GON else 0)
        pair = high = 0.0
        if size_after == 2:
            rem = [(code >> (k << 2)) & 15 for k in range(8)]
            rem[f] -= 1
            rem[s] -= 1
            pairs = [k for k in range(8) if rem[k] == 2]
            if pairs:
                pair = POINTS[pairs[0]] / 40
            else:
                high = max(POINTS[k] for k in range(8) if rem[k]) / 40
        ou_block = not lead and not partner and f == OU and attack != OU
        moves.append((f, s))
        feats.append((
            blockers / 4, POINTS[s] / 40, float(s == OU and size_after > 0), pair, high,
            float(rem_s),
            POINTS[f] / 40 if lead else 0.0, float(lead and f == OU),
            float(lead and bool(single)),
            float(ou_block), float(ou_block and held > 0),
            float(partner), float(partner and unseen[attack] <= 1),
            0.0, 0.0, 0.0, 0.0))
    if not lead:
        moves.append((-1, -1))
        opp = not partner
        feats.append((0.0,) * 13 + (
            float(opp and held > 0), float(opp and held == 0),
            POINTS[attack] / 40 if opp else 0.0, size / 8))
    return tuple(moves), tuple(feats)


def probabilities(theta: tuple[float, ...] | list[float],
                  feats: tuple[tuple[float, ...], ...]) -> list[float]:
    """The softmax of ``theta``'s scores over the options."""
    scores = [sum(t * x for t, x in zip(theta, fv, strict=True)) for fv in feats]
    top = max(scores)
    exps = [math.exp(sc - top) for sc in scores]
    total = sum(exps)
    return [e / total for e in exps]


#: per (theta, weights): (hand, pieces not face up, attack, relation, Ou unlocked) -> the
#: options, their cumulative probabilities and the heuristic's choice
_Entry = tuple[tuple[Move, ...], list[float], Move]
_MEMOS: dict[tuple[tuple[float, ...], tuple[float, ...]], dict[int, _Entry]] = {}
MEMO_LIMIT = 300_000


def soft_playout(hands: list[int], sizes: list[int], turn: int, attack: int, attacker: int,
                 passes: int, ou_up: int, avail: list[int], first: int, second: int, n: int,
                 my_parity: int, team_mod: int, double_any: bool, fd_unlock: bool,
                 theta: tuple[float, ...], noise: list[float], eps: float = 1.0,
                 weights: tuple[float, ...] = DEFAULT_WEIGHTS) -> int:
    """:func:`~.kernel.playout` with the seats' choices drawn from the model (``noise``:
    uniform draws used in turn, shared by the candidates of a guess); the finishing points,
    positive when the seat with ``turn % team_mod == my_parity`` wins. With ``eps`` < 1 a
    seat plays the normal heuristic's choice (``weights``; the partner rule's
    ``attacker_size`` taken as 8) and draws from the model only at that rate: the
    heuristic's play with plausible mistakes instead of uniform ones. Forced moves and the
    best finish with two pieces are played as in the kernel.

    The move's state update is the kernel's, inlined in both: a call per move would cost
    the hot loop more than the move itself. At rate 0 the two score alike
    (``test_soft_playout_at_rate_zero_plays_the_heuristic``), so they cannot drift apart."""
    memo = _MEMOS.get((theta, weights))
    if memo is None:
        memo = _MEMOS[(theta, weights)] = {}
    avail_code = 0
    for k in range(8):
        avail_code += avail[k] << (k << 2)
    f, s = first, second
    step = 0
    n_noise = len(noise)
    while True:
        if f < 0:
            passes += 1
            turn = (turn + 1) % n
            if passes == n - 1:
                attack = -1
                passes = 0
        else:
            lead = attack < 0
            hands[turn] -= (1 << (f << 2)) + (1 << (s << 2))
            size = sizes[turn] - 2
            sizes[turn] = size
            avail[s] -= 1
            avail_code -= 1 << (s << 2)
            if s == OU:
                ou_up += 1
            if not lead:
                avail[f] -= 1
                avail_code -= 1 << (f << 2)
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
        unlocked = ou_up > 0
        plays = plays_for(code, attack, unlocked)
        if not plays:
            f = -1
            continue
        size = sizes[turn]
        lead = attack < 0
        if size == 2:
            best_pts = -1
            for pf, ps, _, _, _ in plays:
                pts = POINTS[ps] * (2 if pf == ps and (lead or double_any) else 1)
                if pts > best_pts:
                    f, s, best_pts = pf, ps, pts
            continue
        partner = not lead and team_mod == 2 and (attacker - turn) % 4 == 2
        key = code | (avail_code << 32) | ((attack + 1) << 64) | (partner << 68) \
            | (unlocked << 69)
        got = memo.get(key)
        if got is None:
            unseen = [avail[k] - ((code >> (k << 2)) & 15) for k in range(8)]
            moves, feats = options(code, size, attack, partner, unlocked, unseen)
            cum: list[float] = []
            acc = 0.0
            for p in probabilities(theta, feats):
                acc += p
                cum.append(acc)
            relation = LEAD if lead else PARTNER if partner else OPPONENT
            act = choose(code, size, attack, relation, unlocked, unseen, double_any, weights)
            top = (int(act.first), int(act.second)) if isinstance(act, Play) else (-1, -1)
            if len(memo) >= MEMO_LIMIT:
                memo.clear()
            got = memo[key] = (moves, cum, top)
        u = noise[step % n_noise]
        step += 1
        moves, cum, top = got
        if u >= eps:
            f, s = top
            continue
        u /= eps
        j = 0
        last = len(cum) - 1
        while j < last and cum[j] < u:
            j += 1
        f, s = moves[j]
