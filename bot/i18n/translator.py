"""Command names, descriptions, option and choice names in the user's client language.

discord.py hands the translator the English text of each ``locale_str``; the English
``commands.ftl`` says which ``cmd-`` message that text is, and the user's language gives
its translation. A text no catalog knows stays in English.
"""

from __future__ import annotations

from functools import cache

import discord
from discord import app_commands

from . import catalog


@cache
def command_ids() -> dict[str, str]:
    """English command text -> its ``cmd-`` message id."""
    english = catalog.entries("en")
    return {catalog.format_message("en", fid, {})[0]: fid
            for fid in english if fid.startswith(catalog.COMMAND_PREFIX)}


def command_text(english: str, lang: str) -> str | None:
    """``english`` (a command text) in ``lang``; None when it is not in the catalogs."""
    fid = command_ids().get(english)
    if fid is None or fid not in catalog.entries(lang):
        return None
    return catalog.format_message(lang, fid, {})[0]


class GoitaTranslator(app_commands.Translator):
    """Localises command names, descriptions and option names (Discord shows them in the
    user's client language). Unknown strings stay in English."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        lang = catalog.lang_of(locale)
        if lang == "en":
            return None
        return command_text(string.message, lang)
