"""pytest fixtures: a fresh fake Discord per test, torn down with its rule checks."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from .server import FakeDiscord


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A running fake Discord. At teardown the bot is stopped and the test fails if
    the bot broke a rule (unanswered interaction, API error, unknown endpoint)."""
    fake = FakeDiscord()
    await fake.start()
    try:
        yield fake
    finally:
        await fake.close()
    fake.check()


@pytest.fixture
def make_settings(tmp_path: Path) -> Callable[..., Any]:
    """Build bot Settings pointing at a temporary database, never reading a .env file."""

    def make(**overrides: Any) -> Any:
        from bot.config import Settings

        # pictures on a thread of the test's process unless a test asks for workers
        values: dict[str, Any] = {"discord_token": "fake-token",
                                  "database_path": tmp_path / "db.sqlite3",
                                  "picture_workers": 0}
        values.update(overrides)
        return Settings(**values, _env_file=None)

    return make


def bot_kwargs() -> dict[str, Any]:
    """discord.py client options that make a bot start fast against the fake."""
    return {"guild_ready_timeout": 0.05}
