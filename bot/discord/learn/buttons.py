"""The learning messages' buttons, one ``discord.ui.DynamicItem`` per family (ids in
:mod:`.ids`; the hand's Hint id in :mod:`bot.discord.render.components`)."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.app.errors import TableError
from bot.app.learn.suite import Learning
from bot.discord.game.errors import error_text
from bot.discord.render.components import HINT_TEMPLATE, REVIEW_TABLE_TEMPLATE
from bot.discord.replies import excuse, say
from bot.discord.services import Services, services_of
from bot.i18n import lang_of, t

from .coach import practice_click
from .hinting import hint_click
from .ids import REVIEW_OPEN, REVIEW_PAGE, TUTORIAL
from .reviewing import review_page_click, review_table_match, start_review

Button = discord.ui.Button[Any]
Work = Callable[[Services, Learning], Awaitable[None]]


def _button(item: discord.ui.Item[Any]) -> Button:
    assert isinstance(item, discord.ui.Button)  # the templates match buttons' ids
    return item


async def guarded(interaction: discord.Interaction[Any], what: str, work: Work) -> None:
    """Run a click: a refusal is told privately, a bug is logged and excused."""
    lang = lang_of(interaction.locale)
    services = services_of(interaction.client)
    if services.learn is None:
        await say(interaction, t("learn.unavailable", lang))
        return
    try:
        await work(services, services.learn)
    except TableError as exc:
        await say(interaction, error_text(exc, lang))
    except Exception as exc:
        await excuse(interaction, what, exc)


class PracticeButton(discord.ui.DynamicItem[Button], template=TUTORIAL):
    """The practice table of /goita learn (only its learner may click)."""

    def __init__(self, item: Button, user_id: int, at: tuple[int, int], action: str,
                 arg: str) -> None:
        super().__init__(item)
        self.user_id, self.at, self.action, self.arg = user_id, at, action, arg

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /,
                             ) -> PracticeButton:
        return cls(_button(item), int(match["user"]), (int(match["lesson"]),
                   int(match["item"])), match["action"], match["arg"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.user.id != self.user_id:
            await say(interaction, t("learn.not.yours", lang_of(interaction.locale)))
            return
        await guarded(interaction, f"practice {self.action}",
                      lambda _s, learn: practice_click(interaction, learn.tutorial, self.at,
                                                       self.action, self.arg))


class HintButton(discord.ui.DynamicItem[Button], template=HINT_TEMPLATE):
    """The hand's Hint."""

    def __init__(self, item: Button, table_id: int) -> None:
        super().__init__(item)
        self.table_id = table_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /,
                             ) -> HintButton:
        return cls(_button(item), int(match["table"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, f"hint at table {self.table_id}",
                      lambda s, learn: hint_click(interaction, s.tables, learn, self.table_id))


class ReviewOpenButton(discord.ui.DynamicItem[Button], template=REVIEW_OPEN):
    """A history row's Review: the caller's review of that match (a new message)."""

    def __init__(self, item: Button, match_id: int) -> None:
        super().__init__(item)
        self.match_id = match_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /,
                             ) -> ReviewOpenButton:
        return cls(_button(item), int(match["match"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, f"review of match {self.match_id}",
                      lambda s, learn: start_review(interaction, s.archive, learn,
                                                    self.match_id))


class ReviewTableButton(discord.ui.DynamicItem[Button], template=REVIEW_TABLE_TEMPLATE):
    """The match summary's Review: the caller's review of the match it sums up."""

    def __init__(self, item: Button, table_id: int, started_ms: int) -> None:
        super().__init__(item)
        self.table_id, self.started_ms = table_id, started_ms

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /,
                             ) -> ReviewTableButton:
        return cls(_button(item), int(match["table"]), int(match["start"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async def work(s: Services, learn: Learning) -> None:
            match_id = await review_table_match(interaction, s.archive, self.table_id,
                                                self.started_ms)
            if match_id is not None:
                await start_review(interaction, s.archive, learn, match_id)

        await guarded(interaction, f"review of table {self.table_id}", work)


class ReviewPageButton(discord.ui.DynamicItem[Button], template=REVIEW_PAGE):
    """A review's Previous / Next (edits the review message)."""

    def __init__(self, item: Button, match_id: int, seat: int, index: int) -> None:
        super().__init__(item)
        self.match_id, self.seat, self.index = match_id, seat, index

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /,
                             ) -> ReviewPageButton:
        return cls(_button(item), int(match["match"]), int(match["seat"]),
                   int(match["index"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, f"review page of match {self.match_id}",
                      lambda s, learn: review_page_click(interaction, s.archive, learn,
                                                         self.match_id, self.seat,
                                                         self.index))


#: every family, for ``bot.add_dynamic_items``
ITEMS = (PracticeButton, HintButton, ReviewOpenButton, ReviewTableButton, ReviewPageButton)
