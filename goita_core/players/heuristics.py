"""The hand-tuned judgement shared by the normal player and the hard player's playouts.

Everything works on packed hands (4 bits per kind, see ``goita_core.round``) and per-kind count
lists, so one decision costs a few microseconds: the hard player calls :func:`choose` for
every seat at every step of thousands of simulated rounds.

The ideas come from how good players think (RULES.md seeds, Spanish and German tips):
count what has been played to know what is left; do not block your partner unless
opponents may still hold the attacking kind (German rule of thumb ``n - p - h > 1``);
attack with kinds the opponents are unlikely to block; keep Ou for blocking; lead low and
keep a finishing pair; finish doubled when you can.
"""

from __future__ import annotations

from ..actions import PASS, Action, Play
from ..round import legal_for
from ..view import PublicAction
from .lacks import lack_after

SHI, GON, OU = 0, 1, 7
POINTS = (10, 20, 20, 30, 30, 40, 40, 50)

# relation of the seat to move to the current attacker
LEAD, PARTNER, OPPONENT = 0, 1, 2


def finish_points(play: Play, lead: bool, double_any_seventh: bool = False) -> int:
    """Points a play scores when it is the seat's last (the 7th and 8th pieces)."""
    f, s = int(play.first), int(play.second)
    doubled = f == s and (lead or double_any_seventh)
    return POINTS[s] * (2 if doubled else 1)


def best_finish(legal: tuple[Action, ...], lead: bool, double_any_seventh: bool = False
                ) -> Action | None:
    """The finishing play worth the most, for a hand of two pieces (None if none)."""
    best: Action | None = None
    best_pts = -1
    for act in legal:
        if act is PASS:
            continue
        pts = finish_points(act, lead, double_any_seventh)  # type: ignore[arg-type]
        if pts > best_pts:
            best, best_pts = act, pts
    return best


def _attack_score(s: int, rem: list[int], size_after: int, unseen: list[int],
                  weights: tuple[float, ...], discount: list[float] | None = None) -> float:
    """How good it is to attack with kind ``s``, leaving ``rem`` in hand (``discount``:
    see :func:`choose`)."""
    w_block, w_value, w_ou, w_pair, w_keep = weights[:5]
    # only the other Ou can block an Ou attack; Ou blocks anything above Gon
    blockers: float
    if discount is None:
        blockers = unseen[OU] if s == OU else unseen[s] + (unseen[OU] if s > GON else 0)
    else:
        blockers = unseen[OU] * discount[OU] if s == OU else unseen[s] * discount[s] \
            + (unseen[OU] * discount[OU] if s > GON else 0.0)
    score = -w_block * blockers - w_value * POINTS[s] + w_keep * rem[s]
    if s == OU and size_after > 0:
        # an Ou spent attacking cannot block any more
        score -= w_ou
    if size_after == 2:
        # the last two: a pair can finish doubled from a lead; else keep a high piece
        for k in range(8):
            if rem[k] == 2:
                score += w_pair * POINTS[k]
                break
        else:
            score += 0.5 * w_pair * max(POINTS[k] for k in range(8) if rem[k])
    return score


# Tuned by benchmarks/tune_normal.py (hill climbing against greedy and the previous weights;
# hand-set start in comments). Validated on fresh deals: +1.3 points/round more against
# greedy, +2.4 against the hand-set weights, +1.6 against easy.
DEFAULT_WEIGHTS: tuple[float, ...] = (
    2.0,   # w_block: per unseen piece that could block the attack (hand-set 1.0)
    0.0,   # w_value: per point of the attacking piece (hand-set 0.03)
    4.0,   # w_ou: spending an Ou on an attack before the last piece
    0.06,  # w_pair: per point of a finishing pair kept for the last lead
    0.84,  # w_keep: per piece of the same kind still held after the attack (hand-set 0.3)
    0.07,  # w_fd_value: per point of the piece led face down (hand-set 0.05)
    6.0,   # w_fd_ou: leading an Ou face down
    0.42,  # w_fd_single: bonus for leading face down a kind held once (hand-set 0.6)
    0.0,   # ou_block_min: an opponent's attack worth less than this is not blocked by Ou
    0.0,   # partner_out: never block a partner left with this many pieces or fewer (off:
    #        tried 2, no gain)
)


