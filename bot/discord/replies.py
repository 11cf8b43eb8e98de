"""Private answers to an interaction, whether or not it was already acknowledged."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.i18n import lang_of, t

log = logging.getLogger(__name__)

#: Discord's answer to a response it no longer accepts (after its 3 s, or 15 min for a token)
UNKNOWN_INTERACTION = 10062


def answered_too_late(error: BaseException) -> bool:
    """Whether ``error`` is Discord refusing an answer to an interaction it no longer
    knows (an overloaded bot): the user saw "This interaction failed" and may try again,
    and no answer can reach them any more."""
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION


def log_too_late(what: object) -> None:
    log.warning("%s: answered too late, Discord no longer accepts an answer to it", what)


async def excuse(interaction: discord.Interaction[Any], what: object,
                 error: Exception) -> None:
    """A click's work failed: a bug is logged in full and the clicker told; an answer that
    came too late is one warning line, and nothing more is sent."""
    if answered_too_late(error):
        log_too_late(what)
        return
    log.error("%s failed", what, exc_info=error)
    await say(interaction, t("err.internal", lang_of(interaction.locale)))


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
