"""The SQLite :class:`~bot.app.ports.SettingsStore`: each server's changed settings
(migration ``004_settings.sql``)."""

from __future__ import annotations

import json
from typing import Any

import aiosqlite

from .db import transaction


class SqliteSettingsStore:
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def load_settings(self, guild_id: int) -> dict[str, Any] | None:
        async with self.conn.execute(
            "SELECT settings FROM server_settings WHERE guild_id = ?", (guild_id,)
        ) as cur:
            row = await cur.fetchone()
        return None if row is None else _object(row["settings"])

    async def save_settings(self, guild_id: int, values: dict[str, Any], by: int,
                            at: float) -> None:
        async with transaction(self.conn) as conn:
            await conn.execute(
                "INSERT INTO server_settings (guild_id, settings, updated_by, updated_at) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
                "settings = excluded.settings, updated_by = excluded.updated_by, "
                "updated_at = excluded.updated_at",
                (guild_id, json.dumps(values, ensure_ascii=False), by, at),
            )


def _object(text: str) -> dict[str, Any]:
    """The stored object; a damaged one reads as "nothing changed" (the defaults)."""
    try:
        value = json.loads(text)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}
