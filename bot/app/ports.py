"""The contract between the Discord-free application layer (``bot.app``) and its
surroundings: the clock, the stores (tables and results) and the presenter that the
discord.py adapter implements.

The application layer imports neither ``discord`` nor a concrete store: ``bot.storage``
implements :class:`TableStore` and :class:`ResultsStore` (SQLite) and imports the app, never
the reverse. The adapter never changes game state except by calling
:class:`bot.app.tables.TableService`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol

if TYPE_CHECKING:
    from goita_core.events import Event

    from .ratings import Rating
    from .records import FinishedMatch
    from .settings import ServerSettings
    from .standings import (
        LeaderboardEntry,
        LeaderboardPage,
        LeaderboardSort,
        MatchSummary,
        PlayerStats,
        ServerAverages,
        StoredMatch,
    )
    from .steplog import LogEntry
    from .table import Table, TableSettings

SeatKind = Literal["human", "cpu", "engine"]
TableStatus = Literal["lobby", "playing", "finished", "cancelled"]
#: what a private prompt is about
PromptKind = Literal["your_turn", "goshi", "timeout_warning", "taken_over"]


class Clock(Protocol):
    """Wall-clock seconds (``time.time``): deadlines are stored and survive restarts."""

    def now(self) -> float: ...


class SystemClock:
    def now(self) -> float:
        return time.time()


@dataclass(frozen=True, slots=True)
class UserRef:
    """A Discord user as the application layer knows it (ids only, no discord types)."""

    id: int
    name: str
    locale: str = "en-US"


@dataclass(slots=True)
class TableChange:
    """What happened at a table in one accepted step, for the presenter to render.

    ``events`` are the rules core's events (face-down pieces NOT yet hidden: the renderer
    must use ``Led.public()`` for anything but the leading player's own hand).
    ``lines`` are structured narration entries ``(message_key, params)`` for the board log.
    """

    table_id: int
    reason: str  # e.g. "lobby", "start", "move", "round_end", "match_end", "closed"
    events: Sequence[Event] = ()
    lines: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    #: the seat that acted in this step, if any
    seat: int | None = None
    #: who acted: "human", "cpu", "timeout" (CPU for a timed-out human), "away", "system"
    actor: str = "system"
    #: Table.version right after this step (the custom-id counter)
    version: int = 0


class Presenter(Protocol):
    """Implemented by the discord adapter. Called after the change is durably stored.

    Calls must not raise for Discord failures (log them) and must not block for long: the
    service calls them outside the table lock.
    """

    async def table_changed(self, table: Table, change: TableChange) -> None:
        """Update (or post, or re-post) the table's public message."""

    async def prompt(self, table: Table, seat: int, kind: PromptKind) -> None:
        """Tell one seated human privately (and in a way Discord notifies) that something
        needs them: their turn, a 5-Shi decision, a timeout warning, a takeover."""

    async def table_closed(self, table: Table, reason: str) -> None:
        """The table ended (cancelled, stopped, idle, abandoned, finished)."""


#: what a table opened with these settings would lack to be shown in the channel it is
#: asked for (the bot's missing permissions there, by name; empty: nothing)
ChannelCheck = Callable[["TableSettings"], Sequence[str]]


class ChannelTaken(Exception):
    """The channel already has a live table: a store refuses a second live table in one
    channel (e.g. a unique index), also when another process opened it."""


class TableStore(Protocol):
    """Tables: one snapshot per table (``Table.to_json``) plus its append-only action log.

    Every write is atomic: a table's snapshot and the log entries of the step that produced
    it are stored together or not at all. The service commits here before anything is shown.
    """

    async def create(self, table: Table) -> int:
        """Insert a new table (``table.id`` is ignored, then set), return its id. Raises
        :class:`ChannelTaken` if the channel already has a live table."""

    async def save(self, table: Table, entries: Sequence[LogEntry] = ()) -> None:
        """Store the table's snapshot and append ``entries`` in one transaction. Raises
        :class:`ChannelTaken` when the table turns live in a channel that has another live
        table (a rematch)."""

    async def load(self, table_id: int) -> Table | None:
        """The stored table (its ``match`` is None: rebuild it from :meth:`entries`)."""

    async def load_where(self, statuses: Sequence[TableStatus]) -> list[Table]:
        """Every table with one of these statuses, oldest first."""

    async def load_live(self) -> list[Table]:
        """Every table in the lobby or playing, oldest first."""

    async def unsettled(self) -> list[Table]:
        """Closed tables whose end the bot died before settling (its result to record, its
        closing board to show): those for which :func:`bot.app.table.unsettled` is true,
        oldest first. Found by an index: closed tables that are settled are not read."""

    async def entries(self, table_id: int, match_no: int | None = None) -> list[LogEntry]:
        """The table's log by ``seq``, all of it or one match's."""

    async def live_table_in_channel(self, channel_id: int) -> int | None:
        """The id of the channel's live table, if any."""


