"""`/goita about`: what this bot is and which version runs."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import __version__
from bot.discord.commands import attach, detach

ABOUT_TEXT = (
    "**Goita bot** v{version}\n"
    "Play ごいた (Goita), the four-player partnership game from Noto, Japan, "
    "right here: two teams of two, eight pieces each, first team to 150 points wins. "
    "Start a table with `/goita new`, learn the rules with `/goita rules`."
)


@app_commands.command(name="about", description="What this bot is and which version runs")
async def about(interaction: discord.Interaction) -> None:
    await interaction.response.send_message(ABOUT_TEXT.format(version=__version__), ephemeral=True)


class MetaCog(commands.Cog, name="Meta"):
    async def cog_load(self) -> None:
        attach(about)

    async def cog_unload(self) -> None:
        detach(about)
