"""TableService: every table's game logic, timers and CPU pacing, without Discord.

The discord adapter calls the methods below and renders what the :class:`Presenter` is told.
Every mutating call takes the table's ``asyncio.Lock``, validates (raising
:class:`~bot.app.errors.TableError`), applies, COMMITS to the store, releases the lock, and
only then calls the presenter. Nothing is shown before it is stored.

API (all ``async`` unless marked; ``table_id`` ints, ``user``/``host``/``by`` are
:class:`~bot.app.ports.UserRef` unless named ``*_id``)::

    create_table(guild_id, channel_id, host, target=150, double_any_seventh=False) -> Table
        host is seated at seat 0. Presenter: table_changed(reason="created").
    join(table_id, user, seat=None) -> Table          lowest free seat by default
    leave(table_id, user, lobby_only=False) -> Table  lobby: frees the seat (host passes to
        the next human; the last human leaving closes the table, reason "empty");
        playing: a normal CPU takes the seat (the last human leaving closes: "abandoned")
    add_cpu(table_id, by, level, seat=None) -> Table  level: easy|normal|hard or a name in
        settings.external_engines (seat kind "engine"); by must be seated (or the host)
    remove_seat(table_id, by, seat) -> Table          host; not the host's own seat
    shuffle_seats(table_id, by) -> Table              host
    move_seat(table_id, by, from_seat, to_seat) -> Table   host; swaps if occupied
    start(table_id, by) -> Table                      host, 4 seats. reason "start"
    cancel(table_id, by) -> Table                     host, lobby only. table_closed("cancelled")
    stop(table_id, by, can_manage=False) -> Table     host or can_manage (Manage Messages);
        lobby or playing; a started match is recorded as stopped early. table_closed("stopped")
    rematch(table_id, by) -> Table                    a seated human of a finished table;
        same seats, new match, starts at once. reason "start"
    act(table_id, user_id, version, action) -> Table  action: goita_core Action (PASS,
        Play(first, second), PLAY_ON, REDEAL). reason "move"
    hand(table_id, user_id) -> HandView               also takes an away seat back
        (reason "back" if it was away)
    set_board_message(table_id, message_id, posted_at) -> None   no presenter call
    get(table_id) -> Table (sync; TableError "no_table"), find(table_id) -> Table | None (sync)
    table_for_channel(channel_id) -> Table | None (sync; live tables only)
    tables_for_user(user_id) -> list[Table] (sync; live tables where the user is seated)
    live_tables() -> list[Table] (sync); all_tables() -> list[Table] (sync; also closed ones
        this process has seen, e.g. a finished table offering Rematch)
    restore() -> list[Table]     on start-up: reload live tables, table_changed(reason="restored")
    tick() -> int                run everything due at clock.now() (tests call this)
    next_deadline() -> float | None (sync)
    start_driver() (sync) / stop_driver()   the background task that calls tick() on time

``Table.version`` is the custom-id counter: it grows by one per game step (a deal or an
action), over all matches of the table. ``act`` with another version -> "stale" (except a
5-Shi decision drawn since the round's deal: two partners may decide at the same time).

TableError codes (``err.params`` in parentheses):
    no_table, table_exists (table_id, channel_id, board_message_id), bad_target (target,
    message), not_in_lobby,
    not_playing, not_finished, already_seated (seat), seat_taken (seat), bad_seat (seat),
    table_full, not_seated, not_host, not_host_or_manager, need_four (seated),
    bad_level (level, levels), host_seat (seat), stale (version), not_your_turn,
    "illegal.<rule>" (rule, message) for every goita_core IllegalAction rule code
    (e.g. illegal.must_lead, illegal.block_mismatch, illegal.ou_attack_not_allowed).

Presenter calls (after the commit, outside the lock, in this order for one step):
    table_changed(table, TableChange(reason, events, lines, seat, actor, version))
      reasons: created, lobby, start, move, deal, round_end, match_end, back, away (a
      timeout: the CPU's move follows as "move"), left (a CPU took a player's seat
      mid-game), restored; "closed" is never used: closing calls table_closed.
      ``seat``/``actor`` say who acted ("human", "cpu", "timeout", "away", "system").
    prompt(table, seat, kind): "your_turn" when a present human's turn starts, "goshi"
      when a present human must choose PLAY_ON/REDEAL, "timeout_warning" at
      turn_deadline - turn_warning_seconds, "taken_over" when the CPU moved for them.
    table_closed(table, reason): cancelled, stopped, idle (lobby timeout), empty (last
      human left the lobby), abandoned (every human away too long, or the last one left),
      finished (match won: sent right after table_changed(reason="match_end"); the
      board keeps a Rematch button).

Narration ``lines`` (key, params), also kept in ``Table.recent`` (last 12) for the board.
Every ``seat`` param is a seat index; ``name`` is that seat's display name::

    log.start (match_no, dealer)            log.deal (round, dealer)
    log.shi (seat, name, count)             log.goshi_wait (seat, name, holder)
    log.goshi_decided (seat, name, play_on) log.redeal (reason, seat)
    log.led (seat, name, attack)            -- attack is a kanji; the face-down piece is
                                               NEVER in a line
    log.blocked (seat, name, block, attack, answered)   -- answered = the attack blocked
    log.passed (seat, name)
    log.lead_again (seat, name)
    log.round_won (seat, name, team, points, doubled, last, special)
    log.match_won (team, scores)
    log.join / log.leave / log.cpu_added / log.seat_removed (seat, name)
    log.cpu_took_seat (seat, name)          log.timeout (seat, name)
    log.back (seat, name)                   log.shuffled ()  log.moved (from_seat, to_seat)

Timers are data (``Table.deadlines``, wall-clock seconds, stored with the table). After a
restart they resume with the time they had left at the table's last stored change (every
deadline moves on by now - updated_at), so nobody is timed out, and no lobby expires, because
the bot was down; overdue CPU moves and deals run at once.

CPU moves are seeded from (table seed, match, round, move count, seat), so a replayed game
makes the same moves (except "hard", which has a time budget). An "engine" seat runs the
operator's command (settings.external_engines) as one process per seat through
goita_core.tools.protocol.EnginePlayer (time_ms = hard_cpu_budget_ms; a failing engine is replaced
move by move by a safe legal move); processes stop when the table closes or at
stop_driver().
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.storage.tables import Actor, ChannelTaken, LogEntry, TableRepository
from goita_core import errors as GE
from goita_core.actions import Action, GoshiDecision
from goita_core.events import (
    Blocked,
    Event,
    GoshiDecided,
    GoshiDecisionRequested,
    Led,
    MatchWon,
    MustLeadAgain,
    Passed,
    Redeal,
    RoundWon,
    ShiDeclared,
)
from goita_core.match import Match
from goita_core.pieces import KANJI, Kind
from goita_core.rules import RuleSet
from goita_core.tools.protocol import EnginePlayer
from goita_core.view import SeatView

from .errors import TableError
from .ports import Clock, Presenter, PromptKind, TableChange, UserRef
from .table import CPU_LEVELS, SEATS, Line, Seat, Table

log = logging.getLogger(__name__)

#: safety valve: steps one tick() may run (a table of CPUs with zero delay plays on)
MAX_STEPS_PER_TICK = 2000
#: the driver re-checks at least this often (wall-clock jumps, lost wake-ups)
MAX_DRIVER_SLEEP = 30.0
#: closed tables kept in memory (for their last board and Rematch); older ones are
#: forgotten and, for a rematch, loaded again from the store
MAX_CLOSED_IN_MEMORY = 200


class Player(Protocol):
    def act(self, view: SeatView) -> Action: ...


#: (level, seed, budget_ms) -> a computer player; level is easy/normal/hard or an engine name
PlayerFactory = Callable[[str, int, int], Player]
#: (table, round number about to be dealt) -> hands by seat, or None for the seeded shuffle
DealSource = Callable[[Table, int], Sequence[Sequence[Kind | int]] | None]


class TimingSettings(Protocol):
    """The subset of :class:`bot.config.Settings` the service reads."""

    @property
    def turn_timeout_seconds(self) -> float: ...
    @property
    def turn_warning_seconds(self) -> float: ...
    @property
    def cpu_move_delay_seconds(self) -> float: ...
    @property
    def lobby_idle_seconds(self) -> float: ...
    @property
    def round_pause_seconds(self) -> float: ...
    @property
    def away_close_seconds(self) -> float: ...
    @property
    def hard_cpu_budget_ms(self) -> int: ...
    @property
    def external_engines(self) -> dict[str, str]: ...


class ResultsSink(Protocol):
    """``bot.storage.results.ResultsRepository`` (RESULTS helper)."""

    async def record_match(self, match: Any) -> Any: ...


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


class _RandomPlayer:
    """Fallback when goita_core.players cannot be imported: a uniformly random legal move."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, view: SeatView) -> Action:
        return random.Random(self.seed).choice(view.legal)


