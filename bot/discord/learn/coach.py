"""``/goita learn`` and the practice table's clicks, turned into
:class:`~bot.app.learn.services.TutorialService` calls. The practice table is the
learner's own ephemeral message; its state lives in the learn store, so it can be left and
resumed (``/goita learn`` again) and its buttons keep working after a restart."""

from __future__ import annotations

from typing import Any

import discord

from bot.app.learn.services import TutorialService
from bot.app.learn.tutorial import Refusal, Screen
from bot.discord.render.common import Rendered
from bot.discord.render.components import action_from_arg
from bot.i18n import lang_of, t
from goita_core.actions import PLAY_ON, REDEAL
from goita_core.pieces import Kind

from .practice import render_screen
from .words import practice_name, render_say


async def open_tutorial(interaction: discord.Interaction[Any], tutorial: TutorialService,
                        ) -> None:
    """The learner's practice table where they left it (with a welcome back), or from the
    start."""
    lang = lang_of(interaction.locale)
    user = interaction.user.id
    before = await tutorial.progress(user)
    screen = await tutorial.open(user)
    resumed = before is not None and (before.lesson, before.item) != (0, 0) and not \
        before.done
    note = t("learn.ui.resumed", lang) if resumed else None
    rendered = render_screen(screen, user, lang, note=note)
    await interaction.response.send_message(
        embed=rendered.embed, view=rendered.view() or discord.utils.MISSING, ephemeral=True)


async def practice_click(interaction: discord.Interaction[Any], tutorial: TutorialService,
                         at: tuple[int, int], action: str, arg: str) -> None:
    """One click on the practice table: the message is redrawn with the outcome (the next
    step, or the current one with the reason a move was refused)."""
    lang = lang_of(interaction.locale)
    user = interaction.user.id
    if action == "again":
        await _show(interaction, render_screen(await tutorial.restart(user), user, lang))
        return
    stored = await tutorial.progress(user)
    here = (stored.lesson, stored.item) if stored is not None else (0, 0)
    if at != here or action in ("pick", "back"):
        # a first click or Back only redraws; a button drawn at an earlier step (another
        # copy of the message) shows where the learner is now
        current = await tutorial.open(user)
        picked = action == "pick" and at == here and arg.isdigit() and int(arg) < 8
        first = Kind(int(arg)) if picked else None
        note = t("learn.ui.stale", lang) if at != here else None
        await _show(interaction, render_screen(current, user, lang, first=first, note=note))
        return
    if action == "go":
        outcome = await tutorial.read_on(user)
    else:
        move = (PLAY_ON if arg == "1" else REDEAL) if action == "goshi" else \
            action_from_arg(arg)
        if move is None:
            await _show(interaction, render_screen(await tutorial.open(user), user, lang))
            return
        outcome = await tutorial.move(user, move)
    await _show(interaction, await _after(outcome, tutorial, user, lang))


async def _after(outcome: Screen | Refusal, tutorial: TutorialService, user: int,
                 lang: str) -> Rendered:
    if isinstance(outcome, Screen):
        return render_screen(outcome, user, lang)
    reason = render_say(outcome.reason, lang, practice_name(lang))
    return render_screen(await tutorial.open(user), user, lang,
                         note=t("learn.ui.refused", lang, reason=reason))


async def _show(interaction: discord.Interaction[Any], rendered: Rendered) -> None:
    await interaction.response.edit_message(content=None, embed=rendered.embed,
                                            view=rendered.view())
