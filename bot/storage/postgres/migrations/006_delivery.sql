-- What the presenter needs to finish its jobs after a restart. Written only by
-- bot/storage/postgres/delivery.py (PgDeliveryStore).

-- A table's channel message mentioning the player it waits for: deleted once they act.
CREATE TABLE delivery_pings (
    table_id   BIGINT  PRIMARY KEY,
    channel_id BIGINT  NOT NULL,
    message_id BIGINT  NOT NULL,
    seat       INTEGER NOT NULL,
    kind       TEXT    NOT NULL
);

-- A player's open ephemeral hand, edited through its interaction's webhook token. The token
-- is a secret until it expires (15 minutes): rows are deleted once expired.
CREATE TABLE delivery_hands (
    table_id       BIGINT           NOT NULL,
    user_id        BIGINT           NOT NULL,
    application_id BIGINT           NOT NULL,
    token          TEXT             NOT NULL,
    message_id     BIGINT           NOT NULL,
    expires_at     DOUBLE PRECISION NOT NULL,
    lang           TEXT             NOT NULL,
    version        INTEGER          NOT NULL,
    PRIMARY KEY (table_id, user_id)
);
CREATE INDEX delivery_hands_expiry ON delivery_hands (expires_at);
