"""``/goita learn`` (the guided first game) and ``/goita review`` (a recorded match's
review); :class:`LearnCog` plugs them and the learning buttons (the practice table, the
hand's Hint, the review pages) into the bot."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.commands import attach, detach
from bot.discord.replies import deny
from bot.discord.services import services_of

from .buttons import ITEMS, guarded
from .coach import open_tutorial
from .reviewing import start_review


@app_commands.command(name="learn", description="A guided first game of Goita, just for you")
async def learn(interaction: discord.Interaction[Any]) -> None:
    await guarded(interaction, "/goita learn",
                  lambda _s, lrn: open_tutorial(interaction, lrn.tutorial))


@app_commands.command(
    name="review",
    description="Your decisions in a match compared with the strongest computer player")
@app_commands.describe(match="The match number (see /goita history)")
async def review(interaction: discord.Interaction[Any],
                 match: app_commands.Range[int, 1, 2**62]) -> None:
    if interaction.guild_id is None:
        await deny(interaction, "stats.wrong_guild")
        return
    await guarded(interaction, f"/goita review {match}",
                  lambda s, lrn: start_review(interaction, s.archive, lrn, match))


@review.autocomplete("match")
async def _review_choices(interaction: discord.Interaction[Any],
                          current: str) -> list[app_commands.Choice[int]]:
    if interaction.guild_id is None:
        return []
    results = services_of(interaction.client).archive.results
    matches, _ = await results.recent_matches(interaction.guild_id, interaction.user.id,
                                              limit=25)
    wanted = current.strip().lstrip("#")
    return [app_commands.Choice(name=(f"#{s.id} · " + " – ".join(map(str, s.scores))
                                      + " · " + " / ".join(s.names))[:100], value=s.id)
            for s in matches if not wanted or str(s.id).startswith(wanted)]


COMMANDS: tuple[app_commands.Command[Any, ..., Any], ...] = (learn, review)


class LearnCog(commands.Cog, name="Learn"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        attach(*COMMANDS)
        self.bot.add_dynamic_items(*ITEMS)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*ITEMS)
        detach(*COMMANDS)
