"""Every catalog is complete: the same keys and parameters as English, every code and
narration line of the table service has a message, and no variant of a message loses a
value it is given."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import discord
import pytest

from bot import i18n
from bot.i18n import LANGS, catalog, has, keys, lang_of, placeholders, t
from goita_core import errors as goita_errors
from tests.bot.i18n.i18n_samples import COUNTS, exact_counts, selectors

ROOT = Path(__file__).resolve().parents[3]
#: where the table service raises its errors and the narrator picks its lines
SERVICE = sorted((ROOT / "bot" / "app").rglob("*.py"))
NARRATOR = [ROOT / "goita_core" / "narration.py", *SERVICE]
OTHER_LANGS = [lang for lang in LANGS if lang != "en"]



def _source(paths: list[Path]) -> str:
    return "\n".join(path.read_text(encoding="utf-8") for path in paths)


@pytest.mark.parametrize("lang", OTHER_LANGS)
def test_every_language_has_the_english_keys_and_parameters(lang: str) -> None:
    english, other = catalog.entries("en"), catalog.entries(lang)
    assert set(other) == set(english), set(other) ^ set(english)
    for fid in english:
        key = catalog.key_of(fid)
        assert placeholders(key, lang) == placeholders(key, "en"), (lang, key)
        assert t(key, lang, **dict.fromkeys(placeholders(key), 3)).strip(), (lang, key)


def test_keys_lists_every_message_and_no_command_text() -> None:
    listed = keys()
    assert len(listed) == len(set(listed)) > 200
    assert {"board.seat", "special.goshi-pair", "err.illegal.must_lead", "rules.text"} \
        <= set(listed)
    assert all(has(key) for key in listed)
    assert not any(key.startswith("cmd.") for key in listed)
    assert not has("no.such.key") and not has("cmd.goita")


def test_a_key_and_its_fluent_id_map_both_ways() -> None:
    for key in ("board.seat", "special.goshi-pair", "log.goshi_decided.play_on"):
        assert catalog.key_of(catalog.fluent_id(key)) == key
    assert catalog.fluent_id("special.goshi-pair") == "special-goshi--pair"


def test_every_table_error_and_rule_code_has_a_message() -> None:
    codes = set(re.findall(r'TableError\(\s*"([a-z_]+)"', _source(SERVICE)))
    assert {"no_table", "need_four", "bad_players", "stale"} <= codes
    for code in codes:
        assert has(f"err.{code}"), code
    rules = {cls.rule for cls in vars(goita_errors).values()
             if isinstance(cls, type) and issubclass(cls, goita_errors.IllegalAction)}
    for rule in rules:
        assert has(f"err.illegal.{rule}"), rule


def test_every_narration_line_of_the_service_has_a_message() -> None:
    source = _source(NARRATOR)
    found = set(re.findall(r'"(log\.[a-z_]+)"', source))
    assert "log.led" in found and "log.timeout" in found
    for key in found:
        assert has(key) or has(f"{key}.play_on"), key


@pytest.mark.parametrize("lang", LANGS)
def test_no_variant_drops_a_value(lang: str) -> None:
    """Text parameters always appear; a count appears in whichever plural form it picks
    (a variant of its own for one exact count, such as ``[0]``, may say it in words)."""
    for key in keys():
        names = placeholders(key, lang)
        counted = selectors(key, lang)
        text_params = {name: f"⟨{name}⟩" for name in names - counted}
        for name in counted or {""}:
            for n in COUNTS if name else (0,):
                params: dict[str, object] = dict(text_params)
                params.update({other: 1000 + i for i, other in enumerate(sorted(counted))})
                if name:
                    params[name] = n
                text = t(key, lang, **params)
                for value in text_params.values():
                    assert value in text, (lang, key, value, text)
                if name and n not in exact_counts(key, lang):
                    assert re.search(rf"(?<!\d){n}(?!\d)", text), (lang, key, name, n, text)


def test_language_follows_the_discord_locale() -> None:
    assert lang_of("ja") == lang_of(discord.Locale.japanese) == "ja"
    assert lang_of("es-ES") == lang_of("es-419") == "es"
    assert lang_of(discord.Locale.latin_american_spanish) == "es"
    assert lang_of("de") == "de" and lang_of("fr") == "fr"
    assert lang_of(discord.Locale.russian) == "ru"
    assert lang_of("en-GB") == lang_of("pt-BR") == lang_of(None) == lang_of("") == "en"
    assert t("board.title", "ja", round=3) == "ごいた · 第3局"
    assert t("btn.pass", "es-419") == t("btn.pass", "es-ES") == "Pasar"
    assert t("btn.hand", discord.Locale.german) == "Meine Hand"
    assert t("btn.hand", "pt-BR") == "My hand"


def test_numbers_print_as_given_in_every_language() -> None:
    """No digit grouping ("#12345", not "#12.345" or "#12 345"): ids and points read the
    same as in the code."""
    for lang in LANGS:
        assert "12345" in t("stats.no_match", lang, id=12345), lang
        assert "1000" in t("lobby.target", lang, target=1000), lang


def test_a_missing_key_or_parameter_is_an_error_in_strict_mode(
        caplog: pytest.LogCaptureFixture) -> None:
    i18n.STRICT = True
    try:
        with pytest.raises(KeyError):
            t("no.such.key", "en")
        with pytest.raises(ValueError):
            t("board.turn", "de")
    finally:
        i18n.STRICT = False
    with caplog.at_level(logging.ERROR, logger="bot.i18n"):
        assert t("no.such.key", "en") == "no.such.key"
        assert t("board.turn", "de").startswith("Am Zug: ")
    assert len(caplog.records) == 2


@pytest.fixture
def catalog_folders(monkeypatch: pytest.MonkeyPatch,
                    tmp_path: Path) -> Iterator[Callable[..., None]]:
    """Read the languages given from files under tmp_path (the others as shipped), with
    the catalog caches emptied before and after."""
    shipped = catalog._folder

    def use(**files: str) -> None:
        for lang, text in files.items():
            (tmp_path / lang).mkdir()
            (tmp_path / lang / "messages.ftl").write_text(text, encoding="utf-8")
        monkeypatch.setattr(catalog, "_folder",
                            lambda lang: tmp_path / lang if lang in files else shipped(lang))
        clear_caches()

    yield use
    clear_caches()


def clear_caches() -> None:
    for cached in (catalog._resources, catalog.entries, catalog.bundle):
        cached.cache_clear()


def test_a_broken_catalog_entry_is_reported_not_skipped(
        catalog_folders: Callable[..., None]) -> None:
    catalog_folders(xx="ok = fine\nbroken = { $name\nafter = still here\n")
    with pytest.raises(catalog.CatalogError, match="broken"):
        catalog.entries("xx")


def test_a_message_missing_from_a_language_falls_back_to_english(
        catalog_folders: Callable[..., None]) -> None:
    catalog_folders(de="btn-pass = Passen\n")
    assert t("btn.pass", "de") == "Passen"
    assert t("btn.hand", "de") == "My hand"
    assert t("hand.pieces", "de", pieces="x", count=1) == "x (1 piece)"
