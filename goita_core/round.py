"""The round state machine (RULES.md, "A round").

Hands are packed ints (:mod:`goita_core.hands`), so a state is a handful of ints and lists:
cheap to copy and fast to play out, which the computer players rely on. The hands that end
or hold a round before the first play are judged in :mod:`goita_core.special`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import errors as E
from .actions import PASS, PASS_ENTRIES, PLAY_ENTRIES, PLAY_ON, REDEAL, Action, GoshiDecision, Play
from .checks import PHASE_GOSHI, PHASE_OVER, PHASE_PLAY, check_action, validate_deal
from .events import (
    Blocked,
    Event,
    GoshiDecided,
    GoshiDecisionRequested,
    Led,
    MustLeadAgain,
    Passed,
    Redeal,
    RoundWon,
    ShiDeclared,
)
from .hands import (
    LEGAL_CACHE,
    OU,
    SETS,
    count_in,
    counts_of,
    legal_for,
    pack,
    unpack,
)
from .pieces import POINTS, Kind
from .rules import RuleSet
from .special import RoundResult, check_deal

if TYPE_CHECKING:
    from .view import SeatView

__all__ = [
    "PHASE_GOSHI",
    "PHASE_OVER",
    "PHASE_PLAY",
    "Round",
    "RoundResult",
    "count_in",
    "counts_of",
    "legal_for",
    "pack",
    "unpack",
]


class Round:
    """One deal, from the Shi check to the finish. Seats are 0..n-1; the next seat is
    ``(seat + 1) % n``. ``history`` holds ``(seat, action, lead)`` for every pass and play."""

    __slots__ = (
        "attack",
        "attacker",
        "dealer",
        "decisions",
        "hands",
        "history",
        "initial_hands",
        "n",
        "ou_up",
        "passes",
        "pending",
        "phase",
        "result",
        "rules",
        "shi",
        "sizes",
        "turn",
    )

    rules: RuleSet
    n: int
    dealer: int
    hands: list[int]
    sizes: list[int]
    turn: int
    attack: int
    attacker: int
    passes: int
    ou_up: int
    phase: str
    history: list[tuple[int, Action, bool]]
    pending: list[int]
    decisions: dict[int, bool]
    result: RoundResult | None
    initial_hands: tuple[int, ...]
    shi: tuple[tuple[int, int], ...]

    def __init__(self, rules: RuleSet, dealer: int, hands: Sequence[Sequence[Kind | int]]):
        """Start a round from given hands (validated as a deal of the full set); checks the
        Shi hands at once. Use :meth:`deal` for a shuffled deal."""
        validate_deal(rules, dealer, hands)
        self._reset(rules, dealer, [pack(h) for h in hands])

    @classmethod
    def deal(cls, rules: RuleSet, dealer: int, rng: random.Random) -> Round:
        """A uniformly shuffled deal from ``rng`` (a seeded rng reproduces it)."""
        pieces = SETS[rules.players][:]
        # rng.shuffle (Fisher-Yates over getrandbits) inlined: the same permutation as
        # random.Random.shuffle of CPython 3.11+, a third faster (hot in playouts)
        getrandbits = rng.getrandbits
        for i in range(len(pieces) - 1, 0, -1):
            n = i + 1
            k = n.bit_length()
            j = getrandbits(k)
            while j >= n:
                j = getrandbits(k)
            pieces[i], pieces[j] = pieces[j], pieces[i]
        size = rules.hand_size
        # the full set is valid by construction: skip __init__'s validation (hot in playouts)
        new = cls.__new__(cls)
        new._reset(rules, dealer, [sum(pieces[i * size:(i + 1) * size])
                                   for i in range(rules.players)])
        return new

    def _reset(self, rules: RuleSet, dealer: int, codes: list[int]) -> None:
        self.rules = rules
        self.n = rules.players
        self.dealer = dealer
        self.hands = codes
        self.initial_hands = tuple(codes)
        self.sizes = [rules.hand_size] * rules.players
        self.turn = dealer
        self.attack = -1
        self.attacker = -1
        self.passes = 0
        self.ou_up = 0
        self.phase = PHASE_PLAY
        self.history = []
        self.pending = []
        self.decisions = {}
        self.result = None
        self.shi = ()
        self._check_special_hands()

    # -- Shi hands ---------------------------------------------------------------------
    def _check_special_hands(self) -> None:
        check = check_deal(self.rules, self.hands)
        self.shi = check.shi
        if check.result is not None:
            self._end(check.result)
        elif check.pending:
            self.pending = list(check.pending)
            self.phase = PHASE_GOSHI

    def opening_events(self) -> list[Event]:
        """Events to narrate right after the deal: Shi declarations and what follows."""
        events: list[Event] = [ShiDeclared(s, c) for s, c in self.shi]
        if self.phase == PHASE_GOSHI:
            events += [GoshiDecisionRequested(p, (p + 2) % 4) for p in self.pending]
        elif self.result is not None:
            events.append(self._result_event())
        return events

    def _end(self, result: RoundResult) -> None:
        self.result = result
        self.phase = PHASE_OVER

    def _result_event(self) -> Event:
        r = self.result
        assert r is not None
        if r.kind == "redeal":
            return Redeal("goshi" if self.n == 4 else "four_of_a_kind", r.seat)
        assert r.seat is not None and r.team is not None
        return RoundWon(r.seat, r.team, r.points, r.doubled, r.last, r.special)

    # -- queries -----------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == PHASE_OVER

    @property
    def must_lead(self) -> bool:
        return self.phase == PHASE_PLAY and self.attack < 0

    @property
    def move_count(self) -> int:
        """Actions applied so far (plays, passes and decisions): a turn counter for UIs."""
        return len(self.history) + len(self.decisions)

    def hand(self, seat: int) -> list[Kind]:
        return unpack(self.hands[seat])

    def to_act(self) -> list[int]:
        """Seats that may act now: the 5-Shi deciders still to choose, or the seat to play."""
        if self.phase == PHASE_PLAY:
            return [self.turn]
        if self.phase == PHASE_GOSHI:
            return [s for s in self.pending if s not in self.decisions]
        return []

    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        """Every legal action of ``seat`` (default: the seat to move); empty if it may not act."""
        if self.phase == PHASE_PLAY:
            if seat is not None and seat != self.turn:
                return ()
            return legal_for(self.hands[self.turn], self.attack, self.ou_up > 0)
        if self.phase == PHASE_GOSHI and seat in self.pending and seat not in self.decisions:
            return (PLAY_ON, REDEAL)
        return ()

    # -- applying ----------------------------------------------------------------------
    def check(self, seat: int, action: Action) -> None:
        """Raise the :class:`~goita_core.errors.IllegalAction` that ``action`` by ``seat``
        breaks, or return if it is legal. Changes nothing."""
        check_action(self, seat, action)

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply a legal action and return what happened; raise (changing nothing) if it is
        not legal."""
        self.check(seat, action)
        if isinstance(action, GoshiDecision):
            return self._decide(seat, action.play_on)
        lead = self.attack < 0
        attack = self.attack
        self.step(action)
        events: list[Event] = []
        if action is PASS:
            events.append(Passed(seat))
            if self.attack < 0:
                events.append(MustLeadAgain(self.turn))
            return events
        assert isinstance(action, Play)
        if lead:
            events.append(Led(seat, action.first, action.second))
        else:
            events.append(Blocked(seat, action.first, action.second, Kind(attack)))
        if self.result is not None:
            events.append(self._result_event())
        return events

    def _decide(self, seat: int, play_on: bool) -> list[Event]:
        self.decisions[seat] = play_on
        events: list[Event] = [GoshiDecided(seat, play_on)]
        # RULES.md **Decision**: with two opposing 5-Shi hands the round is redealt if either
        # partner chooses redeal; it is played only if both choose play on.
        if not play_on:
            self._end(RoundResult("redeal", seat, None, 0))
            events.append(Redeal("goshi", seat))
        elif all(p in self.decisions for p in self.pending):
            self.phase = PHASE_PLAY
        return events

    def step(self, action: Action) -> None:
        """Apply a play or pass of the seat to move, assumed legal (no checks, no events):
        the fast path for search and playouts."""
        seat = self.turn
        if action is PASS:
            self.history.append(PASS_ENTRIES[seat])
            self.passes += 1
            self.turn = (seat + 1) % self.n
            if self.passes == self.n - 1:
                # everyone else passed: the attacker leads again (the turn is theirs already)
                self.attack = -1
                self.passes = 0
            return
        f = action.first  # type: ignore[attr-defined]
        s = action.second  # type: ignore[attr-defined]
        lead = self.attack < 0
        self.hands[seat] -= (1 << (f << 2)) + (1 << (s << 2))
        size = self.sizes[seat] - 2
        self.sizes[seat] = size
        if s == OU:
            self.ou_up += 1
        if f == OU and (not lead or self.rules.facedown_ou_unlocks):
            self.ou_up += 1
        self.history.append(PLAY_ENTRIES[seat * 2 + lead][action.code])  # type: ignore[attr-defined]
        if size == 0:
            # the last piece is always an attack; double when the one before it was led face
            # down and is the same kind (or any 7th with house rule double_any_seventh)
            doubled = f == s and (lead or self.rules.double_any_seventh)
            points = POINTS[s] * (2 if doubled else 1)
            self._end(RoundResult("finish", seat, self.rules.team_of(seat), points, doubled,
                                  Kind(s)))
            return
        self.attack = s
        self.attacker = seat
        self.passes = 0
        self.turn = (seat + 1) % self.n

    def random_playout(self, rng: random.Random) -> RoundResult:
        """Play uniformly random legal actions to the end (Shi phase excluded).

        The hot loop of the computer players: :meth:`step` is inlined, and the choice is
        ``acts[int(random() * len)]`` (uniform up to float rounding, ~2x faster than
        ``rng.choice``)."""
        if self.result is not None:
            return self.result
        hands, sizes, history = self.hands, self.sizes, self.history
        rand, cache, n = rng.random, LEGAL_CACHE, self.n
        passes_, plays_ = PASS_ENTRIES, PLAY_ENTRIES
        turn, attack, passes, ou_up = self.turn, self.attack, self.passes, self.ou_up
        while True:
            key = hands[turn] | ((attack + 1) << 32) | ((ou_up > 0) << 36)
            acts = cache.get(key)
            if acts is None:
                acts = legal_for(hands[turn], attack, ou_up > 0)
            act = acts[int(rand() * len(acts))]
            if act is PASS:
                history.append(passes_[turn])
                turn = (turn + 1) % n
                passes += 1
                if passes == n - 1:  # everyone else passed: the attacker leads again
                    attack = -1
                    passes = 0
                continue
            f = act.first  # type: ignore[attr-defined]
            s = act.second  # type: ignore[attr-defined]
            lead = attack < 0
            hands[turn] -= (1 << (f << 2)) + (1 << (s << 2))
            size = sizes[turn] - 2
            sizes[turn] = size
            if s == OU:
                ou_up += 1
            if f == OU and (not lead or self.rules.facedown_ou_unlocks):
                ou_up += 1
            history.append(plays_[turn * 2 + lead][act.code])  # type: ignore[attr-defined]
            if size == 0:
                self.turn, self.attack, self.passes, self.ou_up = turn, attack, passes, ou_up
                doubled = f == s and (lead or self.rules.double_any_seventh)
                points = POINTS[s] * (2 if doubled else 1)
                self._end(RoundResult("finish", turn, self.rules.team_of(turn), points,
                                      doubled, Kind(s)))
                return self.result  # type: ignore[return-value]
            attack = s
            self.attacker = turn
            passes = 0
            turn = (turn + 1) % n

    # -- copies and views --------------------------------------------------------------
    def clone(self) -> Round:
        new = Round.__new__(Round)
        new.rules = self.rules
        new.n = self.n
        new.dealer = self.dealer
        new.hands = self.hands[:]
        new.sizes = self.sizes[:]
        new.turn = self.turn
        new.attack = self.attack
        new.attacker = self.attacker
        new.passes = self.passes
        new.ou_up = self.ou_up
        new.phase = self.phase
        new.history = self.history[:]
        new.pending = self.pending[:]
        new.decisions = dict(self.decisions)
        new.result = self.result
        new.initial_hands = self.initial_hands
        new.shi = self.shi
        return new

    def view(self, seat: int, **match_info: object) -> SeatView:
        from .view import build_view

        return build_view(self, seat, **match_info)  # type: ignore[arg-type]

    @classmethod
    def from_view(cls, view: SeatView, hands: Sequence[Sequence[Kind | int]]) -> Round:
        """A playable state that agrees with ``view`` where every seat holds ``hands[s]``
        now (``hands[view.seat]`` must be the view's own hand): a determinization for search.
        Its ``history`` is empty: the past does not change what may happen next."""
        if sorted(int(k) for k in hands[view.seat]) != sorted(int(k) for k in view.hand):
            raise E.InvalidDeal("the hand for the viewing seat differs from its view")
        sizes = [len(h) for h in hands]
        if sizes != list(view.hand_sizes):
            raise E.InvalidDeal(f"hand sizes {sizes} do not match the view's {view.hand_sizes}")
        new = Round.__new__(Round)
        new.rules = view.rules
        new.n = view.rules.players
        new.dealer = view.dealer
        new.hands = [pack(h) for h in hands]
        new.sizes = sizes
        new.turn = view.turn
        new.attack = -1 if view.attack is None or view.must_lead else int(view.attack)
        new.attacker = -1 if view.attacker is None else view.attacker
        new.passes = view.passes
        new.ou_up = view.ou_up
        new.phase = view.phase
        # search needs no history; a determinization starts with an empty one
        new.history = []
        new.pending = list(view.goshi_pending)
        new.decisions = {}
        new.result = view.result
        new.initial_hands = tuple(new.hands)
        new.shi = view.shi
        return new