_ENGINES_WARNED: set[str] = set()


def default_player_factory(level: str, seed: int, budget_ms: int) -> Player:
    try:
        from goita_core.players import make_player
    except ImportError:  # pragma: no cover - only before the players package exists
        return _RandomPlayer(seed)
    if level not in CPU_LEVELS:
        # an engine seat whose engine the operator removed from EXTERNAL_ENGINES (after a
        # restart): it plays as a normal CPU (the board still shows the engine's name)
        if level not in _ENGINES_WARNED:
            _ENGINES_WARNED.add(level)
            log.warning("engine %r is not in EXTERNAL_ENGINES; it plays as a normal CPU",
                        level)
        level = "normal"
    return make_player(level, seed, budget_ms)


_UNCHANGED = object()


# -- notices: what to tell the presenter once the lock is released ---------------------------
@dataclass(slots=True)
class _Outbox:
    items: list[tuple[str, Any, Any]] = field(default_factory=list)

    def changed(self, table: Table, change: TableChange) -> None:
        self.items.append(("changed", table, change))

    def prompt(self, table: Table, seat: int, kind: PromptKind) -> None:
        self.items.append(("prompt", table, (seat, kind)))

    def closed(self, table: Table, reason: str) -> None:
        self.items.append(("closed", table, reason))


def _event_lines(table: Table, events: Sequence[Event]) -> list[Line]:
    """Narration for the rules core's events (never showing a face-down piece)."""

    def name(seat: int) -> str:
        s = table.seats[seat]
        return s.name if s is not None else "?"

    lines: list[Line] = []
    for ev in events:
        if isinstance(ev, ShiDeclared):
            lines.append(table.add_line("log.shi", seat=ev.seat, name=name(ev.seat),
                                        count=ev.count))
        elif isinstance(ev, GoshiDecisionRequested):
            lines.append(table.add_line("log.goshi_wait", seat=ev.seat, name=name(ev.seat),
                                        holder=ev.holder))
        elif isinstance(ev, GoshiDecided):
            lines.append(table.add_line("log.goshi_decided", seat=ev.seat, name=name(ev.seat),
                                        play_on=ev.play_on))
        elif isinstance(ev, Redeal):
            lines.append(table.add_line("log.redeal", reason=ev.reason, seat=ev.seat))
        elif isinstance(ev, Led):
            lines.append(table.add_line("log.led", seat=ev.seat, name=name(ev.seat),
                                        attack=KANJI[ev.attack]))
        elif isinstance(ev, Blocked):
            lines.append(table.add_line("log.blocked", seat=ev.seat, name=name(ev.seat),
                                        block=KANJI[ev.block], attack=KANJI[ev.attack],
                                        answered=KANJI[ev.answered]))
        elif isinstance(ev, Passed):
            lines.append(table.add_line("log.passed", seat=ev.seat, name=name(ev.seat)))
        elif isinstance(ev, MustLeadAgain):
            lines.append(table.add_line("log.lead_again", seat=ev.seat, name=name(ev.seat)))
        elif isinstance(ev, RoundWon):
            lines.append(table.add_line(
                "log.round_won", seat=ev.seat, name=name(ev.seat), team=ev.team,
                points=ev.points, doubled=ev.doubled,
                last=None if ev.last is None else KANJI[ev.last], special=ev.special))
        elif isinstance(ev, MatchWon):
            lines.append(table.add_line("log.match_won", team=ev.team, scores=list(ev.scores)))
    return lines


