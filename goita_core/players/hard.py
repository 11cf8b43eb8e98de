"""The hard player: Monte Carlo search over the pieces it cannot see.

Each decision, until the time budget is spent:

1. sample a *determinization* (:mod:`.sampling`): the unseen pieces dealt at random to the
   other hands and the face-down pieces (in ``hard``, these as players lead them), weighted
   by how well it explains the play seen;
2. for every candidate action (:func:`.search.candidates`), play the round out from that
   determinization with the normal player's judgement at every seat, each seat playing a
   random option instead at some of its choices (in ``hard``: a quarter of our team's, 40%
   of the opponents'; our team's seats also remember the kinds others have shown they
   lack; :mod:`.kernel`; common random numbers: all candidates see the same sample and the
   same draws), scoring +points when our team wins and -points when it loses; once few
   pieces remain in all hands, solve the determinization exactly instead
   (:mod:`.endgame`);
3. drop candidates that fall clearly behind (their samples go to the rest), and at the end
   pick the candidate with the best weighted mean.

Only a :class:`~goita_core.view.SeatView` is read: the search never sees hidden pieces.
The levels ``hard``, ``hard-v1`` and ``expert`` are this player with the settings of
:data:`LEVEL_SETTINGS`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from ..actions import PLAY_ON, REDEAL, Action, Play
from ..round import pack
from ..view import SeatView
from .base import check_can_act, decision_rng, is_goshi_decision
from .dealing import FdDraw, check_fd_draw
from .endgame import Memo, exact_after
from .heuristics import DEFAULT_WEIGHTS, best_finish, choose, goshi_play_on, lack_masks
from .kernel import playout, reference_playout
from .normal import NormalPlayer
from .sampling import PASS_HOLDING_SAME, Sampler, follows_convention
from .search import MAX_CANDIDATES, candidates, prune, start_of
from .softpolicy import N_FEATURES, soft_playout
from .tree import EXPLORE, WARMUP, TreeSearch
from .value import ValueModel, value_after

#: the settings of ``hard`` and ``expert``: a random option at a quarter of our team's
#: choices in the playouts and at 40% of the opponents'; the face-down pieces dealt as
#: players lead them; our team's seats in the playouts remember the kinds the others have
#: shown they lack (figures: docs/PLAYERS.md)
SEARCH_SETTINGS: dict[str, Any] = {"rollout_eps": 0.25, "eps_opp": 0.4, "fd_draw": True,
                                   "lack": 1.0, "lack_team": True}

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
    decision (measured by ``clock``). ``iterations`` (samples per decision) replaces the
    clock when given: the choice is then reproducible for a given seed, whatever the
    machine's speed."""

    #: time kept in reserve for returning (the budget must never be overrun)
    SAFETY_MS = 4.0

    def __init__(self, seed: int | None = None, budget_ms: int = 200,
                 iterations: int | None = None,
                 weights: tuple[float, ...] = DEFAULT_WEIGHTS,
                 exact_pieces: int = 14, prune: bool = True,
                 max_candidates: int = MAX_CANDIDATES,
                 pass_same: float = PASS_HOLDING_SAME, prune_z: float = 2.5,
                 policy_miss: float | None = None, lean: bool = True, cutoffs: bool = True,
                 rollout_eps: float = 0.0, tree: bool = False, tree_warmup: int = WARMUP,
                 tree_explore: float = EXPLORE,
                 eps_opp: float | None = None, attack_hint: float | None = None,
                 fd_hint: bool = False, fd_draw: FdDraw = False, resample: int = 0,
                 rollout_weights: tuple[float, ...] | list[float] | None = None,
                 rollout_policy: tuple[float, ...] | list[float] | None = None,
                 soft_eps: float = 1.0,
                 policy_model: tuple[float, ...] | list[float] | None = None,
                 model_power: float = 1.0, ess_prune: bool = False,
                 convention: float | None = None, convention_margin: float | None = None,
                 lack: float = 0.0, lack_team: bool = False,
                 value_model: ValueModel | None = None, value_mix: float = 1.0,
                 strict_guesses: bool = True, goshi_full: bool = True, prior: float = 0.0,
                 answer_pass: float | None = None,
                 clock: Callable[[], float] = time.perf_counter, name: str = "hard") -> None:
        if budget_ms < 1:
            raise ValueError("budget_ms must be at least 1")
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if not 0.0 <= rollout_eps < 1.0 or not 0.0 <= (eps_opp or 0.0) < 1.0:
            raise ValueError("rollout_eps and eps_opp must be in [0, 1)")
        if answer_pass is not None and (not 0.0 <= answer_pass < 1.0 or tree
                                        or rollout_policy is not None):
            raise ValueError("answer_pass must be in [0, 1); neither the tree nor "
                             "rollout_policy uses it")
        if not 0.0 <= soft_eps <= 1.0:
            raise ValueError("soft_eps must be in [0, 1]")
        self.name = name
        self.seed = seed
        self.budget_ms = budget_ms
        self.iterations = iterations
        self.weights = weights
        #: the heuristic's weights in the model of play (playouts, the policy inference);
        #: None: ``weights``. Candidates are still ranked with ``weights``
        self.rollout_weights = weights if rollout_weights is None \
            else tuple(float(w) for w in rollout_weights)
        if len(self.rollout_weights) != len(DEFAULT_WEIGHTS):
            raise ValueError(f"rollout_weights needs {len(DEFAULT_WEIGHTS)} values")
        #: coefficients of the stochastic model of play (:mod:`.softpolicy`): with them
        #: the playouts draw every choice from it (``rollout_eps`` and the weights then do
        #: not play the playouts)
        self.rollout_policy = None if rollout_policy is None \
            else tuple(float(t) for t in rollout_policy)
        if self.rollout_policy is not None and len(self.rollout_policy) != N_FEATURES:
            raise ValueError(f"rollout_policy needs {N_FEATURES} values")
        #: with ``rollout_policy``: the rate at which a seat draws from it instead of
        #: playing the heuristic's choice (1: always)
        self.soft_eps = soft_eps
        #: weigh guesses by how likely :mod:`.softpolicy`'s model with these coefficients
        #: makes the others' past decisions (to the power ``model_power``; replaces the
        #: pass hints)
        self.policy_model = None if policy_model is None \
            else tuple(float(t) for t in policy_model)
        self.model_power = model_power
        #: solve determinizations exactly (minimax) once this few pieces are in all hands
        self.exact_pieces = exact_pieces
        #: drop clearly worse candidates during the search (their samples go to the rest)
        self.prune = prune
        #: measure the standard errors of pruning by the guesses' effective number
        #: (sum w)^2 / sum w^2 instead of their count: unequal weights hold less evidence
        self.ess_prune = ess_prune
        #: with a value, partners signal: attack only with a kind held the most of
        #: (:func:`.sampling.follows_convention`), and weigh guesses where the partner's
        #: attacks did not by this
        self.convention = convention
        #: with a value, the signal is kept only when it costs at most this many points
        #: of the search's estimate (the best signalling candidate against the best one)
        #: instead of always
        self.convention_margin = convention_margin
        #: standard errors behind the best at which a candidate is dropped
        self.prune_z = prune_z
        #: weigh guesses by how well the normal heuristics explain the others' past play
        self.policy_miss = policy_miss
        #: leads searched at most (one per attack kind first, then by face-down order)
        self.max_candidates = max_candidates
        #: how likely a seat passes an opponent's attack while holding its kind
        self.pass_same = pass_same
        #: the lean playout (same moves as the plain one, several times faster)
        self.playout = playout if lean else reference_playout
        #: alpha-beta in the exact endgame (same values as plain minimax, found faster)
        self.cutoffs = cutoffs
        #: chance that a playout's seat plays a random option (lean playout only)
        self.rollout_eps = rollout_eps
        #: the same chance for the other team's seats (None: ``rollout_eps``)
        self.eps_opp = eps_opp
        #: how often a random option when answering is a pass (None: as often as each play)
        self.answer_pass = answer_pass
        #: weight of a guess where a seat never held another piece of a kind it attacked with
        self.attack_hint = attack_hint
        #: weigh guesses by the kinds players usually lead face down
        self.fd_hint = fd_hint
        #: guesses keep every rule the table can check (``Sampler.strict``) and an
        #: impossible guess gets no playouts (hard-v1: neither)
        self.strict_guesses = strict_guesses
        #: the 5-Shi decision averages the guesses of its whole half budget (hard-v1: it
        #: stopped after the first, as a search stops when one candidate is left)
        self.goshi_full = goshi_full
        #: deal the face-down pieces as players usually lead them (``Sampler.fd_draw``)
        self.fd_draw = check_fd_draw(fd_draw)
        #: with a value k > 1, each sample is one of k guesses drawn in proportion to its
        #: weight (``Sampler.resample``) instead of one guess with its weight
        self.resample = resample
        #: search our own later decisions too (:mod:`.tree`) instead of the heuristic's
        self.tree = tree
        #: with ``tree``: visits a node plays the heuristic's choice before it searches,
        #: and UCB1's exploration constant
        self.tree_warmup = tree_warmup
        self.tree_explore = tree_explore
        #: the playouts' seats remember the kinds others have shown they lack and count
        #: fewer blockers of them (``kernel.playout``'s ``lack``; 0: not at all)
        self.lack = lack
        #: only our team's seats in the playouts use ``lack``
        self.lack_team = lack_team
        #: a learnt value of positions (:mod:`.value`; ``benchmarks/fit_value.py``)
        #: replaces (``value_mix`` 1) or is mixed with the playouts' outcome (the share
        #: ``value_mix``); a residual model is added to it (times ``value_mix``); four-seat
        #: rounds only
        if value_model is not None and not isinstance(value_model, ValueModel):
            raise TypeError("value_model must be a ValueModel (the arena reads a file's path)")
        self.value_model = value_model
        if not 0.0 < value_mix <= 1.0:
            raise ValueError("value_mix must be in (0, 1]")
        self.value_mix = value_mix
        #: points added to the heuristic's own choice, unless dropped, before the best is
        #: picked (where the search hardly tells candidates apart, the heuristic decides)
        self.prior = prior
        self.clock = clock
        #: samples of the last searched decision
        self.last_samples = 0

    def act(self, view: SeatView) -> Action:
        start = self.clock()
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
        cands = candidates(view, self.weights, self.max_candidates)
        signals: list[bool] = []
        if self.convention is not None and view.rules.players == 4:
            code = pack(view.hand)
            signals = [not isinstance(a, Play)
                       or follows_convention(code - (1 << (int(a.first) << 2)), int(a.second))
                       for a in cands]
            if self.convention_margin is None and any(signals):
                cands = [a for a, ok in zip(cands, signals, strict=True) if ok]
                signals = []
        own = NormalPlayer(weights=self.weights).act(view) if self.prior else None
        values = self._search(view, cands, rng, deadline,
                              favour=cands.index(own) if own in cands else -1)
        best = max(range(len(cands)), key=values.__getitem__)
        if any(signals):
            told = max((i for i, ok in enumerate(signals) if ok), key=values.__getitem__)
            if values[told] >= values[best] - (self.convention_margin or 0.0):
                best = told
        return cands[best]

    def sampler(self, view: SeatView) -> Sampler:
        """The guesses this player's search makes of what ``view`` does not show."""
        return Sampler(view, self.pass_same, self.policy_miss, self.rollout_weights,
                       self.attack_hint, self.fd_hint, self.policy_model, self.model_power,
                       self.convention, self.fd_draw, self.strict_guesses)

    def _search(self, view: SeatView, cands: list[Action], rng: random.Random,
                deadline: float, from_deal: bool = False, favour: int = -1) -> list[float]:
        """Weighted mean outcome of every candidate over sampled determinizations. Clearly
        worse candidates are dropped as evidence accumulates (the survivors get the
        samples); the search ends at the deadline, after ``iterations`` samples, or when
        one candidate is left. ``from_deal``: value the deal itself, from the dealer's
        first lead (the 5-Shi question). ``favour``: the candidate that gets ``prior``
        added unless it was dropped."""
        weights = self.rollout_weights
        sampler = self.sampler(view)
        st = start_of(view, from_deal)
        lack = self.lack
        masks = lack_masks(view.history, st.n, st.team_mod) if lack and not from_deal \
            else [0] * st.n
        exact = not from_deal and sum(st.sizes) <= self.exact_pieces
        run = self.playout
        eps = self.rollout_eps
        eps_opp = self.eps_opp
        theta = self.rollout_policy
        vm = self.value_model if st.n == 4 else None
        mix = self.value_mix
        # the learnt value replaces the playout instead of mixing with it
        value_only = vm is not None and mix >= 1.0 and not vm.residual
        trees = TreeSearch(st, view.seat, weights, eps, eps_opp, lack, masks, self.lack_team,
                           self.tree_warmup, self.tree_explore) \
            if self.tree and not exact and not from_deal else None
        m = len(cands)
        moves = [(int(a.first), int(a.second)) if isinstance(a, Play) else (-1, -1)
                 for a in cands]
        sums = [0.0] * m
        sq = [0.0] * m
        wsum = w2sum = 0.0
        active = list(range(m))
        samples = 0
        possible = False  # a guess of weight > 0 has been drawn
        limit = self.iterations
        clock = self.clock
        # cost estimates (one guess, one playout) keep the last iteration inside the budget
        per_playout = per_sample = 0.0
        while True:
            if limit is not None:
                if samples >= limit:
                    break
            elif samples and clock() + per_sample + per_playout * len(active) > deadline:
                break
            t0 = clock()
            codes, w = sampler.resample(rng, self.resample) if self.resample > 1 \
                else sampler.sample(rng)
            if w <= 0:
                if possible and self.strict_guesses:
                    continue  # an impossible deal: its playouts would weigh nothing
                w = 1e-6  # none possible yet (the view may be): still worth a guess
            else:
                possible = True
            t1 = clock()
            memo: Memo = {}
            # the same draws for every candidate: their comparison stays paired
            noise = [rng.random() for _ in range(48)] if eps or eps_opp or theta else None
            row: list[tuple[int, float]] = []
            for i in active:
                v: float
                if exact:
                    v = exact_after(codes, st.turn, st.attack, st.passes, st.ou_up, cands[i],
                                    st.n, st.parity, st.team_mod, st.double_any,
                                    st.fd_unlock, memo, self.cutoffs)
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
                                             self.soft_eps, weights)
                        elif lack:
                            v = playout(*args, eps, noise, eps_opp, lack, masks[:],
                                        self.lack_team, self.answer_pass)
                        elif noise is None:
                            v = run(*args)
                        else:
                            v = playout(*args, eps, noise, eps_opp,
                                        answer_pass=self.answer_pass)
                        if vm is not None:
                            v = v + mix * v_model if vm.residual \
                                else (1.0 - mix) * v + mix * v_model
                row.append((i, v))
                if limit is None and clock() > deadline:
                    break
            else:
                for i, v in row:
                    sums[i] += w * v
                    sq[i] += w * v * v
                wsum += w
                w2sum += w * w
                samples += 1
                per_sample = max(per_sample * 0.8, t1 - t0)
                per_playout = max(per_playout * 0.8, (clock() - t1) / len(active))
                if self.prune and len(active) > 1 and samples >= 24 and samples % 8 == 0:
                    evidence = wsum * wsum / w2sum if self.ess_prune else samples
                    active = prune(active, sums, sq, wsum, evidence, self.prune_z)
                if len(active) == 1 and limit is None and not (from_deal and self.goshi_full):
                    break
                continue
            break
        self.last_samples = samples
        if wsum == 0:
            return [0.0] * m
        means = [t / wsum for t in sums]
        if favour in active:
            means[favour] += self.prior
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
