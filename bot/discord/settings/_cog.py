"""``/goita settings`` and :class:`SettingsCog`, which plugs it and the settings
message's menus into the bot."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.commands import attach, detach

from .buttons import ITEMS
from .views import show


@app_commands.command(
    name="settings",
    description="This server's Goita settings (Manage Server, or the settings role)")
async def settings(interaction: discord.Interaction[Any]) -> None:
    await show(interaction)


COMMANDS: tuple[app_commands.Command[Any, ..., Any], ...] = (settings,)


class SettingsCog(commands.Cog, name="Settings"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        attach(*COMMANDS)
        self.bot.add_dynamic_items(*ITEMS)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*ITEMS)
        detach(*COMMANDS)
