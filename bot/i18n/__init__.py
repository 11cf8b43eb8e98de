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


#: formatted messages by (key, locale, params): a board or a hand formats the same few
#: hundred texts on every redraw, and Fluent formatting was a fifth of the bot's CPU
#: (each kept with the catalog bundle it came from: a reloaded catalog formats again)
_FORMATTED: dict[tuple[Any, ...], tuple[str, Any]] = {}
_FORMATTED_MAX = 20_000


def t(key: str, locale: str | discord.Locale | None = "en", /, **params: Any) -> str:
    """The message ``key`` in the language of ``locale``, formatted with ``params``."""
    memo: tuple[Any, ...] | None = (key, locale, *params.items())
    try:
        text, source = _FORMATTED[memo]  # type: ignore[index]
        if catalog.bundle(source[0]) is source[1]:
            return text
    except KeyError:
        pass
    except TypeError:  # a parameter that cannot be a dict key: formatted each time
        memo = None
    text, lang = _format(key, locale, params)
    if lang is not None and memo is not None:
        if len(_FORMATTED) >= _FORMATTED_MAX:
            _FORMATTED.clear()
        _FORMATTED[memo] = text, (lang, catalog.bundle(lang))
    return text


def _format(key: str, locale: str | discord.Locale | None,
            params: dict[str, Any]) -> tuple[str, str | None]:
    """The text, and the language it came from (None: not a text to keep)."""
    fid = catalog.fluent_id(key)
    lang = lang_of(locale)
    if fid not in catalog.entries(lang):
        lang = "en"
        if fid not in catalog.entries(lang):
            if STRICT:
                raise KeyError(key)
            log.error("message key %r missing from the catalog", key)
            return key, None
    text, errors = catalog.format_message(lang, fid, params)
    if errors:
        if STRICT:
            raise errors[0]
        log.error("message %r (%s): %s", key, lang, "; ".join(map(str, errors)))
    return text, None if errors else lang


def placeholders(key: str, lang: str = "en") -> set[str]:
    """The parameters message ``key`` uses in ``lang`` (for the catalog consistency test)."""
    return catalog.variables(lang, catalog.fluent_id(key))
