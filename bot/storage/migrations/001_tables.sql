-- Live tables (lobby, playing) and recently closed ones: one row per table. The row holds a
-- JSON snapshot of everything except the match state (seats, rules, seed, timers' deadlines,
-- board message), which is rebuilt by replaying table_actions from the seed.
CREATE TABLE game_tables (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,
    status           TEXT    NOT NULL
                     CHECK (status IN ('lobby', 'playing', 'finished', 'cancelled')),
    snapshot         TEXT    NOT NULL,
    board_message_id INTEGER,
    next_deadline    REAL,
    created_at       REAL    NOT NULL,
    updated_at       REAL    NOT NULL
);

-- One live table per channel, enforced by the database too.
CREATE UNIQUE INDEX game_tables_live_channel
    ON game_tables (channel_id) WHERE status IN ('lobby', 'playing');
CREATE INDEX game_tables_status ON game_tables (status);

-- Append-only log of every game step: 'deal' (a round dealt; hands only when injected by
-- tests, otherwise the match's seeded shuffle) and 'act' (an action of a seat).
CREATE TABLE table_actions (
    table_id  INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    seq       INTEGER NOT NULL,
    match_no  INTEGER NOT NULL,
    kind      TEXT    NOT NULL CHECK (kind IN ('deal', 'act')),
    seat      INTEGER,
    action    TEXT,
    hands     TEXT,
    actor     TEXT    NOT NULL,
    user_id   INTEGER,
    at        REAL    NOT NULL,
    PRIMARY KEY (table_id, seq)
);
