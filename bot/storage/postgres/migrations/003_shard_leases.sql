-- PostgreSQL only (one SQLite file has one bot process): which process drives the tables
-- of which gateway shard. A table belongs to shard (guild_id >> 22) % shard_count.
-- Written only by bot/storage/postgres/leases.py.
CREATE TABLE shard_leases (
    shard_count  INTEGER     NOT NULL CHECK (shard_count > 0),
    shard_id     INTEGER     NOT NULL CHECK (shard_id >= 0 AND shard_id < shard_count),
    owner        TEXT        NOT NULL,
    -- the advisory lock (namespace, owner_key) the owner holds for as long as its database
    -- session lives: a lease whose owner's session is gone is free at once
    owner_key    INTEGER     NOT NULL,
    claimed_at   TIMESTAMPTZ NOT NULL,
    expires_at   TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (shard_count, shard_id)
);

-- Owner keys for the presence advisory locks; unique per claiming process.
CREATE SEQUENCE shard_lease_owner_keys AS INTEGER CYCLE;
