"""Private answers to an interaction, whether or not it was already acknowledged."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.i18n import t

log = logging.getLogger(__name__)


async def say(interaction: discord.Interaction[Any], text: str, *,
              embed: discord.Embed | None = None, view: discord.ui.View | None = None) -> None:
    """Answer privately; a Discord failure is logged, never raised."""
    kwargs: dict[str, Any] = {"ephemeral": True}
    if embed is not None:
        kwargs["embed"] = embed
    if view is not None:
        kwargs["view"] = view
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, **kwargs)
        else:
            await interaction.response.send_message(text, **kwargs)
    except discord.HTTPException:
        log.exception("could not answer interaction %s", interaction.id)


async def deny(interaction: discord.Interaction[Any], key: str, **params: Any) -> None:
    """Refuse privately with the catalog text ``key`` in the user's language."""
    await interaction.response.send_message(t(key, interaction.locale, **params),
                                            ephemeral=True)
