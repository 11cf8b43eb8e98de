-- Finished matches, per-player stats and ratings, per Discord server (guild).
-- Written only by bot/storage/results.py (SqliteResultsStore.record_match).

-- One row per match that ended (won, or stopped early).
CREATE TABLE results_match (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id       INTEGER NOT NULL,
    channel_id     INTEGER NOT NULL,
    table_id       INTEGER NOT NULL,
    started_at     REAL    NOT NULL,
    finished_at    REAL    NOT NULL,
    rules_json     TEXT    NOT NULL,
    scores_json    TEXT    NOT NULL,
    winner_team    INTEGER,
    stopped_early  INTEGER NOT NULL CHECK (stopped_early IN (0, 1)),
    with_cpu       INTEGER NOT NULL CHECK (with_cpu IN (0, 1)),
    -- 1 when the match changed ratings (finished, with at least one human)
    rated          INTEGER NOT NULL CHECK (rated IN (0, 1)),
    rounds_json    TEXT    NOT NULL,
    record_json    TEXT    NOT NULL,
    -- the same table recorded twice (e.g. a retry after a restart) is one match
    UNIQUE (guild_id, table_id, started_at)
);
CREATE INDEX results_match_guild ON results_match (guild_id, finished_at);

-- One row per seat of a recorded match.
CREATE TABLE results_seat (
    match_id      INTEGER NOT NULL REFERENCES results_match (id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL,
    kind          TEXT    NOT NULL CHECK (kind IN ('human', 'cpu', 'engine')),
    user_id       INTEGER,
    name          TEXT    NOT NULL,
    level         TEXT,
    team          INTEGER NOT NULL,
    won           INTEGER NOT NULL CHECK (won IN (0, 1)),
    rounds_won    INTEGER NOT NULL,
    points        INTEGER NOT NULL,
    doubled       INTEGER NOT NULL,
    shi_hands     INTEGER NOT NULL,
    -- the seat's rating entity before and after the match (NULL when not rated)
    mu_before     REAL,
    sigma_before  REAL,
    mu_after      REAL,
    sigma_after   REAL,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX results_seat_user ON results_seat (user_id, match_id);

-- Running totals per human player per guild (kept in step with results_seat, so the
-- leaderboard is one indexed query). ordinal = mu - 3 sigma, the displayed rating.
CREATE TABLE results_player (
    guild_id        INTEGER NOT NULL,
    user_id         INTEGER NOT NULL,
    name            TEXT    NOT NULL,
    matches         INTEGER NOT NULL DEFAULT 0,  -- finished (not stopped early)
    wins            INTEGER NOT NULL DEFAULT 0,
    matches_cpu     INTEGER NOT NULL DEFAULT 0,  -- finished, with a computer player
    wins_cpu        INTEGER NOT NULL DEFAULT 0,
    stopped         INTEGER NOT NULL DEFAULT 0,  -- stopped early
    rounds_won      INTEGER NOT NULL DEFAULT 0,
    points          INTEGER NOT NULL DEFAULT 0,
    doubled         INTEGER NOT NULL DEFAULT 0,
    shi_hands       INTEGER NOT NULL DEFAULT 0,
    rated_matches   INTEGER NOT NULL DEFAULT 0,
    mu              REAL    NOT NULL,
    sigma           REAL    NOT NULL,
    ordinal         REAL    NOT NULL,
    last_match_at   REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
CREATE INDEX results_player_rating ON results_player (guild_id, ordinal DESC, wins DESC);
CREATE INDEX results_player_wins ON results_player (guild_id, wins DESC, ordinal DESC);

-- Ratings of computer players ('cpu:<level>', 'engine:<name>'), per guild: they take part
-- in the rating updates but are never shown on the leaderboard.
CREATE TABLE results_bot_rating (
    guild_id       INTEGER NOT NULL,
    entity         TEXT    NOT NULL,
    mu             REAL    NOT NULL,
    sigma          REAL    NOT NULL,
    rated_matches  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, entity)
);
