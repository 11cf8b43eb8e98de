"""The hard player's guesses of the pieces it cannot see.

A guess (a *determinization*) deals the unseen pieces (``SeatView.unseen()``) at random to
the other seats' hands (known sizes) and to the face-down pieces on the table
(:mod:`.dealing`: with the rules the table can check kept). It is then
weighted by how well it explains what was seen: a seat that passed on an opponent's attack
rarely held that kind (or an Ou that could block it), a seat that blocked with an Ou probably
lacked the attacked kind; declared Shi hands and the absence of a declaration fix how many
Shi a seat was dealt, its face-down pieces included (a guess that breaks a rule weighs
nothing). Optionally every past decision of the other seats is replayed in the guessed
deal instead (:mod:`.pastplay`): with the normal heuristics (``policy_miss``), a fitted
model of play (``policy_model``), or a mixture of the fixed programs and the hints
(``identify``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..actions import Play
from ..round import pack
from ..view import SeatView
from .dealing import FD_LEAD, FdDraw, Layout
from .heuristics import DEFAULT_WEIGHTS, GON, OU, SHI
from .pastplay import PastPlay
from .programs import SLIP, Programs

# likelihood that a seat passes an opponent's attack while holding the kind (or a usable Ou)
PASS_HOLDING_SAME = 0.25
PASS_HOLDING_OU = 0.6
# a seat passing its partner's attack while holding the kind is usual
PASS_PARTNER_HOLDING = 0.9


def follows_convention(code: int, kind: int) -> bool:
    """The partners' signal: a seat attacks with a kind it holds the most pieces of (ties
    free), counted in the hand it held once its first piece (face down or the block) was
    laid, the attack piece included."""
    top = max((code >> (k << 2)) & 15 for k in range(8))
    return (code >> (kind << 2)) & 15 == top


def play_follows_convention(code: int, play: Play) -> bool:
    """Whether ``play``, made from the hand ``code`` (packed, its pieces still in it),
    attacks as the signal asks: measured once its first piece is laid."""
    return follows_convention(code - (1 << (int(play.first) << 2)), int(play.second))


def _attacks_since(view: SeatView, seat: int) -> list[tuple[int, int]]:
    """``seat``'s attacks in ``view``'s history as (kind, the face-up pieces it has shown
    since, the attack piece included, packed), latest first."""
    out: list[tuple[int, int]] = []
    shown_since = 0
    for act in reversed(view.history):
        if act.seat != seat or act.is_pass:
            continue
        assert act.second is not None
        second = int(act.second)
        out.append((second, shown_since + (1 << (second << 2))))
        shown_since += 1 << (second << 2)
        if not act.lead and act.first is not None:
            shown_since += 1 << (int(act.first) << 2)
    return out


class Sampler:
    """Draws weighted guesses of every seat's current hand consistent with ``view``."""

    def __init__(self, view: SeatView, pass_same: float = PASS_HOLDING_SAME,
                 policy_miss: float | None = None,
                 weights: tuple[float, ...] = DEFAULT_WEIGHTS,
                 attack_hint: float | None = None, fd_hint: bool = False,
                 policy_model: tuple[float, ...] | None = None,
                 model_power: float = 1.0, convention: float | None = None,
                 fd_draw: FdDraw = False, strict: bool = True,
                 identify: Sequence[tuple[float, float]] | None = None,
                 slip: float = SLIP, weigh: bool = True,
                 convention_opp: float | None = None) -> None:
        self.view = view
        #: keep the rules the table can check (``dealing.Layout``: the Ou placement, the
        #: declared hands' Shi; and the Shi a seat laid face down counted in its deal's);
        #: without, only the Shi in the hands and face up are checked
        self.strict = strict
        self.pass_same = pass_same
        #: with a value, the weight of a guess in which a seat that attacked with a kind
        #: (not Ou) never held another piece of it: players attack with the kinds they hold
        #: several of (fewer left to block them, one kept)
        self.attack_hint = attack_hint
        #: weigh guesses by the kinds left face down (:data:`FD_LEAD`)
        self.fd_hint = fd_hint
        self.n = view.rules.players
        self.me = view.seat
        #: where the guesses deal the unseen pieces (its lists are shared here).
        #: ``fd_draw``: draw the face-down pieces first, each kind as likely as
        #: :data:`FD_LEAD` says (the same evidence as ``fd_hint``, as a way of dealing
        #: instead of a weight: every guess keeps weight 1 for it); ``"partner"`` or
        #: ``"opponents"``: only those seats' pieces, the others' dealt at random
        self.layout = layout = Layout(view, fd_draw, strict)
        self.pool, self.others, self.sizes = layout.pool, layout.others, layout.sizes
        self.facedown, self.ou_slots = layout.facedown, layout.ou_slots
        self.my_code = pack(view.hand)
        # per seat: kinds it passed holding (factor), and its face-up Shi
        self.pass_marks: dict[int, list[tuple[int, bool, bool]]] = {s: [] for s in self.others}
        self.shi_up = layout.shi_up
        partner_of = view.rules.partner_of
        attack, attacker = -1, -1
        # per seat: kinds it attacked with and has not shown again since (face up)
        self.attacked: dict[int, list[int]] = {s: [] for s in self.others}
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
            if act.seat != self.me:
                shown = self.attacked[act.seat]
                for k in (act.first, act.second):
                    if k is not None and k in shown:
                        shown.remove(k)  # it held another: the hint is spent
                if act.second != OU:
                    shown.append(int(act.second))
            attack, attacker = int(act.second), act.seat
        self.declared = dict(view.shi)
        #: per seat whose attacks are read against the convention (:func:`follows_convention`,
        #: measured on the hand it must have held then: today's guess plus what it has
        #: shown face up since): the weight of a guess in which one did not follow it
        #: (the partner's ``convention``; the opponents' ``convention_opp``: they signal
        #: nothing, but a player attacks with a kind it holds the most of more often than
        #: the guesses, dealt at random, assume) and its attacks as (kind, pieces shown
        #: face up since, packed), latest first. Four seats only.
        self.read: dict[int, tuple[float, list[tuple[int, int]]]] = {}
        if self.n == 4:
            mate = (self.me + 2) % 4
            for s in self.others:
                miss = convention if s == mate else convention_opp
                if miss is not None:
                    self.read[s] = (miss, _attacks_since(view, s))
        self.check_shi = self.n == 4
        #: without ``weigh``: the programs of ``identify``, drawn by their shares alone
        #: with each guess, which is weighed as without them
        self.drawn = None if identify is None or weigh else Programs(identify)
        weighed = identify if weigh else None
        #: the others' past decisions, replayed in each guess by the options that read
        #: them (``policy_miss``, ``policy_model``, ``identify``: :class:`.PastPlay`);
        #: they replace the pass hints
        self.past = PastPlay(view, self.others, weights, policy_miss, policy_model,
                             model_power, weighed, slip) \
            if policy_miss is not None or policy_model is not None or weighed is not None \
            else None

    @property
    def programs(self) -> list[int] | None:
        """Per seat, the program it plays in the playouts of the last guess (``identify``;
        None without)."""
        if self.drawn is not None:
            return self.drawn.drawn
        return None if self.past is None else self.past.programs

    def weight(self, codes: list[int], pool: list[int] | None = None) -> float:
        """The guess's weight (0 when impossible). ``pool``: the deal (``Layout``'s
        order), whose face-down pieces then count towards each seat's Shi; without it,
        any number of them may be Shi."""
        w = 1.0
        spans = self.layout.fd_spans
        for s in self.others:
            code = codes[s]
            if self.check_shi:
                # a hand dealt with 5 Shi or more was declared, and only those were
                shi = (code & 15) + self.shi_up[s]
                fd = self.facedown[s]
                declared = self.declared.get(s)
                if fd and pool is not None and (declared is not None or shi + fd >= 5):
                    start, end = spans[s]
                    shi += pool[start:end].count(SHI)
                    fd = 0
                if declared is None:
                    if shi >= 5:
                        return 0.0
                elif not shi <= declared <= shi + fd:
                    return 0.0
            if self.past is None:
                w *= self._hints(s, code)
        return w

    def _hints(self, s: int, code: int) -> float:
        """How well seat ``s`` holding ``code`` explains its passes, Ou blocks and (with
        those options) its attacks, as the search assumes players play."""
        w = 1.0
        for kind, partner, ou_could in self.pass_marks[s]:
            if (code >> (kind << 2)) & 15:
                w *= PASS_PARTNER_HOLDING if partner else self.pass_same
            elif ou_could and not partner and (code >> 28) & 15:
                w *= PASS_HOLDING_OU
        read = self.read.get(s)
        if read is not None:
            miss, attacks = read
            for kind, since in attacks:
                if not follows_convention(code + since, kind):
                    w *= miss
        if self.attack_hint is not None:
            for kind in self.attacked[s]:
                if not (code >> (kind << 2)) & 15:
                    w *= self.attack_hint
        return w

    def sample(self, rng: random.Random, tries: int = 50) -> tuple[list[int], float]:
        """Packed hands of every seat and the sample's weight (> 0 unless every try broke
        a rule: rarely by chance, always when the view itself is inconsistent)."""
        codes = [0] * self.n
        codes[self.me] = self.my_code
        best: tuple[list[int], float] = (codes, 0.0)
        for _ in range(tries):
            pool, w = self.layout.deal(rng)
            if w <= 0:
                continue
            pos = 0
            codes = codes[:]
            for s in self.others:
                size = self.sizes[s]
                c = 0
                for k in pool[pos:pos + size]:
                    c += 1 << (k << 2)
                codes[s] = c
                pos += size
            w *= self.weight(codes, pool if self.strict else None)
            if w > 0 and self.fd_hint:
                # what the hands do not hold lies face down on the table
                for k in pool[pos:]:
                    w *= FD_LEAD[k]
            if w > 0 and self.past is not None:
                facedown = {s: pool[a:b] for s, (a, b) in self.layout.fd_spans.items()}
                w *= self.past.weight(codes, facedown, self._hints, rng)
            if w > 0 and self.drawn is not None:
                for s in self.others:
                    self.drawn.draw(s, rng)
            if w > 0:
                return codes, w
            best = (codes, 0.0)
        return best

    def resample(self, rng: random.Random, k: int) -> tuple[list[int], float]:
        """One of ``k`` guesses, picked with probability proportional to its weight, with
        weight 1 (sampling-importance-resampling): the playouts then go to plausible
        deals instead of being spent on guesses that the weights would all but discard,
        and every sample counts the same in the candidates' standard errors."""
        drawn = [self.sample(rng) for _ in range(k)]
        total = sum(w for _codes, w in drawn)
        if total <= 0:
            return drawn[0]
        r = rng.random() * total
        for codes, w in drawn:
            r -= w
            if r < 0:
                return codes, 1.0
        return drawn[-1][0], 1.0
