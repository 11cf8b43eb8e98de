"""The table model: seats, status, timers and the running match, plus its JSON snapshot.

The snapshot holds everything but the match state itself; the match is rebuilt by replaying
the stored action log from the seed (:func:`bot.app.steplog.replay_log`), so the snapshot stays
small and the log is the single source of truth for the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, cast

from goita_core.match import Match
from goita_core.narration import Line
from goita_core.rules import RuleSet

from .ports import SeatKind, TableStatus

CPU_LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
#: narration lines kept for the board's "last moves" (persisted with the table)
RECENT_LINES = 12
_FIELDS: dict[type, tuple[str, ...]] = {}


def _flat(obj: Any) -> dict[str, Any]:
    """``dataclasses.asdict`` of a dataclass whose fields are plain values, without its
    recursive deep copy (a table is serialised at every step)."""
    names = _FIELDS.get(type(obj))
    if names is None:
        names = _FIELDS[type(obj)] = tuple(f.name for f in fields(obj))
    return {name: getattr(obj, name) for name in names}


@dataclass(slots=True)
class Seat:
    """One occupied seat. ``kind`` "human" has a ``user_id``; "cpu" and "engine" have a
    ``level`` (easy/normal/hard, or the external engine's name).

    A human who leaves a running game is replaced by a normal CPU: ``kind`` becomes "cpu" and
    ``former_user_id``/``former_name`` remember who sat there (for the board and results).
    ``away`` marks a human whose turns the CPU plays after a timeout, until they open My hand.
    """

    kind: SeatKind
    name: str
    user_id: int | None = None
    level: str | None = None
    locale: str = "en-US"
    away: bool = False
    former_user_id: int | None = None
    former_name: str | None = None

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    @property
    def present(self) -> bool:
        """A human who plays their own turns now (not away)."""
        return self.kind == "human" and not self.away

    def to_json(self) -> dict[str, Any]:
        return _flat(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})


@dataclass(slots=True)
class Deadlines:
    """Wall-clock seconds at which something happens to the table; None = not armed."""

    lobby_expires_at: float | None = None
    cpu_due_at: float | None = None
    warn_at: float | None = None
    turn_deadline: float | None = None
    next_round_at: float | None = None
    away_close_at: float | None = None

    def earliest(self) -> float | None:
        # read per step: the fields directly, not an asdict() copy
        armed = [v for v in (self.lobby_expires_at, self.cpu_due_at, self.warn_at,
                             self.turn_deadline, self.next_round_at, self.away_close_at)
                 if v is not None]
        return min(armed) if armed else None

    def clear_turn(self) -> None:
        self.cpu_due_at = self.warn_at = self.turn_deadline = None

    def clear(self) -> None:
        for f in fields(self):
            setattr(self, f.name, None)


@dataclass(frozen=True, slots=True)
class TableSettings:
    """The server's settings a table opened with and keeps to its end (stored with it, so
    a restart keeps them too): its pace, its board's language and what it shows.

    ``board_language`` None is the server's locale."""

    turn_seconds: float
    warning_seconds: float
    cpu_delay_seconds: float
    round_pause_seconds: float
    board_language: str | None = None
    board_pictures: bool = True
    hints_at_rated: bool = False

    def to_json(self) -> dict[str, Any]:
        return _flat(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableSettings:
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})


