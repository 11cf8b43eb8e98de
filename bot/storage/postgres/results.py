"""Finished matches, per-player stats and ratings on PostgreSQL.

The same contract as the SQLite :class:`bot.storage.results.SqliteResultsStore` (the records
and the rules of counting are that module's). Recording a match reads the players' ratings
and writes the new ones: such transactions of one server are serialised by an advisory lock
on the server, since tables of one server may finish at the same moment.
"""

from __future__ import annotations

import json

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
from bot.storage.postgres.db import Connection, Pool
from bot.storage.results import AVERAGES_SQL, ENTRY_SQL, OPPONENT_SQL, averages_of, entry_of

# (rank key, full order) per sort, as in SQLite; round() of a double needs numeric here
_SORTS: dict[str, tuple[str, str]] = {
    "rating": ("round(ordinal::numeric, 1) DESC",
               "round(ordinal::numeric, 1) DESC, ordinal DESC, wins DESC, user_id ASC"),
    "wins": ("wins DESC", "wins DESC, ordinal DESC, user_id ASC"),
}


class PgResultsStore:
    """Finished matches and the stats they add up to (migration ``002_results.sql``)."""

    def __init__(self, pool: Pool) -> None:
        self.pool = pool

    # -- writing --------------------------------------------------------------------------
    async def record_match(self, match: FinishedMatch) -> int:
        """Store a finished (or stopped) match, add it to every human's stats and update
        the ratings. Returns the match id; recording the same match again (same guild,
        table and start time) changes nothing and returns the first id."""
        match.validate()
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute(
                "SELECT pg_advisory_xact_lock(hashtextextended('goita-results:' || $1, 0))",
                str(match.guild_id))
            existing = await conn.fetchval(
                "SELECT id FROM results_match WHERE guild_id = $1 AND table_id = $2 "
                "AND started_at = $3", match.guild_id, match.table_id, match.started_at)
            if existing is not None:
                return int(existing)
            current = await _current_ratings(conn, match)
            new = ratings.rate_match(match, current)
            rated = bool(new)
            match_id = int(await conn.fetchval(
                "INSERT INTO results_match (guild_id, channel_id, table_id, started_at, "
                "finished_at, rules_json, scores_json, winner_team, stopped_early, with_cpu, "
                "rated, rounds_json, record_json) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, "
                "$10, $11, $12, $13) RETURNING id",
                match.guild_id, match.channel_id, match.table_id, match.started_at,
                match.finished_at, json.dumps(match.rules), json.dumps(list(match.scores)),
                match.winner_team, int(match.stopped_early), int(match.with_cpu),
                int(rated), json.dumps([list(r) for r in match.rounds]), match.record_json,
            ))
            per_seat = seat_stats(match)
            seat_rows = []
            for s in match.seats:
                st = per_seat[s.seat]
                entity = ratings.entity_of(s)
                before = current.get(entity) if rated else None
                after = new.get(entity) if rated else None
                seat_rows.append((
                    match_id, s.seat, s.kind, s.user_id, s.name, s.level,
                    match.team_of(s.seat), int(st.won), st.rounds_won, st.points,
                    st.doubled, st.shi_hands,
                    before.mu if before else None, before.sigma if before else None,
                    after.mu if after else None, after.sigma if after else None,
                ))
            await conn.executemany(
                "INSERT INTO results_seat (match_id, seat, kind, user_id, name, level, team, "
                "won, rounds_won, points, doubled, shi_hands, mu_before, sigma_before, "
                "mu_after, sigma_after) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, "
                "$12, $13, $14, $15, $16)", seat_rows)
            await _add_to_players(conn, match, per_seat, new)
            await conn.executemany(
                "INSERT INTO results_bot_rating (guild_id, entity, mu, sigma, rated_matches) "
                "VALUES ($1, $2, $3, $4, 1) ON CONFLICT (guild_id, entity) DO UPDATE SET "
                "mu = EXCLUDED.mu, sigma = EXCLUDED.sigma, "
                "rated_matches = results_bot_rating.rated_matches + 1",
                [(match.guild_id, entity, r.mu, r.sigma) for entity, r in new.items()
                 if not entity.startswith("user:")])
            return match_id

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
        total = int(await self.pool.fetchval(
            "SELECT count(*) FROM results_player WHERE guild_id = $1", guild_id))
        pages = max(1, -(-total // per_page))
        page = min(max(page, 0), pages - 1)
        rank_key, order = _SORTS[sort]
        rows = await self.pool.fetch(
            f"SELECT rank() OVER (ORDER BY {rank_key}), user_id, name, ordinal, matches, "
            f"wins, matches_cpu, rated_matches FROM results_player WHERE guild_id = $1 "
            f"ORDER BY {order} LIMIT $2 OFFSET $3", guild_id, per_page, page * per_page)
        entries = tuple(
            LeaderboardEntry(int(r[0]), int(r[1]), str(r[2]), round(float(r[3]), 1),
                             int(r[4]), int(r[5]), int(r[6]), int(r[7]))
            for r in rows
        )
        return LeaderboardPage(guild_id, sort, page, pages, total, entries)

    async def player_stats(self, guild_id: int, user_id: int) -> PlayerStats | None:
        """A player's numbers on this server, or None if they have no recorded match."""
        row = await self.pool.fetchrow(
            "SELECT name, matches, wins, matches_cpu, wins_cpu, stopped, rounds_won, points, "
            "doubled, shi_hands, ordinal, mu, sigma, rated_matches FROM results_player "
            "WHERE guild_id = $1 AND user_id = $2", guild_id, user_id)
        if row is None:
            return None
        rank_row = await self.pool.fetchrow(
            "SELECT 1 + (SELECT count(*) FROM results_player p WHERE p.guild_id = $1 "
            "AND round(p.ordinal::numeric, 1) > round($2::numeric, 1)), "
            "(SELECT count(*) FROM results_player WHERE guild_id = $1)", guild_id, row[10])
        assert rank_row is not None
        form_rows = await self.pool.fetch(
            "SELECT max(s.won) FROM results_seat s JOIN results_match m ON m.id = s.match_id "
            "WHERE m.guild_id = $1 AND s.user_id = $2 AND m.stopped_early = 0 "
            "GROUP BY m.id ORDER BY m.finished_at DESC, m.id DESC LIMIT $3",
            guild_id, user_id, FORM_LENGTH)
        form = "".join("W" if r[0] else "L" for r in form_rows)
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
        ranked = ENTRY_SQL.format(rank_key=_SORTS[sort][0]).replace("?", "$1")
        r = await self.pool.fetchrow(
            f"SELECT * FROM ({ranked}) AS ranked WHERE user_id = $2", guild_id, user_id)
        return None if r is None else entry_of(tuple(r))

    async def server_averages(self, guild_id: int) -> ServerAverages | None:
        """The average of the server's board, None if nobody is on it."""
        r = await self.pool.fetchrow(AVERAGES_SQL, guild_id)
        return averages_of(tuple(r) if r is not None else None)

    async def recent_matches(
        self, guild_id: int, user_id: int, limit: int = 5, offset: int = 0,
        opponent: int | None = None,
    ) -> tuple[list[MatchSummary], int]:
        """The user's recorded matches on this server, newest first, and how many there
        are in all; with ``opponent``, those where that user played on another team."""
        against, extra = "", []
        if opponent is not None:
            against, extra = OPPONENT_SQL, [opponent]
        n = 3 + len(extra)
        total = int(await self.pool.fetchval(
            "SELECT count(DISTINCT s.match_id) FROM results_seat s JOIN results_match m "
            "ON m.id = s.match_id WHERE m.guild_id = $1 AND s.user_id = $2" + against,
            guild_id, user_id, *extra))
        rows = await self.pool.fetch(
            "SELECT DISTINCT m.id, m.finished_at FROM results_match m JOIN results_seat s "
            "ON m.id = s.match_id WHERE m.guild_id = $1 AND s.user_id = $2" + against +
            f" ORDER BY m.finished_at DESC, m.id DESC LIMIT ${n} OFFSET ${n + 1}",
            guild_id, user_id, *extra, limit, max(offset, 0))
        out = []
        for r in rows:
            stored = await self.get_match(guild_id, int(r[0]), viewer=user_id)
            assert stored is not None
            out.append(stored.summary)
        return out, total

    async def get_match(
        self, guild_id: int, match_id: int, viewer: int | None = None
    ) -> StoredMatch | None:
        """A recorded match of this server (None if there is none with that id here)."""
        m = await self.pool.fetchrow(
            "SELECT id, guild_id, channel_id, table_id, started_at, finished_at, rules_json, "
            "scores_json, winner_team, stopped_early, with_cpu, rated, rounds_json, "
            "record_json FROM results_match WHERE id = $1 AND guild_id = $2",
            match_id, guild_id)
        if m is None:
            return None
        seat_rows = await self.pool.fetch(
            "SELECT seat, kind, user_id, name, level, team, won, mu_before, sigma_before, "
            "mu_after, sigma_after FROM results_seat WHERE match_id = $1 ORDER BY seat",
            match_id)
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
        return await _rating(self.pool, guild_id, entity)


async def _rating(conn: Connection | Pool, guild_id: int, entity: str) -> Rating:
    if entity.startswith("user:"):
        row = await conn.fetchrow(
            "SELECT mu, sigma FROM results_player WHERE guild_id = $1 AND user_id = $2",
            guild_id, int(entity[5:]))
    else:
        row = await conn.fetchrow(
            "SELECT mu, sigma FROM results_bot_rating WHERE guild_id = $1 AND entity = $2",
            guild_id, entity)
    return Rating(row[0], row[1]) if row else ratings.DEFAULT_RATING


async def _current_ratings(conn: Connection, match: FinishedMatch) -> dict[str, Rating]:
    out: dict[str, Rating] = {}
    for s in match.seats:
        entity = ratings.entity_of(s)
        if entity not in out:
            out[entity] = await _rating(conn, match.guild_id, entity)
    return out


async def _add_to_players(
    conn: Connection, match: FinishedMatch, per_seat: dict[int, SeatStats],
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
            by_user[s.user_id] = (name, SeatStats(
                prev.won or st.won, prev.rounds_won + st.rounds_won, prev.points + st.points,
                prev.doubled + st.doubled, prev.shi_hands + st.shi_hands))
        else:
            by_user[s.user_id] = (s.name, st)
    finished = 0 if match.stopped_early else 1
    cpu = int(match.with_cpu)
    default = ratings.DEFAULT_RATING
    for user_id, (name, st) in by_user.items():
        won = int(st.won)
        await conn.execute(
            "INSERT INTO results_player (guild_id, user_id, name, mu, sigma, ordinal, "
            "last_match_at) VALUES ($1, $2, $3, $4, $5, $6, $7) "
            "ON CONFLICT (guild_id, user_id) DO UPDATE SET name = EXCLUDED.name, "
            "last_match_at = greatest(results_player.last_match_at, EXCLUDED.last_match_at)",
            match.guild_id, user_id, name, default.mu, default.sigma, default.ordinal,
            match.finished_at)
        await conn.execute(
            "UPDATE results_player SET matches = matches + $1, wins = wins + $2, "
            "matches_cpu = matches_cpu + $3, wins_cpu = wins_cpu + $4, "
            "stopped = stopped + $5, rounds_won = rounds_won + $6, points = points + $7, "
            "doubled = doubled + $8, shi_hands = shi_hands + $9 "
            "WHERE guild_id = $10 AND user_id = $11",
            finished, won, finished * cpu, won * cpu, 1 - finished, st.rounds_won,
            st.points, st.doubled, st.shi_hands, match.guild_id, user_id)
        rating = new.get(f"user:{user_id}")
        if rating is not None:
            await conn.execute(
                "UPDATE results_player SET mu = $1, sigma = $2, ordinal = $3, "
                "rated_matches = rated_matches + 1 WHERE guild_id = $4 AND user_id = $5",
                rating.mu, rating.sigma, rating.ordinal, match.guild_id, user_id)

