"""`python -m bot` / `goita-bot`: read settings, log in to Discord and run until stopped."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys

from pydantic import ValidationError

from bot.config import Settings, describe_validation_error, token_missing

log = logging.getLogger("bot")

# Exit status for configuration errors (same as a command-line usage error).
EXIT_CONFIG = 2
# Exit status when the database file cannot be used (not SQLite, damaged, or newer).
EXIT_DATABASE = 3


def load_settings() -> Settings | None:
    """Settings from the environment and .env, or None after printing why not."""
    try:
        return Settings()  # fields come from env and .env
    except ValidationError as exc:
        if token_missing(exc):
            print("The Goita bot cannot start: no Discord bot token.", file=sys.stderr)
        else:
            print("The Goita bot cannot start: the configuration is invalid.", file=sys.stderr)
        for sentence in describe_validation_error(exc):
            print(f"  - {sentence}", file=sys.stderr)
        return None


async def run(settings: Settings) -> int:
    # The database first: an unusable file stops the bot with one clear sentence before
    # anything connects to Discord, and the file is left as it is (issue 7).
    from bot.storage.db import DatabaseError, open_database

    try:
        conn = await open_database(settings.database_path)
    except DatabaseError as exc:
        log.error("The Goita bot cannot start: %s", exc)
        return EXIT_DATABASE
    await conn.close()
    # Imported here so configuration errors are reported without loading discord.py.
    import discord

    from bot.client import create_bot

    bot = create_bot(settings)
    loop = asyncio.get_running_loop()
    closing: set[asyncio.Task[None]] = set()  # keep a reference so the task is not collected

    def request_stop(signame: str) -> None:
        log.info("Received %s, closing", signame)
        # close() lets the current handlers finish their awaits, then closes the gateway,
        # HTTP session and (through close hooks) the database; start() then returns.
        task = loop.create_task(bot.close())
        closing.add(task)
        task.add_done_callback(closing.discard)

    for sig in (signal.SIGTERM, signal.SIGINT):
        # Windows has no add_signal_handler; Ctrl+C still raises KeyboardInterrupt there.
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, request_stop, sig.name)

    try:
        async with bot:
            await bot.start(settings.discord_token.get_secret_value())
    except discord.LoginFailure:
        log.error(
            "Discord rejected DISCORD_TOKEN. Copy a fresh one from the Discord Developer "
            "Portal > Applications > (your app) > Bot > Reset Token."
        )
        return EXIT_CONFIG
    finally:
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError):
                loop.remove_signal_handler(sig)
    return 0


def main() -> int:
    settings = load_settings()
    if settings is None:
        return EXIT_CONFIG
    import discord

    discord.utils.setup_logging(level=getattr(logging, settings.log_level), root=True)
    log.info("Database: %s", settings.database_path)
    return asyncio.run(run(settings))


if __name__ == "__main__":
    sys.exit(main())
