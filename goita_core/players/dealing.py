"""How a guess deals the pieces a seat cannot see.

The unseen pieces (``SeatView.unseen()``) are laid out in one list: the other seats' hands
(in seat order, each of its known size), then the face-down pieces each of them laid (each
seat's in the order laid; the seats whose pieces are drawn last). A deal is a random order
of that list: uniform, or with some seats' face-down pieces drawn as players lead them
(:data:`FD_LEAD`). With ``strict``, two rules the table can check shape it: an unseen Ou
goes where an Ou attack made before any Ou was face up says it is, and a seat that
declared a Shi hand is dealt the Shi its declaration leaves (weighted by the odds of that).
"""

from __future__ import annotations

import itertools
import math
import random
from typing import Literal

from ..view import SeatView
from .heuristics import OU, SHI

#: per kind, how much likelier a piece is to be a face-down lead than a piece of the hand
#: picked at random (measured: 226 face-down leads of hard-v1 players, smoothed): leads
#: go face down low and keep the high pieces
FD_LEAD = (2.6, 0.5, 0.65, 0.2, 0.35, 0.05, 0.15, 0.02)

#: whose face-down pieces are dealt by :data:`FD_LEAD`: nobody's, every other seat's, the
#: partner's only or the opponents' only
FdDraw = bool | Literal["partner", "opponents"]
FD_DRAWS: tuple[FdDraw, ...] = (False, True, "partner", "opponents")


def check_fd_draw(value: FdDraw) -> FdDraw:
    """``value`` if it is one of :data:`FD_DRAWS` (ValueError otherwise)."""
    if value not in FD_DRAWS:
        raise ValueError(f"fd_draw must be one of {FD_DRAWS}, not {value!r}")
    return value


def facedown_last(rng: random.Random, pool: list[int], drawn: int) -> list[int]:
    """``pool`` in a random order whose tail (the last ``drawn`` pieces) is drawn without
    replacement in proportion to :data:`FD_LEAD` (Efraimidis-Spirakis keys), the rest in
    uniform order."""
    ranked = sorted(pool, key=lambda k: rng.random() ** (1.0 / FD_LEAD[k]))
    cut = len(pool) - drawn
    rest = ranked[:cut]
    rng.shuffle(rest)
    return rest + ranked[cut:]


