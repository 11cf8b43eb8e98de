"""The words on the pictures come from the catalogs, in the board's language, and every
one of them is drawn with the shipped font (no missing glyph)."""

from __future__ import annotations

from dataclasses import fields

import pytest

from bot.discord.presenter.pictures import labels
from bot.i18n import LANGS
from bot.pictures import board_scene, hand_scene, render_board, render_hand
from bot.pictures.text import drawable
from goita_core.match import Match

FIELDS = {"round": "n", "target": "target", "left": "n", "points": "points", "won": "points",
          "shi": "count", "seat": "n"}


@pytest.mark.parametrize("lang", LANGS)
def test_every_word_of_a_picture_is_in_the_language_and_drawable(lang: str) -> None:
    lab = labels(lang)
    words: list[str] = []
    for f in fields(lab):
        value = getattr(lab, f.name)
        words += list(value) if isinstance(value, tuple) else [value]
    assert all(word and drawable(word) == word for word in words), words
    for name, placeholder in FIELDS.items():
        assert "{" + placeholder + "}" in getattr(lab, name)
        assert "12" in getattr(lab, name).format(**{placeholder: 12})
    match = Match(seed=3)
    names = ["alice", "ボブ", "Зоя", "Chloé"]
    assert render_board(board_scene(match.view(0), names, lab)).startswith(b"\x89PNG")
    assert render_hand(hand_scene(match.view(1), None, "ボブ", lab)).startswith(b"\x89PNG")


def test_the_japanese_board_is_written_in_japanese() -> None:
    lab = labels("ja")
    assert (lab.round.format(n=3), lab.dealer, lab.passed, lab.teams) == \
        ("第3局", "親", "なし", ("Aチーム", "Bチーム"))
    assert labels("en").round.format(n=3) == "Round 3"
