"""Finished matches, per-player stats and ratings (per Discord server).

The table service hands a :class:`FinishedMatch` to :meth:`ResultsRepository.record_match`
when a match ends (or is stopped early). Everything the leaderboard, ``/goita stats``,
``/goita history`` and the kifu downloads show is read back from what is stored here.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

import aiosqlite

from bot.app import ratings
from bot.app.ratings import Rating

SeatKind = Literal["human", "cpu", "engine"]


class SeatRecord(NamedTuple):
    """Who sat where. ``user_id`` is the Discord user id for humans, None otherwise;
    ``level`` is the CPU level ("easy", "normal", "hard") or the engine name."""

    seat: int
    kind: SeatKind
    user_id: int | None
    name: str
    level: str | None = None


class RoundSummary(NamedTuple):
    """One dealt round. ``team``/``winner_seat`` are None for a void round (redeal);
    ``special`` is None for a normal finish, else "hasshi", "nanashi", "rokushi",
    "goshi-pair" or "redeal". ``shi_seats`` are the seats dealt 5 or more Shi."""

    team: int | None
    points: int
    doubled: bool
    special: str | None
    winner_seat: int | None
    shi_seats: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class FinishedMatch:
    """A match as it ended, ready to be stored. Plain tuples are accepted for ``seats``
    and ``rounds`` (converted to :class:`SeatRecord` / :class:`RoundSummary`)."""

    guild_id: int
    channel_id: int
    table_id: int
    started_at: float  # wall-clock seconds (time.time)
    finished_at: float
    rules: dict[str, Any]  # RuleSet.to_json()
    seats: Sequence[SeatRecord]
    scores: Sequence[int]  # per team
    winner_team: int | None  # None when stopped early without a winner
    stopped_early: bool
    rounds: Sequence[RoundSummary] = field(default_factory=tuple)
    record_json: str = ""  # goita_core.kifu native MatchRecord JSON (opaque here)

    def __post_init__(self) -> None:
        seats = tuple(SeatRecord(*s) for s in self.seats)
        rounds = tuple(
            RoundSummary(*r[:5], tuple(r[5]) if len(r) > 5 else ()) for r in self.rounds
        )
        object.__setattr__(self, "seats", seats)
        object.__setattr__(self, "rounds", rounds)
        object.__setattr__(self, "scores", tuple(int(s) for s in self.scores))
        self.validate()

    def validate(self) -> None:
        """Raise ValueError for a record that cannot be stored consistently."""
        players = int(self.rules.get("players", 4))
        teams = 2 if players == 4 else players
        if sorted(s.seat for s in self.seats) != list(range(players)):
            raise ValueError(f"seats must be exactly 0..{players - 1}")
        for s in self.seats:
            if s.kind not in ("human", "cpu", "engine"):
                raise ValueError(f"unknown seat kind {s.kind!r}")
            if (s.kind == "human") != (s.user_id is not None):
                raise ValueError("a human seat needs a user id, and only a human seat has one")
        if len(self.scores) != teams:
            raise ValueError(f"expected {teams} scores, got {len(self.scores)}")
        if self.winner_team is not None and not 0 <= self.winner_team < teams:
            raise ValueError(f"winner_team must be 0..{teams - 1} or None")
        if self.winner_team is None and not self.stopped_early:
            raise ValueError("a match that was not stopped early must have a winner")
        if self.finished_at < self.started_at:
            raise ValueError("finished_at is before started_at")
        for r in self.rounds:
            if r.winner_seat is not None and not 0 <= r.winner_seat < players:
                raise ValueError(f"round winner seat {r.winner_seat} out of range")
            if any(not 0 <= s < players for s in r.shi_seats):
                raise ValueError("round shi seat out of range")
        if self.record_json:
            json.loads(self.record_json)  # ValueError if it is not JSON

    def team_of(self, seat: int) -> int:
        players = int(self.rules.get("players", 4))
        return seat % 2 if players == 4 else seat

    @property
    def with_cpu(self) -> bool:
        return any(s.kind != "human" for s in self.seats)


def summarize_rounds(match: Any) -> list[RoundSummary]:
    """Round summaries from a ``goita_core.Match`` (its ``rounds``, each with ``result``
    and ``shi``). Rounds still in play (a match stopped early) are left out."""
    out: list[RoundSummary] = []
    for rnd in match.rounds:
        result = rnd.result
        if result is None:
            continue
        shi = tuple(seat for seat, _count in rnd.shi)
        if result.kind == "redeal":
            out.append(RoundSummary(None, 0, False, "redeal", None, shi))
        else:
            out.append(
                RoundSummary(result.team, result.points, result.doubled, result.special,
                             result.seat, shi)
            )
    return out


# -- reading back ---------------------------------------------------------------------------
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


class ResultsRepository:
    """Finished matches and the stats they add up to, on the bot's aiosqlite connection
    (migration ``002_results.sql``). Writes are one transaction each."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    # -- writing --------------------------------------------------------------------------
    async def record_match(self, match: FinishedMatch) -> int:
        """Store a finished (or stopped) match, add it to every human's stats and update
        the ratings (see :mod:`bot.app.ratings`). Returns the match id. Recording the same
        match again (same guild, table and start time) changes nothing and returns the
        first id, so a retry after a crash cannot count a match twice."""
        match.validate()
        async with transaction(self.conn):
            async with self.conn.execute(
                "SELECT id FROM results_match WHERE guild_id = ? AND table_id = ? "
                "AND started_at = ?",
                (match.guild_id, match.table_id, match.started_at),
            ) as cur:
                row = await cur.fetchone()
            if row is not None:
                return int(row[0])
            current = await self._current_ratings(match)
            new = ratings.rate_match(match, current)
            rated = bool(new)
            cur2 = await self.conn.execute(
                "INSERT INTO results_match (guild_id, channel_id, table_id, started_at, "
                "finished_at, rules_json, scores_json, winner_team, stopped_early, with_cpu, "
                "rated, rounds_json, record_json) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    match.guild_id, match.channel_id, match.table_id, match.started_at,
                    match.finished_at, json.dumps(match.rules), json.dumps(list(match.scores)),
                    match.winner_team, int(match.stopped_early), int(match.with_cpu),
                    int(rated), json.dumps([list(r) for r in match.rounds]),
                    match.record_json,
                ),
            )
            match_id = cur2.lastrowid
            assert match_id is not None
            per_seat = _seat_stats(match)
            for s in match.seats:
                st = per_seat[s.seat]
                entity = ratings.entity_of(s)
                before = current.get(entity) if rated else None
                after = new.get(entity) if rated else None
                await self.conn.execute(
                    "INSERT INTO results_seat (match_id, seat, kind, user_id, name, level, "
                    "team, won, rounds_won, points, doubled, shi_hands, mu_before, "
                    "sigma_before, mu_after, sigma_after) "
                    "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    (
                        match_id, s.seat, s.kind, s.user_id, s.name, s.level,
                        match.team_of(s.seat), int(st.won), st.rounds_won, st.points,
                        st.doubled, st.shi_hands,
                        before.mu if before else None, before.sigma if before else None,
                        after.mu if after else None, after.sigma if after else None,
                    ),
                )
            await self._add_to_players(match, per_seat, new)
            for entity, rating in new.items():
                if entity.startswith("user:"):
                    continue
                await self.conn.execute(
                    "INSERT INTO results_bot_rating (guild_id, entity, mu, sigma, "
                    "rated_matches) VALUES (?,?,?,?,1) ON CONFLICT (guild_id, entity) DO "
                    "UPDATE SET mu = excluded.mu, sigma = excluded.sigma, "
                    "rated_matches = rated_matches + 1",
                    (match.guild_id, entity, rating.mu, rating.sigma),
                )
            return int(match_id)

    async def _current_ratings(self, match: FinishedMatch) -> dict[str, Rating]:
        out: dict[str, Rating] = {}
        for s in match.seats:
            entity = ratings.entity_of(s)
            if entity in out:
                continue
            if s.kind == "human":
                sql = "SELECT mu, sigma FROM results_player WHERE guild_id = ? AND user_id = ?"
                args: tuple[Any, ...] = (match.guild_id, s.user_id)
            else:
                sql = "SELECT mu, sigma FROM results_bot_rating WHERE guild_id = ? AND entity = ?"
                args = (match.guild_id, entity)
            async with self.conn.execute(sql, args) as cur:
                row = await cur.fetchone()
            out[entity] = Rating(row[0], row[1]) if row else ratings.DEFAULT_RATING
        return out

    async def _add_to_players(
        self, match: FinishedMatch, per_seat: dict[int, _SeatStats],
        new: dict[str, Rating],
    ) -> None:
        # one user in several seats (possible in a test table) counts the match once
        by_user: dict[int, tuple[str, _SeatStats]] = {}
        for s in sorted(match.seats, key=lambda s: s.seat):
            if s.user_id is None:
                continue
            st = per_seat[s.seat]
            if s.user_id in by_user:
                name, prev = by_user[s.user_id]
                st = _SeatStats(prev.won or st.won, prev.rounds_won + st.rounds_won,
                                prev.points + st.points, prev.doubled + st.doubled,
                                prev.shi_hands + st.shi_hands)
                by_user[s.user_id] = (name, st)
            else:
                by_user[s.user_id] = (s.name, st)
        finished = 0 if match.stopped_early else 1
        cpu = int(match.with_cpu)
        for user_id, (name, st) in by_user.items():
            rating = new.get(f"user:{user_id}")
            won = int(st.won)
            await self.conn.execute(
                "INSERT INTO results_player (guild_id, user_id, name, mu, sigma, ordinal, "
                "last_match_at) VALUES (?,?,?,?,?,?,?) ON CONFLICT (guild_id, user_id) "
                "DO UPDATE SET name = excluded.name, "
                "last_match_at = MAX(last_match_at, excluded.last_match_at)",
                (match.guild_id, user_id, name, ratings.DEFAULT_RATING.mu,
                 ratings.DEFAULT_RATING.sigma, ratings.DEFAULT_RATING.ordinal,
                 match.finished_at),
            )
            await self.conn.execute(
                "UPDATE results_player SET matches = matches + ?, wins = wins + ?, "
                "matches_cpu = matches_cpu + ?, wins_cpu = wins_cpu + ?, "
                "stopped = stopped + ?, rounds_won = rounds_won + ?, points = points + ?, "
                "doubled = doubled + ?, shi_hands = shi_hands + ? "
                "WHERE guild_id = ? AND user_id = ?",
                (finished, won, finished * cpu, won * cpu, 1 - finished, st.rounds_won,
                 st.points, st.doubled, st.shi_hands, match.guild_id, user_id),
            )
            if rating is not None:
                await self.conn.execute(
                    "UPDATE results_player SET mu = ?, sigma = ?, ordinal = ?, "
                    "rated_matches = rated_matches + 1 WHERE guild_id = ? AND user_id = ?",
                    (rating.mu, rating.sigma, rating.ordinal, match.guild_id, user_id),
                )

    # -- reading --------------------------------------------------------------------------
    async def leaderboard(
        self, guild_id: int, sort: LeaderboardSort = "rating", page: int = 0,
        per_page: int = PAGE_SIZE,
    ) -> LeaderboardPage:
        """One page of the server's human players. A page past the end shows the last."""
        if sort not in ("rating", "wins"):
            raise ValueError(f"unknown leaderboard sort {sort!r}")
        if per_page < 1:
            raise ValueError("per_page must be at least 1")
        async with self.conn.execute(
            "SELECT COUNT(*) FROM results_player WHERE guild_id = ?", (guild_id,)
        ) as cur:
            row = await cur.fetchone()
        total = int(row[0]) if row else 0
        pages = max(1, -(-total // per_page))
        page = min(max(page, 0), pages - 1)
        rank_key, order = _SORTS[sort]
        sql = (
            f"SELECT RANK() OVER (ORDER BY {rank_key}) AS rank, user_id, name, ordinal, "
            f"matches, wins, matches_cpu, rated_matches FROM results_player "
            f"WHERE guild_id = ? ORDER BY {order} LIMIT ? OFFSET ?"
        )
        async with self.conn.execute(sql, (guild_id, per_page, page * per_page)) as cur:
            rows = await cur.fetchall()
        entries = tuple(
            LeaderboardEntry(int(r[0]), int(r[1]), str(r[2]), round(float(r[3]), 1),
                             int(r[4]), int(r[5]), int(r[6]), int(r[7]))
            for r in rows
        )
        return LeaderboardPage(guild_id, sort, page, pages, total, entries)

    async def player_stats(self, guild_id: int, user_id: int) -> PlayerStats | None:
        """A player's numbers on this server, or None if they have no recorded match."""
        async with self.conn.execute(
            "SELECT name, matches, wins, matches_cpu, wins_cpu, stopped, rounds_won, points, "
            "doubled, shi_hands, ordinal, mu, sigma, rated_matches FROM results_player "
            "WHERE guild_id = ? AND user_id = ?",
            (guild_id, user_id),
        ) as cur:
            row = await cur.fetchone()
        if row is None:
            return None
        async with self.conn.execute(
            "SELECT 1 + (SELECT COUNT(*) FROM results_player p WHERE p.guild_id = ? "
            "AND ROUND(p.ordinal, 1) > ROUND(?, 1)), "
            "(SELECT COUNT(*) FROM results_player WHERE guild_id = ?)",
            (guild_id, row[10], guild_id),
        ) as cur:
            rank_row = await cur.fetchone()
        assert rank_row is not None
        async with self.conn.execute(
            "SELECT MAX(s.won) FROM results_seat s JOIN results_match m ON m.id = s.match_id "
            "WHERE m.guild_id = ? AND s.user_id = ? AND m.stopped_early = 0 "
            "GROUP BY m.id ORDER BY m.finished_at DESC, m.id DESC LIMIT ?",
            (guild_id, user_id, FORM_LENGTH),
        ) as cur:
            form = "".join("W" if r[0] else "L" for r in await cur.fetchall())
        return PlayerStats(
            guild_id, user_id, str(row[0]), int(row[1]), int(row[2]), int(row[3]),
            int(row[4]), int(row[5]), int(row[6]), int(row[7]), int(row[8]), int(row[9]),
            round(float(row[10]), 1), float(row[11]), float(row[12]), int(row[13]),
            int(rank_row[0]), int(rank_row[1]), form,
        )

    async def recent_matches(
        self, guild_id: int, user_id: int, limit: int = 5, offset: int = 0,
    ) -> tuple[list[MatchSummary], int]:
        """The user's recorded matches on this server, newest first, and how many there
        are in all."""
        async with self.conn.execute(
            "SELECT COUNT(DISTINCT s.match_id) FROM results_seat s JOIN results_match m "
            "ON m.id = s.match_id WHERE m.guild_id = ? AND s.user_id = ?",
            (guild_id, user_id),
        ) as cur:
            row = await cur.fetchone()
        total = int(row[0]) if row else 0
        async with self.conn.execute(
            "SELECT DISTINCT m.id, m.finished_at FROM results_match m JOIN results_seat s "
            "ON m.id = s.match_id WHERE m.guild_id = ? AND s.user_id = ? "
            "ORDER BY m.finished_at DESC, m.id DESC LIMIT ? OFFSET ?",
            (guild_id, user_id, limit, max(offset, 0)),
        ) as cur:
            ids = [int(r[0]) for r in await cur.fetchall()]
        out = []
        for match_id in ids:
            stored = await self.get_match(guild_id, match_id, viewer=user_id)
            assert stored is not None
            out.append(stored.summary)
        return out, total

    async def get_match(
        self, guild_id: int, match_id: int, viewer: int | None = None
    ) -> StoredMatch | None:
        """A recorded match of this server (None if there is none with that id here)."""
        async with self.conn.execute(
            "SELECT id, guild_id, channel_id, table_id, started_at, finished_at, rules_json, "
            "scores_json, winner_team, stopped_early, with_cpu, rated, rounds_json, "
            "record_json FROM results_match WHERE id = ? AND guild_id = ?",
            (match_id, guild_id),
        ) as cur:
            m = await cur.fetchone()
        if m is None:
            return None
        async with self.conn.execute(
            "SELECT seat, kind, user_id, name, level, team, won, mu_before, sigma_before, "
            "mu_after, sigma_after FROM results_seat WHERE match_id = ? ORDER BY seat",
            (match_id,),
        ) as cur:
            seat_rows = list(await cur.fetchall())
        seats = tuple(
            SeatRecord(int(r[0]), r[1], None if r[2] is None else int(r[2]), str(r[3]), r[4])
            for r in seat_rows
        )
        team: int | None = None
        won = False
        change: float | None = None
        for r in seat_rows:
            if viewer is not None and r[2] == viewer:
                team, won = int(r[5]), bool(r[6])
                if r[7] is not None and r[9] is not None and change is None:
                    change = round(
                        Rating(r[9], r[10]).ordinal - Rating(r[7], r[8]).ordinal, 1
                    )
        rules = json.loads(m[6])
        summary = MatchSummary(
            int(m[0]), int(m[1]), int(m[2]), int(m[3]), float(m[4]), float(m[5]),
            int(rules.get("players", 4)), tuple(s.name for s in seats),
            tuple(s.kind for s in seats), tuple(int(x) for x in json.loads(m[7])),
            None if m[8] is None else int(m[8]), bool(m[9]), bool(m[10]), bool(m[11]),
            team, won, change,
        )
        rounds = tuple(
            RoundSummary(r[0], r[1], r[2], r[3], r[4], tuple(r[5]) if len(r) > 5 else ())
            for r in json.loads(m[12])
        )
        return StoredMatch(summary, rules, seats, rounds, str(m[13]))

    async def rating_of(self, guild_id: int, entity: str) -> Rating:
        """The current rating of an entity (``user:<id>``, ``cpu:<level>``, ...)."""
        if entity.startswith("user:"):
            sql = "SELECT mu, sigma FROM results_player WHERE guild_id = ? AND user_id = ?"
            args: tuple[Any, ...] = (guild_id, int(entity[5:]))
        else:
            sql = "SELECT mu, sigma FROM results_bot_rating WHERE guild_id = ? AND entity = ?"
            args = (guild_id, entity)
        async with self.conn.execute(sql, args) as cur:
            row = await cur.fetchone()
        return Rating(row[0], row[1]) if row else ratings.DEFAULT_RATING


# (rank key, full order) per sort; the order ends on user_id so ties never reshuffle
_SORTS: dict[str, tuple[str, str]] = {
    "rating": ("ROUND(ordinal, 1) DESC",
               "ROUND(ordinal, 1) DESC, ordinal DESC, wins DESC, user_id ASC"),
    "wins": ("wins DESC", "wins DESC, ordinal DESC, user_id ASC"),
}


@dataclass(frozen=True, slots=True)
class _SeatStats:
    won: bool
    rounds_won: int
    points: int
    doubled: int
    shi_hands: int


def _seat_stats(match: FinishedMatch) -> dict[int, _SeatStats]:
    out = {}
    for s in match.seats:
        won_rounds = [r for r in match.rounds
                      if r.winner_seat == s.seat and r.special != "redeal"]
        out[s.seat] = _SeatStats(
            won=not match.stopped_early and match.winner_team == match.team_of(s.seat),
            rounds_won=len(won_rounds),
            points=sum(r.points for r in won_rounds),
            doubled=sum(1 for r in won_rounds if r.doubled),
            shi_hands=sum(1 for r in match.rounds if s.seat in r.shi_seats),
        )
    return out


def transaction(conn: aiosqlite.Connection) -> contextlib.AbstractAsyncContextManager[Any]:
    """BEGIN IMMEDIATE ... COMMIT (ROLLBACK on any error), serialised with the table
    repository's transactions: both share the bot's one connection, and two interleaved
    BEGIN ... COMMIT on it would mix or fail."""
    from bot.storage.tables import transaction as shared_transaction

    return shared_transaction(conn)