@dataclass(slots=True)
class Table:
    id: int
    guild_id: int
    channel_id: int
    host_id: int
    rules: RuleSet
    created_at: float
    status: TableStatus = "lobby"
    #: one entry per seat of the rules (``rules.players``); empty means all seats free
    seats: list[Seat | None] = field(default_factory=list)
    #: counts every game step (deal or action) over all matches of the table: the custom-id
    #: "version", so a click on an older board or hand is refused as stale
    version: int = 0
    #: 1 for the first match, +1 per rematch
    match_no: int = 0
    seed: int | None = None
    first_dealer: int | None = None
    started_at: float | None = None
    finished_at: float | None = None
    updated_at: float = 0.0
    deadlines: Deadlines = field(default_factory=Deadlines)
    #: seats whose current turn timer is armed (so a re-arm keeps a running timer)
    timed_seats: tuple[int, ...] = ()
    board_message_id: int | None = None
    board_posted_at: float | None = None
    recent: list[Line] = field(default_factory=list)
    #: why the table closed (cancelled, stopped, idle, abandoned, finished; channel_gone and
    #: bot_removed: its channel can no longer show anything, see NOWHERE_TO_SHOW)
    close_reason: str | None = None
    stopped_early: bool = False
    result_recorded: bool = False
    #: closed, and the board has not shown it yet (set with the closing step, cleared once
    #: the closing board is shown): a restart shows it
    board_pending: bool = False
    #: the server's settings when the table opened; None for a table stored before tables
    #: kept their own (it runs on the operator's settings)
    settings: TableSettings | None = None
    #: the running match (None in the lobby); not in the snapshot: rebuilt from the log
    match: Match | None = None

    def __post_init__(self) -> None:
        if not self.seats:
            self.seats = [None] * self.rules.players
        if len(self.seats) != self.rules.players:
            raise ValueError(f"a table of {self.rules.players} players needs "
                             f"{self.rules.players} seats, not {len(self.seats)}")

    # -- queries -------------------------------------------------------------------------
    @property
    def players(self) -> int:
        """The number of seats, from the rules (4, or 3 in the 3-player variant)."""
        return self.rules.players

    @property
    def live(self) -> bool:
        return self.status in ("lobby", "playing")

    @property
    def target(self) -> int:
        return self.rules.target

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat is not None and seat.kind == "human" and seat.user_id == user_id:
                return index
        return None

    def seat(self, index: int) -> Seat:
        seat = self.seats[index]
        if seat is None:
            raise LookupError(f"seat {index} is empty")
        return seat

    def free_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s is None]

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s is not None and s.is_human]

    @property
    def full(self) -> bool:
        return all(s is not None for s in self.seats)

    def to_act(self) -> list[int]:
        """Seats that must act now (empty outside a running round)."""
        if self.status != "playing" or self.match is None or self.match.awaiting_next_round:
            return []
        if self.match.over:
            return []
        return self.match.round.to_act()

    def valid_seat(self, index: int) -> bool:
        return 0 <= index < self.players

    def add_line(self, key: str, **params: Any) -> Line:
        line: Line = (key, params)
        self.recent.append(line)
        del self.recent[:-RECENT_LINES]
        return line

    # -- snapshot ------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "guild_id": self.guild_id,
            "channel_id": self.channel_id,
            "host_id": self.host_id,
            "rules": self.rules.to_json(),
            "created_at": self.created_at,
            "status": self.status,
            "seats": [None if s is None else s.to_json() for s in self.seats],
            "version": self.version,
            "match_no": self.match_no,
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "started_at": self.started_at,
            "finished_at": self.finished_at,
            "updated_at": self.updated_at,
            "deadlines": _flat(self.deadlines),
            "timed_seats": list(self.timed_seats),
            "board_message_id": self.board_message_id,
            "board_posted_at": self.board_posted_at,
            "recent": [[k, p] for k, p in self.recent],
            "close_reason": self.close_reason,
            "stopped_early": self.stopped_early,
            "result_recorded": self.result_recorded,
            "board_pending": self.board_pending,
            "settings": None if self.settings is None else self.settings.to_json(),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Table:
        known_deadlines = {f.name for f in fields(Deadlines)}
        return cls(
            id=int(data["id"]),
            guild_id=int(data["guild_id"]),
            channel_id=int(data["channel_id"]),
            host_id=int(data["host_id"]),
            rules=RuleSet.from_json(data["rules"]),
            created_at=float(data["created_at"]),
            status=cast(TableStatus, data["status"]),
            seats=[None if s is None else Seat.from_json(s) for s in data["seats"]],
            version=int(data.get("version", 0)),
            match_no=int(data.get("match_no", 0)),
            seed=data.get("seed"),
            first_dealer=data.get("first_dealer"),
            started_at=data.get("started_at"),
            finished_at=data.get("finished_at"),
            updated_at=float(data.get("updated_at", 0.0)),
            deadlines=Deadlines(**{k: v for k, v in data.get("deadlines", {}).items()
                                   if k in known_deadlines}),
            timed_seats=tuple(data.get("timed_seats", ())),
            board_message_id=data.get("board_message_id"),
            board_posted_at=data.get("board_posted_at"),
            recent=[(str(k), dict(p)) for k, p in data.get("recent", [])],
            close_reason=data.get("close_reason"),
            stopped_early=bool(data.get("stopped_early", False)),
            result_recorded=bool(data.get("result_recorded", False)),
            board_pending=bool(data.get("board_pending", False)),
            settings=(TableSettings.from_json(data["settings"])
                      if data.get("settings") is not None else None),
        )


#: close reasons after which the table's channel can show nothing more (deleted, or the
#: bot left its server): no closing board is owed, no ping is deleted there
NOWHERE_TO_SHOW = frozenset({"channel_gone", "bot_removed"})


def needs_result(table: Table) -> bool:
    """A closed table whose match was played (to the end, or stopped early after the start)
    and whose result is not recorded yet."""
    return (not table.result_recorded and table.match_no > 0 and table.started_at is not None
            and (table.status == "finished"
                 or (table.status == "cancelled" and table.stopped_early)))


def unsettled(table: Table) -> bool:
    """A closed table whose end is not fully handled: its result is to be recorded, or its
    closing board to be shown (the process died in between; the next start finishes it)."""
    return not table.live and (table.board_pending or needs_result(table))
