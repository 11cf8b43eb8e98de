"""The lean playout: a round played to its end with the normal heuristics at every seat,
about twice as fast as calling :func:`~goita_core.players.heuristics.choose` at every
step, and choosing exactly the same actions (a test plays both side by side).

What makes it lean: actions are plain ``(first, second)`` int pairs from a table per (hand,
attack, Ou unlocked) instead of :class:`~goita_core.actions.Play` objects; the counts of
unseen pieces are kept up to date as pieces turn face up instead of being recounted; the
heuristic's score is computed inline, with the per-kind terms worked out once per decision,
in the same floating-point order as ``choose`` so that ties fall the same way; and the
choice made in a situation (hand, unseen counts, attack: one packed int) is remembered, as
the same situations recur across the guesses of a search and the decisions of a game.
The tables are shared by all players and threads: each entry is a pure function of its
key, so concurrent use cannot change a result.
"""

from __future__ import annotations

from ..actions import PASS
from ..round import legal_for
from .heuristics import GON, OU, POINTS
from .lacks import lack_after, lack_discount
from .programs import BASE, GREEDY, MEMO_LIMIT, NORMAL, greedy_move, normal_move

#: whether this module runs compiled (a C extension built from it by mypyc, with
#: ``lacks.py``: docs/PLAYERS.md, "The playout kernel compiled") or, as installed, as
#: plain Python: the same choices; compiled, about twice the playouts per second
COMPILED: bool = not __file__.endswith(".py")

#: (hand code, attack, Ou unlocked) -> the legal plays, in legal order, each as
#: (first, second, pieces of ``second``'s kind left, 1 if no piece of ``first``'s kind is
#: left, the finishing-pair term): everything about a play that depends on the hand alone
_PLAYS: dict[int, tuple[tuple[int, int, int, int, float], ...]] = {}
_Plays = tuple[tuple[int, int, int, int, float], ...]

#: per (weights, doubled 7th anywhere): the heuristic's choice per situation (see playout)
_MEMOS: dict[tuple[tuple[float, ...], bool], dict[int, tuple[int, int]]] = {}


def _memo_for(weights: tuple[float, ...], double_any: bool) -> dict[int, tuple[int, int]]:
    memo = _MEMOS.get((weights, double_any))
    if memo is None:
        memo = _MEMOS[(weights, double_any)] = {}
    return memo


def clear_memos() -> None:
    """Forget every remembered choice (a benchmark's rows then start alike)."""
    _MEMOS.clear()


def _late_term(rem: list[int]) -> float:
    """Keeping two pieces, as the heuristic counts them: the points of a pair (it can
    finish doubled from a lead; times ``w_pair``), else the best piece's (times half of
    ``w_pair``), negated to tell the two apart."""
    for k in range(8):
        if rem[k] == 2:
            return float(POINTS[k])
    return -float(max(POINTS[k] for k in range(8) if rem[k]))


def plays_for(code: int, attack: int, ou_unlocked: bool) -> _Plays:
    """The legal plays (no pass) of a hand, in ``legal_for``'s order (see ``_PLAYS``)."""
    key = code | ((attack + 1) << 32) | (ou_unlocked << 36)
    got = _PLAYS.get(key)
    if got is None:
        out = []
        size = sum((code >> (k << 2)) & 15 for k in range(8))
        for a in legal_for(code, attack, ou_unlocked):
            if a is PASS:
                continue
            f, s = int(a.first), int(a.second)  # type: ignore[attr-defined]
            rem = [(code >> (k << 2)) & 15 for k in range(8)]
            rem[f] -= 1
            rem[s] -= 1
            out.append((f, s, rem[s], int(rem[f] == 0), _late_term(rem) if size == 4 else 0.0))
        got = _PLAYS[key] = tuple(out)
    return got