class Layout:
    """Where each unseen piece of a guess goes, and how the guesses are dealt."""

    def __init__(self, view: SeatView, fd_draw: FdDraw = False, strict: bool = True
                 ) -> None:
        self.fd_draw = check_fd_draw(fd_draw)
        n = view.rules.players
        me = view.seat
        unseen = view.unseen()
        self.pool = [k for k in range(8) for _ in range(unseen[k])]
        self.others = [s for s in range(n) if s != me]
        self.sizes = list(view.hand_sizes)
        #: per seat, the face-down pieces it has laid and the Shi it has shown face up
        self.facedown = [0] * n
        self.shi_up = [0] * n
        for act in view.history:
            if act.lead:
                self.facedown[act.seat] += 1
            elif act.first == SHI:
                self.shi_up[act.seat] += 1
            if act.second == SHI:
                self.shi_up[act.seat] += 1
        # the seats whose face-down pieces are drawn by FD_LEAD come last
        mate = view.rules.partner_of(me)
        drawn = [s for s in self.others
                 if fd_draw is True or (s == mate) == (fd_draw == "partner")] if fd_draw else []
        fd_order = [s for s in self.others if s not in drawn] + drawn
        self.fd_drawn = sum(self.facedown[s] for s in drawn)
        #: where the pieces drawn by FD_LEAD begin in the layout (they end it)
        self.drawn_start = len(self.pool) - self.fd_drawn
        #: per other seat, where its face-down pieces are in the layout: (start, end)
        self.fd_spans: dict[int, tuple[int, int]] = {}
        pos = sum(self.sizes[s] for s in self.others)
        for s in fd_order:
            self.fd_spans[s] = (pos, pos + self.facedown[s])
            pos += self.facedown[s]
        #: where the unseen Ou must lie (:meth:`_ou_slots`; empty: anywhere, or not
        #: ``strict``), with the cumulative odds of each place
        self.ou_slots = self._ou_slots(view) if strict else ()
        #: ``strict``, with four players: per other seat that declared a Shi hand, its
        #: hand's and face-down pieces' places and the Shi among them (:meth:`_deal_shi`)
        self.shi_groups: list[tuple[tuple[int, ...], int]] = []
        if strict and n == 4:
            self.shi_groups = [(self._slots_of(seat, [0] * n, False),
                                count - self.shi_up[seat])
                               for seat, count in view.shi if seat != me]
        self.ou_cum: list[float] = []
        self.pool_without_ou: list[int] = []
        if self.ou_slots:
            self.pool_without_ou = [k for k in self.pool if k != OU]
            fd_odds = FD_LEAD[OU] * len(self.pool) / sum(FD_LEAD[k] for k in self.pool)
            self.ou_cum = list(itertools.accumulate(
                fd_odds if slot >= self.drawn_start else 1.0 for slot in self.ou_slots))

    def deal(self, rng: random.Random) -> tuple[list[int], float]:
        """The unseen pieces in the order of the layout (a new random order each call),
        and the deal's weight relative to the dealing's own odds (0: impossible)."""
        if self.ou_slots:
            return self._place_ou(rng), 1.0
        if self.fd_draw:
            pool = facedown_last(rng, self.pool, self.fd_drawn)
        else:
            rng.shuffle(self.pool)
            pool = self.pool
        if self.shi_groups:
            return self._deal_shi(rng, pool)
        return pool, 1.0

    def _deal_shi(self, rng: random.Random, pool: list[int]) -> tuple[list[int], float]:
        """``pool`` with each declared seat's hand dealt again to hold the Shi its
        declaration leaves (dealt at random, a hand rarely does: five Shi in eight pieces).

        The pieces drawn by :data:`FD_LEAD` stay; the hand (and any face-down piece dealt
        at random) gets exactly the Shi missing, the other pieces at random. The weight is
        the chance that a random hand would have held that many Shi, so the guesses keep
        the dealing's odds (with nothing drawn, it is the same for every guess)."""
        tail = self.drawn_start
        out = pool[:]
        rest = out[:tail]
        w = 1.0
        free = [True] * tail
        for places, count in self.shi_groups:
            here = [p for p in places if p < tail]
            need = count - sum(1 for p in places if p >= tail and out[p] == SHI)
            shi = rest.count(SHI)
            others = [k for k in rest if k != SHI]
            if not 0 <= need <= min(shi, len(here)) or len(here) - need > len(others):
                return out, 0.0
            w *= (math.comb(shi, need) * math.comb(len(others), len(here) - need)
                  / math.comb(len(rest), len(here)))
            rng.shuffle(others)
            group = [SHI] * need + others[:len(here) - need]
            rng.shuffle(group)
            for p, k in zip(here, group, strict=True):
                out[p] = k
                free[p] = False
            rest = [SHI] * (shi - need) + others[len(here) - need:]
        rng.shuffle(rest)
        for p, k in zip((p for p in range(tail) if free[p]), rest, strict=True):
            out[p] = k
        return out, w

    def _ou_slots(self, view: SeatView) -> tuple[int, ...]:
        """Where the unseen Ou must lie, as positions of the layout.

        Another seat's Ou attack before any Ou was face up (and not with its last piece)
        was legal only because it held both Ous at the start of that turn (RULES.md, Ou
        restrictions): the other Ou is still in its hand or among the pieces it has led
        face down since (with ``facedown_ou_unlocks``, any face-down piece laid before the
        attack would do as well)."""
        if self.pool.count(OU) != 1:
            return ()  # both shown (or one in my hand): nothing to place
        sizes = [view.rules.hand_size] * len(self.sizes)
        fd_count = [0] * len(self.sizes)
        ou_up = 0
        for act in view.history:
            if act.is_pass:
                continue
            s = act.seat
            # (with one Ou unseen, this attack's is the only one shown: not my own, which
            # would have needed both, nor a block with the other)
            if act.second == OU and sizes[s] > 2 and ou_up == 0:
                return self._slots_of(s, fd_count, view.rules.facedown_ou_unlocks)
            if act.lead:
                fd_count[s] += 1
            elif act.first == OU:
                ou_up += 1
            if act.second == OU:
                ou_up += 1
            sizes[s] -= 2
        return ()

    def _slots_of(self, seat: int, fd_before: list[int], house: bool) -> tuple[int, ...]:
        """The positions of ``seat``'s hand and of the face-down pieces it laid from its
        ``fd_before[seat]``-th on (with ``house``: all of its face-down pieces and the
        others' first ``fd_before``)."""
        start = sum(self.sizes[s] for s in self.others if s < seat)
        slots = list(range(start, start + self.sizes[seat]))
        for s, (a, b) in self.fd_spans.items():
            if s == seat:
                slots.extend(range(a if house else a + fd_before[s], b))
            elif house:
                slots.extend(range(a, a + fd_before[s]))
        return tuple(slots)

    def _place_ou(self, rng: random.Random) -> list[int]:
        """A deal with the Ou in one of ``ou_slots``, each as likely as the dealing makes
        it (exactly so when nothing is drawn by :data:`FD_LEAD`; a drawn face-down slot
        then counts about ``FD_LEAD[OU]`` over the pool's mean)."""
        slot = rng.choices(self.ou_slots, cum_weights=self.ou_cum)[0]
        rest = self.pool_without_ou
        if self.fd_draw:
            out = facedown_last(rng, rest, self.fd_drawn - (slot >= self.drawn_start))
        else:
            out = rest[:]
            rng.shuffle(out)
        out.insert(slot, OU)
        return out
