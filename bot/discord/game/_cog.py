"""The game's slash commands (``/goita new|hand|leave|stop|rules``) and :class:`GameCog`,
which plugs them, the table's buttons and the table service's timers into the bot."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.errors import TableError
from bot.discord.commands import attach, detach
from bot.discord.services import Services, services_of

from .buttons import ITEMS
from .controller import GameController


async def _run(interaction: discord.Interaction[Any],
               call: Callable[[GameController], Awaitable[None]]) -> None:
    """One command: a refusal is told privately; anything else goes to the tree's error
    handler."""
    controller = GameController(services_of(interaction.client))
    try:
        await call(controller)
    except TableError as exc:
        await controller.fail(interaction, exc)


@app_commands.command(name="new", description="Open a Goita table in this channel")
@app_commands.describe(
    target="Points a team needs to win (50-1000, default: the server's setting)",
    double_any_seventh="House rule: 7th and 8th of the same kind always double",
    players="4 players in two teams (default), or 3 players each on their own",
)
@app_commands.choices(players=[app_commands.Choice(name="4 players", value=4),
                               app_commands.Choice(name="3 players", value=3)])
async def new(interaction: discord.Interaction[Any],
              target: app_commands.Range[int, 50, 1000] | None = None,
              double_any_seventh: bool | None = None, players: int = 4) -> None:
    await _run(interaction,
               lambda c: c.new_table(interaction, target, double_any_seventh, players))


@app_commands.command(name="hand",
                      description="Show your hand at this channel's table (only to you)")
async def hand(interaction: discord.Interaction[Any]) -> None:
    await _run(interaction,
               lambda c: c.open_hand(interaction, c.channel_table(interaction).id))


@app_commands.command(name="leave",
                      description="Leave this channel's table (a CPU takes your seat)")
async def leave(interaction: discord.Interaction[Any]) -> None:
    await _run(interaction, lambda c: c.leave_table(interaction))


@app_commands.command(name="stop",
                      description="End this channel's table (host or Manage Messages)")
async def stop(interaction: discord.Interaction[Any]) -> None:
    await _run(interaction, lambda c: c.ask_stop(interaction))


@app_commands.command(name="rules", description="The rules of Goita, short and private")
async def rules(interaction: discord.Interaction[Any]) -> None:
    await _run(interaction, lambda c: c.rules(interaction))


COMMANDS: tuple[app_commands.Command[Any, ..., Any], ...] = (new, hand, leave, stop, rules)


class GameCog(commands.Cog, name="Game"):
    """Loading it restores the live tables and starts their timers; unloading (on close)
    stops the timers and sends what the presenter still holds."""

    def __init__(self, bot: commands.Bot, services: Services) -> None:
        self.bot = bot
        self.services = services

    async def cog_load(self) -> None:
        attach(*COMMANDS)
        self.bot.add_dynamic_items(*ITEMS)
        self.services.presenter.start()
        await self.services.tables.restore()
        self.services.tables.start_driver()

    # -- where tables can no longer be shown -------------------------------------------------
    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self.services.tables.channel_gone(channel.id)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.services.tables.channel_gone(payload.thread_id)

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """The bot was kicked or banned, or left (not an outage: that is
        ``on_guild_unavailable``)."""
        await self.services.tables.guild_gone(guild.id)

    async def cog_unload(self) -> None:
        await self.services.tables.stop_driver()
        presenter = self.services.presenter
        with contextlib.suppress(Exception):
            await asyncio.wait_for(presenter.flush(), 2.0)
        await presenter.close()
        self.bot.remove_dynamic_items(*ITEMS)
        detach(*COMMANDS)
