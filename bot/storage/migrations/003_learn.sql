-- Learning features. Written only by bot/storage/learn.py (SqliteLearnStore).

-- Where each user is in the guided first game (/goita learn): a small JSON object
-- (bot.app.learn.tutorial.Progress).
CREATE TABLE learn_progress (
    user_id    INTEGER PRIMARY KEY,
    progress   TEXT    NOT NULL,
    updated_at REAL    NOT NULL
);

-- Finished reviews of one seat of a recorded match, per analysis version.
CREATE TABLE learn_reviews (
    match_key  TEXT    NOT NULL,
    seat       INTEGER NOT NULL,
    version    INTEGER NOT NULL,
    review     TEXT    NOT NULL,
    created_at REAL    NOT NULL,
    PRIMARY KEY (match_key, seat, version)
);

-- Who asked for a hint in which match (a table and the time its match started), with the
-- first use of each user and how many hints they asked for.
CREATE TABLE learn_hints (
    table_id   INTEGER NOT NULL,
    started_at REAL    NOT NULL,
    user_id    INTEGER NOT NULL,
    first_at   REAL    NOT NULL,
    uses       INTEGER NOT NULL,
    PRIMARY KEY (table_id, started_at, user_id)
);
