"""Server settings on PostgreSQL: the same contract as the SQLite
:class:`bot.storage.settings.SqliteSettingsStore`."""

from __future__ import annotations

import json
from typing import Any

from bot.storage.postgres.db import Pool
from bot.storage.settings import _object


class PgSettingsStore:
    def __init__(self, pool: Pool) -> None:
        self.pool = pool

    async def load_settings(self, guild_id: int) -> dict[str, Any] | None:
        text = await self.pool.fetchval(
            "SELECT settings FROM server_settings WHERE guild_id = $1", guild_id)
        return None if text is None else _object(text)

    async def save_settings(self, guild_id: int, values: dict[str, Any], by: int,
                            at: float) -> None:
        await self.pool.execute(
            "INSERT INTO server_settings (guild_id, settings, updated_by, updated_at) "
            "VALUES ($1, $2, $3, $4) ON CONFLICT (guild_id) DO UPDATE SET "
            "settings = excluded.settings, updated_by = excluded.updated_by, "
            "updated_at = excluded.updated_at",
            guild_id, json.dumps(values, ensure_ascii=False), by, at)
