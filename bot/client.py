"""The discord.py client: `GoitaBot` and its factory `create_bot`.

Nothing here connects at import time or in the constructor; `start()`/`run()` does. What
the bot plays is plugged in by the composition root (`bot.composition`), which
`setup_hook` loads as a discord.py extension: it builds the database, the stores, the table
service, the presenter and the cogs, and leaves them in `GoitaBot.services`.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import os
import time
from collections.abc import Awaitable, Callable
from types import TracebackType
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.ports import Clock, SystemClock
from bot.config import Settings
from bot.discord.commands import goita_group
from bot.discord.replies import answered_too_late, log_too_late
from bot.discord.services import HasServices, Services

log = logging.getLogger(__name__)

# Extensions loaded by setup_hook, in order: the composition root, whose cogs attach their
# `/goita` subcommands to `bot.discord.commands.goita_group`.
EXTENSIONS: tuple[str, ...] = ("bot.composition",)

# The bot rewrites its heartbeat file this often; `bot.healthcheck` allows 3 intervals.
HEARTBEAT_INTERVAL_SECONDS = 30.0

# On close, handlers already running (slash commands, buttons, modals, events) get this long
# to finish before the connection and the database are closed.
SHUTDOWN_GRACE_SECONDS = 5.0  # well inside `docker stop`'s 10 s before SIGKILL
# Names discord.py gives the tasks that run handlers (discord.py 2.7).
_HANDLER_TASK_PREFIXES = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch-",
    "discord-ui-modal-dispatch-",
    "discord-ui-dynamic-item-",
    "discord.py: on_",
)

CloseHook = Callable[[], Awaitable[None]]

_gc_frozen = False
#: collections of the middle generation between two full ones, at the most (Python: 10)
GC_FULL_EVERY = 100


class GoitaBot(HasServices, commands.AutoShardedBot):
    """The bot. Holds the settings, the clock, and the services the composition root
    builds (`services`: the one way commands and buttons reach the bot's state, through
    `bot.discord.services.services_of`).

    Sharded (one gateway session per shard): SHARD_COUNT shards, or as many as Discord
    recommends, of which this process runs SHARD_IDS (all when not set)."""

    def __init__(self, settings: Settings, *, clock: Clock | None = None,
                 **client_kwargs: Any) -> None:
        # Slash commands and buttons reach every bot whatever its intents; the bot needs its
        # servers (names, locales, channels) and nothing else. Message, typing, reaction,
        # voice ... events would cost the gateway reader CPU and the heap garbage on every
        # move of every table, for nothing.
        intents = discord.Intents.none()
        intents.guilds = True
        options: dict[str, Any] = {
            "command_prefix": commands.when_mentioned,
            "intents": intents,
            # Our own board messages are kept by id; no message events arrive to cache.
            "max_messages": None,
            # Player names appear in boards; a board must never ping @everyone or a role.
            "allowed_mentions": discord.AllowedMentions(
                everyone=False, roles=False, users=True, replied_user=False
            ),
            "help_command": None,
            "shard_count": settings.shard_count,
            "shard_ids": settings.shard_ids,
        }
        options.update(client_kwargs)
        super().__init__(**options)
        self.settings = settings
        #: wall-clock time for the tables' deadlines (tests run it on a fake clock)
        self.clock: Clock = clock or SystemClock()
        #: set by `bot.composition` in setup_hook
        self.services: Services | None = None
        # Run by close() after the Discord connection is closed, last registered first
        # (e.g. the database). Discord-side cleanup belongs in a cog's cog_unload, which
        # discord.py runs while the connection is still open.
        self.close_hooks: list[CloseHook] = []
        self._heartbeat_task: asyncio.Task[None] | None = None
        self._close_task: asyncio.Task[None] | None = None
        self.tree.error(self._on_app_command_error)

    def add_close_hook(self, hook: CloseHook) -> None:
        self.close_hooks.append(hook)

    async def setup_hook(self) -> None:
        from bot.i18n import GoitaTranslator

        await self.tree.set_translator(GoitaTranslator())
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        if self.tree.get_command(goita_group.name) is None:
            self.tree.add_command(goita_group)
        await self._sync_commands()
        self._heartbeat_task = asyncio.create_task(self._heartbeat(), name="goita-heartbeat")

    async def _sync_commands(self) -> None:
        guild_id = self.settings.dev_guild_id
        try:
            if guild_id is not None:
                # Guild commands update instantly; global ones can take up to an hour.
                guild = discord.Object(id=guild_id)
                self.tree.copy_global_to(guild=guild)
                synced = await self.tree.sync(guild=guild)
                log.info("Synced %d slash command(s) to guild %d", len(synced), guild_id)
            else:
                synced = await self.tree.sync()
                log.info("Synced %d global slash command(s)", len(synced))
        except discord.HTTPException as exc:
            # Keep running: already-registered commands still work.
            log.error(
                "Could not sync slash commands (%s). Check that the bot was invited with the "
                "applications.commands scope%s.",
                exc,
                " and that DEV_GUILD_ID is a server the bot is in" if guild_id else "",
            )

    async def on_ready(self) -> None:
        global _gc_frozen
        user = self.user
        log.info(
            "Logged in as %s (id %s) in %d server(s), shard(s) %s of %s",
            user,
            user.id if user else "?",
            len(self.guilds),
            ",".join(map(str, sorted(self.shards))) or "-",
            self.shard_count,
        )
        if not _gc_frozen:
            # Start-up objects (modules, caches) live forever: move them out of the
            # collector's view so full collections during play are cheaper.
            _gc_frozen = True
            gc.freeze()
            # A full collection walks every table's state (0.1 s at 500 tables); by
            # default one ran every few seconds under load, whenever a quarter more objects
            # had reached the old generation. At most one per GC_FULL_EVERY collections of
            # the middle generation spaces them out; the young collections stay small.
            young, middle, _ = gc.get_threshold()
            gc.set_threshold(young, middle, GC_FULL_EVERY)

    async def _heartbeat(self) -> None:
        path = self.settings.heartbeat_path
        while not self.is_closed():
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                tmp = path.with_name(path.name + ".tmp")
                tmp.write_text(f"{os.getpid()} {time.time():.0f}\n", encoding="utf-8")
                tmp.replace(path)
            except OSError as exc:
                log.warning("Could not write heartbeat file %s: %s", path, exc)
            await asyncio.sleep(HEARTBEAT_INTERVAL_SECONDS)

    async def _on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        command = interaction.command.qualified_name if interaction.command else "?"
        if answered_too_late(getattr(error, "original", error)):
            log_too_late(f"/{command}")
            return
        log.error("Error in /%s", command, exc_info=error)
        text = "Sorry, something went wrong with that command. It has been logged."
        with contextlib.suppress(discord.HTTPException):
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc_value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        # discord.py's version only waits for its own close task; ours also waits for the
        # close hooks, so `async with bot:` ends with the database closed.
        await self.close()

    async def close(self) -> None:
        # Idempotent: a signal and `async with` may both ask to close.
        if self._close_task is None:
            # A handler that asks to close (e.g. an admin command) must not wait for itself.
            caller = asyncio.current_task()
            self._close_task = asyncio.create_task(self._close_once(caller))
        await asyncio.shield(self._close_task)

    async def _close_once(self, caller: asyncio.Task[Any] | None) -> None:
        log.info("Shutting down")
        in_flight = [
            task
            for task in asyncio.all_tasks()
            if task is not caller
            and not task.done()
            and task.get_name().startswith(_HANDLER_TASK_PREFIXES)
        ]
        if in_flight:
            log.info("Waiting for %d running handler(s) to finish", len(in_flight))
            _, pending = await asyncio.wait(in_flight, timeout=SHUTDOWN_GRACE_SECONDS)
            if pending:
                log.warning(
                    "%d handler(s) still running after %g s", len(pending), SHUTDOWN_GRACE_SECONDS
                )
        if self._heartbeat_task is not None:
            self._heartbeat_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._heartbeat_task
        if getattr(self, "_AutoShardedClient__queue", None) is None:
            # never logged in (e.g. set up by hand in a test): discord.py's sharded close
            # needs the event queue that login() creates
            await self._async_setup_hook()
        try:
            await super().close()
        finally:
            for hook in reversed(self.close_hooks):
                try:
                    await hook()
                except Exception:
                    log.exception("Close hook %r failed", hook)
            with contextlib.suppress(OSError):
                self.settings.heartbeat_path.unlink(missing_ok=True)


def create_bot(settings: Settings, *, clock: Clock | None = None,
               **client_kwargs: Any) -> GoitaBot:
    """Build the bot without connecting. Extra kwargs go to `commands.AutoShardedBot`
    (test hooks)."""
    return GoitaBot(settings, clock=clock, **client_kwargs)