def playout(hands: list[int], sizes: list[int], turn: int, attack: int, attacker: int,
            passes: int, ou_up: int, avail: list[int], first: int, second: int, n: int,
            my_parity: int, team_mod: int, double_any: bool, fd_unlock: bool,
            weights: tuple[float, ...], eps: float = 0.0, noise: list[float] | None = None,
            eps_opp: float | None = None, lack: float = 0.0,
            masks: list[int] | None = None, lack_team: bool = False,
            answer_pass: float | None = None, programs: list[int] | None = None,
            normal_weights: tuple[float, ...] | None = None, ou_pass: float = 0.0,
            partner_pass: float = 0.0) -> int:
    """Play ``(first, second)`` (``first`` -1: a pass) for the seat to move, then the
    heuristic for every seat until someone goes out; the finishing points, positive when
    the seat with ``turn % team_mod == my_parity`` is on the winning team. ``avail`` counts
    per kind the pieces not face up on the table; ``hands``, ``sizes`` and ``avail`` are
    changed in place. With ``noise`` (uniform draws, used in turn at every real choice),
    a seat plays a uniformly random option instead of the heuristic's with probability
    ``eps``: the playout then models players less predictable than the heuristic;
    ``eps_opp`` (None: ``eps``) is that probability for the other team's seats. With
    ``lack`` the seats remember which kinds each seat has shown it lacks (``masks``, per
    seat, changed in place; :func:`~.lacks.lack_after`) and count an attack's unseen
    blockers with :func:`~.lacks.lack_discount`'s factors (with ``lack_team``, only
    the seats of our team do). ``answer_pass``: a random option when answering is a pass
    at this rate, else a uniformly random play (None: pass as one option among the
    plays). ``programs``: per seat, the program it plays (:mod:`.programs`); a seat
    playing normal chooses with ``normal_weights`` where they are given (the normal
    player's, when the playouts' model of play has weights of its own). With ``noise``, a
    seat whose heuristic would block with an Ou an opponent's attack (from a seat left
    with more than two pieces) passes instead at rate ``ou_pass``, and one that would take
    over its partner's attack at rate ``partner_pass`` (search players do either about
    half the time)."""
    w_block, w_value, w_ou, w_pair, w_keep, w_fd_value, w_fd_ou, w_fd_single, ou_min, \
        partner_out = weights[:10]
    half_pair = 0.5 * w_pair
    points = POINTS
    table = _PLAYS
    # with lack the choices depend on it too (and on the masks, in the key)
    memo = _memo_for((*weights, lack) if lack else weights, double_any)
    marks = [0] * n if masks is None else masks
    # avail packed 4 bits per kind, kept in step with the list: part of the memo's key
    avail_code = 0
    for k in range(8):
        avail_code += avail[k] << (k << 2)
    f, s = first, second
    step = 0
    n_noise = len(noise) if noise else 0
    e_opp = eps if eps_opp is None else eps_opp
    while True:
        if f < 0:
            if lack:
                lack_after(marks, turn, attack, attacker, -1, team_mod)
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
                if lack:
                    lack_after(marks, turn, attack, attacker, f, team_mod)
            if f == OU and (not lead or fd_unlock):
                ou_up += 1
            if size == 0:
                pts = points[s] * (2 if f == s and (lead or double_any) else 1)
                return pts if turn % team_mod == my_parity else -pts
            attack = s
            attacker = turn
            passes = 0
            turn = (turn + 1) % n
        # the heuristic of the seat to move (heuristics.choose, inlined)
        code = hands[turn]
        unlocked = ou_up > 0
        plays = table.get(code | ((attack + 1) << 32) | (unlocked << 36))
        if plays is None:
            plays = plays_for(code, attack, unlocked)
        if not plays:
            f = -1
            continue
        size = sizes[turn]
        lead = attack < 0
        if size == 2:
            best_pts = -1
            for pf, ps, _, _, _ in plays:
                pts = points[ps] * (2 if pf == ps and (lead or double_any) else 1)
                if pts > best_pts:
                    f, s, best_pts = pf, ps, pts
            continue
        program = programs[turn] if programs is not None else BASE
        if program == GREEDY:
            f, s = greedy_move(code, attack, unlocked, double_any)
            continue
        if program == NORMAL and normal_weights is not None:
            f, s = normal_move(code, attack, team_mod == 2 and (attacker - turn) % 4 == 2,
                               unlocked, avail_code, sizes[attacker] if attack >= 0 else 8,
                               double_any, normal_weights)
            continue
        if n_noise and program == BASE:
            u = noise[step % n_noise]  # type: ignore[index]
            step += 1
            e = eps if turn % team_mod == my_parity else e_opp
            if u < e:
                r = u / e
                if lead or answer_pass is None:
                    j = int(r * (len(plays) + (not lead)))
                elif r < answer_pass:
                    j = len(plays)
                else:
                    j = int((r - answer_pass) / (1.0 - answer_pass) * len(plays))
                if j < len(plays):
                    f, s = plays[j][0], plays[j][1]
                else:
                    f = -1
                continue
        want = -1
        if not lead:
            held = (code >> (attack << 2)) & 15
            if team_mod == 2 and (attacker - turn) % 4 == 2:
                # partner: block only when opponents may still hold the kind
                if held == 0 or avail[attack] - held <= 1 or sizes[attacker] <= partner_out:
                    f = -1
                    continue
                want = attack
                hold = partner_pass
            else:
                if not held and points[attack] < ou_min:
                    f = -1
                    continue
                want = attack if held else OU
                # never pass an attacker about to go out: searchers block it 98% of the time
                hold = 0.0 if held or sizes[attacker] <= 2 else ou_pass
            if hold and n_noise and program == BASE:
                u = noise[step % n_noise]  # type: ignore[index]
                step += 1
                if u < hold:
                    f = -1
                    continue
        # the scoring below depends on nothing but this key: remember its choice
        key = code | (avail_code << 32) | ((want + 1) << 64) | ((attack + 1) << 68) \
            | (unlocked << 72)
        use = lack and (not lack_team or turn % team_mod == my_parity) and program == BASE
        if use:
            # the opponents' shown lacks (two opponents with four seats, else all others)
            lm = [marks[t] for t in range(n) if (t - turn) % team_mod]
            key |= (lm[0] | (lm[1] << 8)) << 73
        got = memo.get(key)
        if got is not None:
            f, s = got
            continue
        if use:
            disc = lack_discount(marks, turn, team_mod, lack)
        unseen_ou = avail[OU] - ((code >> 28) & 15)
        late = size == 4
        best_score = -1e9
        for pf, ps, rem_s, single, late_term in plays:
            if want >= 0 and pf != want:
                continue
            blockers: float
            if use:
                if ps == OU:
                    blockers = unseen_ou * disc[OU]
                else:
                    blockers = (avail[ps] - ((code >> (ps << 2)) & 15)) * disc[ps] \
                        + (unseen_ou * disc[OU] if ps > GON else 0.0)
            elif ps == OU:
                blockers = float(unseen_ou)
            else:
                blockers = float(avail[ps] - ((code >> (ps << 2)) & 15))
                if ps > GON:
                    blockers += unseen_ou
            score = -w_block * blockers - w_value * points[ps] + w_keep * rem_s
            if ps == OU:
                score -= w_ou
            if late:
                if late_term > 0:
                    score += w_pair * late_term
                else:
                    score += half_pair * -late_term
            if lead:
                score -= w_fd_value * points[pf]
                if pf == OU:
                    score -= w_fd_ou
                if single:
                    score += w_fd_single
            if score > best_score:
                f, s, best_score = pf, ps, score
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        memo[key] = (f, s)
