"""The pictures on a phone and in both of Discord's themes: Discord shows an 800 px picture
about 360 px wide on a phone, so every text is drawn large enough to stay readable there
and the pieces stay apart; the picture is opaque and its wood stands out from the dark and
the light theme alike."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageFont, ImageStat

from bot.pictures import board as B
from bot.pictures import build, hand_scene, render_board, render_hand
from bot.pictures import draw as D
from bot.pictures import hand as H
from bot.pictures.board import WIDTH, draw_board
from bot.pictures.hand import draw_hand
from goita_core.pieces import Kind
from tests.bot.pictures.kit import okifu_position, three_player

PHONE = 360  # px: the width Discord's phone app gives an image in a chat
SMALLEST = 9  # px of text height on the phone: below that a name no longer reads
THEMES = {"dark": (49, 51, 56), "light": (255, 255, 255)}  # Discord's chat backgrounds


@pytest.fixture
def sizes(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The size of every text font the pictures ask for while the test runs (the plate
    and sprite caches emptied, so that everything is drawn)."""
    asked: list[int] = []

    def recording(real: Callable[..., ImageFont.FreeTypeFont]
                  ) -> Callable[..., ImageFont.FreeTypeFont]:
        def font(size: int, pieces: bool = False) -> ImageFont.FreeTypeFont:
            asked.append(size)
            return real(size, pieces)
        return font

    for module in (B, H, D):
        monkeypatch.setattr(module, "font", recording(module.font))
    B._plate.cache_clear()
    D.tile.cache_clear()
    yield asked
    B._plate.cache_clear()
    D.tile.cache_clear()


def boards() -> list[Any]:
    four = okifu_position("000.yaml", 1, 14)
    ended = okifu_position("000.yaml", 1)  # the round over: revealed pieces and points
    scenes = [build.board_scene(four.view(), four.names),
              build.board_scene(ended.view(), ended.names),
              build.board_scene(three_player(5, 14).view(0), ("Ann", "Bea", "Cy"))]
    return [*scenes, replace(scenes[0], redeal=True)]


def test_every_text_stays_readable_at_phone_width(sizes: list[int]) -> None:
    for scene in boards():
        assert draw_board(scene).width == WIDTH
    position = okifu_position("000.yaml", 1, 3)
    hand = draw_hand(hand_scene(position.view(position.round.to_act()[0]), name="Ann"))
    assert hand.width == WIDTH
    assert sizes, "nothing was drawn"
    assert min(sizes) * PHONE / WIDTH >= SMALLEST, sorted(set(sizes))


def test_the_pieces_stay_apart_at_phone_width() -> None:
    """Shrunk to a phone's width, every kind of piece (and the face-down back) still looks
    different from every other: the kanji are large enough to tell 金 from 銀."""
    w, h = B.TILE_W, B.TILE_H
    small = (round(w * PHONE / WIDTH), round(h * PHONE / WIDTH))
    tiles: dict[Kind | None, Image.Image] = {
        kind: D.tile(kind, w, h).convert("L").resize(small, Image.Resampling.LANCZOS)
        for kind in [*Kind, None]}
    kinds = list(tiles)
    for i, a in enumerate(kinds):
        for b in kinds[i + 1:]:
            diff = ImageStat.Stat(ImageChops.difference(tiles[a], tiles[b])).mean[0]
            assert diff > 8, (a, b, diff)


def luminance(rgb: tuple[int, ...]) -> float:
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("theme", THEMES)
def test_the_board_stands_out_in_both_themes(theme: str) -> None:
    for png in [render_board(boards()[0]), render_hand(hand_scene(
            okifu_position("000.yaml", 1, 3).view(0), name="Ann"))]:
        picture = Image.open(io.BytesIO(png))
        assert "transparency" not in picture.info  # opaque: the theme never shows through
        rgb = picture.convert("RGB")
        counts = rgb.getcolors(rgb.width * rgb.height)
        assert counts is not None
        most = max(counts)[1]  # the colour most of the picture is (the wood)
        assert isinstance(most, tuple)
        assert contrast(most, THEMES[theme]) >= 2.0, (theme, most)
