"""``/goita leaderboard``, ``stats``, ``history`` and ``replay``: what the results store
recorded, shown in Discord; :class:`StatsCog` plugs them and their buttons into the bot."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.standings import LeaderboardSort
from bot.discord.commands import attach, detach
from bot.discord.replies import deny
from bot.discord.services import services_of

from .buttons import ITEMS
from .render import render_leaderboard, render_stats
from .views import history_message, leaderboard_view, load_replay, replay_message


@app_commands.command(name="leaderboard", description="This server's best Goita players")
@app_commands.describe(sort="Order by rating (default) or by matches won")
@app_commands.choices(sort=[app_commands.Choice(name="rating", value="rating"),
                            app_commands.Choice(name="wins", value="wins")])
async def leaderboard(interaction: discord.Interaction,
                      sort: app_commands.Choice[str] | None = None) -> None:
    if interaction.guild_id is None:
        await deny(interaction, "stats.wrong_guild")
        return
    order: LeaderboardSort = "wins" if sort is not None and sort.value == "wins" else "rating"
    results = services_of(interaction.client).archive.results
    page = await results.leaderboard(interaction.guild_id, order)
    me = await results.leaderboard_entry(interaction.guild_id, interaction.user.id, order)
    await interaction.response.send_message(
        embed=render_leaderboard(page, interaction.locale, me),
        view=leaderboard_view(page, interaction.locale))


@app_commands.command(name="stats", description="A player's Goita numbers on this server")
@app_commands.describe(user="Whose numbers (default: yours)")
async def stats(interaction: discord.Interaction, user: discord.User | None = None) -> None:
    if interaction.guild_id is None:
        await deny(interaction, "stats.wrong_guild")
        return
    who = user or interaction.user
    results = services_of(interaction.client).archive.results
    st = await results.player_stats(interaction.guild_id, who.id)
    if st is None:
        await deny(interaction, "stats.no_stats", name=who.display_name)
        return
    average = await results.server_averages(interaction.guild_id)
    await interaction.response.send_message(embed=render_stats(st, interaction.locale, average))


@app_commands.command(name="history", description="Your recent Goita matches on this server")
@app_commands.describe(opponent="Only matches against this player")
async def history(interaction: discord.Interaction,
                  opponent: discord.User | None = None) -> None:
    if interaction.guild_id is None:
        await deny(interaction, "stats.wrong_guild")
        return
    content, view = await history_message(services_of(interaction.client).archive,
                                          interaction.guild_id, interaction.user.id, 0,
                                          interaction.locale,
                                          None if opponent is None else opponent.id)
    await interaction.response.send_message(content, view=view, ephemeral=True)


@app_commands.command(name="replay", description="Replay a finished match move by move")
@app_commands.describe(match="The match number (see /goita history)")
async def replay(interaction: discord.Interaction,
                 match: app_commands.Range[int, 1, 2**62]) -> None:
    found = await load_replay(interaction, services_of(interaction.client).archive, match)
    if found is None:
        return
    stored, rep = found
    content, view = replay_message(stored, rep, 0, interaction.locale)
    await interaction.response.send_message(content, view=view, ephemeral=True)


@replay.autocomplete("match")
async def _replay_choices(interaction: discord.Interaction,
                          current: str) -> list[app_commands.Choice[int]]:
    if interaction.guild_id is None:
        return []
    results = services_of(interaction.client).archive.results
    matches, _ = await results.recent_matches(interaction.guild_id, interaction.user.id,
                                              limit=25)
    out = []
    for s in matches:
        if current and not str(s.id).startswith(current.strip().lstrip("#")):
            continue
        label = f"#{s.id} · " + " – ".join(str(x) for x in s.scores) + " · " + \
            " / ".join(s.names)
        out.append(app_commands.Choice(name=label[:100], value=s.id))
    return out


COMMANDS: tuple[app_commands.Command[Any, ..., Any], ...] = (leaderboard, stats, history, replay)


class StatsCog(commands.Cog, name="Stats"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        attach(*COMMANDS)
        self.bot.add_dynamic_items(*ITEMS)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*ITEMS)
        detach(*COMMANDS)
