"""The message catalog is complete in English and Japanese and covers every code and
narration line the table service produces."""

from __future__ import annotations

import re
from pathlib import Path

import discord
import pytest

from bot import i18n
from bot.i18n import CATALOGS, COMMAND_CATALOGS, GoitaTranslator, lang_of, placeholders, t
from goita_core import errors as goita_errors

SERVICE = Path(__file__).resolve().parents[3] / "bot" / "app" / "service.py"

# TableError codes the service documents (bot/app/service.py docstring).
TABLE_ERRORS = (
    "no_table", "table_exists", "not_in_lobby", "not_playing", "not_finished",
    "already_seated", "seat_taken", "bad_seat", "table_full", "not_seated", "not_host",
    "not_host_or_manager", "need_four", "bad_level", "host_seat", "stale", "not_your_turn",
    "bad_target",
)


def test_english_and_japanese_have_the_same_keys_and_fields() -> None:
    en, ja = CATALOGS["en"], CATALOGS["ja"]
    assert set(en) == set(ja)
    for key in en:
        assert placeholders(en[key]) == placeholders(ja[key]), key
        assert en[key].strip() and ja[key].strip(), key


def test_every_table_error_and_rule_code_has_a_message() -> None:
    for code in TABLE_ERRORS:
        assert i18n.has(f"err.{code}"), code
    rules = {cls.rule for cls in vars(goita_errors).values()
             if isinstance(cls, type) and issubclass(cls, goita_errors.IllegalAction)}
    for rule in rules:
        assert i18n.has(f"err.illegal.{rule}"), rule


def test_every_narration_line_of_the_service_has_a_message() -> None:
    source = SERVICE.read_text(encoding="utf-8")
    keys = set(re.findall(r'"(log\.[a-z_]+)"', source))
    assert "log.led" in keys and "log.timeout" in keys
    for key in keys:
        assert i18n.has(key) or i18n.has(f"{key}.play_on"), key


def test_language_follows_the_discord_locale() -> None:
    assert lang_of("ja") == "ja"
    assert lang_of(discord.Locale.japanese) == "ja"
    assert lang_of("en-GB") == lang_of("de") == lang_of(None) == "en"
    assert t("btn.pass", "ja") != t("btn.pass", "en-US")
    assert t("board.title", "ja", round=3) == "ごいた · 第3局"


def test_a_missing_key_is_an_error_in_strict_mode() -> None:
    i18n.STRICT = True
    try:
        with pytest.raises(KeyError):
            t("no.such.key", "en")
    finally:
        i18n.STRICT = False
    assert t("no.such.key", "en") == "no.such.key"


async def test_translator_localises_command_texts_within_discord_limits() -> None:
    translator = GoitaTranslator()
    name = re.compile(r"^[-_\w]{1,32}$")
    for english, japanese in COMMAND_CATALOGS["ja"].items():
        got = await translator.translate(discord.app_commands.locale_str(english),
                                         discord.Locale.japanese, None)  # type: ignore[arg-type]
        assert got == japanese
        if " " not in english:  # a command or option name
            assert name.match(japanese) and japanese == japanese.lower(), japanese
        else:
            assert len(japanese) <= 100
    assert await translator.translate(discord.app_commands.locale_str("new"),
                                      discord.Locale.american_english, None) is None  # type: ignore[arg-type]
