"""The message catalog: every user-facing string of the bot, in English and Japanese.

``t(key, locale, **params)`` picks the language from a Discord locale ("ja" -> Japanese,
anything else -> English) and formats the message with ``str.format``. A key missing from
Japanese falls back to English; a key missing everywhere is a bug, so it raises KeyError in
tests (``STRICT``) and shows the key itself in production.

Command names and descriptions are localised by :class:`GoitaTranslator`, which looks the
English text of a ``locale_str`` up in the ``cmd`` tables of the catalogs.
"""

from __future__ import annotations

import logging
import string
from typing import Any

import discord
from discord import app_commands

from .en import COMMANDS as EN_COMMANDS
from .en import MESSAGES as EN
from .ja import COMMANDS as JA_COMMANDS
from .ja import MESSAGES as JA

log = logging.getLogger(__name__)

LANGS = ("en", "ja")
CATALOGS: dict[str, dict[str, str]] = {"en": EN, "ja": JA}
COMMAND_CATALOGS: dict[str, dict[str, str]] = {"en": EN_COMMANDS, "ja": JA_COMMANDS}

#: raise on a missing key instead of showing it (tests turn this on)
STRICT = False


def lang_of(locale: str | discord.Locale | None) -> str:
    """The catalog language for a Discord locale such as "ja", "en-US", "de"."""
    value = str(locale.value if isinstance(locale, discord.Locale) else (locale or ""))
    return "ja" if value.lower().startswith("ja") else "en"


def has(key: str) -> bool:
    return key in EN


def t(key: str, locale: str | discord.Locale | None = "en", /, **params: Any) -> str:
    """The message ``key`` in the language of ``locale``, formatted with ``params``."""
    lang = locale if locale in CATALOGS else lang_of(locale)
    text = CATALOGS[str(lang)].get(key) or EN.get(key)
    if text is None:
        if STRICT:
            raise KeyError(key)
        log.error("message key %r missing from the catalog", key)
        return key
    if not params:
        return text
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        if STRICT:
            raise
        log.exception("bad parameters for message %r", key)
        return text


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields a message uses (for the catalog consistency test)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


class GoitaTranslator(app_commands.Translator):
    """Localises command names, descriptions and option names (Discord shows them in the
    user's client language). Unknown strings stay in English."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        lang = lang_of(locale)
        if lang == "en":
            return None
        return COMMAND_CATALOGS[lang].get(string.message)
