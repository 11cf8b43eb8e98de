"""Golden pictures: a few positions drawn as they were when last looked at and approved.

The comparison allows small differences (anti-aliasing and PNG encoding change between
Pillow and FreeType versions), not a moved piece or a missing mark. After an intended
change, look at the new pictures and rewrite them with ``GOLDEN_UPDATE=1 pytest
tests/bot/pictures``.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from bot.pictures import hand_scene, render_board, render_hand
from bot.pictures.build import board_scene
from goita_core.pieces import Kind
from tests.bot.pictures.kit import okifu_position, three_player

GOLDEN = Path(__file__).parent / "golden"
THREE_NAMES = ("Ann", "Bob the Builder of Very Long Names", "🦊")


def scenes() -> dict[str, bytes]:
    mid = okifu_position("000.yaml", 3, 9)  # passes, a face-down lead, the attack to answer
    end = okifu_position("000.yaml", 2)  # a doubled finish: face-down pieces revealed
    three = three_player(5, 14)
    own = three_player(5, 3)  # seat 2 answers: it may block with 馬 or 王
    return {
        "board_4_mid": render_board(board_scene(mid.view(), mid.names)),
        "board_4_end": render_board(board_scene(end.view(), end.names)),
        "board_3_mid": render_board(board_scene(three.view(0), THREE_NAMES)),
        "hand_3_turn": render_hand(hand_scene(own.view(own.round.turn), Kind.BAKKO, "Cy")),
    }


def difference(a: Image.Image, b: Image.Image) -> tuple[float, float]:
    """(mean difference per channel, share of pixels that differ by more than 64)."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    grey = diff.convert("L")
    hist = grey.histogram()
    pixels = a.width * a.height
    mean = sum(i * n for i, n in enumerate(hist)) / pixels
    return mean, sum(hist[65:]) / pixels


@pytest.mark.parametrize("name", ["board_4_mid", "board_4_end", "board_3_mid", "hand_3_turn"])
def test_pictures_match_their_golden_images(name: str) -> None:
    drawn = scenes()[name]
    path = GOLDEN / f"{name}.png"
    if os.environ.get("GOLDEN_UPDATE"):
        path.write_bytes(drawn)
    golden = Image.open(path)
    image = Image.open(io.BytesIO(drawn))
    assert image.size == golden.size
    mean, changed = difference(image, golden)
    assert mean < 2.0 and changed < 0.005, f"{name}: mean {mean:.2f}, changed {changed:.2%}"


def test_the_comparison_sees_a_changed_piece() -> None:
    """The tolerance is not so loose that another piece on the board would pass."""
    mid = okifu_position("000.yaml", 3, 9)
    before = Image.open(io.BytesIO(render_board(board_scene(mid.view(), mid.names))))
    mid.round.apply(mid.round.turn, mid.round.legal_actions()[-1])
    after = Image.open(io.BytesIO(render_board(board_scene(mid.view(), mid.names))))
    mean, changed = difference(before, after)
    assert not (mean < 2.0 and changed < 0.005)
