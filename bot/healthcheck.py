"""`python -m bot.healthcheck`: exit 0 if the bot looks alive, 1 otherwise.

Used by the Docker HEALTHCHECK, so it must not need Discord or the token: it checks that
the database opens with sqlite3 (or, with DATABASE_URL, that the PostgreSQL server answers)
and that the running bot's heartbeat file is fresh.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
import time
from pathlib import Path

from pydantic import SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.config import DEFAULT_DATABASE_PATH, describe_database_url, heartbeat_path_for

# The bot writes its heartbeat every 30 s (bot.client.HEARTBEAT_INTERVAL_SECONDS);
# allow three missed beats before calling it unhealthy.
DEFAULT_MAX_AGE_SECONDS = 90.0


class _PathSettings(BaseSettings):
    """Only DATABASE_PATH and DATABASE_URL, read the same way as the bot reads them
    (environment, .env)."""

    model_config = SettingsConfigDict(env_file=".env", env_ignore_empty=True, extra="ignore")

    database_path: Path = DEFAULT_DATABASE_PATH
    database_url: SecretStr | None = None


def check(database_path: Path, max_age_seconds: float, now: float | None = None, *,
          database_url: str | None = None) -> str | None:
    """None if healthy, else the reason (one sentence). With ``database_url`` the bot uses
    PostgreSQL: the server must answer (``database_path`` then only places the heartbeat)."""
    problem = (_check_sqlite(database_path) if database_url is None
               else _check_postgresql(database_url))
    if problem is not None:
        return problem
    heartbeat = heartbeat_path_for(database_path)
    try:
        written = heartbeat.stat().st_mtime
    except OSError:
        return f"heartbeat file {heartbeat} is missing (is the bot running?)"
    age = (time.time() if now is None else now) - written
    if age > max_age_seconds:
        return f"heartbeat file {heartbeat} is {age:.0f} s old (limit {max_age_seconds:g} s)"
    return None


def _check_sqlite(database_path: Path) -> str | None:
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
    return None


def _check_postgresql(url: str, timeout: float = 5.0) -> str | None:
    import asyncpg

    async def ping() -> None:
        conn = await asyncpg.connect(url, timeout=timeout)
        try:
            await conn.fetchval("SELECT 1")
        finally:
            await conn.close()

    try:
        asyncio.run(asyncio.wait_for(ping(), timeout * 2))
    except (OSError, TimeoutError, ValueError, asyncpg.PostgresError,
            asyncpg.InterfaceError) as exc:
        return f"the PostgreSQL database {describe_database_url(url)} does not answer: {exc}"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.healthcheck", description=__doc__)
    parser.add_argument("--database", type=Path, help="default: DATABASE_PATH")
    parser.add_argument("--max-age", type=float, default=DEFAULT_MAX_AGE_SECONDS)
    args = parser.parse_args(argv)
    settings = _PathSettings()
    database_path: Path = args.database or settings.database_path
    url = None if args.database or settings.database_url is None else \
        settings.database_url.get_secret_value()
    problem = check(database_path, args.max_age, database_url=url)
    if problem is not None:
        print(f"unhealthy: {problem}", file=sys.stderr)
        return 1
    print("healthy")
    return 0


if __name__ == "__main__":
    sys.exit(main())
