"""The hard player: Monte Carlo search over the pieces it cannot see.

Each decision, until the time budget is spent:

1. sample a *determinization*: deal the unseen pieces (``SeatView.unseen()``) at random to
   the other seats' hands (known sizes) and to the face-down pieces on the table;
2. weight it by how well it explains what was seen: a seat that passed on an opponent's
   attack rarely held that kind (or an Ou that could block it); declared Shi hands and the
   absence of a declaration bound how many Shi a seat can have held;
3. for every candidate action, play the round out from that determinization with the normal
   player's judgement at every seat (common random numbers: all candidates see the same
   sample), scoring +points when our team wins and -points when it loses; once few pieces
   remain in all hands, solve the determinization exactly (minimax) instead;
4. drop candidates that fall clearly behind (their samples go to the rest), and at the end
   pick the candidate with the best weighted mean.

Only a :class:`~goita_core.view.SeatView` is read: the search never sees hidden pieces.
"""

from __future__ import annotations

import math
import random
import time
from typing import NamedTuple

from ..actions import PASS, PLAY_ON, REDEAL, Action, Play
from ..pieces import COUNT, COUNT_3P
from ..round import legal_for, pack
from ..view import SeatView
from .base import check_can_act, decision_rng, is_goshi_decision
from .heuristics import (
    DEFAULT_WEIGHTS,
    GON,
    LEAD,
    OPPONENT,
    OU,
    PARTNER,
    POINTS,
    SHI,
    best_finish,
    choose,
    goshi_play_on,
)

# likelihood that a seat passes an opponent's attack while holding the kind (or a usable Ou)
PASS_HOLDING_SAME = 0.25
PASS_HOLDING_OU = 0.6
# a seat passing its partner's attack while holding the kind is usual
PASS_PARTNER_HOLDING = 0.9
MAX_CANDIDATES = 10


class _Record(NamedTuple):
    """One past decision of another seat, as the table saw it."""

    faceup: tuple[int, ...]  # kinds face up on the table before it
    attack: int
    relation: int
    ou_unlocked: bool
    size: int
    attacker_size: int
    fd_before: int  # face-down leads the seat had made before it
    is_pass: bool
    first: int  # -1 when face down (hidden)
    second: int