def cpu_seed(table: Table, round_no: int, move_count: int, seat: int) -> int:
    """The seed of one CPU decision: the same game position gives the same move."""
    key = f"{table.seed}:{table.match_no}:{round_no}:{move_count}:{seat}"
    return random.Random(key).getrandbits(63)


class TableService:
    def __init__(
        self,
        repo: TableRepository,
        clock: Clock,
        presenter: Presenter,
        settings: TimingSettings,
        player_factory: PlayerFactory | None = None,
        *,
        results: ResultsSink | None = None,
        seed_source: Callable[[], int] | None = None,
        deal_source: DealSource | None = None,
        rng: random.Random | None = None,
    ) -> None:
        self.repo = repo
        self.clock = clock
        self.presenter = presenter
        self.settings = settings
        self.player_factory: PlayerFactory = player_factory or default_player_factory
        self.results = results
        sysrand = random.SystemRandom()
        #: where new matches get their seed (tests and the kill -9 harness inject fixed ones)
        self.seed_source = seed_source or (lambda: sysrand.randrange(2**62))
        self.deal_source = deal_source
        self._rng = rng or random.Random()
        self._tables: dict[int, Table] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._create_lock = asyncio.Lock()
        self._wake = asyncio.Event()
        self._driver: asyncio.Task[None] | None = None
        self._engines: dict[tuple[int, int], EnginePlayer] = {}
        #: per engine seat, the last round number whose round_end it was sent
        self._engine_told: dict[tuple[int, int], int] = {}

    # -- lookups -------------------------------------------------------------------------
    def find(self, table_id: int) -> Table | None:
        return self._tables.get(table_id)

    def get(self, table_id: int) -> Table:
        table = self._tables.get(table_id)
        if table is None:
            raise TableError("no_table", table_id=table_id)
        return table

    def live_tables(self) -> list[Table]:
        return [t for t in self._tables.values() if t.live]

    def all_tables(self) -> list[Table]:
        """Every table this process knows: live ones and those closed since it started."""
        return list(self._tables.values())

    def table_for_channel(self, channel_id: int) -> Table | None:
        for table in self._tables.values():
            if table.live and table.channel_id == channel_id:
                return table
        return None

    def tables_for_user(self, user_id: int) -> list[Table]:
        return [t for t in self.live_tables() if t.seat_of(user_id) is not None]

    def next_deadline(self) -> float | None:
        due = [d for t in self._tables.values() if t.live
               if (d := t.deadlines.earliest()) is not None]
        return min(due) if due else None

    def _forget_old_closed(self) -> None:
        closed = [t for t in self._tables.values() if not t.live]
        if len(closed) <= MAX_CLOSED_IN_MEMORY:
            return
        closed.sort(key=lambda t: (t.finished_at or t.updated_at, t.id))
        for table in closed[:len(closed) - MAX_CLOSED_IN_MEMORY]:
            lock = self._locks.get(table.id)
            if lock is not None and lock.locked():
                continue
            del self._tables[table.id]
            self._locks.pop(table.id, None)

    def _lock(self, table_id: int) -> asyncio.Lock:
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        return lock

    # -- lobby ---------------------------------------------------------------------------
    async def create_table(self, guild_id: int, channel_id: int, host: UserRef,
                           target: int = 150, double_any_seventh: bool = False) -> Table:
        try:
            rules = RuleSet(target=target, double_any_seventh=double_any_seventh)
        except ValueError as exc:
            raise TableError("bad_target", target=target, message=str(exc)) from None
        out = _Outbox()
        async with self._create_lock:
            existing = self.table_for_channel(channel_id)
            if existing is not None:
                raise self._exists(existing)
            now = self.clock.now()
            table = Table(id=0, guild_id=guild_id, channel_id=channel_id, host_id=host.id,
                          rules=rules, created_at=now, updated_at=now)
            table.seats[0] = Seat("human", host.name, user_id=host.id, locale=host.locale)
            table.deadlines.lobby_expires_at = now + self.settings.lobby_idle_seconds
            line = table.add_line("log.join", seat=0, name=host.name)
            try:
                await self.repo.create(table)
            except ChannelTaken:
                # another process (or a table this one did not load) holds the channel
                other = await self.repo.live_table_in_channel(channel_id)
                raise TableError("table_exists", table_id=other, channel_id=channel_id,
                                 board_message_id=None) from None
            self._tables[table.id] = table
            out.changed(table, TableChange(table.id, "created", lines=[line]))
        self._wake.set()
        await self._deliver(out)
        return table

    @staticmethod
    def _exists(table: Table) -> TableError:
        return TableError("table_exists", table_id=table.id, channel_id=table.channel_id,
                          board_message_id=table.board_message_id)

    async def join(self, table_id: int, user: UserRef, seat: int | None = None) -> Table:
        async def step(table: Table, out: _Outbox) -> None:
            self._need_lobby(table)
            current = table.seat_of(user.id)
            if current is not None:
                raise TableError("already_seated", seat=current)
            index = self._pick_seat(table, seat)
            table.seats[index] = Seat("human", user.name, user_id=user.id, locale=user.locale)
            self._lobby_changed(table, out, "log.join", seat=index, name=user.name)

        return await self._mutate(table_id, step)

    async def add_cpu(self, table_id: int, by: UserRef, level: str,
                      seat: int | None = None) -> Table:
        async def step(table: Table, out: _Outbox) -> None:
            self._need_lobby(table)
            if table.seat_of(by.id) is None and by.id != table.host_id:
                raise TableError("not_seated")
            engines = dict(self.settings.external_engines)
            if level in CPU_LEVELS:
                kind, name = "cpu", f"CPU ({level})"
            elif level in engines:
                kind, name = "engine", level
            else:
                raise TableError("bad_level", level=level,
                                 levels=[*CPU_LEVELS, *sorted(engines)])
            index = self._pick_seat(table, seat)
            table.seats[index] = Seat(kind, name, level=level)  # type: ignore[arg-type]
            self._lobby_changed(table, out, "log.cpu_added", seat=index, name=name)

        return await self._mutate(table_id, step)

    async def remove_seat(self, table_id: int, by: UserRef, seat: int) -> Table:
        async def step(table: Table, out: _Outbox) -> None:
            self._need_lobby(table)
            self._need_host(table, by)
            self._check_seat_index(seat)
            occupant = table.seats[seat]
            if occupant is None:
                raise TableError("bad_seat", seat=seat)
            if occupant.user_id == table.host_id and occupant.is_human:
                raise TableError("host_seat", seat=seat)
            table.seats[seat] = None
            self._lobby_changed(table, out, "log.seat_removed", seat=seat, name=occupant.name)

        return await self._mutate(table_id, step)

    async def shuffle_seats(self, table_id: int, by: UserRef) -> Table:
        async def step(table: Table, out: _Outbox) -> None:
            self._need_lobby(table)
            self._need_host(table, by)
            seats = list(table.seats)
            self._rng.shuffle(seats)
            table.seats = seats
            self._lobby_changed(table, out, "log.shuffled")

        return await self._mutate(table_id, step)

    async def move_seat(self, table_id: int, by: UserRef, from_seat: int,
                        to_seat: int) -> Table:
        async def step(table: Table, out: _Outbox) -> None:
            self._need_lobby(table)
            self._need_host(table, by)
            self._check_seat_index(from_seat)
            self._check_seat_index(to_seat)
            if table.seats[from_seat] is None:
                raise TableError("bad_seat", seat=from_seat)
            seats = table.seats
            seats[from_seat], seats[to_seat] = seats[to_seat], seats[from_seat]
            self._lobby_changed(table, out, "log.moved", from_seat=from_seat, to_seat=to_seat)

        return await self._mutate(table_id, step)

    async def leave(self, table_id: int, user: UserRef, lobby_only: bool = False) -> Table:
        async def step(table: Table, out: _Outbox) -> None:
            if not table.live:
                raise TableError("not_playing")
            if lobby_only and table.status != "lobby":
                # the lobby's Leave button clicked as the match started: keep the seat
                raise TableError("not_in_lobby")
            index = table.seat_of(user.id)
            if index is None:
                raise TableError("not_seated")
            old = table.seat(index)
            if table.status == "lobby":
                table.seats[index] = None
                if not table.humans():
                    self._close(table, out, "empty")
                    return
                if user.id == table.host_id:
                    table.host_id = table.seat(table.humans()[0]).user_id or table.host_id
                self._lobby_changed(table, out, "log.leave", seat=index, name=old.name)
                return
            # playing: a normal CPU takes the seat (issue 6: `/goita leave`)
            table.seats[index] = Seat("cpu", old.name, level="normal",
                                      former_user_id=old.user_id, former_name=old.name)
            line = table.add_line("log.cpu_took_seat", seat=index, name=old.name)
            if not table.humans():
                self._close(table, out, "abandoned", stopped_early=True)
                return
            if user.id == table.host_id:
                table.host_id = table.seat(table.humans()[0]).user_id or table.host_id
            later = _Outbox()
            self._arm(table, later)
            out.changed(table, TableChange(table.id, "left", lines=[line], seat=index,
                                           actor="system", version=table.version))
            out.items.extend(later.items)

        return await self._mutate(table_id, step)

    async def cancel(self, table_id: int, by: UserRef) -> Table:
        async def step(table: Table, out: _Outbox) -> None:
            self._need_lobby(table)
            self._need_host(table, by)
            self._close(table, out, "cancelled")

        return await self._mutate(table_id, step)

    async def stop(self, table_id: int, by: UserRef, can_manage: bool = False) -> Table:
        async def step(table: Table, out: _Outbox) -> None:
            if not table.live:
                raise TableError("not_playing")
            if by.id != table.host_id and not can_manage:
                raise TableError("not_host_or_manager")
            self._close(table, out, "stopped", stopped_early=table.status == "playing")

        return await self._mutate(table_id, step)

    async def start(self, table_id: int, by: UserRef) -> Table:
        async def step(table: Table, out: _Outbox) -> list[LogEntry]:
            self._need_lobby(table)
            self._need_host(table, by)
            seated = SEATS - len(table.free_seats())
            if seated < SEATS:
                raise TableError("need_four", seated=seated)
            return self._begin_match(table, out)

        return await self._mutate(table_id, step)

    async def rematch(self, table_id: int, by: UserRef) -> Table:
        table = self._tables.get(table_id)
        if table is None:
            loaded = await self.repo.load(table_id)
            if loaded is None:
                raise TableError("no_table", table_id=table_id)
            table = self._tables.setdefault(table_id, loaded)

        async def step(table: Table, out: _Outbox) -> list[LogEntry]:
            if table.status != "finished":
                raise TableError("not_finished")
            if table.seat_of(by.id) is None:
                raise TableError("not_seated")
            other = self.table_for_channel(table.channel_id)
            if other is not None:
                raise self._exists(other)
            if not table.result_recorded and self.results is not None:
                # the last result could not be stored before: try again, it is not lost
                if table.match is None:
                    await self._rebuild(table)
                await self._record_if_needed(table)
            for seat in table.seats:
                if seat is not None:
                    seat.away = False
            return self._begin_match(table, out)

        return await self._mutate(table_id, step)

    def _begin_match(self, table: Table, out: _Outbox) -> list[LogEntry]:
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
        later = _Outbox()
        lines = [line, *self._after_step(table, events, later)]
        out.changed(table, TableChange(table.id, "start", events, lines, actor="system",
                                       version=table.version))
        out.items.extend(later.items)
        return [entry]

    # -- playing -------------------------------------------------------------------------
    async def act(self, table_id: int, user_id: int, version: int, action: Action) -> Table:
        async def step(table: Table, out: _Outbox) -> list[LogEntry]:
            if table.status != "playing" or table.match is None:
                raise TableError("not_playing")
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError("not_seated")
            if version != table.version and not self._decision_still_open(table, version,
                                                                          action):
                raise TableError("stale", version=table.version)
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

    @staticmethod
    def _decision_still_open(table: Table, version: int, action: Action) -> bool:
        """Two 5-Shi partners decide at the same time: the first decision must not make the
        other's buttons stale. A decision drawn since this round's deal is still valid."""
        match = table.match
        if not isinstance(action, GoshiDecision) or match is None:
            return False
        rnd = match.round
        return rnd.phase == "goshi" and table.version - rnd.move_count <= version < table.version

    async def hand(self, table_id: int, user_id: int) -> HandView:
        came_back = False

        async def step(table: Table, out: _Outbox) -> object:
            nonlocal came_back
            if table.status != "playing" or table.match is None:
                raise TableError("not_playing")
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError("not_seated")
            occupant = table.seat(seat)
            if not occupant.away:
                return _UNCHANGED  # no commit, no presenter call
            occupant.away = False
            came_back = True
            line = table.add_line("log.back", seat=seat, name=occupant.name)
            later = _Outbox()
            self._arm(table, later, quiet=seat)
            out.changed(table, TableChange(table.id, "back", lines=[line], seat=seat,
                                           actor="human", version=table.version))
            out.items.extend(later.items)
            return []

        table = await self._mutate(table_id, step)
        seat = table.seat_of(user_id)
        assert seat is not None and table.match is not None
        deadline = table.deadlines.turn_deadline if seat in table.timed_seats else None
        return HandView(table.id, seat, table.match.view(seat), table.version, deadline,
                        came_back)

    async def set_board_message(self, table_id: int, message_id: int | None,
                                posted_at: float | None) -> None:
        table = self.get(table_id)
        async with self._lock(table_id):
            table.board_message_id = message_id
            table.board_posted_at = posted_at
            table.updated_at = self.clock.now()
            await self.repo.save(table)

    # -- the step machinery --------------------------------------------------------------
    async def _mutate(self, table_id: int, step: Callable[[Table, _Outbox], Any]) -> Table:
        """Run ``step`` under the table's lock, commit, then tell the presenter.

        ``step`` validates (raising TableError before changing anything), changes the table
        and returns the log entries to store (None: none; _UNCHANGED: nothing to store)."""
        out = _Outbox()
        async with self._lock(table_id):
            table = self.get(table_id)
            result = step(table, out)
            if asyncio.iscoroutine(result):
                result = await result
            if result is not _UNCHANGED:
                await self._commit(table, result or ())
                await self._record_if_needed(table)
        self._wake.set()
        await self._deliver(out)
        if not table.live:
            await self._close_engines(table.id)
            self._forget_old_closed()
        return table

    async def _commit(self, table: Table, entries: Sequence[LogEntry]) -> None:
        table.updated_at = self.clock.now()
        try:
            await self.repo.save(table, entries)
        except BaseException as exc:
            # the store refused: the in-memory table must not run ahead of it
            if not isinstance(exc, ChannelTaken):
                log.exception("could not store table %d; reloading it", table.id)
            with contextlib.suppress(Exception):
                await self._reload(table.id)
            if isinstance(exc, ChannelTaken):
                # e.g. a rematch while another process opened a table in the channel
                other = await self.repo.live_table_in_channel(table.channel_id)
                raise TableError("table_exists", table_id=other, channel_id=table.channel_id,
                                 board_message_id=None) from None
            raise

    async def _deliver(self, out: _Outbox) -> None:
        for what, table, arg in out.items:
            try:
                if what == "changed":
                    await self.presenter.table_changed(table, arg)
                elif what == "prompt":
                    await self.presenter.prompt(table, arg[0], arg[1])
                else:
                    await self.presenter.table_closed(table, arg)
            except Exception:
                log.exception("presenter %s failed for table %d", what, table.id)

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
               user_id: int | None, out: _Outbox) -> LogEntry:
        match = table.match
        assert match is not None
        try:
            events = match.apply(seat, action)
        except GE.GoitaError as exc:
            raise TableError(f"illegal.{exc.rule}", rule=exc.rule, message=str(exc)) from None
        table.version += 1
        later = _Outbox()
        lines = self._after_step(table, events, later)
        reason = "match_end" if match.over else "round_end" if match.round.over else "move"
        out.changed(table, TableChange(table.id, reason, events, lines, seat=seat, actor=actor,
                                       version=table.version))
        out.items.extend(later.items)
        return LogEntry(table.version, table.match_no, "act", self.clock.now(), actor, seat,
                        action, user_id=user_id)

    def _after_step(self, table: Table, events: Sequence[Event], later: _Outbox) -> list[Line]:
        """Narrate, then settle the match state: finish, schedule the next round, or arm
        the turn timers. Prompts and the closing notice go to ``later``, which the caller
        delivers after the step's table_changed."""
        lines = _event_lines(table, events)
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
            self._arm(table, later)
        return lines

    def _arm(self, table: Table, out: _Outbox, quiet: int | None = None) -> None:
        """Set the timers for what the table waits for now; prompt humans whose turn starts."""
        now = self.clock.now()
        d = table.deadlines
        s = self.settings
        humans = table.humans()
        if humans and all(table.seat(i).away for i in humans):
            if d.away_close_at is None:
                d.away_close_at = now + s.away_close_seconds
        else:
            d.away_close_at = None
        match = table.match
        if table.status != "playing" or match is None or match.over:
            d.clear_turn()
            d.next_round_at = None
            table.timed_seats = ()
            return
        if match.awaiting_next_round:
            d.clear_turn()
            table.timed_seats = ()
            if d.next_round_at is None:
                d.next_round_at = now + s.round_pause_seconds
            return
        d.next_round_at = None
        actors = match.round.to_act()
        auto = [i for i in actors if not table.seat(i).present]
        present = [i for i in actors if table.seat(i).present]
        if auto:
            if d.cpu_due_at is None:
                d.cpu_due_at = now + s.cpu_move_delay_seconds
        else:
            d.cpu_due_at = None
        if not present:
            d.turn_deadline = d.warn_at = None
            table.timed_seats = ()
            return
        if not set(present) <= set(table.timed_seats) or d.turn_deadline is None:
            d.turn_deadline = now + s.turn_timeout_seconds
            d.warn_at = d.turn_deadline - s.turn_warning_seconds
            fresh = [i for i in present if i not in table.timed_seats]
            kind: PromptKind = "goshi" if match.round.phase == "goshi" else "your_turn"
            for i in fresh:
                if i != quiet:
                    out.prompt(table, i, kind)
        table.timed_seats = tuple(present)

    def _close(self, table: Table, out: _Outbox, reason: str,
               stopped_early: bool = False) -> None:
        table.status = "cancelled"
        table.close_reason = reason
        table.stopped_early = stopped_early
        table.finished_at = self.clock.now()
        table.deadlines.clear()
        table.timed_seats = ()
        out.closed(table, reason)

    def _lobby_changed(self, table: Table, out: _Outbox, key: str, **params: Any) -> None:
        line = table.add_line(key, **params)
        table.deadlines.lobby_expires_at = self.clock.now() + self.settings.lobby_idle_seconds
        out.changed(table, TableChange(table.id, "lobby", lines=[line], actor="system",
                                       version=table.version))

    # -- validation helpers --------------------------------------------------------------
    @staticmethod
    def _need_lobby(table: Table) -> None:
        if table.status != "lobby":
            raise TableError("not_in_lobby")

    @staticmethod
    def _need_host(table: Table, by: UserRef) -> None:
        if by.id != table.host_id:
            raise TableError("not_host")

    @staticmethod
    def _check_seat_index(seat: int) -> None:
        if not 0 <= seat < SEATS:
            raise TableError("bad_seat", seat=seat)

    def _pick_seat(self, table: Table, seat: int | None) -> int:
        if seat is None:
            free = table.free_seats()
            if not free:
                raise TableError("table_full")
            return free[0]
        self._check_seat_index(seat)
        if table.seats[seat] is not None:
            raise TableError("seat_taken", seat=seat)
        return seat

    # -- timers, CPU moves ---------------------------------------------------------------
    async def tick(self) -> int:
        """Run everything due at ``clock.now()`` (CPU moves, timeouts, next rounds, idle
        closes), each as its own committed step. Returns the number of steps run."""
        steps = 0
        while steps < MAX_STEPS_PER_TICK:
            now = self.clock.now()
            due = sorted(
                (d, t.id) for t in self._tables.values() if t.live
                if (d := t.deadlines.earliest()) is not None and d <= now
            )
            if not due:
                break
            # tables are independent: one table's CPU thinking does not delay another's
            done = await asyncio.gather(*(self._run_due_logged(tid) for _d, tid in due))
            if not any(done):
                break
            steps += sum(done)
        return steps

    async def _run_due_logged(self, table_id: int) -> bool:
        try:
            return await self._run_due(table_id)
        except Exception:
            log.exception("timer step of table %d failed", table_id)
            return False

    async def _run_due(self, table_id: int) -> bool:
        out = _Outbox()
        async with self._lock(table_id):
            table = self._tables.get(table_id)
            if table is None or not table.live:
                return False
            now = self.clock.now()
            d = table.deadlines

            def due(at: float | None) -> bool:
                return at is not None and at <= now

            entries: list[LogEntry]
            if table.status == "lobby":
                if not due(d.lobby_expires_at):
                    return False
                self._close(table, out, "idle")
                entries = []
            elif due(d.away_close_at):
                self._close(table, out, "abandoned", stopped_early=True)
                entries = []
            elif due(d.next_round_at):
                d.next_round_at = None
                entries = self._next_round(table, out)
            elif due(d.turn_deadline):
                entries = await self._timeout(table, out)
            elif due(d.warn_at):
                d.warn_at = None
                for seat in table.timed_seats:
                    out.prompt(table, seat, "timeout_warning")
                entries = []
            elif due(d.cpu_due_at):
                entries = await self._cpu_move(table, out)
            else:
                return False
            await self._commit(table, entries)
            await self._record_if_needed(table)
        self._wake.set()
        await self._deliver(out)
        if not table.live:
            await self._close_engines(table.id)
            self._forget_old_closed()
        return True

    def _next_round(self, table: Table, out: _Outbox) -> list[LogEntry]:
        entry, events = self._deal(table)
        later = _Outbox()
        lines = self._after_step(table, events, later)
        match = table.match
        assert match is not None
        reason = ("match_end" if match.over else "round_end" if match.round.over else "deal")
        out.changed(table, TableChange(table.id, reason, events, lines, actor="system",
                                       version=table.version))
        out.items.extend(later.items)
        return [entry]

    async def _timeout(self, table: Table, out: _Outbox) -> list[LogEntry]:
        """The turn timer ran out: the absent humans are marked away and a normal CPU moves
        for each of them."""
        timed = [s for s in table.timed_seats if s in table.to_act()]
        table.deadlines.turn_deadline = table.deadlines.warn_at = None
        table.timed_seats = ()
        for seat in timed:
            table.seat(seat).away = True
        entries: list[LogEntry] = []
        for seat in timed:
            if seat not in table.to_act():
                continue  # e.g. the first 5-Shi decision was "redeal"
            occupant = table.seat(seat)
            line = table.add_line("log.timeout", seat=seat, name=occupant.name)
            out.changed(table, TableChange(table.id, "away", lines=[line], seat=seat,
                                           actor="timeout", version=table.version))
            action = await self._think(table, seat, "normal")
            entries.append(self._apply(table, seat, action, "timeout", None, out))
            out.prompt(table, seat, "taken_over")
        if not entries:
            self._arm(table, out)
        return entries

    async def _cpu_move(self, table: Table, out: _Outbox) -> list[LogEntry]:
        table.deadlines.cpu_due_at = None
        auto = [s for s in table.to_act() if not table.seat(s).present]
        if not auto:
            self._arm(table, out)
            return []
        seat = auto[0]
        occupant = table.seat(seat)
        level = occupant.level if occupant.kind != "human" and occupant.level else "normal"
        actor: Actor = "cpu" if occupant.kind != "human" else "away"
        action = await self._think(table, seat, level)
        return [self._apply(table, seat, action, actor, None, out)]

    async def _think(self, table: Table, seat: int, level: str) -> Action:
        """A computer decision for ``seat``, computed off the event loop."""
        match = table.match
        assert match is not None
        view = match.view(seat)
        seed = cpu_seed(table, match.round_no, match.round.move_count, seat)
        budget = self.settings.hard_cpu_budget_ms
        occupant = table.seat(seat)
        player: Player | None = None
        if occupant.kind == "engine" and level == occupant.level:
            player = self._engine_for(table, seat, level)
        # the protocol's round_end information for rounds the engine has not been told
        # about, sent from the same thread as its next decision so the two never interleave
        told = self._engine_told.get((table.id, seat), match.round_no - 1)
        ended = [(no, match.rounds[no - 1]) for no in range(told + 1, match.round_no)]
        if isinstance(player, EnginePlayer):
            self._engine_told[(table.id, seat)] = match.round_no - 1
        scores = tuple(match.scores)

        def decide() -> Action:
            if isinstance(player, EnginePlayer):
                for no, rnd in ended:
                    player.round_end(rnd, seat, no, scores)
            chosen = player or self.player_factory(level, seed, budget)
            return chosen.act(view)

        try:
            action = await asyncio.to_thread(decide)
        except Exception:
            log.exception("CPU %r failed at table %d seat %d; moving at random",
                          level, table.id, seat)
            action = _RandomPlayer(seed).act(view)
        if action not in view.legal:
            log.error("CPU %r chose illegal %r at table %d; moving at random",
                      level, action, table.id)
            action = _RandomPlayer(seed).act(view)
        return action

    def _engine_for(self, table: Table, seat: int, name: str) -> Player | None:
        """The seat's external engine process (started on its first move; one process per
        seat for the table's life), or None if the operator no longer allows that engine."""
        key = (table.id, seat)
        engine = self._engines.get(key)
        if engine is not None:
            return engine
        if name not in self.settings.external_engines:
            return None  # the player factory plays it as a normal CPU
        def incident(text: str) -> None:
            log.warning("table %d: %s", table.id, text)

        engine = EnginePlayer(shlex.split(self.settings.external_engines[name]), seat,
                              time_ms=self.settings.hard_cpu_budget_ms, rules=table.rules,
                              on_incident=incident)
        self._engines[key] = engine
        # a process started mid-match (e.g. after a restart) hears only of later rounds
        assert table.match is not None
        self._engine_told[key] = table.match.round_no - 1
        return engine

    async def _close_engines(self, table_id: int | None = None) -> None:
        """Stop the engine processes of a closed table (all of them with None)."""
        keys = [k for k in self._engines if table_id is None or k[0] == table_id]
        for key in keys:
            engine = self._engines.pop(key)
            self._engine_told.pop(key, None)
            try:
                await asyncio.to_thread(engine.close)
            except Exception:
                log.exception("could not stop the engine of table %d seat %d", *key)

    # -- results ---------------------------------------------------------------------------
    async def _record_if_needed(self, table: Table) -> None:
        """Hand a finished (or stopped) match to the results repository, once."""
        if self.results is None or table.result_recorded or table.match is None:
            return
        if not (table.status == "finished"
                or (table.status == "cancelled" and table.stopped_early)):
            return
        try:
            finished = await self._finished_match(table)
            await self.results.record_match(finished)
        except Exception:
            log.exception("could not record the result of table %d", table.id)
            return
        table.result_recorded = True
        await self.repo.save(table)

    async def _finished_match(self, table: Table) -> Any:
        from bot.storage.results import FinishedMatch, SeatRecord, summarize_rounds

        match = table.match
        assert match is not None and table.started_at is not None
        seats = []
        for i, s in enumerate(table.seats):
            assert s is not None
            seats.append(SeatRecord(i, s.kind, s.user_id if s.is_human else None, s.name,
                                    s.level))
        entries = await self.repo.entries(table.id, table.match_no)
        injected = any(e.hands is not None for e in entries)
        return FinishedMatch(
            guild_id=table.guild_id,
            channel_id=table.channel_id,
            table_id=table.id,
            started_at=table.started_at,
            finished_at=table.finished_at or self.clock.now(),
            rules=table.rules.to_json(),
            seats=seats,
            scores=list(match.scores),
            winner_team=match.winner,
            stopped_early=table.status != "finished",
            rounds=summarize_rounds(match),
            record_json=self._record_json(table, match, injected),
        )

    @staticmethod
    def _record_json(table: Table, match: Match, injected: bool) -> str:
        names = [s.name if s is not None else "?" for s in table.seats]
        try:
            from goita_core.kifu import MatchRecord
        except ImportError:  # pragma: no cover - kifu is part of the rules core
            return json.dumps({"seed": table.seed, "first_dealer": table.first_dealer})
        record = MatchRecord.from_match(match, players=names)
        if injected:
            record.seed = None  # the hands are in the record; the seed would not give them
        return record.dumps()

    # -- restart ---------------------------------------------------------------------------
    async def _rebuild(self, table: Table) -> None:
        """Replay the current match from the seed and the stored log."""
        table.match = None
        if table.match_no == 0 or table.status == "lobby":
            return
        entries = await self.repo.entries(table.id, table.match_no)
        match = Match(table.rules, seed=table.seed, first_dealer=table.first_dealer,
                      deal=False)
        for e in entries:
            if e.kind == "deal":
                match.next_round(e.hands)
            else:
                assert e.seat is not None and e.action is not None
                match.apply(e.seat, e.action)
        if entries and entries[-1].seq != table.version:
            raise ValueError(f"table {table.id}: log ends at {entries[-1].seq}, snapshot "
                             f"says version {table.version}")
        table.match = match

    async def _reload(self, table_id: int) -> Table | None:
        table = await self.repo.load(table_id)
        if table is None:
            self._tables.pop(table_id, None)
            return None
        await self._rebuild(table)
        self._tables[table_id] = table
        return table

    @staticmethod
    def _resume_timers(table: Table, now: float) -> None:
        """Timers do not run while the bot is down: every armed deadline is moved on by the
        time since the table's last stored change (a lower bound of the downtime, as the
        bot may have run a while after it), so each keeps the time it had left then."""
        downtime = now - table.updated_at
        if downtime <= 0:
            return
        d = table.deadlines
        for name in ("lobby_expires_at", "cpu_due_at", "warn_at", "turn_deadline",
                     "next_round_at", "away_close_at"):
            at = getattr(d, name)
            if at is not None:
                setattr(d, name, max(now, at + downtime))

    async def restore(self) -> list[Table]:
        """Load every live table from the store, rebuild its match, re-arm its timers, and
        ask the presenter to refresh (or re-post) its board (reason "restored")."""
        restored: list[Table] = []
        out = _Outbox()
        now = self.clock.now()
        for table in await self.repo.load_live():
            async with self._lock(table.id):
                try:
                    await self._rebuild(table)
                except Exception:
                    log.exception("table %d cannot be rebuilt; closing it", table.id)
                    table.status = "cancelled"
                    table.close_reason = "broken"
                    table.deadlines.clear()
                    table.updated_at = now
                    await self.repo.save(table)
                    continue
                self._tables[table.id] = table
                later = _Outbox()
                self._resume_timers(table, now)
                if table.status == "playing":
                    self._arm(table, later)
                await self._commit(table, ())
                out.changed(table, TableChange(table.id, "restored", version=table.version))
                out.items.extend(later.items)
                restored.append(table)
        for table in await self.repo.unrecorded_finished():
            try:
                await self._rebuild(table)
            except Exception:
                log.exception("finished table %d cannot be rebuilt", table.id)
                continue
            async with self._lock(table.id):
                self._tables.setdefault(table.id, table)
                await self._record_if_needed(self._tables[table.id])
        self._wake.set()
        await self._deliver(out)
        return restored

    # -- driver ----------------------------------------------------------------------------
    def start_driver(self) -> None:
        """Start the background task that runs tick() whenever a deadline is due."""
        if self._driver is None or self._driver.done():
            self._driver = asyncio.create_task(self._drive(), name="goita-tables")

    async def stop_driver(self) -> None:
        """Stop the background task and any external engine processes (bot shutdown)."""
        task, self._driver = self._driver, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await self._close_engines()

    async def _drive(self) -> None:
        while True:
            self._wake.clear()
            try:
                await self.tick()
            except Exception:  # pragma: no cover - tick already logs per table
                log.exception("table driver tick failed")
                await asyncio.sleep(1.0)
            due = self.next_deadline()
            delay = MAX_DRIVER_SLEEP if due is None else due - self.clock.now()
            delay = min(MAX_DRIVER_SLEEP, max(0.0, delay))
            # asyncio.timeout, not wait_for: on Python 3.11 wait_for swallows a cancellation
            # that lands while the wake-up completes, and stop_driver() then hangs forever
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(delay):
                    await self._wake.wait()
