"""What the other seats showed in the ended rounds: whether each plays a fixed program.

When a round ends its record shows every hand (the face-down pieces revealed; the engine
protocol's ``round_end`` sends them too). Replayed with the true hands, a seat's decisions
tell almost surely whether it plays the greedy or the normal program: a program makes its
own choice at every decision, any other player rarely at all of a round's. :class:`Memory`
keeps, per seat, the shares of the two programs updated from the prior shares by every
ended round; the search (``remember``) gives the seats these shares in the next rounds
(:class:`.programs.Programs`: in ``hard``, the program a seat plays in the playouts is drawn
by its share).
"""

from __future__ import annotations

import math

from ..round import Round
from .pastplay import PastPlay
from .programs import check_shares

#: how often a player who is not the program makes its choice, greedy's and normal's:
#: search players at 300 samples did in 28-32% and 47% of their decisions with a choice
#: (against a uniform choice, a searcher that shared normal's choices in most of a
#: round's decisions among many options was taken for normal)
AGREE = (0.3, 0.5)
#: a program's share below this counts as none (the seat is not searched as one)
FLOOR = 1e-4
#: the programs' shares together stay below this: the search's own reading of a seat
#: keeps a share however sure the memory is
CAP = 0.999


class Memory:
    """The ended rounds seen from seat ``me``: per other seat, how much likelier the
    greedy and the normal program make its decisions than players who share their
    choices as often as :data:`AGREE` says (as logs)."""

    def __init__(self, greedy: float, normal: float, me: int, seats: int,
                 weights: tuple[float, ...]) -> None:
        check_shares(greedy, normal)
        self.prior = (greedy, normal)
        self.me = me
        self.weights = weights
        #: per seat, the summed logs of greedy's and normal's odds
        self.log_odds = [(0.0, 0.0)] * seats
        self.rounds = 0

    def observe(self, rnd: Round) -> None:
        """Add the decisions of an ended round ``rnd``, replayed with the true hands."""
        if not rnd.over or not rnd.history:
            return  # a redeal: nobody decided anything
        n = rnd.rules.players
        others = [s for s in range(n) if s != self.me]
        past = PastPlay(rnd.view(self.me), others, self.weights, None, None, 1.0, None)
        facedown: list[list[int]] = [[] for _ in range(n)]
        for seat, action, lead in rnd.history:
            if lead:
                facedown[seat].append(int(action.first))  # type: ignore[attr-defined]
        greedy_on, normal_on = self.prior[0] > 0, self.prior[1] > 0
        for s in others:
            greedy, normal = past.seat_odds(s, rnd.hands[s], facedown[s], greedy_on,
                                            normal_on, agree=AGREE)
            lg, ln = self.log_odds[s]
            self.log_odds[s] = (lg + _log(greedy), ln + _log(normal))
        self.rounds += 1

    def shares(self) -> list[tuple[float, float]] | None:
        """Per seat, the shares of greedy and normal after the rounds seen (below
        :data:`FLOOR`: 0; together at most :data:`CAP`); None before any round or when no
        other seat keeps a share."""
        if not self.rounds:
            return None
        greedy_p, normal_p = self.prior
        out: list[tuple[float, float]] = []
        for s, (lg, ln) in enumerate(self.log_odds):
            if s == self.me:
                out.append((0.0, 0.0))
                continue
            logs = (math.log(1.0 - greedy_p - normal_p),
                    math.log(greedy_p) + lg if greedy_p > 0 else -math.inf,
                    math.log(normal_p) + ln if normal_p > 0 else -math.inf)
            top = max(logs)
            terms = [math.exp(x - top) for x in logs]
            total = sum(terms)
            greedy, normal = (t / total if t / total >= FLOOR else 0.0 for t in terms[1:])
            if greedy + normal > CAP:
                scale = CAP / (greedy + normal)
                greedy, normal = greedy * scale, normal * scale
            out.append((greedy, normal))
        if not any(g or n for g, n in out):
            return None
        return out


def _log(x: float) -> float:
    return math.log(x) if x > 0 else -math.inf
