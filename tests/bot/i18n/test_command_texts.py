"""Command names and descriptions in every language, within Discord's rules: checked in
the catalogs, and on the commands the bot really registers (through the fake Discord)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator
from typing import Any

import discord
import pytest

from bot.i18n import GoitaTranslator, catalog, lang_of, t
from bot.i18n.translator import command_ids, command_text
from tests.bot.discord.kit import make_world
from tests.fake_discord import FakeDiscord

#: the Discord locales each catalog language serves
LOCALES = {"ja": ("ja",), "es": ("es-ES", "es-419"), "de": ("de",), "fr": ("fr",),
           "ru": ("ru",)}
SCRIPTS = ("DEVANAGARI", "THAI")
COMMAND_REFERENCE = re.compile(r"/(\S+) (\S+?)[`.,;:)\s]")


def valid_name(name: str) -> bool:
    """Discord's rule for a command or option name:
    ``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``, lowercase where it has case."""
    def allowed(c: str) -> bool:
        return c in "-_" or unicodedata.category(c)[0] in "LN" or \
            unicodedata.name(c, "").startswith(SCRIPTS)
    return 1 <= len(name) <= 32 and all(map(allowed, name)) and name == name.lower()


def test_the_name_rule_is_discords() -> None:
    assert all(map(valid_name, ("goita", "ごいた", "доска", "à-propos", "doble_7_y_8")))
    assert not any(map(valid_name, ("Goita", "new table", "", "x" * 33, "why?", "a.b")))


def kinds() -> Iterator[tuple[str, str]]:
    """(English text, "name" | "description" | "choice") of every command text."""
    for english, fid in command_ids().items():
        if fid.endswith("-desc"):
            yield english, "description"
        elif fid.count("-") == 3:  # cmd-<command>-<option>-<choice>
            yield english, "choice"
        else:
            yield english, "name"


@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_every_command_text_is_translated_within_discords_rules(lang: str) -> None:
    for english, kind in kinds():
        text = command_text(english, lang)
        assert text, (lang, english)
        if kind == "name":
            assert valid_name(text), (lang, english, text)
        else:
            assert 1 <= len(text) <= 100, (lang, english, text)


@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_names_stay_unique_among_their_siblings(lang: str) -> None:
    names = [fid for fid in command_ids().values() if not fid.endswith("-desc")]
    siblings: dict[str, list[str]] = {}
    for fid in names:
        parent = fid.rsplit("-", 1)[0] if fid.count("-") > 1 else "/"
        siblings.setdefault(parent, []).append(catalog.format_message(lang, fid, {})[0])
    for parent, texts in siblings.items():
        assert len(texts) == len(set(texts)), (lang, parent, texts)


@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_messages_name_commands_as_the_user_sees_them(lang: str) -> None:
    """"/goita new" in a Spanish message is "/goita nueva", as in the Spanish command list."""
    group = command_text("goita", lang)
    subcommands = {command_text(e, lang) for e, fid in command_ids().items()
                   if fid.count("-") == 1 and fid != "cmd-goita"}
    seen = 0
    for fid in catalog.entries(lang):
        text = catalog.format_message(lang, fid, dict.fromkeys(
            catalog.variables(lang, fid), 1))[0] + " "
        for top, sub in COMMAND_REFERENCE.findall(text):
            if fid.startswith(catalog.COMMAND_PREFIX) or top != group:
                continue
            seen += 1
            assert sub in subcommands, (lang, fid, sub)
    assert seen >= 4


async def test_translator_answers_for_each_discord_locale() -> None:
    translator = GoitaTranslator()

    async def ask(text: str, locale: discord.Locale) -> str | None:
        return await translator.translate(discord.app_commands.locale_str(text), locale,
                                          None)  # type: ignore[arg-type]

    for lang, locales in LOCALES.items():
        for code in locales:
            locale = discord.Locale(code)
            assert lang_of(locale) == lang
            assert await ask("new", locale) == command_text("new", lang)
    assert await ask("new", discord.Locale.spain_spanish) == "nueva"
    assert await ask("new", discord.Locale.russian) == "новый"
    assert await ask("new", discord.Locale.american_english) is None
    assert await ask("no such command text", discord.Locale.german) is None
    assert t("btn.hand", "ru") == "Мои фишки"


def localised(payload: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any], str]]:
    """(what, its localisations, "name" | "description" | "choice") in a registered
    command, its options and choices."""
    yield payload["name"], payload.get("name_localizations") or {}, "name"
    yield payload["description"], payload.get("description_localizations") or {}, \
        "description"
    for choice in payload.get("choices") or []:
        yield choice["name"], choice.get("name_localizations") or {}, "choice"
    for option in payload.get("options") or []:
        yield from localised(option)


async def test_registered_commands_are_localised_for_every_locale(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    await make_world(fake_discord, make_settings)
    (command,) = fake_discord.global_commands
    checked = 0
    for english, names, kind in localised(command):
        for lang, locales in LOCALES.items():
            for locale in locales:
                text = names.get(locale)
                assert text is not None and text == command_text(english, lang), \
                    (locale, english, text)
                assert valid_name(text) if kind == "name" else len(text) <= 100
                checked += 1
    assert checked > 150
