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
# Exit status when the database cannot be used (a file that is not SQLite, damaged, or
# newer; a PostgreSQL server that cannot be reached or refuses the bot).
EXIT_DATABASE = 3
# Exit status when another running process keeps some of this process's shards.
EXIT_SHARDS_BUSY = 4


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


async def check_database(settings: Settings) -> str | None:
    """Open (and migrate) the database once and close it: None, or why it cannot be used
    (one sentence, never a password)."""
    from bot.storage.db import DatabaseError, open_database

    try:
        if settings.database_url is None:
            conn = await open_database(settings.database_path)
            await conn.close()
        else:
            from bot.storage.postgres import open_pool

            pool = await open_pool(settings.database_url.get_secret_value(), max_size=1)
            await pool.close()
    except DatabaseError as exc:
        return str(exc)
    return None


async def run(settings: Settings) -> int:
    # The database first: an unusable file, or a PostgreSQL server that cannot be reached,
    # stops the bot with one clear sentence before anything connects to Discord, and the
    # file is left as it is.
    problem = await check_database(settings)
    if problem is not None:
        log.error("The Goita bot cannot start: %s", problem)
        return EXIT_DATABASE
    # Imported here so configuration errors are reported without loading discord.py.
    import discord
    from discord.ext import commands

    from bot.client import create_bot
    from bot.storage.db import DatabaseError
    from bot.storage.postgres import ShardsBusy

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
    except commands.ExtensionFailed as exc:
        # what the composition root refuses to start with (it runs as an extension)
        if isinstance(exc.original, ShardsBusy):
            log.error("The Goita bot cannot start: %s", exc.original)
            return EXIT_SHARDS_BUSY
        if isinstance(exc.original, DatabaseError):
            log.error("The Goita bot cannot start: %s", exc.original)
            return EXIT_DATABASE
        raise
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
    log.info("Database: %s", settings.database_description)
    return asyncio.run(run(settings))


if __name__ == "__main__":
    sys.exit(main())