class Sampler:
    """Draws weighted guesses of every seat's current hand consistent with ``view``."""

    def __init__(self, view: SeatView, pass_same: float = PASS_HOLDING_SAME,
                 policy_miss: float | None = None,
                 weights: tuple[float, ...] = DEFAULT_WEIGHTS) -> None:
        self.view = view
        self.pass_same = pass_same
        #: with a value, weigh guesses by replaying every past decision of the other seats
        #: with the normal heuristics: each decision it would not have made multiplies the
        #: weight by ``policy_miss`` (this replaces the pass hints)
        self.policy_miss = policy_miss
        self.weights = weights
        self.n = view.rules.players
        self.me = view.seat
        unseen = view.unseen()
        self.pool = [k for k in range(8) for _ in range(unseen[k])]
        self.others = [s for s in range(self.n) if s != self.me]
        self.sizes = list(view.hand_sizes)
        self.my_code = pack(view.hand)
        # per seat: kinds it passed holding (factor), and its face-up / face-down Shi
        self.pass_marks: dict[int, list[tuple[int, bool, bool]]] = {s: [] for s in self.others}
        self.shi_up = [0] * self.n
        self.facedown = [0] * self.n
        partner_of = view.rules.partner_of
        attack, attacker = -1, -1
        for act in view.history:
            if act.is_pass:
                if act.seat != self.me and attack >= 0:
                    partner = attacker == partner_of(act.seat)
                    ou_could = attack not in (SHI, GON, OU)
                    self.pass_marks[act.seat].append((attack, partner, ou_could))
                continue
            assert act.second is not None
            if not act.lead and act.first == OU and attack not in (-1, OU) \
                    and act.seat != self.me:
                # blocked with an Ou: players block with the same kind when they can
                self.pass_marks[act.seat].append((attack, False, False))
            if act.lead:
                self.facedown[act.seat] += 1
            elif act.first == SHI:
                self.shi_up[act.seat] += 1
            if act.second == SHI:
                self.shi_up[act.seat] += 1
            attack, attacker = int(act.second), act.seat
        self.declared = dict(view.shi)
        self.check_shi = self.n == 4
        self.records: dict[int, list[_Record]] = {s: [] for s in self.others}
        if policy_miss is not None:
            self._build_records()

    def _build_records(self) -> None:
        """The public situation of every past decision of the other seats."""
        view = self.view
        n = self.n
        partner_of = view.rules.partner_of
        attack, attacker, passes, ou = -1, -1, 0, 0
        faceup = [0] * 8
        sizes = [view.rules.hand_size] * n
        fd_count = [0] * n
        for act in view.history:
            s = act.seat
            if s != self.me:
                if attack < 0:
                    relation = LEAD
                elif attacker == partner_of(s):
                    relation = PARTNER
                else:
                    relation = OPPONENT
                self.records[s].append(_Record(
                    tuple(faceup), attack, relation, ou > 0, sizes[s],
                    sizes[attacker] if attacker >= 0 else 8, fd_count[s], act.is_pass,
                    -1 if act.first is None else int(act.first),
                    -1 if act.second is None else int(act.second)))
            if act.is_pass:
                passes += 1
                if passes == n - 1:
                    attack, passes = -1, 0
                continue
            assert act.second is not None
            second = int(act.second)
            if act.lead:
                fd_count[s] += 1
            else:
                assert act.first is not None
                faceup[act.first] += 1
                if act.first == OU:
                    ou += 1
            faceup[second] += 1
            if second == OU:
                ou += 1
            sizes[s] -= 2
            attack, attacker, passes = second, s, 0

    def policy_weight(self, codes: list[int], facedown: dict[int, list[int]]) -> float:
        """How well the normal heuristics, holding the guessed pieces, explain every past
        decision of the other seats."""
        w = 1.0
        miss = self.policy_miss
        assert miss is not None
        total = COUNT if self.n == 4 else COUNT_3P
        double_any = self.view.rules.double_any_seventh
        weights = self.weights
        for s in self.others:
            hand = codes[s]
            fds = facedown[s]
            for rec in reversed(self.records[s]):
                if rec.is_pass:
                    actual: Action = PASS
                else:
                    first = rec.first if rec.first >= 0 else fds[rec.fd_before]
                    hand += (1 << (first << 2)) + (1 << (rec.second << 2))
                    actual = Play(first, rec.second)
                own_fd = [0] * 8
                for k in fds[:rec.fd_before]:
                    own_fd[k] += 1
                unseen = [total[k] - rec.faceup[k] - own_fd[k] - ((hand >> (k << 2)) & 15)
                          for k in range(8)]
                predicted = choose(hand, rec.size, rec.attack, rec.relation, rec.ou_unlocked,
                                   unseen, double_any, weights, rec.attacker_size)
                if predicted is not actual:
                    w *= miss
        return w

    def weight(self, codes: list[int]) -> float:
        w = 1.0
        for s in self.others:
            code = codes[s]
            if self.check_shi:
                shi = (code & 15) + self.shi_up[s]
                declared = self.declared.get(s)
                if declared is None:
                    if shi >= 5:
                        return 0.0
                elif not shi <= declared <= shi + self.facedown[s]:
                    return 0.0
            if self.policy_miss is not None:
                continue
            for kind, partner, ou_could in self.pass_marks[s]:
                if (code >> (kind << 2)) & 15:
                    w *= PASS_PARTNER_HOLDING if partner else self.pass_same
                elif ou_could and not partner and (code >> 28) & 15:
                    w *= PASS_HOLDING_OU
        return w

    def sample(self, rng: random.Random, tries: int = 50) -> tuple[list[int], float]:
        """Packed hands of every seat and the sample's weight (> 0 unless every try was
        impossible, which only an inconsistent view can cause)."""
        pool = self.pool
        codes = [0] * self.n
        codes[self.me] = self.my_code
        best: tuple[list[int], float] = (codes, 0.0)
        for _ in range(tries):
            rng.shuffle(pool)
            pos = 0
            codes = codes[:]
            for s in self.others:
                size = self.sizes[s]
                c = 0
                for k in pool[pos:pos + size]:
                    c += 1 << (k << 2)
                codes[s] = c
                pos += size
            w = self.weight(codes)
            if w > 0 and self.policy_miss is not None:
                facedown: dict[int, list[int]] = {}
                for s in self.others:
                    count = self.facedown[s]
                    facedown[s] = pool[pos:pos + count]
                    pos += count
                w *= self.policy_weight(codes, facedown)
            if w > 0:
                return codes, w
            best = (codes, 0.0)
        return best


class _Sim:
    """A bare round state for playouts (same rules as ``Round.step``)."""

    __slots__ = ("attack", "attacker", "faceup", "hands", "n", "ou_up", "passes", "sizes",
                 "turn")

    def __init__(self, hands: list[int], sizes: list[int], turn: int, attack: int,
                 attacker: int, passes: int, ou_up: int, faceup: list[int], n: int) -> None:
        self.hands = hands
        self.sizes = sizes
        self.turn = turn
        self.attack = attack
        self.attacker = attacker
        self.passes = passes
        self.ou_up = ou_up
        self.faceup = faceup
        self.n = n


def _playout(sim: _Sim, first: Action, counts_total: tuple[int, ...], my_team_parity: int,
             double_any: bool, facedown_ou_unlocks: bool, weights: tuple[float, ...],
             team_mod: int) -> int:
    """Play ``first`` then the heuristic for every seat to the end; the finishing points,
    positive when the seat's team (``my_team_parity``) wins."""
    hands, sizes, faceup, n = sim.hands, sim.sizes, sim.faceup, sim.n
    turn, attack, attacker, passes, ou_up = sim.turn, sim.attack, sim.attacker, sim.passes, \
        sim.ou_up
    act = first
    while True:
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
            faceup[s] += 1
            if s == OU:
                ou_up += 1
            if not lead:
                faceup[f] += 1
            if f == OU and (not lead or facedown_ou_unlocks):
                ou_up += 1
            if size == 0:
                pts = POINTS[s] * (2 if f == s and (lead or double_any) else 1)
                return pts if turn % team_mod == my_team_parity else -pts
            attack = s
            attacker = turn
            passes = 0
            turn = (turn + 1) % n
        # next decision by the heuristic of the seat to move
        code = hands[turn]
        if attack < 0:
            relation = 0
        elif team_mod == 2 and (attacker - turn) % 4 == 2:
            relation = PARTNER
        else:
            relation = OPPONENT
        if attack >= 0:
            # fast exit: nothing to block with
            acts = legal_for(code, attack, ou_up > 0)
            if len(acts) == 1:
                act = PASS
                continue
        unseen = [counts_total[k] - faceup[k] - ((code >> (k << 2)) & 15) for k in range(8)]
        act = choose(code, sizes[turn], attack, relation, ou_up > 0, unseen, double_any,
                     weights, sizes[attacker] if attack >= 0 else 8)


def _candidates(view: SeatView, weights: tuple[float, ...],
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


def _prune(active: list[int], sums: list[float], sq: list[float], wsum: float,
           samples: int, z: float = 2.5) -> list[int]:
    """Drop candidates whose mean is ``z`` standard errors below the best one's."""
    stats = []
    for i in active:
        mean = sums[i] / wsum
        var = max(sq[i] / wsum - mean * mean, 1.0)
        stats.append((mean, var / samples, i))
    best_mean, best_se2, _ = max(stats)
    return [i for mean, se2, i in stats
            if best_mean - mean <= z * math.sqrt(best_se2 + se2)]


def _exact_after(codes: list[int], sizes: list[int], turn: int, attack: int, passes: int,
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


class HardPlayer:
    """Determinized Monte Carlo search with heuristic playouts, within ``budget_ms`` per
    decision. ``iterations`` (samples per decision) replaces the clock when given: the
    choice is then reproducible for a given seed, whatever the machine's speed."""

    #: time kept in reserve for returning (the budget must never be overrun)
    SAFETY_MS = 4.0

    def __init__(self, seed: int | None = None, budget_ms: int = 200,
                 iterations: int | None = None,
                 weights: tuple[float, ...] = DEFAULT_WEIGHTS,
                 exact_pieces: int = 14, prune: bool = True,
                 max_candidates: int = MAX_CANDIDATES,
                 pass_same: float = PASS_HOLDING_SAME, prune_z: float = 2.5,
                 policy_miss: float | None = None) -> None:
        if budget_ms < 1:
            raise ValueError("budget_ms must be at least 1")
        self.name = "hard"
        self.seed = seed
        self.budget_ms = budget_ms
        self.iterations = iterations
        self.weights = weights
        #: solve determinizations exactly (minimax) once this few pieces are in all hands
        self.exact_pieces = exact_pieces
        #: drop clearly worse candidates during the search (their samples go to the rest)
        self.prune = prune
        #: standard errors behind the best at which a candidate is dropped
        self.prune_z = prune_z
        #: weigh guesses by how well the normal heuristics explain the others' past play
        self.policy_miss = policy_miss
        #: leads searched at most (one per attack kind first, then by face-down order)
        self.max_candidates = max_candidates
        #: how likely a seat passes an opponent's attack while holding its kind
        self.pass_same = pass_same
        self.last_samples = 0

    def act(self, view: SeatView) -> Action:
        start = time.perf_counter()
        check_can_act(view)
        deadline = start + max(0.0, self.budget_ms - self.SAFETY_MS) / 1000.0
        rng = decision_rng(self.seed, view, "hard")
        if is_goshi_decision(view):
            return self._goshi(view, rng, deadline)
        if len(view.legal) == 1:
            return view.legal[0]
        if len(view.hand) == 2:
            # going out now is never worse than waiting: take the best finish
            fin = best_finish(view.legal, view.must_lead, view.rules.double_any_seventh)
            if fin is not None:
                return fin
        cands = _candidates(view, self.weights, self.max_candidates)
        values = self._search(view, cands, rng, deadline)
        best = max(range(len(cands)), key=values.__getitem__)
        return cands[best]

    def _search(self, view: SeatView, cands: list[Action], rng: random.Random,
                deadline: float, start_state: bool = False) -> list[float]:
        """Weighted mean outcome of every candidate over sampled determinizations. Clearly
        worse candidates are dropped as evidence accumulates (the survivors get the
        samples); the search ends at the deadline, after ``iterations`` samples, or when
        one candidate is left."""
        sampler = Sampler(view, self.pass_same, self.policy_miss, self.weights)
        n = view.rules.players
        counts_total = COUNT if n == 4 else COUNT_3P
        team_mod = 2 if n == 4 else n
        parity = view.seat % team_mod
        rules = view.rules
        double_any, fd_unlock = rules.double_any_seventh, rules.facedown_ou_unlocks
        faceup = [0] * 8
        for pieces in view.played:
            for p in pieces:
                if p.kind is not None and not p.face_down:
                    faceup[p.kind] += 1
        attack = -1 if view.must_lead or view.attack is None else int(view.attack)
        attacker = -1 if view.attacker is None else view.attacker
        turn = view.dealer if start_state else view.turn
        sizes = list(view.hand_sizes)
        exact = not start_state and sum(sizes) <= self.exact_pieces
        m = len(cands)
        sums = [0.0] * m
        sq = [0.0] * m
        wsum = 0.0
        active = list(range(m))
        samples = 0
        limit = self.iterations
        clock = time.perf_counter
        # cost estimates (one guess, one playout) keep the last iteration inside the budget
        per_playout = per_sample = 0.0
        while True:
            if limit is not None:
                if samples >= limit:
                    break
            elif samples and clock() + per_sample + per_playout * len(active) > deadline:
                break
            t0 = clock()
            codes, w = sampler.sample(rng)
            if w <= 0:
                w = 1e-6
            t1 = clock()
            memo: dict[tuple[object, ...], int] = {}
            row: list[tuple[int, int]] = []
            for i in active:
                act = cands[i]
                if exact:
                    v = _exact_after(codes, sizes, turn, attack, view.passes, view.ou_up, act,
                                     n, parity, team_mod, double_any, fd_unlock, memo)
                else:
                    sim = _Sim(codes[:], sizes[:], turn, attack, attacker, view.passes,
                               view.ou_up, faceup[:], n)
                    if start_state:
                        # the goshi question: evaluate the deal from the dealer's lead
                        code = codes[turn]
                        unseen = [counts_total[k] - ((code >> (k << 2)) & 15)
                                  for k in range(8)]
                        act = choose(code, sizes[turn], -1, 0, False, unseen, double_any,
                                     self.weights)
                    v = _playout(sim, act, counts_total, parity, double_any, fd_unlock,
                                 self.weights, team_mod)
                row.append((i, v))
                if limit is None and clock() > deadline:
                    break
            else:
                for i, v in row:
                    sums[i] += w * v
                    sq[i] += w * v * v
                wsum += w
                samples += 1
                per_sample = max(per_sample * 0.8, t1 - t0)
                per_playout = max(per_playout * 0.8, (clock() - t1) / len(active))
                if self.prune and len(active) > 1 and samples >= 24 and samples % 8 == 0:
                    active = _prune(active, sums, sq, wsum, samples, self.prune_z)
                if len(active) == 1 and limit is None:
                    break
                continue
            break
        self.last_samples = samples
        if wsum == 0:
            return [0.0] * m
        means = [t / wsum for t in sums]
        # dropped candidates rank below every survivor
        low = min(means) - 1.0
        return [means[i] if i in active else low for i in range(m)]

    def _goshi(self, view: SeatView, rng: random.Random, deadline: float) -> Action:
        """Play on when the sampled deals are worth more than a redeal (0) to our team."""
        if view.phase != "goshi" or len(view.hand) != view.rules.hand_size:
            return PLAY_ON if goshi_play_on(view.hand) else REDEAL
        # spend at most half the budget: the answer is a coarse yes/no
        half = time.perf_counter() + (deadline - time.perf_counter()) / 2
        values = self._search(view, [PLAY_ON], rng, half, start_state=True)
        return PLAY_ON if values[0] > 0 else REDEAL
