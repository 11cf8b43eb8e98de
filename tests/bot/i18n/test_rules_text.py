"""/goita rules in each language names every piece as the rest of the bot does: its kanji
everywhere, and outside Japanese the catalog's name for it (the seed rule book's own term,
e.g. the Spanish rules' Lancero), so a reader meets the same words on the board."""

from __future__ import annotations

import pytest

from bot.i18n import LANGS, t
from goita_core.pieces import KANJI, Kind


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_name_every_piece_with_its_kanji_and_the_boards_name(lang: str) -> None:
    text = t("rules.text", lang)
    for kind in Kind:
        assert KANJI[kind] in text, (lang, KANJI[kind])
        name = t(f"piece.{int(kind)}", lang)
        if lang != "ja":  # Japanese names the pieces by their kanji
            assert name.lower() in text.lower(), (lang, name)


def test_the_spanish_rules_use_the_official_rule_books_terms() -> None:
    text = t("rules.text", "es")
    for term in ("Rey", "Torre", "Alfil", "Lancero", "Caballero", "General dorado"):
        assert term in text
