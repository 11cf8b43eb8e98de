"""The SQLite :class:`~bot.app.ports.ResultsStore`: finished matches, per-player stats and
ratings (per Discord server), on the bot's aiosqlite connection (migration
``002_results.sql``).

The records, the per-seat numbers and the rating update are the app's
(:mod:`bot.app.records`, :mod:`bot.app.ratings`); this module only stores and queries them.
Everything the leaderboard, ``/goita stats``, ``/goita history`` and the kifu downloads show
is read back from here.
"""

from __future__ import annotations

import json
from typing import Any

import aiosqlite

from bot.app import ratings
from bot.app.ratings import Rating
from bot.app.records import FinishedMatch, RoundSummary, SeatRecord, SeatStats, seat_stats
from bot.app.standings import (
    FORM_LENGTH,
    PAGE_SIZE,
    LeaderboardEntry,
    LeaderboardPage,
    LeaderboardSort,
    MatchSummary,
    PlayerStats,
    ServerAverages,
    StoredMatch,
)
from goita_core.rules import RuleSet

from .db import transaction

# (rank key, full order) per sort; the order ends on user_id so ties never reshuffle
_SORTS: dict[str, tuple[str, str]] = {
    "rating": ("ROUND(ordinal, 1) DESC",
               "ROUND(ordinal, 1) DESC, ordinal DESC, wins DESC, user_id ASC"),
    "wins": ("wins DESC", "wins DESC, ordinal DESC, user_id ASC"),
}

# shared with the PostgreSQL store (its parameters are numbered; SQLite's are "?")
#: the server's board ranked by {rank_key}; a query selects one user's line from it
ENTRY_SQL = ("SELECT RANK() OVER (ORDER BY {rank_key}) AS rank, user_id, name, ordinal, "
             "matches, wins, matches_cpu, rated_matches FROM results_player WHERE guild_id = ?")
#: the average player of a server's board
AVERAGES_SQL = ("SELECT COUNT(*), AVG(ordinal), AVG(matches), "
                "AVG(CASE WHEN matches > 0 THEN 1.0 * wins / matches END), AVG(rounds_won) "
                "FROM results_player WHERE guild_id = $1")
#: the history's filter: the opponent ($3) played the match on another team
OPPONENT_SQL = (" AND EXISTS (SELECT 1 FROM results_seat o WHERE o.match_id = m.id "
                "AND o.user_id = $3 AND o.team <> s.team)")


def entry_of(r: tuple[Any, ...]) -> LeaderboardEntry:
    return LeaderboardEntry(int(r[0]), int(r[1]), str(r[2]), round(float(r[3]), 1),
                            int(r[4]), int(r[5]), int(r[6]), int(r[7]))


def averages_of(r: tuple[Any, ...] | None) -> ServerAverages | None:
    if r is None or not r[0]:
        return None
    return ServerAverages(int(r[0]), round(float(r[1]), 1), float(r[2]),
                          None if r[3] is None else float(r[3]), float(r[4]))


class SqliteResultsStore:
    """:class:`~bot.app.ports.ResultsStore` on the bot's aiosqlite connection. Writes are one
    transaction each."""

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
            per_seat = seat_stats(match)
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
        self, match: FinishedMatch, per_seat: dict[int, SeatStats],
        new: dict[str, Rating],
    ) -> None:
        # one user in several seats (possible in a test table) counts the match once
        by_user: dict[int, tuple[str, SeatStats]] = {}
        for s in sorted(match.seats, key=lambda s: s.seat):
            if s.user_id is None:
                continue
            st = per_seat[s.seat]
            if s.user_id in by_user:
                name, prev = by_user[s.user_id]
                st = prev + st
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

    async def leaderboard_entry(self, guild_id: int, user_id: int,
                                sort: LeaderboardSort = "rating") -> LeaderboardEntry | None:
        """The user's line of the leaderboard (rank by ``sort``), None if not on it."""
        if sort not in ("rating", "wins"):
            raise ValueError(f"unknown leaderboard sort {sort!r}")
        async with self.conn.execute(
            f"SELECT * FROM ({ENTRY_SQL.format(rank_key=_SORTS[sort][0])}) AS ranked "
            "WHERE user_id = ?", (guild_id, user_id),
        ) as cur:
            r = await cur.fetchone()
        return None if r is None else entry_of(tuple(r))

    async def server_averages(self, guild_id: int) -> ServerAverages | None:
        """The average of the server's board, None if nobody is on it."""
        async with self.conn.execute(AVERAGES_SQL.replace("$1", "?"), (guild_id,)) as cur:
            r = await cur.fetchone()
        return averages_of(tuple(r) if r is not None else None)

    async def recent_matches(
        self, guild_id: int, user_id: int, limit: int = 5, offset: int = 0,
        opponent: int | None = None,
    ) -> tuple[list[MatchSummary], int]:
        """The user's recorded matches on this server, newest first, and how many there
        are in all; with ``opponent``, those where that user played on another team."""
        against = OPPONENT_SQL.replace("$3", "?") if opponent is not None else ""
        extra: tuple[int, ...] = (opponent,) if opponent is not None else ()
        async with self.conn.execute(
            "SELECT COUNT(DISTINCT s.match_id) FROM results_seat s JOIN results_match m "
            "ON m.id = s.match_id WHERE m.guild_id = ? AND s.user_id = ?" + against,
            (guild_id, user_id, *extra),
        ) as cur:
            row = await cur.fetchone()
        total = int(row[0]) if row else 0
        async with self.conn.execute(
            "SELECT DISTINCT m.id, m.finished_at FROM results_match m JOIN results_seat s "
            "ON m.id = s.match_id WHERE m.guild_id = ? AND s.user_id = ?" + against +
            " ORDER BY m.finished_at DESC, m.id DESC LIMIT ? OFFSET ?",
            (guild_id, user_id, *extra, limit, max(offset, 0)),
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
            RuleSet.from_json(rules).players, tuple(s.name for s in seats),
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
