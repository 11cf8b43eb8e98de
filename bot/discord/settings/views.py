"""The work behind the settings command, menus and forms: check who asks, change the
server's settings through the app's service, answer with the new settings or with one
sentence per bad value (and nothing changed)."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import discord

from bot.app.settings import ServerSettings, ServerSettingsService, SettingsError
from bot.discord.replies import say
from bot.discord.services import services_of
from bot.i18n import lang_of, t

from .access import channels_of, denial, may_manage, roles_of
from .ids import FORMS, form_id
from .render import problems_text, render_settings, seconds

log = logging.getLogger(__name__)


def settings_service(interaction: discord.Interaction[Any]) -> ServerSettingsService:
    service = services_of(interaction.client).settings
    if service is None:
        raise RuntimeError("the bot was built without server settings")
    return service


async def allowed(interaction: discord.Interaction[Any], guild_id: int
                  ) -> ServerSettings | None:
    """The server's settings if the user may change them; otherwise they are told why."""
    lang = lang_of(interaction.locale)
    if interaction.guild_id != guild_id:
        await say(interaction, t("settings.wrong_guild", lang))
        return None
    current = await settings_service(interaction).for_guild(guild_id)
    if not may_manage(interaction, current):
        key, params = denial(current)
        await say(interaction, t(key, lang, **params))
        return None
    return current


def message(interaction: discord.Interaction[Any], s: ServerSettings
            ) -> tuple[discord.Embed, discord.ui.View]:
    guild = interaction.guild
    assert interaction.guild_id is not None
    return render_settings(s, settings_service(interaction).policy, interaction.guild_id,
                           lang_of(interaction.locale), channels_of(guild), roles_of(guild))


async def show(interaction: discord.Interaction[Any]) -> None:
    """``/goita settings``: the settings, privately, with the menus to change them."""
    if interaction.guild_id is None:
        await say(interaction, t("err.not_in_guild", lang_of(interaction.locale)))
        return
    current = await allowed(interaction, interaction.guild_id)
    if current is None:
        return
    embed, view = message(interaction, current)
    await interaction.response.send_message(embed=embed, view=view, ephemeral=True)


async def change(interaction: discord.Interaction[Any], guild_id: int,
                 changes: Mapping[str, object]) -> None:
    """Apply ``changes`` and redraw the settings message, or say what is wrong."""
    if await allowed(interaction, guild_id) is None:
        return
    service = settings_service(interaction)
    try:
        if changes:
            updated = await service.change(guild_id, interaction.user.id,
                                           interaction.created_at.timestamp(), changes)
        else:
            updated = await service.reset(guild_id, interaction.user.id,
                                          interaction.created_at.timestamp())
    except SettingsError as exc:
        await say(interaction, problems_text(exc.problems, lang_of(interaction.locale)))
        return
    embed, view = message(interaction, updated)
    await interaction.response.edit_message(
        content=t("settings.saved", lang_of(interaction.locale)), embed=embed, view=view)


class SettingsForm(discord.ui.Modal):
    """A form of up to 5 numbers (``FORMS``), filled with the current values."""

    def __init__(self, what: str, guild_id: int, s: ServerSettings, lang: str,
                 caps: Mapping[str, int]) -> None:
        super().__init__(title=t(f"settings.form.{what}", lang)[:45],
                         custom_id=form_id(what, guild_id), timeout=900)
        self.guild_id = guild_id
        self.inputs: dict[str, discord.ui.TextInput[Any]] = {}
        for name in FORMS[what]:
            value = getattr(s, name)
            text = "" if value is None else (
                seconds(value) if isinstance(value, float) else str(value))
            limit = name in caps
            box = discord.ui.TextInput[Any](
                label=t(f"settings.field.{name}", lang)[:45], default=text, max_length=12,
                required=not limit, custom_id=name,
                placeholder=(t("settings.limit.hint", lang, max=caps[name])[:100]
                             if limit else None))
            self.inputs[name] = box
            self.add_item(box)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await change(interaction, self.guild_id,
                     {name: box.value for name, box in self.inputs.items()})

    async def on_error(self, interaction: discord.Interaction[Any],  # type: ignore[override]
                       error: Exception, /) -> None:
        log.exception("settings form failed", exc_info=error)
        await say(interaction, t("err.internal", lang_of(interaction.locale)))


async def open_form(interaction: discord.Interaction[Any], what: str, guild_id: int) -> None:
    current = await allowed(interaction, guild_id)
    if current is None:
        return
    policy = settings_service(interaction).policy
    caps = {name: policy.limit_max(name) for name in FORMS["limits"]}
    await interaction.response.send_modal(
        SettingsForm(what, guild_id, current, lang_of(interaction.locale), caps))
