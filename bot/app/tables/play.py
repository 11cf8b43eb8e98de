"""Play: starting a match, dealing, applying an action, and what follows a step (the board
log, the end of the match, the turn timers); plus the human's side of it (``act``,
``hand``) and where the board message is.

``Table.version`` is the custom-id counter: it grows by one per game step (a deal or an
action), over all matches of the table. ``act`` with another version is refused as "stale",
except a 5-Shi decision drawn since the round's deal: two partners may decide at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from goita_core import errors as GE
from goita_core.actions import Action, GoshiDecision
from goita_core.events import Event
from goita_core.match import Match
from goita_core.narration import Line
from goita_core.view import SeatView

from ..errors import TableError
from ..ports import TableChange
from ..steplog import Actor, LogEntry
from ..table import Table
from .kernel import UNCHANGED, Outbox, StepResult
from .narration import event_lines
from .results import ResultsRoom
from .timers import arm


@dataclass(frozen=True, slots=True)
class HandView:
    """What ``hand()`` returns: the seat's private view plus what a hand message needs."""

    table_id: int
    seat: int
    view: SeatView
    #: put this in the custom ids of the hand's buttons
    version: int
    #: when this seat's turn times out (None if it is not timed now)
    deadline: float | None
    #: True if the seat was away and is now taken back
    came_back: bool = False

    @property
    def my_turn(self) -> bool:
        return self.view.my_turn


