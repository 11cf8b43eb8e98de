-- Each Discord server's settings (/goita settings). Written only by
-- bot/storage/settings.py (SqliteSettingsStore).

-- The values a server changed, as a JSON object (bot.app.settings.stored_form); what it
-- did not change follows the operator's environment settings. Who changed them last, when.
CREATE TABLE server_settings (
    guild_id   INTEGER PRIMARY KEY,
    settings   TEXT    NOT NULL,
    updated_by INTEGER NOT NULL,
    updated_at REAL    NOT NULL
);
