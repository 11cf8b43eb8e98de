"""`python -m bot`: configuration errors exit 2 with a clear message; SIGTERM closes cleanly."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import bot.__main__ as main_module
import bot.client
from bot.client import GoitaBot
from bot.config import Settings


def run_module(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    # A clean environment and a cwd without .env: only what the test sets is seen.
    clean = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), **env}
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=clean,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_no_token_exits_2_and_says_what_to_do(tmp_path: Path) -> None:
    result = run_module(tmp_path)
    assert result.returncode == 2
    assert "DISCORD_TOKEN" in result.stderr
    assert ".env" in result.stderr
    assert "Developer Portal > Applications > (your app) > Bot > Reset Token" in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "goita.sqlite3").exists()


def test_bad_settings_exit_2_with_one_line_each(tmp_path: Path) -> None:
    result = run_module(
        tmp_path,
        DISCORD_TOKEN="secret-token-value",
        TURN_TIMEOUT_SECONDS="10",
        TURN_WARNING_SECONDS="20",
        HARD_CPU_BUDGET_MS="-3",
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stderr.splitlines() if line.startswith("  - ")]
    assert len(lines) == 2, result.stderr
    assert any("HARD_CPU_BUDGET_MS must be greater than 0" in line for line in lines)
    assert "secret-token-value" not in result.stderr


def test_token_in_dotenv_file_is_used(tmp_path: Path) -> None:
    # Only the settings step is exercised: a bad timeout stops start-up before any login.
    (tmp_path / ".env").write_text("DISCORD_TOKEN=abc\nLOBBY_IDLE_SECONDS=0\n")
    result = run_module(tmp_path)
    assert result.returncode == 2
    assert "DISCORD_TOKEN" not in result.stderr
    assert "LOBBY_IDLE_SECONDS must be greater than 0" in result.stderr


async def test_sigterm_closes_bot_and_lets_close_hooks_finish(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = Settings(discord_token="x", database_path=tmp_path / "db.sqlite3", _env_file=None)
    started = asyncio.Event()
    created: list[GoitaBot] = []
    events: list[str] = []

    async def fake_start(self: GoitaBot, token: str, *, reconnect: bool = True) -> None:
        # Stands in for login + gateway: runs until close(), like the real start().
        assert token == "x"
        started.set()
        while not self.is_closed():
            await asyncio.sleep(0.01)
        events.append("start returned")

    async def slow_close_hook() -> None:
        await asyncio.sleep(0.05)  # in-flight work (e.g. a database write) completes
        events.append("database closed")

    def create(settings: Settings, **kwargs: Any) -> GoitaBot:
        created.append(GoitaBot(settings, **kwargs))
        created[-1].add_close_hook(slow_close_hook)
        return created[-1]

    monkeypatch.setattr(GoitaBot, "start", fake_start)
    monkeypatch.setattr(bot.client, "create_bot", create)

    task = asyncio.create_task(main_module.run(settings))
    await asyncio.wait_for(started.wait(), 5)
    os.kill(os.getpid(), signal.SIGTERM)
    assert await asyncio.wait_for(task, 5) == 0
    assert created[0].is_closed()
    assert "database closed" in events and "start returned" in events
