"""What the results store reads back: the leaderboard, a player's stats, the history and
one recorded match (``/goita leaderboard``, ``stats``, ``history``, ``replay``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from .records import RoundSummary, SeatRecord

LeaderboardSort = Literal["rating", "wins"]
PAGE_SIZE = 10
#: the number of recent finished matches shown as "form"
FORM_LENGTH = 10


@dataclass(frozen=True, slots=True)
class LeaderboardEntry:
    rank: int  # 1-based; equal sort keys share a rank (1, 2, 2, 4)
    user_id: int
    name: str
    rating: float  # ordinal, rounded to 1 decimal
    matches: int
    wins: int
    matches_cpu: int
    rated_matches: int


@dataclass(frozen=True, slots=True)
class LeaderboardPage:
    guild_id: int
    sort: LeaderboardSort
    page: int  # 0-based, clamped to the pages that exist
    pages: int  # at least 1
    total: int  # players on the board
    entries: tuple[LeaderboardEntry, ...]


@dataclass(frozen=True, slots=True)
class PlayerStats:
    guild_id: int
    user_id: int
    name: str
    matches: int  # played to the end
    wins: int
    matches_cpu: int  # of ``matches``, with a computer player
    wins_cpu: int
    stopped: int  # stopped early (not in ``matches``; no rating change)
    rounds_won: int  # rounds this player went out (or won with a Shi hand)
    points: int  # points of those rounds
    doubled: int  # of those rounds, doubled finishes
    shi_hands: int  # deals with 5 or more Shi in this player's hand
    rating: float  # ordinal
    mu: float
    sigma: float
    rated_matches: int
    rank: int  # by rating, among the server's players
    players: int  # on the server's board
    form: str  # last FORM_LENGTH finished matches, newest first: "W" / "L"


@dataclass(frozen=True, slots=True)
class ServerAverages:
    """The average player of a server's board (``/goita stats`` compares with it)."""

    players: int
    rating: float  # ordinal, rounded to 1 decimal
    matches: float  # finished matches per player
    win_pct: float | None  # mean of each player's share of won matches; None: none finished
    rounds_won: float


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """A recorded match as ``/goita history`` lists it, seen by one player."""

    id: int
    guild_id: int
    channel_id: int
    table_id: int
    started_at: float
    finished_at: float
    players: int
    names: tuple[str, ...]  # by seat
    kinds: tuple[str, ...]  # by seat
    scores: tuple[int, ...]
    winner_team: int | None
    stopped_early: bool
    with_cpu: bool
    rated: bool
    team: int | None  # the viewing user's team (None if they did not play)
    won: bool
    rating_change: float | None  # the user's ordinal change, None if not rated


@dataclass(frozen=True, slots=True)
class StoredMatch:
    summary: MatchSummary
    rules: dict[str, Any]
    seats: tuple[SeatRecord, ...]
    rounds: tuple[RoundSummary, ...]
    record_json: str
