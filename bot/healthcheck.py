"""`python -m bot.healthcheck`: exit 0 if the bot looks alive, 1 otherwise.

Used by the Docker HEALTHCHECK, so it must not need Discord or the token: it checks that
the database opens with sqlite3 and that the running bot's heartbeat file is fresh.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import time
from pathlib import Path

from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.config import DEFAULT_DATABASE_PATH, heartbeat_path_for

# The bot writes its heartbeat every 30 s (bot.client.HEARTBEAT_INTERVAL_SECONDS);
# allow three missed beats before calling it unhealthy.
DEFAULT_MAX_AGE_SECONDS = 90.0


class _PathSettings(BaseSettings):
    """Only DATABASE_PATH, read the same way as the bot reads it (environment, .env)."""

    model_config = SettingsConfigDict(env_file=".env", env_ignore_empty=True, extra="ignore")

    database_path: Path = DEFAULT_DATABASE_PATH


def check(database_path: Path, max_age_seconds: float, now: float | None = None) -> str | None:
    """None if healthy, else the reason (one sentence)."""
    if not database_path.is_file():
        return f"database file {database_path} does not exist"
    try:
        # Read-only: a health probe must never create or change the database.
        conn = sqlite3.connect(f"{database_path.resolve().as_uri()}?mode=ro", uri=True, timeout=5)
        try:
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        finally:
            conn.close()
    except sqlite3.Error as exc:
        return f"database {database_path} does not open: {exc}"
    heartbeat = heartbeat_path_for(database_path)
    try:
        written = heartbeat.stat().st_mtime
    except OSError:
        return f"heartbeat file {heartbeat} is missing (is the bot running?)"
    age = (time.time() if now is None else now) - written
    if age > max_age_seconds:
        return f"heartbeat file {heartbeat} is {age:.0f} s old (limit {max_age_seconds:g} s)"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.healthcheck", description=__doc__)
    parser.add_argument("--database", type=Path, help="default: DATABASE_PATH")
    parser.add_argument("--max-age", type=float, default=DEFAULT_MAX_AGE_SECONDS)
    args = parser.parse_args(argv)
    database_path: Path = args.database or _PathSettings().database_path
    problem = check(database_path, args.max_age)
    if problem is not None:
        print(f"unhealthy: {problem}", file=sys.stderr)
        return 1
    print("healthy")
    return 0


if __name__ == "__main__":
    sys.exit(main())
