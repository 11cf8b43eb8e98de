"""The message catalogs: every user-facing string of the bot, in English, Japanese,
Spanish, German, French and Russian.

The texts live in Fluent files (``locales/<lang>/*.ftl``), which translators' tools open;
Fluent picks each language's plural forms ("1 фишка", "2 фишки", "5 фишек") from the
numbers passed, so the code passes counts as ``int`` and never builds a plural itself.

``t(key, locale, **params)`` picks the language from a Discord locale ("ja", "es-419",
"de"...; anything else is English). A key missing from a language falls back to English;
a key missing everywhere, or a parameter a message needs and did not get, is a bug: it
raises in tests (``STRICT``) and shows the key (or the message as far as it goes) in
production. Command names and descriptions are localised by :class:`GoitaTranslator`.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from . import catalog
from .catalog import LANGS, lang_of
from .translator import GoitaTranslator

__all__ = ["LANGS", "GoitaTranslator", "has", "keys", "lang_of", "placeholders", "t"]

log = logging.getLogger(__name__)

#: raise on a missing key or parameter instead of showing what there is (tests turn this on)
STRICT = False


def has(key: str) -> bool:
    fid = catalog.fluent_id(key)
    return fid in catalog.entries("en") and not fid.startswith(catalog.COMMAND_PREFIX)


def keys() -> tuple[str, ...]:
    """Every message key, sorted (the command texts are not messages)."""
    return tuple(sorted(catalog.key_of(fid) for fid in catalog.entries("en")
                        if not fid.startswith(catalog.COMMAND_PREFIX)))


def t(key: str, locale: str | discord.Locale | None = "en", /, **params: Any) -> str:
    """The message ``key`` in the language of ``locale``, formatted with ``params``."""
    fid = catalog.fluent_id(key)
    lang = lang_of(locale)
    if fid not in catalog.entries(lang):
        lang = "en"
        if fid not in catalog.entries(lang):
            if STRICT:
                raise KeyError(key)
            log.error("message key %r missing from the catalog", key)
            return key
    text, errors = catalog.format_message(lang, fid, params)
    if errors:
        if STRICT:
            raise errors[0]
        log.error("message %r (%s): %s", key, lang, "; ".join(map(str, errors)))
    return text


def placeholders(key: str, lang: str = "en") -> set[str]:
    """The parameters message ``key`` uses in ``lang`` (for the catalog consistency test)."""
    return catalog.variables(lang, catalog.fluent_id(key))
