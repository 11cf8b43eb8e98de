"""A match: rounds until a team reaches the target (RULES.md, "A match").

Seeded: ``Match(seed=s)`` draws the first dealer and every deal from ``random.Random(s)``, so
a seed plus the list of actions reproduces a whole match (the bot stores exactly that).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from . import errors as E
from .actions import Action
from .events import Event, MatchWon
from .pieces import Kind
from .round import Round, RoundResult
from .rules import RuleSet
from .view import SeatView


class Match:
    def __init__(self, rules: RuleSet | None = None, seed: int | None = None,
                 first_dealer: int | None = None, deal: bool = True) -> None:
        self.rules = rules or RuleSet()
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**63)
        self.rng = random.Random(self.seed)
        n = self.rules.players
        drawn = self.rng.randrange(n)  # always drawn, so deals do not depend on first_dealer
        self.first_dealer = drawn if first_dealer is None else first_dealer
        if not 0 <= self.first_dealer < n:
            raise ValueError(f"first_dealer must be a seat 0..{n - 1}")
        self.dealer = self.first_dealer
        self.scores: list[int] = [0] * self.rules.teams
        self.rounds: list[Round] = []
        self.winner: int | None = None
        self._opening: list[Event] = []
        if deal:
            self.next_round()

    # -- state -------------------------------------------------------------------------
    @property
    def round(self) -> Round:
        if not self.rounds:
            raise E.GoitaError("no round has been dealt yet")
        return self.rounds[-1]

    @property
    def round_no(self) -> int:
        """1-based number of the current round (redeals count as rounds)."""
        return len(self.rounds)

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def awaiting_next_round(self) -> bool:
        return not self.over and (not self.rounds or self.round.over)

    @property
    def target(self) -> int:
        return self.rules.target

    def view(self, seat: int) -> SeatView:
        return self.round.view(seat, scores=tuple(self.scores), round_no=self.round_no)

    # -- flow --------------------------------------------------------------------------
    def next_round(self, hands: Sequence[Sequence[Kind | int]] | None = None) -> list[Event]:
        """Deal the next round (shuffled from the match's rng, or the given hands) and
        return its opening events (Shi declarations; a Shi hand may end it at once)."""
        if self.over:
            raise E.MatchOver("the match is over")
        if self.rounds and not self.round.over:
            raise E.IllegalAction("the current round is still being played")
        if hands is None:
            rnd = Round.deal(self.rules, self.dealer, self.rng)
        else:
            rnd = Round(self.rules, self.dealer, hands)
        self.rounds.append(rnd)
        events = rnd.opening_events()
        if rnd.result is not None:
            events += self._settle(rnd.result)
        return events

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply an action to the current round; raise (changing nothing) if illegal."""
        if self.over:
            raise E.MatchOver("the match is over")
        rnd = self.round
        events = rnd.apply(seat, action)
        if rnd.result is not None:
            events += self._settle(rnd.result)
        return events

    def _settle(self, result: RoundResult) -> list[Event]:
        if result.kind == "redeal":
            return []  # same dealer deals again (RULES.md, Shi hands)
        assert result.seat is not None and result.team is not None
        self.scores[result.team] += result.points
        # the winner of a round deals next; a 6/7/8-Shi holder deals next
        self.dealer = result.seat
        if result.wins_match or self.scores[result.team] >= self.rules.target:
            self.winner = result.team
            return [MatchWon(result.team, tuple(self.scores))]
        return []
