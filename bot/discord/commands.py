"""The shared `/goita` slash-command group.

Every feature's cog attaches its subcommands to this one group object when it loads
(and detaches them when it unloads); `GoitaBot.setup_hook` adds the group to the command
tree once, after the cogs are added.

How to add a subcommand (see ``bot/discord/game/_cog.py``)::

    @app_commands.command(name="hand", description="...")
    async def hand(interaction: discord.Interaction) -> None:
        services = services_of(interaction.client)  # the bot's state, built at start-up
        ...

    class GameCog(commands.Cog):
        async def cog_load(self) -> None:
            attach(hand)

        async def cog_unload(self) -> None:
            detach(hand)

Keep `/goita` subcommands as functions: commands defined as Cog methods are bound to the
cog and added to the tree top-level by discord.py.
"""

from __future__ import annotations

from typing import Any

from discord import app_commands

goita_group = app_commands.Group(
    name="goita",
    description="Play Goita, the four-player partnership game from Noto",
    # Tables live in guild text channels; DMs have no table to play at.
    guild_only=True,
)


def attach(*cmds: app_commands.Command[Any, ..., Any] | app_commands.Group) -> None:
    """Add subcommands to `/goita`, replacing a previous bot's same commands."""
    for cmd in cmds:
        goita_group.add_command(cmd, override=True)


def detach(*cmds: app_commands.Command[Any, ..., Any] | app_commands.Group) -> None:
    """Remove subcommands added by `attach` (only if they are still these objects)."""
    for cmd in cmds:
        if goita_group.get_command(cmd.name) is cmd:
            goita_group.remove_command(cmd.name)