class PlayRoom(ResultsRoom):
    # -- the human's side ----------------------------------------------------------------
    async def act(self, table_id: int, user_id: int, version: int, action: Action) -> Table:
        async def step(table: Table, out: Outbox) -> StepResult:
            if table.status != "playing" or table.match is None:
                raise TableError("not_playing")
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError("not_seated")
            self.check_version(table, version, action)
            if seat not in table.to_act():
                raise TableError("not_your_turn")
            occupant = table.seat(seat)
            was_away, occupant.away = occupant.away, False  # acting takes the seat back
            try:
                return [self._apply(table, seat, action, "human", user_id, out)]
            except TableError:
                occupant.away = was_away  # an illegal move changes nothing
                raise

        return await self._mutate(table_id, step)

    def check_version(self, table: Table, version: int, action: Action | None = None) -> None:
        """The one stale rule (``act`` applies it; the adapter asks it before acknowledging a
        click): a button drawn at another version is "stale", except a 5-Shi decision drawn
        since the round's deal. ``action`` None: a click that only redraws a hand."""
        if version == table.version:
            return
        if action is not None and _decision_still_open(table, version, action):
            return
        raise TableError("stale", version=table.version)

    async def hand(self, table_id: int, user_id: int) -> HandView:
        came_back = False

        def step(table: Table, out: Outbox) -> StepResult:
            nonlocal came_back
            seat = _playing_seat(table, user_id)
            occupant = table.seat(seat)
            if not occupant.away:
                return UNCHANGED
            occupant.away = False
            came_back = True
            line = table.add_line("log.back", seat=seat, name=occupant.name)
            later = Outbox()
            arm(table, later, self.settings, self.clock.now(), quiet=seat)
            out.changed(table, TableChange(table.id, "back", lines=[line], seat=seat,
                                           actor="human", version=table.version))
            out.items.extend(later.items)
            return []

        table = await self._mutate(table_id, step)
        seat = table.seat_of(user_id)
        assert seat is not None
        return _hand_view(table, seat, came_back)

    def hand_now(self, table_id: int, user_id: int) -> HandView | None:
        """``hand()`` without waiting, from the committed state: None while a step of the
        table runs (its state may be ahead of the store) or when the seat is away (taking
        it back is a step); then call ``hand()``. Refuses as ``hand()`` does."""
        table = self.get(table_id)
        if self.in_step(table_id):
            return None
        seat = _playing_seat(table, user_id)
        if table.seat(seat).away:
            return None
        return _hand_view(table, seat, False)

    async def set_board_message(self, table_id: int, message_id: int | None,
                                posted_at: float | None) -> None:
        table = self.get(table_id)
        async with self._lock(table_id):
            table.board_message_id = message_id
            table.board_posted_at = posted_at
            table.updated_at = self.clock.now()
            await self.store.save(table)

    async def closed_board_shown(self, table_id: int, version: int) -> None:
        """The board showed the end of the table at ``version`` (or can never show it: the
        channel is gone): a restart need not show it again."""
        async with self._lock(table_id):
            table = self._tables.get(table_id) or await self.store.load(table_id)
            if table is None or table.live or table.version != version \
                    or not table.board_pending:
                return  # reopened since (a rematch), or settled already
            table.board_pending = False
            await self.store.save(table)

    # -- the steps of a match --------------------------------------------------------------
    def _begin_match(self, table: Table, out: Outbox) -> list[LogEntry]:
        now = self.clock.now()
        table.status = "playing"
        table.match_no += 1
        table.seed = self.seed_source()
        table.started_at = now
        table.finished_at = None
        table.close_reason = None
        table.stopped_early = False
        table.result_recorded = False
        table.deadlines.clear()
        table.timed_seats = ()
        table.match = Match(table.rules, seed=table.seed, deal=False)
        table.first_dealer = table.match.first_dealer
        line = table.add_line("log.start", match_no=table.match_no, dealer=table.first_dealer)
        entry, events = self._deal(table)
        later = Outbox()
        lines = [line, *self._after_step(table, events, later)]
        out.changed(table, TableChange(table.id, "start", events, lines, actor="system",
                                       version=table.version))
        out.items.extend(later.items)
        return [entry]

    def _next_round(self, table: Table, out: Outbox) -> list[LogEntry]:
        entry, events = self._deal(table)
        later = Outbox()
        lines = self._after_step(table, events, later)
        match = table.match
        assert match is not None
        reason = ("match_end" if match.over else "round_end" if match.round.over else "deal")
        out.changed(table, TableChange(table.id, reason, events, lines, actor="system",
                                       version=table.version))
        out.items.extend(later.items)
        return [entry]

    def _deal(self, table: Table) -> tuple[LogEntry, list[Event]]:
        match = table.match
        assert match is not None
        hands = self.deal_source(table, match.round_no + 1) if self.deal_source else None
        events = match.next_round(hands)
        table.version += 1
        stored = None if hands is None else tuple(tuple(int(k) for k in h) for h in hands)
        table.add_line("log.deal", round=match.round_no, dealer=match.round.dealer)
        return LogEntry(table.version, table.match_no, "deal", self.clock.now(),
                        hands=stored), events

    def _apply(self, table: Table, seat: int, action: Action, actor: Actor,
               user_id: int | None, out: Outbox) -> LogEntry:
        match = table.match
        assert match is not None
        try:
            events = match.apply(seat, action)
        except GE.GoitaError as exc:
            raise TableError(f"illegal.{exc.rule}", rule=exc.rule, message=str(exc)) from None
        table.version += 1
        later = Outbox()
        lines = self._after_step(table, events, later)
        reason = "match_end" if match.over else "round_end" if match.round.over else "move"
        out.changed(table, TableChange(table.id, reason, events, lines, seat=seat, actor=actor,
                                       version=table.version))
        out.items.extend(later.items)
        return LogEntry(table.version, table.match_no, "act", self.clock.now(), actor, seat,
                        action, user_id=user_id)

    def _after_step(self, table: Table, events: Sequence[Event], later: Outbox) -> list[Line]:
        """Narrate, then settle the match state: finish, schedule the next round, or arm
        the turn timers. Prompts and the closing notice go to ``later``, which the caller
        delivers after the step's table_changed."""
        lines = event_lines(table, events)
        match = table.match
        assert match is not None
        if match.over:
            table.status = "finished"
            table.finished_at = self.clock.now()
            table.close_reason = "finished"
            table.deadlines.clear()
            table.timed_seats = ()
            later.closed(table, "finished")
        else:
            arm(table, later, self.settings, self.clock.now())
        return lines


def _playing_seat(table: Table, user_id: int) -> int:
    """The seat of ``user_id`` at a running match; refuses as a hand request is refused."""
    if table.status != "playing" or table.match is None:
        raise TableError("not_playing")
    seat = table.seat_of(user_id)
    if seat is None:
        raise TableError("not_seated")
    return seat


def _hand_view(table: Table, seat: int, came_back: bool) -> HandView:
    assert table.match is not None
    deadline = table.deadlines.turn_deadline if seat in table.timed_seats else None
    return HandView(table.id, seat, table.match.view(seat), table.version, deadline, came_back)


def _decision_still_open(table: Table, version: int, action: Action) -> bool:
    """Two 5-Shi partners decide at the same time: the first decision must not make the
    other's buttons stale. A decision drawn since this round's deal is still valid."""
    match = table.match
    if not isinstance(action, GoshiDecision) or match is None:
        return False
    rnd = match.round
    return rnd.phase == "goshi" and table.version - rnd.move_count <= version < table.version
