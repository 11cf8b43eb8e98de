-- Each Discord server's settings (/goita settings). Written only by
-- bot/storage/postgres/settings.py (PgSettingsStore).

-- The values a server changed, as a JSON object (bot.app.settings.stored_form); what it
-- did not change follows the operator's environment settings. Who changed them last, when.
CREATE TABLE server_settings (
    guild_id   BIGINT           PRIMARY KEY,
    settings   TEXT             NOT NULL,
    updated_by BIGINT           NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL
);
