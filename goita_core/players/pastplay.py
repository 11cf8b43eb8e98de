"""The other seats' past decisions, replayed in a guessed deal.

A guess of the hidden pieces tells what each seat held at each of its past decisions. The
options of :class:`~.sampling.Sampler` that read the play this way weigh the guess by how
well a model of play explains those decisions: the normal heuristics (``policy_miss``), the
fitted model of :mod:`.softpolicy` (``policy_model``), or a mixture of the fixed programs
and the pass hints (``identify``, :mod:`.programs`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple

from ..actions import PASS, Action, Play
from ..pieces import COUNT, COUNT_3P
from ..round import legal_for
from ..view import SeatView
from .heuristics import LEAD, OPPONENT, OU, PARTNER, choose
from .programs import SLIP, Programs, greedy_action, odds
from .softpolicy import Move, options, probabilities


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


class PastPlay:
    """The other seats' past decisions (``others``), read by one of the options:
    ``identify``, else ``policy_miss``, else ``policy_model`` (see :class:`.Sampler`)."""

    def __init__(self, view: SeatView, others: list[int], weights: tuple[float, ...],
                 policy_miss: float | None, policy_model: tuple[float, ...] | None,
                 model_power: float, identify: Sequence[tuple[float, float]] | None,
                 slip: float = SLIP) -> None:
        self.view = view
        self.me = view.seat
        self.others = others
        self.weights = weights
        #: with a value, each decision the normal heuristics would not have made multiplies
        #: the guess's weight by it
        self.policy_miss = policy_miss
        #: with coefficients of :mod:`.softpolicy`'s model, the guess's weight is how
        #: likely the model makes the decisions (relative to a uniform choice), raised to
        #: ``model_power``
        self.policy_model = policy_model
        self.model_power = model_power
        #: with each seat's prior shares of greedy and normal, the seat may be either
        #: program (:class:`.programs.Programs`): the guess's weight sums over what the
        #: seat is, and the program drawn for it is in ``programs``
        self.identify = None if identify is None else Programs(identify, slip)
        self._model_cache: dict[tuple[int, int, bool, bool, int], dict[Move, float]] = {}
        #: per (decision, hand then): the options and greedy's choice
        self._greedy_cache: dict[tuple[int, int], tuple[int, Action]] = {}
        #: per (decision, hand then, own face-down pieces then): normal's choice
        self._normal_cache: dict[tuple[int, int, int], Action] = {}
        self.records: dict[int, list[_Record]] = {s: [] for s in others}
        self._build_records()

    @property
    def programs(self) -> list[int] | None:
        """Per seat, the program drawn for it with the last guess (``identify``)."""
        return None if self.identify is None else self.identify.drawn

    def _build_records(self) -> None:
        """The public situation of every past decision of the other seats."""
        view = self.view
        n = view.rules.players
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

    def weight(self, codes: list[int], facedown: dict[int, list[int]],
               hints: Callable[[int, int], float], rng: random.Random) -> float:
        """The guess's factor from the others' past decisions: ``identify``'s mixture
        (``hints(seat, code)``: the seat's factor as the search otherwise reads it), else
        the policy inference or the model of play."""
        if self.identify is not None:
            return self.programs_weight(codes, facedown, hints, rng)
        if self.policy_miss is not None:
            return self.policy_weight(codes, facedown)
        return self.model_weight(codes, facedown)

    def policy_weight(self, codes: list[int], facedown: dict[int, list[int]]) -> float:
        """How well the normal heuristics, holding the guessed pieces, explain every past
        decision of the other seats."""
        w = 1.0
        miss = self.policy_miss
        assert miss is not None
        for s, rec, hand, first in self._past_decisions(codes, facedown):
            actual: Action = PASS if rec.is_pass else Play(first, rec.second)
            if self._normal_choice(rec, hand, facedown[s]) is not actual:
                w *= miss
        return w

    def _normal_choice(self, rec: _Record, hand: int, fds: list[int]) -> Action:
        """The normal heuristics' decision at ``rec`` holding ``hand``, having laid the
        first of ``fds`` face down before it (remembered)."""
        own_fd = 0
        for k in fds[:rec.fd_before]:
            own_fd += 1 << (k << 2)
        key = (id(rec), hand, own_fd)
        got = self._normal_cache.get(key)
        if got is None:
            total = COUNT if self.view.rules.players == 4 else COUNT_3P
            unseen = [total[k] - rec.faceup[k] - ((own_fd >> (k << 2)) & 15)
                      - ((hand >> (k << 2)) & 15) for k in range(8)]
            got = self._normal_cache[key] = choose(
                hand, rec.size, rec.attack, rec.relation, rec.ou_unlocked, unseen,
                self.view.rules.double_any_seventh, self.weights, rec.attacker_size)
        return got

    def programs_weight(self, codes: list[int], facedown: dict[int, list[int]],
                        hints: Callable[[int, int], float], rng: random.Random) -> float:
        """The guess's weight summed over what each other seat is (``identify``): its
        pass hints, or how likely greedy and normal, holding the guessed pieces, make its
        past decisions; draws each seat's program for the playouts."""
        mix = self.identify
        assert mix is not None
        w = 1.0
        for s in self.others:
            _base, greedy_p, normal_p = mix.shares[s]
            greedy = normal = 1.0
            if greedy_p or normal_p:
                greedy, normal = self.seat_odds(s, codes[s], facedown[s], greedy_p > 0,
                                                normal_p > 0, mix.slip)
            w *= mix.seat_weight(s, hints(s, codes[s]), greedy, normal, rng)
        return w

    def seat_odds(self, seat: int, code: int, fds: list[int], greedy_on: bool = True,
                  normal_on: bool = True, slip: float = SLIP,
                  agree: tuple[float | None, float | None] = (None, None),
                  ) -> tuple[float, float]:
        """How much likelier greedy and normal, holding ``code`` now and having laid
        ``fds`` face down, make the seat's past decisions than uniform choices, or than
        players who make each program's choice as often as ``agree`` says
        (:func:`.programs.odds`; 1 for a program that is not ``on``)."""
        double_any = self.view.rules.double_any_seventh
        greedy_cache = self._greedy_cache
        greedy = normal = 1.0
        for rec, hand, first in self._seat_decisions(seat, code, fds):
            actual: Action = PASS if rec.is_pass else Play(first, rec.second)
            key = (id(rec), hand)
            got = greedy_cache.get(key)
            if got is None:
                got = greedy_cache[key] = (
                    len(legal_for(hand, rec.attack, rec.ou_unlocked)),
                    greedy_action(hand, rec.attack, rec.ou_unlocked, double_any))
            k, by_greedy = got
            if k < 2:
                continue  # forced: no program tells from it
            if greedy_on:
                greedy *= odds(by_greedy is actual, k, slip, agree[0])
            if normal_on:
                normal *= odds(self._normal_choice(rec, hand, fds) is actual, k, slip,
                               agree[1])
        return greedy, normal

    def _past_decisions(self, codes: list[int], facedown: dict[int, list[int]],
                        ) -> Iterator[tuple[int, _Record, int, int]]:
        """Every past decision of the other seats (:meth:`_seat_decisions`), as
        ``(seat, record, hand, first)``."""
        for s in self.others:
            for rec, hand, first in self._seat_decisions(s, codes[s], facedown[s]):
                yield s, rec, hand, first

    def _seat_decisions(self, seat: int, code: int, fds: list[int],
                        ) -> Iterator[tuple[_Record, int, int]]:
        """The seat's past decisions, latest first, with the hand it held then if it holds
        ``code`` now and the first piece it played (its face-down lead from ``fds``; -1
        for a pass): ``(record, hand, first)``."""
        hand = code
        for rec in reversed(self.records[seat]):
            first = -1
            if not rec.is_pass:
                first = rec.first if rec.first >= 0 else fds[rec.fd_before]
                hand += (1 << (first << 2)) + (1 << (rec.second << 2))
            yield rec, hand, first

    def model_weight(self, codes: list[int], facedown: dict[int, list[int]]) -> float:
        """How much likelier the model of play makes the other seats' past decisions,
        holding the guessed pieces, than choosing uniformly among their options."""
        theta = self.policy_model
        assert theta is not None
        total = COUNT if self.view.rules.players == 4 else COUNT_3P
        cache = self._model_cache
        logw = 0.0
        for _s, rec, hand, first in self._past_decisions(codes, facedown):
            if rec.size <= 2:
                continue  # a finish or a forced pass: the model has no say
            move: Move = (-1, -1) if rec.is_pass else (first, rec.second)
            unseen_code = 0
            for k in range(8):
                unseen_code += (total[k] - rec.faceup[k]) << (k << 2)
            key = (hand, rec.attack, rec.relation == PARTNER, rec.ou_unlocked, unseen_code)
            probs = cache.get(key)
            if probs is None:
                unseen = [total[k] - rec.faceup[k] - ((hand >> (k << 2)) & 15)
                          for k in range(8)]
                moves, feats = options(hand, rec.size, rec.attack, rec.relation == PARTNER,
                                       rec.ou_unlocked, unseen)
                n = len(moves)
                probs = {m: p * n for m, p in zip(moves, probabilities(theta, feats),
                                                  strict=True)} if n > 1 else {}
                cache[key] = probs
            if probs:
                logw += math.log(max(probs.get(move, 0.0), 1e-12))
        return math.exp(self.model_power * logw)
