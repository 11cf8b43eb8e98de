"""Names as the pictures draw them with the shipped subset font."""

from __future__ import annotations

from dataclasses import fields

import pytest

from bot.pictures.scene import Labels
from bot.pictures.text import covered, drawable, fit, font, name_text
from goita_core.pieces import KANJI


@pytest.mark.parametrize(("name", "shown"), [
    ("Ann", "Ann"),
    ("田中太郎", "田中太郎"),  # common kanji and kana are in the font
    ("さくら・サクラ", "さくら・サクラ"),
    ("Zoë Ødegård", "Zoë Ødegård"),
    ("Дмитрий", "Дмитрий"),
    ("🎉 party 🎉", "party"),  # emoji are left out
    ("❤️ love", "love"),  # with their variation selector
    ("👨‍👩‍👧 family", "family"),  # and their joiners
    ("髙橋", "?橋"),  # a rare kanji the subset lacks shows as "?"
    ("مرحبا Ali", "? Ali"),  # one "?" for a run of letters of another script
    ("a\tb\n c", "a b c"),
    ("Zoe\u0301", "Zoé"),  # composed, so the accent is drawn
])
def test_names_keep_what_the_font_can_draw(name: str, shown: str) -> None:
    assert drawable(name) == shown


@pytest.mark.parametrize("name", ["🦊", "김민수", "   ", "\u200d", ""])
def test_a_name_with_nothing_readable_becomes_the_fallback(name: str) -> None:
    assert name_text(name, "Seat 2") == "Seat 2"


def test_long_names_are_cut_with_an_ellipsis_to_the_width() -> None:
    face = font(26)
    for name in ("W" * 32, "長谷川" * 10, "abc"):
        cut = fit(name, face, 200)
        assert face.getlength(cut) <= 200
        assert cut == name or (cut.endswith("…") and name.startswith(cut[:-1]))
    assert fit("abc", face, 200) == "abc"


def test_the_font_covers_the_pieces_and_every_default_label() -> None:
    have = covered()
    labels = Labels()
    words = [v for f in fields(labels) if isinstance(v := getattr(labels, f.name), str)]
    words += list(labels.teams) + list(KANJI) + ["0123456789", "…?·▶"]
    missing = {ch for word in words for ch in word if ord(ch) not in have}
    assert missing == set()
    # Japanese labels a catalog would pass
    assert all(ord(ch) in have for ch in "第3局 親 残り8 パス 離席 流局 チームＡ 倍")
