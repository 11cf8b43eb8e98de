"""The PNG encoding: converting only what is drawn over the empty board gives the very
pixels of converting the whole board, whatever is drawn where."""

from __future__ import annotations

import io
from dataclasses import replace

from PIL import Image, ImageChops

from bot.pictures import BoardScene, Labels, board_scene, render_board
from bot.pictures import draw as D
from bot.pictures.board import _draw, _palette, _specimens
from tests.bot.pictures.kit import okifu_positions, three_player

#: long words, so that pills and texts reach as far as they can
WIDE = Labels(passed="Passer son tour", redeal="Nouvelle donne, encore une fois",
              dealer="Donneur de la manche", won="+{points} points gagnés")


def boards() -> list[BoardScene]:
    sampled = [board_scene(p.view(0), p.names)
               for i, p in enumerate(okifu_positions(3)) if i % 7 == 0]
    three = [board_scene(three_player(5, moves).view(0), ("Ann", "Bea", "Cy"))
             for moves in (0, 3, 14, 200)]
    specimens = _specimens()
    return [*sampled, *three, *specimens, *(replace(s, labels=WIDE) for s in specimens)]


def test_a_board_is_encoded_as_if_it_were_converted_whole() -> None:
    scenes = boards()
    assert len(scenes) > 50
    for scene in scenes:
        img, _ = _draw(scene)
        whole = D.indexed(img, _palette())
        drawn = Image.open(io.BytesIO(render_board.__wrapped__(scene)))
        assert drawn.mode == "P" and drawn.size == whole.size
        assert drawn.tobytes() == whole.tobytes(), \
            ImageChops.difference(drawn.convert("RGB"), whole.convert("RGB")).getbbox()
