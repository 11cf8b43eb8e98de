"""How much better guesses of the hidden pieces could make a search player, at most.

    python -m benchmarks.oracle_ceiling --reveal opponents [--only ou|kinds|high]
        [--mix SHARE] [--when lead|opponent|partner] [arena options...]

Plays the arena with side A's search player told the true hands of some seats (its
partner's, the opponents', one opponent's or all): its guesses deal only the other
hands. Side B plays fairly. With ``--only``, just that of those hands is told: their Ou
count, which kinds they hold, or their Kaku, Hi and Ou; the rest of such a hand is drawn
from the pieces that agree with it. With ``--mix``, only that share of the guesses is
told (drawn at random), the others are fair: knowledge between today's guesses and the
truth. With ``--when``, only that kind of decision is told: leads, answers to an
opponent's attack, or answers to the partner's (the others are searched fairly). The
difference to a fair A on the same deals bounds what any inference about those seats can
gain; it is a measurement, never a player.

Every other argument is the arena's (``python -m goita_core.tools.arena
--help``); use ``--jobs 1``: the arena's worker processes would not see the patch.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable

from benchmarks.inference_quality import kinds_held
from goita_core.hands import count_in
from goita_core.pieces import Kind
from goita_core.players import hard
from goita_core.players.base import Player
from goita_core.players.sampling import Sampler
from goita_core.round import Round
from goita_core.tools import arena

#: the true packed hands while a side-A player decides (None otherwise)
_truth: list[list[int] | None] = [None]
#: which seats' hands are revealed, relative to the deciding seat (1: next seat, ...)
_revealed: set[int] = set()

KAKU, OU = int(Kind.KAKU), int(Kind.OU)
REVEAL = {"partner": {2}, "opponents": {1, 3}, "all": {1, 2, 3},
          # one opponent: the seat after the deciding one, or the seat before it
          "next": {1}, "previous": {3}}
#: with a value, only this much of a revealed hand is told: the guesses are the fair
#: sampler's, kept only when they agree with the truth on it
_partial: list[str | None] = [None]
#: the share of guesses that are told (the others are the fair sampler's)
_mix: list[float] = [1.0]
#: with a value, only decisions of this kind are told (see ``_decision``)
_when: list[str | None] = [None]


def _decision(rnd: Round, seat: int) -> str:
    """The kind of decision ``seat`` faces: a lead, or an answer to an opponent's or the
    partner's attack (the 5-Shi question counts as a lead)."""
    if rnd.attack < 0:
        return "lead"
    team_of = rnd.rules.team_of
    return "partner" if team_of(rnd.attacker) == team_of(seat) else "opponent"


def _told(code: int, what: str) -> int:
    """The part of a packed hand that ``what`` reveals."""
    if what == "ou":
        return (code >> 28) & 15
    if what == "kinds":  # which kinds it holds, not how many
        return kinds_held(code)
    if what == "high":  # its Hi, Kaku and Ou
        return code >> 20
    raise ValueError(what)


class OracleSampler(Sampler):
    """Deals the revealed hands as they are (or as much of them as is told), the others at
    random, weighted as the fair sampler weighs its guesses."""

    def sample(self, rng: random.Random, tries: int = 50) -> tuple[list[int], float]:
        truth = _truth[0]
        if truth is None or (_mix[0] < 1.0 and rng.random() >= _mix[0]):
            return super().sample(rng, tries)
        shown = [s for s in self.others if (s - self.me) % self.n in _revealed]
        for _ in range(tries):
            codes = self._deal(rng, truth, shown)
            w = self.weight(codes)
            if w > 0:
                return codes, w
        return [truth[s] if s != self.me else self.my_code for s in range(self.n)], 1.0

    def _deal(self, rng: random.Random, truth: list[int], shown: list[int]) -> list[int]:
        """A guess agreeing with the truth on what is told of the ``shown`` hands."""
        pool = list(self.pool)
        rng.shuffle(pool)
        codes = [0] * self.n
        codes[self.me] = self.my_code
        what = _partial[0]
        # first the pieces the told parts fix (all of them when the whole hand is told),
        # then the rest of each hand from the kinds its told part allows
        fill: dict[int, tuple[list[int], set[int]]] = {}
        for s in shown:
            if what is None:
                fill[s] = [k for k in range(8) for _ in range(count_in(truth[s], k))], set()
            else:
                fill[s] = _fixed(_told(truth[s], what), what)
            for k in fill[s][0]:
                pool.remove(k)
        for s in shown:
            take, allowed = fill[s]
            rest = [i for i, k in enumerate(pool) if k in allowed][:self.sizes[s] - len(take)]
            take = take + [pool[i] for i in rest]
            dealt = set(rest)
            pool = [k for i, k in enumerate(pool) if i not in dealt]
            for k in take:
                codes[s] += 1 << (k << 2)
        pos = 0
        for s in self.others:
            if s not in shown:
                for k in pool[pos:pos + self.sizes[s]]:
                    codes[s] += 1 << (k << 2)
                pos += self.sizes[s]
        return codes


def _fixed(told: int, what: str) -> tuple[list[int], set[int]]:
    """For what ``_told`` said: the pieces a hand surely holds, and the kinds its other
    pieces may be."""
    if what == "ou":
        return [OU] * told, set(range(OU))
    if what == "kinds":
        kinds = {k for k in range(8) if told >> k & 1}
        return sorted(kinds), kinds
    # "high": the counts of Kaku, Hi and Ou
    return [KAKU + i for i in range(3) for _ in range((told >> (i << 2)) & 15)], set(range(KAKU))


def _play_round(rnd: Round, player_of: Callable[[int], Player], timer: arena.Timer,
                round_no: int = 0, scores: tuple[int, ...] = ()) -> Round:
    def told(seat: int) -> Player:
        player = player_of(seat)
        told_now = getattr(player, "oracle", False) and (
            _when[0] is None or _decision(rnd, seat) == _when[0])
        _truth[0] = list(rnd.hands) if told_now else None
        return player

    return _fair_play_round(rnd, told, timer, round_no, scores)


_fair_play_round = arena.play_round
_fair_get = arena._Seats.get


def _get(self: arena._Seats, side: str, seat: int) -> Player:
    player = _fair_get(self, side, seat)
    if side == "a":
        player.oracle = True  # type: ignore[attr-defined]
    return player


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--reveal", required=True, choices=sorted(REVEAL))
    parser.add_argument("--only", choices=("ou", "kinds", "high"), default=None)
    parser.add_argument("--mix", type=float, default=1.0,
                        help="the share of guesses told the truth (the rest are fair)")
    parser.add_argument("--when", choices=("lead", "opponent", "partner"), default=None,
                        help="tell only this kind of decision (the others are fair)")
    ours, rest = parser.parse_known_args(argv)
    _when[0] = ours.when
    _revealed.update(REVEAL[ours.reveal])
    _partial[0] = ours.only
    _mix[0] = ours.mix
    setattr(hard, "Sampler", OracleSampler)  # noqa: B010 (the search looks it up there)
    arena.play_round = _play_round
    arena._Seats.get = _get  # type: ignore[method-assign]
    return arena.main(rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
