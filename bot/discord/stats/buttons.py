"""The stats messages' buttons, one ``discord.ui.DynamicItem`` per family (ids in
:mod:`.ids`). A match is only ever looked up in the guild the click comes from."""

from __future__ import annotations

import io
import logging
import re
from typing import Any

import discord

from bot.app.standings import LeaderboardSort
from bot.discord.custom_ids import fits
from bot.discord.replies import deny
from bot.discord.services import services_of
from bot.i18n import t
from goita_core.kifu import KifuError, ReplayError

from .ids import DOWNLOAD, HISTORY, LEADERBOARD, REPLAY, Format
from .render import render_leaderboard
from .views import export_file, history_message, leaderboard_view, load_replay, replay_message

log = logging.getLogger(__name__)

Button = discord.ui.Button[Any]


def _button(item: discord.ui.Item[Any]) -> Button:
    assert isinstance(item, discord.ui.Button)  # the templates match buttons' ids
    return item


class LeaderboardButton(discord.ui.DynamicItem[Button], template=LEADERBOARD):
    def __init__(self, item: Button, guild_id: int, sort: LeaderboardSort, page: int) -> None:
        super().__init__(item)
        self.guild_id, self.sort, self.page = guild_id, sort, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /,
                             ) -> LeaderboardButton:
        sort: LeaderboardSort = "wins" if match["sort"] == "wins" else "rating"
        return cls(_button(item), int(match["guild"]), sort, int(match["page"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if not fits(self.guild_id):
            await deny(interaction, "err.unknown_button")
            return
        if interaction.guild_id != self.guild_id:
            await deny(interaction, "stats.wrong_guild")
            return
        results = services_of(interaction.client).archive.results
        page = await results.leaderboard(self.guild_id, self.sort, self.page)
        me = await results.leaderboard_entry(self.guild_id, interaction.user.id, self.sort)
        await interaction.response.edit_message(
            embed=render_leaderboard(page, interaction.locale, me),
            view=leaderboard_view(page, interaction.locale))


class HistoryButton(discord.ui.DynamicItem[Button], template=HISTORY):
    def __init__(self, item: Button, user_id: int, page: int,
                 opponent: int | None = None) -> None:
        super().__init__(item)
        self.user_id, self.page, self.opponent = user_id, page, opponent

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /,
                             ) -> HistoryButton:
        opponent = int(match["opp"]) if match["opp"] else None
        return cls(_button(item), int(match["user"]), int(match["page"]), opponent)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if not fits(self.user_id):
            await deny(interaction, "err.unknown_button")
            return
        if interaction.guild_id is None:
            await deny(interaction, "stats.wrong_guild")
            return
        if interaction.user.id != self.user_id:  # one's history is one's own
            await deny(interaction, "stats.not_yours")
            return
        content, view = await history_message(
            services_of(interaction.client).archive, interaction.guild_id, self.user_id,
            self.page, interaction.locale, self.opponent)
        await interaction.response.edit_message(content=content, view=view)


class DownloadButton(discord.ui.DynamicItem[Button], template=DOWNLOAD):
    def __init__(self, item: Button, match_id: int, fmt: Format) -> None:
        super().__init__(item)
        self.match_id, self.fmt = match_id, fmt

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /,
                             ) -> DownloadButton:
        fmt: Format = "yaml" if match["fmt"] == "yaml" else "json"
        return cls(_button(item), int(match["match"]), fmt)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if not fits(self.match_id):
            await deny(interaction, "err.unknown_button")
            return
        stored = None
        if interaction.guild_id is not None:
            stored = await services_of(interaction.client).archive.results.get_match(
                interaction.guild_id, self.match_id)
        if stored is None or not stored.record_json:
            await deny(interaction, "stats.no_match", id=self.match_id)
            return
        try:
            data, filename = export_file(stored, self.fmt)
        except (KifuError, ReplayError) as exc:
            log.warning("match %d cannot be exported as %s: %s", self.match_id, self.fmt, exc)
            await deny(interaction, "stats.no_export", id=self.match_id)
            return
        await interaction.response.send_message(
            t("stats.dl.sent", interaction.locale, id=self.match_id, fmt=self.fmt.upper()),
            file=discord.File(io.BytesIO(data), filename=filename), ephemeral=True)


class ReplayButton(discord.ui.DynamicItem[Button], template=REPLAY):
    """Open a replay ("o", sends a new ephemeral message) or move within one (edits it)."""

    def __init__(self, item: Button, match_id: int, frame: int, tag: str) -> None:
        super().__init__(item)
        self.match_id, self.frame, self.tag = match_id, frame, tag

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /,
                             ) -> ReplayButton:
        return cls(_button(item), int(match["match"]), int(match["frame"]), match["tag"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if not fits(self.match_id):
            await deny(interaction, "err.unknown_button")
            return
        archive = services_of(interaction.client).archive
        found = await load_replay(interaction, archive, self.match_id)
        if found is None:
            return
        stored, rep = found
        content, view = replay_message(stored, rep, self.frame, interaction.locale)
        if self.tag == "o":
            await interaction.response.send_message(content, view=view, ephemeral=True)
        else:
            await interaction.response.edit_message(content=content, view=view)


#: every family, for ``bot.add_dynamic_items``
ITEMS = (LeaderboardButton, HistoryButton, DownloadButton, ReplayButton)
