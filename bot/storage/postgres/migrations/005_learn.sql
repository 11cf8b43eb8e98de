-- PostgreSQL dialect of bot/storage/migrations/003_learn.sql (same tables, columns and keys;
-- 003 here is the shard leases, which SQLite has no need of). Written only by
-- bot/storage/postgres/learn.py (PgLearnStore).

-- Where each user is in the guided first game (/goita learn): a small JSON object
-- (bot.app.learn.tutorial.Progress).
CREATE TABLE learn_progress (
    user_id    BIGINT           PRIMARY KEY,
    progress   TEXT             NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL
);

-- Finished reviews of one seat of a recorded match, per analysis version.
CREATE TABLE learn_reviews (
    match_key  TEXT             NOT NULL,
    seat       INTEGER          NOT NULL,
    version    INTEGER          NOT NULL,
    review     TEXT             NOT NULL,
    created_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (match_key, seat, version)
);

-- Who asked for a hint in which match (a table and the time its match started), with the
-- first use of each user and how many hints they asked for.
CREATE TABLE learn_hints (
    table_id   BIGINT           NOT NULL,
    started_at DOUBLE PRECISION NOT NULL,
    user_id    BIGINT           NOT NULL,
    first_at   DOUBLE PRECISION NOT NULL,
    uses       INTEGER          NOT NULL,
    PRIMARY KEY (table_id, started_at, user_id)
);
