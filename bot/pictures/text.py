"""The shipped fonts, and text made drawable with them.

Player names may hold any character, but the shipped subset font covers Latin, Greek,
Cyrillic, kana and the common kanji (``fonts/subset.py``). A name is drawn with what the
font has: emoji, symbols and invisible marks (variation selectors, joiners) are left out,
any other missing character shows as "?" (one for a run of them), and a name with nothing
readable left is drawn as its seat label ("Seat 3"). The embed's text keeps the full name.
"""

from __future__ import annotations

import io
import unicodedata
from functools import lru_cache
from importlib import resources

from PIL import ImageFont

FONTS = resources.files("bot.pictures") / "fonts"
TEXT_FONT = "GoitaSans-Bold.otf"
PIECE_FONT = "GoitaPieces-Bold.otf"
MISSING = "?"
ELLIPSIS = "…"


@lru_cache(maxsize=64)
def font(size: int, pieces: bool = False) -> ImageFont.FreeTypeFont:
    """The text font (or the piece-kanji font) at ``size`` pixels."""
    data = (FONTS / (PIECE_FONT if pieces else TEXT_FONT)).read_bytes()
    return ImageFont.truetype(io.BytesIO(data), size)


@lru_cache(maxsize=1)
def covered() -> frozenset[int]:
    """The code points the text font draws (listed beside it by ``fonts/subset.py``)."""
    listed = (FONTS / TEXT_FONT.replace(".otf", ".txt")).read_text(encoding="utf-8")
    return frozenset(map(ord, listed))


def drawable(text: str) -> str:
    """``text`` with what the font cannot draw left out (emoji, symbols, invisible marks)
    or shown as one "?" per run (letters of other scripts); blanks collapsed."""
    have = covered()
    out: list[str] = []
    for ch in unicodedata.normalize("NFC", text):
        if ord(ch) in have:
            out.append(" " if ch.isspace() else ch)
        elif unicodedata.category(ch)[0] in "LN":
            if not out or out[-1] != MISSING:
                out.append(MISSING)
        elif ch.isspace():
            out.append(" ")
        # symbols, emoji, marks and format characters the font lacks: dropped
    return " ".join("".join(out).split())


def readable(text: str) -> bool:
    """Whether ``text`` (already drawable) shows at least one real letter or digit."""
    return any(ch != MISSING and unicodedata.category(ch)[0] in "LN" for ch in text)


def name_text(name: str, fallback: str) -> str:
    """A player name as drawn: :func:`drawable`, or ``fallback`` if nothing readable is
    left."""
    shown = drawable(name)
    return shown if readable(shown) else fallback


def fit(text: str, face: ImageFont.FreeTypeFont, width: int) -> str:
    """``text`` cut with an ellipsis so that it is at most ``width`` pixels wide."""
    if face.getlength(text) <= width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if face.getlength(text[:mid].rstrip() + ELLIPSIS) <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS
