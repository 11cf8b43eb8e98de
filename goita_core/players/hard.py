"""The hard player: Monte Carlo search over the pieces it cannot see.

Each decision, until the time budget is spent:

1. sample a *determinization* (:mod:`.sampling`): the unseen pieces dealt at random to the
   other hands and the face-down pieces (in ``hard``, these as players lead them), weighted
   by how well it explains the play seen;
2. for every candidate action (:func:`.search.candidates`), play the round out from that
   determinization with the normal player's judgement at every seat, each seat playing a
   random option instead at some of its choices (in ``hard``: a quarter of our team's, 40%
   of the opponents'; our team's seats also remember the kinds others have shown they
   lack; a seat the match's ended rounds showed to be the greedy or the normal program
   plays it instead, :mod:`.memory`; :mod:`.kernel`; common random numbers: all candidates
   see the same sample and the same draws), scoring +points when our team wins and -points
   when it loses; once few pieces remain in all hands, solve the determinization exactly
   instead (:mod:`.endgame`);
3. drop candidates that fall clearly behind (their samples go to the rest), and at the end
   pick the candidate with the best weighted mean.

Only a :class:`~goita_core.view.SeatView` is read: the search never sees hidden pieces
(and, through :meth:`HardPlayer.round_end`, the ended rounds, whose hands the table reveals).
The levels ``hard``, ``hard-v1`` and ``expert`` are this player with the settings of
:data:`LEVEL_SETTINGS`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..actions import PLAY_ON, REDEAL, Action, Play
from ..round import Round, pack
from ..view import SeatView
from .base import check_can_act, decision_rng, is_goshi_decision
from .endgame import Memo, exact_after
from .heuristics import best_finish, choose, goshi_play_on, lack_masks
from .kernel import playout
from .memory import Memory
from .normal import NormalPlayer
from .reference import reference_playout
from .sampling import Sampler, play_follows_convention
from .search import candidates, prune, start_of
from .settings import SearchSettings
from .softpolicy import soft_playout
from .tree import TreeSearch
from .value import value_after

#: the normal heuristic's weights fitted to the search players' choices (the attack terms;
#: ``benchmarks/tune_rollout.py --keep 8,9``): attacks that more unseen pieces could block,
#: as searchers make them, and never an Ou face down. The model of play in ``hard``'s
#: playouts (docs/PLAYERS.md, "The searchers' attacks as the playouts' model")
PLAYOUT_WEIGHTS: tuple[float, ...] = (0.7, 0.0025, 2.8, 0.06, 0.84, 0.07, 24.0, 0.147, 0.0,
                                      0.0)

#: the settings of ``hard`` and ``expert``: a random option at a quarter of our team's
#: choices in the playouts and at 20% of the opponents'; the face-down pieces dealt as
#: players lead them; our team's seats in the playouts remember the kinds the others have
#: shown they lack; a seat that the match's ended rounds show to be the greedy or the
#: normal program plays it in the playouts; candidates dropped only 4 standard errors
#: behind the best; the partners' signal (an attack with a kind held the most of, when
#: it costs at most a point of the estimate); the playouts' heuristic with
#: :data:`PLAYOUT_WEIGHTS` (figures: docs/PLAYERS.md)
SEARCH_SETTINGS: dict[str, Any] = {"rollout_eps": 0.25, "eps_opp": 0.2, "fd_draw": True,
                                   "lack": 1.0, "lack_team": True, "identify": 0.03,
                                   "remember": True, "identify_weigh": False,
                                   "prune_z": 4.0, "convention": 0.5,
                                   "convention_margin": 1.0,
                                   "rollout_weights": PLAYOUT_WEIGHTS}

#: the search levels: budget per decision (ms) and the player's settings
LEVEL_SETTINGS: dict[str, tuple[int, dict[str, Any]]] = {
    "hard": (200, SEARCH_SETTINGS),
    # the first hard player, kept as a yardstick: the plain playout
    "hard-v1": (200, {"lean": False, "cutoffs": False, "strict_guesses": False,
                      "goshi_full": False}),
    "expert": (1000, SEARCH_SETTINGS),
}

#: what a clock name measures: wall-clock time or the CPU time of the deciding thread
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.thread_time}


class HardPlayer:
    """Determinized Monte Carlo search with heuristic playouts, within ``budget_ms`` per
    decision (measured by ``clock``), playing with ``settings`` (:class:`.SearchSettings`;
    its ``iterations`` replaces the clock when given)."""

    #: time kept in reserve for returning (the budget must never be overrun)
    SAFETY_MS = 4.0

    def __init__(self, seed: int | None = None, budget_ms: int = 200,
                 settings: SearchSettings | None = None,
                 clock: Callable[[], float] = time.perf_counter, name: str = "hard") -> None:
        if budget_ms < 1:
            raise ValueError("budget_ms must be at least 1")
        self.name = name
        self.seed = seed
        self.budget_ms = budget_ms
        self.settings = SearchSettings() if settings is None else settings
        self.playout = playout if self.settings.lean else reference_playout
        self.clock = clock
        #: samples of the last searched decision
        self.last_samples = 0
        #: per own seat, the ended rounds seen from it (``remember``)
        self.memory: dict[int, Memory] = {}
        #: per own seat (``bank_ms``): the round ((number, dealer)), the move count of
        #: its last decision, and the seconds its decisions of that round left unspent
        self.bank: dict[int, tuple[tuple[int, int], int, float]] = {}

    def act(self, view: SeatView) -> Action:
        start = self.clock()
        check_can_act(view)
        deadline = start + max(0.0, self.budget_ms - self.SAFETY_MS) / 1000.0
        if not self.settings.bank_ms:
            return self._act(view, deadline, deadline)
        # time management: what this seat's earlier decisions of the round left unspent
        round_key, moves, banked = self.bank.get(view.seat, ((-1, -1), 0, 0.0))
        if round_key != (view.round_no, view.dealer) or view.move_count < moves:
            banked = 0.0  # a new round
        late = deadline + min(banked, self.settings.bank_ms / 1000.0)
        action = self._act(view, deadline, late)
        banked = max(0.0, banked + self.budget_ms / 1000.0 - (self.clock() - start))
        self.bank[view.seat] = ((view.round_no, view.dealer), view.move_count, banked)
        return action

    def _act(self, view: SeatView, deadline: float, late: float) -> Action:
        """The decision, by ``deadline``, or by ``late`` when it is still open then."""
        cfg = self.settings
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
        cands = candidates(view, cfg.weights, cfg.max_candidates)
        signals: list[bool] = []
        if cfg.convention is not None and view.rules.players == 4:
            code = pack(view.hand)
            signals = [not isinstance(a, Play) or play_follows_convention(code, a)
                       for a in cands]
            if cfg.convention_margin is None and any(signals):
                cands = [a for a, ok in zip(cands, signals, strict=True) if ok]
                signals = []
        own = NormalPlayer(weights=cfg.weights).act(view) if cfg.prior else None
        values = self._search(view, cands, rng, deadline,
                              favour=cands.index(own) if own in cands else -1, late=late)
        best = max(range(len(cands)), key=values.__getitem__)
        if any(signals):
            told = max((i for i, ok in enumerate(signals) if ok), key=values.__getitem__)
            if values[told] >= values[best] - (cfg.convention_margin or 0.0):
                best = told
        return cands[best]

    def round_end(self, rnd: Round, seat: int, round_no: int = 0,
                  scores: Sequence[int] = ()) -> None:
        """An ended round of the match, every hand revealed, played at ``seat``: with
        ``remember``, what it shows of the other seats' programs is kept for the next
        rounds."""
        cfg = self.settings
        if not cfg.remember or cfg.programs is None:
            return
        memory = self.memory.get(seat)
        if memory is None:
            # the normal program is recognised by the normal player's weights
            memory = self.memory[seat] = Memory(*cfg.programs, seat, rnd.rules.players,
                                                cfg.weights)
        memory.observe(rnd)
        if cfg.remember_rounds is not None and memory.rounds >= cfg.remember_rounds:
            del self.memory[seat]  # the match is over: the next one starts afresh

    def programs(self, view: SeatView) -> list[tuple[float, float]] | None:
        """Per seat, the shares of greedy and normal the search gives it (``identify``;
        with ``remember``, from the ended rounds only)."""
        cfg = self.settings
        if cfg.programs is None:
            return None
        if not cfg.remember:
            return [cfg.programs] * view.rules.players
        memory = self.memory.get(view.seat)
        return None if memory is None else memory.shares()

    def sampler(self, view: SeatView) -> Sampler:
        """The guesses this player's search makes of what ``view`` does not show."""
        cfg = self.settings
        # the past decisions are replayed by the programs (the normal player's weights) or
        # by the model of play (the playouts')
        weights = cfg.weights if cfg.programs is not None else cfg.playout_weights
        return Sampler(view, cfg.pass_same, cfg.policy_miss, weights,
                       cfg.attack_hint, cfg.fd_hint, cfg.policy_model, cfg.model_power,
                       cfg.convention, cfg.fd_draw, cfg.strict_guesses, self.programs(view),
                       cfg.identify_slip, cfg.identify_weigh, cfg.convention_opp)

    def _search(self, view: SeatView, cands: list[Action], rng: random.Random,
                deadline: float, from_deal: bool = False, favour: int = -1,
                late: float | None = None) -> list[float]:
        """Weighted mean outcome of every candidate over sampled determinizations. Clearly
        worse candidates are dropped as evidence accumulates (the survivors get the
        samples); the search ends at the deadline, after ``iterations`` samples, or when
        one candidate is left. ``from_deal``: value the deal itself, from the dealer's
        first lead (the 5-Shi question). ``favour``: the candidate that gets ``prior``
        added unless it was dropped. ``late``: a later deadline for a search that still
        has more than one candidate at ``deadline`` (``bank_ms``)."""
        cfg = self.settings
        weights = cfg.playout_weights
        sampler = self.sampler(view)
        st = start_of(view, from_deal)
        lack = cfg.lack
        masks = lack_masks(view.history, st.n, st.team_mod) if lack and not from_deal \
            else [0] * st.n
        exact = not from_deal and sum(st.sizes) <= cfg.exact_pieces
        run = self.playout
        eps = cfg.rollout_eps
        eps_opp = cfg.eps_opp
        theta = cfg.rollout_policy
        # a seat taken for the normal program plays it, whatever the playouts' weights
        normal_w = cfg.weights if cfg.rollout_weights is not None else None
        vm = cfg.value_model if st.n == 4 else None
        mix = cfg.value_mix
        # the learnt value replaces the playout instead of mixing with it
        value_only = vm is not None and mix >= 1.0 and not vm.residual
        trees = TreeSearch(st, view.seat, weights, eps, eps_opp, lack, masks, cfg.lack_team,
                           cfg.tree_warmup, cfg.tree_explore) \
            if cfg.tree and not exact and not from_deal else None
        m = len(cands)
        moves = [(int(a.first), int(a.second)) if isinstance(a, Play) else (-1, -1)
                 for a in cands]
        sums = [0.0] * m
        sq = [0.0] * m
        # with paired_prune: the weighted sums of v_i * v_j (i < j) of the candidates
        cross = [[0.0] * m for _ in range(m)] if cfg.paired_prune else None
        wsum = w2sum = 0.0
        active = list(range(m))
        samples = 0
        possible = False  # a guess of weight > 0 has been drawn
        limit = cfg.iterations
        clock = self.clock
        # cost estimates (one guess, one playout) keep the last iteration inside the budget
        per_playout = per_sample = 0.0

        def extended() -> bool:
            """At ``deadline``: move it to ``late`` if the search is still open there."""
            nonlocal deadline
            if late is None or late <= deadline or len(active) < 2:
                return False
            deadline = late  # a close decision: spend the time banked
            return True

        while True:
            if limit is not None:
                if samples >= limit:
                    break
            elif samples and clock() + per_sample + per_playout * len(active) > deadline:
                if not extended():
                    break
                continue
            t0 = clock()
            codes, w = sampler.resample(rng, cfg.resample) if cfg.resample > 1 \
                else sampler.sample(rng)
            if w <= 0:
                if possible and cfg.strict_guesses:
                    continue  # an impossible deal: its playouts would weigh nothing
                w = 1e-6  # none possible yet (the view may be): still worth a guess
            else:
                possible = True
            t1 = clock()
            programs = sampler.programs
            memo: Memo = {}
            # the same draws for every candidate: their comparison stays paired
            noise = [rng.random() for _ in range(48)] if eps or eps_opp or theta \
                or cfg.ou_pass or cfg.partner_pass else None
            row: list[tuple[int, float]] = []
            for i in active:
                v: float
                if exact:
                    v = exact_after(codes, st.turn, st.attack, st.passes, st.ou_up, cands[i],
                                    st.n, st.parity, st.team_mod, st.double_any,
                                    st.fd_unlock, memo, cfg.cutoffs)
                elif trees is not None:
                    v = trees.value(codes[:], moves[i], w, noise)
                else:
                    f, s = moves[i]
                    if from_deal:
                        # the dealer's lead by the heuristic
                        code = codes[st.turn]
                        unseen = [st.avail[k] - ((code >> (k << 2)) & 15) for k in range(8)]
                        lead = choose(code, st.sizes[st.turn], -1, 0, False, unseen,
                                      st.double_any, weights)
                        f, s = int(lead.first), int(lead.second)  # type: ignore[attr-defined]
                    if vm is not None:
                        v_model = value_after(vm, codes, st, f, s)
                    if value_only:
                        v = v_model
                    else:
                        args = (codes[:], st.sizes[:], st.turn, st.attack, st.attacker,
                                st.passes, st.ou_up, st.avail[:], f, s, st.n, st.parity,
                                st.team_mod, st.double_any, st.fd_unlock, weights)
                        if theta is not None:
                            v = soft_playout(*args[:-1], theta, noise,  # type: ignore[arg-type]
                                             cfg.soft_eps, weights)
                        elif lack or programs is not None:
                            v = playout(*args, eps, noise, eps_opp, lack, masks[:],
                                        cfg.lack_team, cfg.answer_pass, programs, normal_w,
                                        cfg.ou_pass, cfg.partner_pass)
                        elif noise is None:
                            v = run(*args)
                        else:
                            v = playout(*args, eps, noise, eps_opp,
                                        answer_pass=cfg.answer_pass, ou_pass=cfg.ou_pass,
                                        partner_pass=cfg.partner_pass)
                        if vm is not None:
                            v = v + mix * v_model if vm.residual \
                                else (1.0 - mix) * v + mix * v_model
                row.append((i, v))
                if limit is None and clock() > deadline and not extended():
                    break
            else:
                for i, v in row:
                    sums[i] += w * v
                    sq[i] += w * v * v
                if cross is not None:
                    for a, (i, v) in enumerate(row):
                        wv, line = w * v, cross[i]
                        for j, u in row[a + 1:]:
                            line[j] += wv * u
                wsum += w
                w2sum += w * w
                samples += 1
                per_sample = max(per_sample * 0.8, t1 - t0)
                per_playout = max(per_playout * 0.8, (clock() - t1) / len(active))
                if cfg.prune and len(active) > 1 and samples >= 24 and samples % 8 == 0:
                    evidence = wsum * wsum / w2sum if cfg.ess_prune else samples
                    active = prune(active, sums, sq, wsum, evidence, cfg.prune_z, cross)
                if len(active) == 1 and limit is None and not (from_deal and cfg.goshi_full):
                    break
                continue
            break
        self.last_samples = samples
        if wsum == 0:
            return [0.0] * m
        means = [t / wsum for t in sums]
        if favour in active:
            means[favour] += cfg.prior
        # dropped candidates rank below every survivor
        low = min(means) - 1.0
        return [means[i] if i in active else low for i in range(m)]

    def _goshi(self, view: SeatView, rng: random.Random, deadline: float) -> Action:
        """Play on when the sampled deals are worth more than a redeal (0) to our team."""
        if view.phase != "goshi" or len(view.hand) != view.rules.hand_size:
            return PLAY_ON if goshi_play_on(view.hand) else REDEAL
        # spend at most half the budget: the answer is a coarse yes/no
        half = self.clock() + (deadline - self.clock()) / 2
        values = self._search(view, [PLAY_ON], rng, half, from_deal=True)
        return PLAY_ON if values[0] > 0 else REDEAL
