"""The shared `/goita` slash-command group.

Every extension attaches its subcommands to this one group object; `GoitaBot.setup_hook`
adds the group to the command tree once, after all extensions are loaded.

How to add a subcommand from an extension (works with several bots in one process, as
tests do; discord.py re-executes an extension module on every `load_extension`):

    @app_commands.command(name="hand", description="...")
    async def hand(interaction: discord.Interaction) -> None:
        bot = as_goita_bot(interaction.client)  # per-bot state lives on the bot
        ...

    async def setup(bot: commands.Bot) -> None:
        attach(hand)

    async def teardown(bot: commands.Bot) -> None:
        detach(hand)

Do not decorate with `@goita_group.command` at module level: a second load would raise
CommandAlreadyRegistered. Commands defined as Cog methods are bound to the cog and are
added to the tree top-level by discord.py, so keep `/goita` subcommands as functions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

if TYPE_CHECKING:
    from bot.client import GoitaBot

goita_group = app_commands.Group(
    name="goita",
    description="Play Goita, the four-player partnership game from Noto",
    # Tables live in guild text channels; DMs have no table to play at.
    guild_only=True,
)


def attach(*cmds: app_commands.Command[Any, ..., Any] | app_commands.Group) -> None:
    """Add subcommands to `/goita`, replacing a previous load of the same extension."""
    for cmd in cmds:
        goita_group.add_command(cmd, override=True)


def detach(*cmds: app_commands.Command[Any, ..., Any] | app_commands.Group) -> None:
    """Remove subcommands added by `attach` (only if they are still these objects)."""
    for cmd in cmds:
        if goita_group.get_command(cmd.name) is cmd:
            goita_group.remove_command(cmd.name)


def as_goita_bot(client: discord.Client) -> GoitaBot:
    """The bot that received an interaction, typed as GoitaBot."""
    from bot.client import GoitaBot

    if not isinstance(client, GoitaBot):
        raise TypeError(f"expected a GoitaBot, got {type(client).__name__}")
    return client