def choose(code: int, size: int, attack: int, relation: int, ou_unlocked: bool,
           unseen: list[int], double_any_seventh: bool = False,
           weights: tuple[float, ...] = DEFAULT_WEIGHTS, attacker_size: int = 8,
           discount: list[float] | None = None) -> Action:
    """The heuristic action for a hand ``code`` of ``size`` pieces. ``attack`` is the kind to
    answer (-1 to lead), ``relation`` says who made it (:data:`PARTNER`/:data:`OPPONENT`),
    ``unseen`` counts per kind the pieces this seat cannot see (other hands, face down);
    ``attacker_size`` is how many pieces the attacker still holds. ``discount``: per kind,
    the factor on its unseen pieces as blockers of an attack (:func:`.lacks.lack_discount`:
    fewer when opponents have shown they lack the kind); None counts them all."""
    legal = legal_for(code, attack, ou_unlocked)
    lead = attack < 0
    if size == 2:
        fin = best_finish(legal, lead, double_any_seventh)
        if fin is not None:
            return fin
    if not lead:
        if len(legal) == 1:
            return PASS
        held = (code >> (attack << 2)) & 15
        if relation == PARTNER:
            # German seed: block the partner only when n - p - h > 1 (opponents may still
            # hold one); never spend an Ou on the partner's attack
            if held == 0 or unseen[attack] <= 1 or attacker_size <= weights[9]:
                return PASS
            first = attack
        else:
            if not held and POINTS[attack] < weights[8]:
                return PASS
            first = attack if held else OU
    counts = [(code >> (k << 2)) & 15 for k in range(8)]
    best: Action = legal[0]
    best_score = -1e9
    size_after = size - 2
    w_fd_value, w_fd_ou, w_fd_single = weights[5:8]
    for act in legal:
        if act is PASS:
            continue
        f = int(act.first)  # type: ignore[attr-defined]
        if not lead and f != first:
            continue
        s = int(act.second)  # type: ignore[attr-defined]
        counts[f] -= 1
        counts[s] -= 1
        score = _attack_score(s, counts, size_after, unseen, weights, discount)
        if lead:
            # the face-down piece: the least useful one (low, single, not an Ou)
            score -= w_fd_value * POINTS[f]
            if f == OU:
                score -= w_fd_ou
            if counts[f] == 0:
                score += w_fd_single
        counts[f] += 1
        counts[s] += 1
        if score > best_score:
            best, best_score = act, score
    return best


def goshi_play_on(hand: list[int] | tuple[int, ...], scores: tuple[int, ...] = (),
                  team: int = 0, target: int = 150) -> bool:
    """Partner of a 5-Shi hand: play on with a strong hand, else redeal. Strong: an Ou, or at
    least three pieces worth 30 or more, or a pair of them (a possible doubled finish)."""
    counts = [0] * 8
    for k in hand:
        counts[int(k)] += 1
    high = sum(counts[k] for k in range(3, 8))
    pair = any(counts[k] >= 2 for k in range(3, 8))
    return counts[OU] > 0 or high >= 3 or pair


def lack_masks(history: tuple[PublicAction, ...], n: int, team_mod: int) -> list[int]:
    """Per seat, the kinds it has shown it lacks this round (see :func:`.lacks.lack_after`)."""
    mask = [0] * n
    # the attack being answered (after everyone passes, the next action is a lead)
    attack, attacker = -1, -1
    for act in history:
        if act.is_pass:
            lack_after(mask, act.seat, attack, attacker, -1, team_mod)
            continue
        if not act.lead and act.first is not None:
            lack_after(mask, act.seat, attack, attacker, int(act.first), team_mod)
        attack, attacker = int(act.second), act.seat  # type: ignore[arg-type]
    return mask
