"""The hand's Hint: the strongest computer player's move for the clicker's own seat view,
with its reason, answered privately. Only on the player's turn; noted against the match
(a match where someone used hints is not rated)."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.app.errors import TableError
from bot.app.learn.hints import NoHint
from bot.app.learn.services import HintBusy
from bot.app.learn.suite import Learning
from bot.app.table import Table
from bot.app.tables import TableService
from bot.discord.render.common import seat_name
from bot.discord.replies import say
from bot.i18n import lang_of, t

from .words import move_words, render_say

log = logging.getLogger(__name__)


def hint_seed(table: Table) -> int:
    """The search's seed: the table and its step counter, nothing hidden."""
    return table.id * 1_000_003 + table.version


async def hint_click(interaction: discord.Interaction[Any], tables: TableService,
                     learning: Learning, table_id: int) -> None:
    lang = lang_of(interaction.locale)
    table = tables.get(table_id)
    seat = table.seat_of(interaction.user.id)
    if seat is None:
        raise TableError("not_seated")
    match = table.match
    if not table.live or match is None or table.started_at is None:
        await say(interaction, t("learn.hint.not_your_turn", lang))
        return
    # the setting the table opened with (a running table keeps its own); a table stored
    # before settings existed follows the server's
    allowed = table.settings.hints_at_rated if table.settings is not None \
        else await learning.hints_allowed(table.guild_id)
    if not allowed:
        await say(interaction, t("learn.hint.off", lang))
        return
    view = match.view(seat)
    if not view.legal:
        await say(interaction, t("learn.hint.not_your_turn", lang))
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        hint = await learning.hints.hint(interaction.user.id, view, table_id=table.id,
                                         started_at=table.started_at, seed=hint_seed(table))
    except HintBusy:
        await say(interaction, t("learn.hint.busy", lang))
        return
    except NoHint:
        await say(interaction, t("learn.hint.not_your_turn", lang))
        return

    def name(s: int) -> str:
        return seat_name(table, s, lang)

    leading = view.must_lead or view.attack is None
    text = t("learn.hint.text", lang, move=move_words(hint.action, lang, leading),
             reason=render_say(hint.reason, lang, name))
    await say(interaction, text + "\n" + t("learn.hint.unrated", lang))