class ResultsRecorder(Protocol):
    """The part of the results store the table service needs: recording a match."""

    async def record_match(self, match: FinishedMatch) -> int:
        """Store a finished (or stopped) match, add it to every human's stats, update the
        ratings; returns the match id."""


class ResultsStore(ResultsRecorder, Protocol):
    """Finished matches and the stats and ratings they add up to, per Discord server.

    ``record_match`` is one transaction and idempotent: recording the same match again
    (same guild, table and ``started_at``) changes nothing and returns the first id. Per-seat
    numbers come from :func:`bot.app.records.seat_stats`, the rating update from
    :func:`bot.app.ratings.rate_match` (both from the ratings this store holds).
    """

    async def leaderboard(self, guild_id: int, sort: LeaderboardSort = "rating",
                          page: int = 0, per_page: int = ...) -> LeaderboardPage:
        """One page of the server's human players (a page past the end shows the last;
        ValueError for an unknown sort or per_page < 1). per_page defaults to
        :data:`bot.app.standings.PAGE_SIZE`."""

    async def player_stats(self, guild_id: int, user_id: int) -> PlayerStats | None:
        """A player's numbers on this server, None if they have no recorded match."""

    async def leaderboard_entry(self, guild_id: int, user_id: int,
                                sort: LeaderboardSort = "rating") -> LeaderboardEntry | None:
        """The user's line of the leaderboard (rank by ``sort``), None if not on it."""

    async def server_averages(self, guild_id: int) -> ServerAverages | None:
        """The average of the server's board, None if nobody is on it."""

    async def recent_matches(self, guild_id: int, user_id: int, limit: int = 5,
                             offset: int = 0, opponent: int | None = None,
                             ) -> tuple[list[MatchSummary], int]:
        """The user's recorded matches on this server, newest first, and their count;
        with ``opponent``, only those where that user played on another team."""

    async def get_match(self, guild_id: int, match_id: int,
                        viewer: int | None = None) -> StoredMatch | None:
        """A recorded match of this server (None if there is none with that id here);
        ``viewer`` fills in that user's team, win and rating change."""

    async def rating_of(self, guild_id: int, entity: str) -> Rating:
        """The current rating of an entity (``user:<id>``, ``cpu:<level>``,
        ``engine:<name>``); :data:`bot.app.ratings.DEFAULT_RATING` if it has none."""


class SettingsStore(Protocol):
    """Each server's changed settings, as a JSON-ready object
    (:func:`bot.app.settings.stored_form`)."""

    async def load_settings(self, guild_id: int) -> dict[str, Any] | None:
        """The values the server stored, None if it never changed anything."""

    async def save_settings(self, guild_id: int, values: dict[str, Any], by: int,
                            at: float) -> None:
        """Replace the server's stored values (one transaction), noting who and when."""


class ServerSettingsSource(Protocol):
    """What the table service reads when a table opens: the server's settings."""

    async def for_guild(self, guild_id: int) -> ServerSettings:
        """The server's settings now (the operator's defaults where it changed nothing)."""


@dataclass(frozen=True, slots=True)
class StoredPing:
    """A table's channel message that mentions the player it waits for (``kind`` is the
    :data:`PromptKind` it was posted for)."""

    table_id: int
    channel_id: int
    message_id: int
    seat: int
    kind: str


@dataclass(frozen=True, slots=True)
class StoredHand:
    """A player's open (ephemeral) hand, editable through an interaction's webhook token
    until ``expires_at`` (Clock seconds). The token is a secret while it lives: it is kept
    only in the store and never logged (``repr`` hides it)."""

    table_id: int
    user_id: int
    application_id: int
    token: str = field(repr=False)
    message_id: int
    expires_at: float
    lang: str
    #: the table version the hand was drawn at
    version: int = 0


@dataclass(slots=True)
class DeliveryBatch:
    """Writes of the presenter's delivery state, applied in one transaction: first every
    row of the ``closed`` tables goes, then each ping and hand is set (a value) or removed
    (None)."""

    closed: set[int] = field(default_factory=set)
    pings: dict[int, StoredPing | None] = field(default_factory=dict)
    hands: dict[tuple[int, int], StoredHand | None] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.closed or self.pings or self.hands)


@dataclass(slots=True)
class Delivery:
    """What the presenter stored to finish its jobs after a restart."""

    pings: list[StoredPing] = field(default_factory=list)
    hands: list[StoredHand] = field(default_factory=list)


class DeliveryStore(Protocol):
    """The presenter's delivery state (turn pings to clean up, hands to keep updating), so
    that a restart finishes what the previous process started."""

    async def load_delivery(self, now: float) -> Delivery:
        """Every stored ping, and every hand whose token is alive at ``now``; hands whose
        token expired are deleted first (their secrets are not kept longer than needed)."""

    async def write_delivery(self, batch: DeliveryBatch) -> None:
        """Apply ``batch`` in one transaction."""
