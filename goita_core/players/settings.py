"""What the search of :class:`~.hard.HardPlayer` plays with: one frozen record of its
options, checked when it is made. The arena's ``--a-options`` and ``make_player``'s
``options`` name these fields (figures of each: docs/PLAYERS.md)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .dealing import FdDraw, check_fd_draw
from .heuristics import DEFAULT_WEIGHTS
from .programs import SLIP, check_shares
from .sampling import PASS_HOLDING_SAME
from .search import MAX_CANDIDATES
from .softpolicy import N_FEATURES
from .tree import EXPLORE, WARMUP
from .value import ValueModel


def _floats(values: tuple[float, ...] | None, n: int | None, name: str
            ) -> tuple[float, ...] | None:
    """``values`` as a tuple of floats (JSON gives lists); ValueError if ``n`` is given
    and they are not ``n``."""
    if values is None:
        return None
    out = tuple(float(v) for v in values)
    if n is not None and len(out) != n:
        raise ValueError(f"{name} needs {n} values")
    return out


@dataclass(frozen=True, kw_only=True)
class SearchSettings:
    """The search's options; the defaults are the first hard player's search with the
    lean playout, the endgame's cutoffs, guesses that keep the rules and the 5-Shi
    decision searched in full (``LEVEL_SETTINGS`` in :mod:`.hard` sets the levels')."""

    #: samples per decision instead of the clock: the choice is then reproducible for a
    #: given seed, whatever the machine's speed (None: the time budget decides)
    iterations: int | None = None
    #: the normal heuristic's weights, which rank the candidates
    weights: tuple[float, ...] = DEFAULT_WEIGHTS
    #: the heuristic's weights in the model of play (playouts, the policy inference);
    #: None: ``weights``
    rollout_weights: tuple[float, ...] | None = None
    #: solve determinizations exactly (minimax) once this few pieces are in all hands
    exact_pieces: int = 14
    #: alpha-beta in the exact endgame (same values as plain minimax, found faster)
    cutoffs: bool = True
    #: the lean playout (same moves as the plain one, several times faster)
    lean: bool = True
    #: drop clearly worse candidates during the search (their samples go to the rest)
    prune: bool = True
    #: standard errors behind the best at which a candidate is dropped
    prune_z: float = 2.5
    #: measure the standard errors of pruning by the guesses' effective number
    #: (sum w)^2 / sum w^2 instead of their count: unequal weights hold less evidence
    ess_prune: bool = False
    #: measure them on each candidate's paired difference from the best (all candidates
    #: see the same samples) instead of on each mean alone
    paired_prune: bool = False
    #: leads searched at most (one per attack kind first, then by face-down order)
    max_candidates: int = MAX_CANDIDATES
    #: chance that a playout's seat plays a random option (lean playout only)
    rollout_eps: float = 0.0
    #: the same chance for the other team's seats (None: ``rollout_eps``)
    eps_opp: float | None = None
    #: how often a random option when answering is a pass (None: as often as each play)
    answer_pass: float | None = None
    #: chance that a playout's seat passes where its heuristic would block with an Ou an
    #: opponent's attack (from a seat left with more than two pieces), and where it would
    #: take over its partner's attack: search players do either about half the time
    #: (docs/PLAYERS.md, "Passing as the searchers pass")
    ou_pass: float = 0.0
    partner_pass: float = 0.0
    #: the playouts' seats remember the kinds others have shown they lack and count
    #: fewer blockers of them (``kernel.playout``'s ``lack``; 0: not at all)
    lack: float = 0.0
    #: only our team's seats in the playouts use ``lack``
    lack_team: bool = False
    #: coefficients of the stochastic model of play (:mod:`.softpolicy`): with them the
    #: playouts draw every choice from it (``rollout_eps`` and the weights then do not
    #: play the playouts)
    rollout_policy: tuple[float, ...] | None = None
    #: with ``rollout_policy``: the rate at which a seat draws from it instead of playing
    #: the heuristic's choice (1: always)
    soft_eps: float = 1.0
    #: how likely a seat passes an opponent's attack while holding its kind
    pass_same: float = PASS_HOLDING_SAME
    #: weigh guesses by how well the normal heuristics explain the others' past play
    policy_miss: float | None = None
    #: weigh guesses by how likely :mod:`.softpolicy`'s model with these coefficients
    #: makes the others' past decisions (to the power ``model_power``; replaces the pass
    #: hints)
    policy_model: tuple[float, ...] | None = None
    model_power: float = 1.0
    #: weight of a guess where a seat never held another piece of a kind it attacked with
    attack_hint: float | None = None
    #: weigh guesses by the kinds players usually lead face down
    fd_hint: bool = False
    #: deal the face-down pieces as players usually lead them (``Sampler.fd_draw``)
    fd_draw: FdDraw = False
    #: with a value k > 1, each sample is one of k guesses drawn in proportion to its
    #: weight (``Sampler.resample``) instead of one guess with its weight
    resample: int = 0
    #: guesses keep every rule the table can check (``Sampler.strict``) and an
    #: impossible guess gets no playouts (hard-v1: neither)
    strict_guesses: bool = True
    #: the 5-Shi decision averages the guesses of its whole half budget (hard-v1: it
    #: stopped after the first, as a search stops when one candidate is left)
    goshi_full: bool = True
    #: with a value, partners signal: attack only with a kind held the most of
    #: (:func:`.sampling.follows_convention`), and weigh guesses where the partner's
    #: attacks did not by this
    convention: float | None = None
    #: with a value, guesses where an opponent's attacks did not follow the signal weigh
    #: this (players that do not signal still attack most often with a kind they hold
    #: the most of: ``benchmarks/signal_follow.py``)
    convention_opp: float | None = None
    #: with a value, the signal is kept only when it costs at most this many points of
    #: the search's estimate (the best signalling candidate against the best one) instead
    #: of always
    convention_margin: float | None = None
    #: search our own later decisions too (:mod:`.tree`) instead of the heuristic's
    tree: bool = False
    #: with ``tree``: visits a node plays the heuristic's choice before it searches, and
    #: UCB1's exploration constant
    tree_warmup: int = WARMUP
    tree_explore: float = EXPLORE
    #: a learnt value of positions (:mod:`.value`; ``benchmarks/fit_value.py``) replaces
    #: (``value_mix`` 1) or is mixed with the playouts' outcome (the share ``value_mix``);
    #: a residual model is added to it (times ``value_mix``); four-seat rounds only
    value_model: ValueModel | None = None
    value_mix: float = 1.0
    #: with a value p, each other seat may be the greedy program, a priori with
    #: probability p, or the normal one (probability ``identify_normal``, None: p):
    #: guesses are weighed by how likely each makes the seat's play, and a seat plays in
    #: a guess's playouts the program drawn for it (:mod:`.programs`; the lean playout
    #: without the tree or ``rollout_policy``)
    identify: float | None = None
    identify_normal: float | None = None
    #: with ``identify``: its shares are only the prior of :class:`.memory.Memory`, which
    #: each ended round (every hand revealed) updates per seat; a round with none ended
    #: before it is searched without identification (without ``identify``: nothing is
    #: remembered)
    remember: bool = False
    #: with ``remember``: forget everything after this many rounds, as when a match of
    #: that many rounds ends (None: remember the whole session, as the arena's players
    #: do over a run; a table's player hears only its match's rounds)
    remember_rounds: int | None = None
    #: with ``identify``: the programs' slip in the guesses' weights
    #: (:func:`.programs.odds`; larger: softer weights, more of the guesses count), and
    #: whether the programs' odds weigh the guesses at all (False: a seat's program is
    #: drawn by its share alone, the guesses weighed by the pass hints)
    identify_slip: float = SLIP
    identify_weigh: bool = True
    #: points added to the heuristic's own choice, unless dropped, before the best is
    #: picked (where the search hardly tells candidates apart, the heuristic decides)
    prior: float = 0.0
    #: time management: a decision still open at its budget's end (more than one
    #: candidate left) goes on with the time this seat's earlier decisions of the round
    #: left unspent, at most this many ms beyond the budget (0: never beyond it)
    bank_ms: int = 0

    def __post_init__(self) -> None:
        if self.iterations is not None and self.iterations < 1:
            raise ValueError("iterations must be at least 1")
        if not 0.0 <= self.rollout_eps < 1.0 or not 0.0 <= (self.eps_opp or 0.0) < 1.0:
            raise ValueError("rollout_eps and eps_opp must be in [0, 1)")
        # the rates of the lean playout's answers (None: off)
        not_lean = self.tree or self.rollout_policy is not None
        for name, rate in (("answer_pass", self.answer_pass), ("ou_pass", self.ou_pass or None),
                           ("partner_pass", self.partner_pass or None)):
            if rate is not None and (not 0.0 <= rate < 1.0 or not_lean):
                raise ValueError(f"{name} must be in [0, 1); neither the tree nor "
                                 "rollout_policy uses it")
        if not 0.0 <= self.soft_eps <= 1.0:
            raise ValueError("soft_eps must be in [0, 1]")
        if self.value_model is not None and not isinstance(self.value_model, ValueModel):
            raise TypeError("value_model must be a ValueModel (the arena reads a file's path)")
        if not 0.0 < self.value_mix <= 1.0:
            raise ValueError("value_mix must be in (0, 1]")
        if self.bank_ms < 0:
            raise ValueError("bank_ms must be at least 0")
        if self.remember_rounds is not None and self.remember_rounds < 1:
            raise ValueError("remember_rounds must be at least 1")
        if not 0.0 < self.identify_slip < 0.5:
            raise ValueError("identify_slip must be in (0, 0.5)")
        if self.programs is not None:
            check_shares(*self.programs)
            if self.tree or not self.lean or self.rollout_policy is not None \
                    or self.resample > 1 or self.policy_miss is not None \
                    or self.policy_model is not None:
                raise ValueError("identify (on in hard and expert) needs the lean playout, "
                                 "without tree, rollout_policy, resample, policy_miss or "
                                 "policy_model; with those, set identify to null")
        check_fd_draw(self.fd_draw)
        weights = _floats(self.weights, len(DEFAULT_WEIGHTS), "weights")
        # frozen: the normalized values are set once, here
        set_ = object.__setattr__
        set_(self, "weights", weights)
        set_(self, "rollout_weights", _floats(self.rollout_weights, len(DEFAULT_WEIGHTS),
                                              "rollout_weights"))
        set_(self, "rollout_policy", _floats(self.rollout_policy, N_FEATURES,
                                             "rollout_policy"))
        set_(self, "policy_model", _floats(self.policy_model, None, "policy_model"))

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> SearchSettings:
        """The settings ``options`` name (ValueError for a name that is not an option)."""
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(options) - names)
        if unknown:
            raise ValueError(f"unknown search option{'s' if len(unknown) > 1 else ''} "
                             f"{', '.join(unknown)}; the options are {', '.join(sorted(names))}")
        return cls(**options)

    @property
    def programs(self) -> tuple[float, float] | None:
        """The prior shares of greedy and normal among the other seats (None without
        ``identify``)."""
        if self.identify is None:
            return None
        normal = self.identify if self.identify_normal is None else self.identify_normal
        return self.identify, normal

    @property
    def playout_weights(self) -> tuple[float, ...]:
        """The heuristic's weights in the model of play: ``rollout_weights``, else
        ``weights``."""
        return self.weights if self.rollout_weights is None else self.rollout_weights
