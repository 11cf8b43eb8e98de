"""The board picture: 3 and 4 seats, names of every kind kept in their plates, the cache,
and scenes that cannot be drawn refused."""

from __future__ import annotations

import io
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import pytest
from PIL import Image, ImageChops

from bot.pictures import BoardScene, LastMove, SeatScene, Tile, board_scene, render_board
from bot.pictures.board import WIDTH, draw_board, layout, plate_box
from goita_core.actions import REDEAL
from goita_core.pieces import Kind, parse_pieces
from goita_core.round import Round
from goita_core.rules import RuleSet
from tests.bot.pictures.kit import okifu_position, three_player

NAMES = {
    "long latin": "W" * 32,
    "long cjk": "長谷川" * 10 + "花子",
    "emoji": "🎉 Zoë 👍🏽 the 🦊‍🔥 fox",
    "hangul": "김민수",
    "combining": "Zoe\u0301 Ame\u0301lie",
    "zero width": "a\u200db\u2066c\u2069",
    "rtl": "مرحبا Ali",
}


def image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def four() -> BoardScene:
    position = okifu_position("000.yaml", 3, 9)
    return board_scene(position.view(), ("Ann", "Bea", "Cy", "Dee"))


def three() -> BoardScene:
    return board_scene(three_player(5, 14).view(0), ("Ann", "Bea", "Cy"))


@pytest.mark.parametrize("make", [four, three], ids=["4 seats", "3 seats"])
@pytest.mark.parametrize("kind", sorted(NAMES))
def test_any_name_stays_inside_its_own_plate(make: object, kind: str) -> None:
    scene: BoardScene = make()  # type: ignore[operator]
    base = draw_board(scene)
    for index in range(len(scene.seats)):
        seats = list(scene.seats)
        seats[index] = replace(seats[index], name=NAMES[kind])
        changed = draw_board(replace(scene, seats=tuple(seats)))
        assert changed.size == base.size
        box = ImageChops.difference(base, changed).getbbox()
        assert box is not None, "the name is not drawn at all"
        left, top, right, bottom = plate_box(len(scene.seats), index)
        # getbbox's right and bottom are exclusive; the plate's are drawn inclusive
        assert left <= box[0] and top <= box[1] and box[2] <= right + 1 \
            and box[3] <= bottom + 1, \
            f"{kind} at seat {index} draws outside its plate: {box}"


def test_a_name_with_nothing_drawable_is_drawn_as_its_seat() -> None:
    scene = four()
    for name in ("🦊🦊", "김민수", "   "):
        seats = (replace(scene.seats[0], name=name), *scene.seats[1:])
        labelled = (replace(scene.seats[0], name="Seat 1"), *scene.seats[1:])
        assert render_board(replace(scene, seats=seats)) == \
            render_board(replace(scene, seats=labelled))


def test_three_and_four_seats_are_drawn_800_wide() -> None:
    for scene, seats in ((four(), 4), (three(), 3)):
        picture = image(render_board(scene))
        assert picture.width == WIDTH
        assert picture.height == layout(seats).height
    assert layout(3).height < layout(4).height  # three seats need one band less


def test_a_three_seat_board_shows_five_columns_per_seat() -> None:
    match = three_player(3, 200)  # a whole round: someone played all ten pieces
    scene = board_scene(match.rounds[0].view(0, round_no=1), ("Ann", "Bea", "Cy"))
    assert scene.over and max(len(s.plays) for s in scene.seats) == 5
    assert image(render_board(scene)).width == WIDTH


def test_the_same_position_is_drawn_once() -> None:
    scene = four()
    first = render_board(scene)
    hits = render_board.cache_info().hits
    again = render_board(four())  # an equal scene built anew
    assert again is first
    assert render_board.cache_info().hits == hits + 1
    other = render_board(replace(scene, round_no=scene.round_no + 1))
    assert other != first


def test_the_marks_show_on_the_picture() -> None:
    """The attack to answer, the last move and the seat to move each change the picture."""
    scene = four()
    assert scene.attack is not None and scene.last is not None
    plain = replace(scene, attack=None, last=None,
                    seats=tuple(replace(s, to_move=False) for s in scene.seats))
    base = image(render_board(plain))
    for marked in (replace(plain, attack=scene.attack), replace(plain, last=scene.last),
                   replace(plain, seats=scene.seats)):
        assert ImageChops.difference(base, image(render_board(marked))).getbbox() is not None


def test_scenes_that_cannot_be_drawn_are_refused() -> None:
    seat = SeatScene(name="a", team=None, score=0, left=10)
    with pytest.raises(ValueError, match="3 or 4 seats"):
        BoardScene(seats=(seat, seat), round_no=1, target=150)
    too_many = replace(seat, plays=((Tile(None), Tile(Kind.SHI)),) * 6)
    with pytest.raises(ValueError, match="at most 5"):
        BoardScene(seats=(too_many, seat, seat), round_no=1, target=150)
    revealed = replace(seat, plays=((Tile(Kind.GIN, revealed=True), Tile(Kind.SHI)),))
    with pytest.raises(ValueError, match="only once the round is over"):
        BoardScene(seats=(revealed, seat, seat), round_no=1, target=150)
    with pytest.raises(ValueError, match="points at no play"):
        BoardScene(seats=(seat, seat, seat), round_no=1, target=150, attack=(0, 0))
    with pytest.raises(ValueError, match="points at no play"):
        BoardScene(seats=(seat, seat, seat), round_no=1, target=150, last=LastMove(5, None))


def test_the_builder_wants_one_name_per_seat() -> None:
    with pytest.raises(ValueError, match="4 seats need 4 names"):
        board_scene(okifu_position("000.yaml", 1, 3).view(), ("Ann", "Bea", "Cy"))


def test_a_five_shi_deal_shows_the_hand_and_who_must_choose() -> None:
    deal = ["ししししし香馬銀", "しし香馬銀金角王", "しし香馬銀金金飛", "し香馬銀金角飛王"]
    rnd = Round(RuleSet(), 0, [parse_pieces(h) for h in deal])
    assert rnd.phase == "goshi"
    scene = board_scene(rnd.view(1, round_no=1), ("Ann", "Bea", "Cy", "Dee"))
    assert [s.shi for s in scene.seats] == [5, 0, 0, 0]
    assert [s.to_move for s in scene.seats] == [False, False, True, False]
    plain = replace(scene, seats=tuple(replace(s, shi=0, to_move=False) for s in scene.seats))
    for seat in (0, 2):  # the 5-Shi holder's note and the chooser's lit plate
        box = ImageChops.difference(draw_board(scene), draw_board(plain)).crop(
            plate_box(4, seat)).getbbox()
        assert box is not None
    rnd.apply(2, REDEAL)
    ended = board_scene(rnd.view(1, round_no=1), ("Ann", "Bea", "Cy", "Dee"))
    assert ended.redeal and not any(s.to_move for s in ended.seats)
    assert ImageChops.difference(draw_board(ended), draw_board(
        replace(ended, redeal=False))).getbbox() is not None


def test_pictures_drawn_from_several_threads_at_once_are_the_same() -> None:
    """The adapter renders off the event loop (asyncio.to_thread), several tables at once."""
    scenes = [replace(four(), round_no=100 + i) for i in range(6)]
    scenes += [replace(three(), round_no=100 + i) for i in range(6)]
    alone = [render_board.__wrapped__(s) for s in scenes]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(render_board, scenes))
    assert together == alone
