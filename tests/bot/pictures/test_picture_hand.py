"""The hand picture: built from its owner's view, bright where a piece may be played."""

from __future__ import annotations

import io

from PIL import Image

from bot.pictures import HandScene, hand_scene, render_hand
from bot.pictures.hand import WIDTH, draw_hand
from goita_core.actions import PASS, Play
from goita_core.pieces import Kind, parse_pieces
from goita_core.round import Round
from goita_core.rules import RuleSet
from tests.bot.pictures.kit import DEAL, Pasted, three_player

Drawn = list[Pasted]


def test_on_its_turn_only_the_pieces_it_may_play_first_are_bright(drawn: Drawn) -> None:
    rnd = Round(RuleSet(), 0, [parse_pieces(h) for h in DEAL])
    rnd.apply(0, Play(Kind.GON, Kind.BAKKO))  # seat 1 must answer 馬: with 馬 or 王
    scene = hand_scene(rnd.view(1), selected=Kind.OU)
    assert scene.playable == frozenset({Kind.BAKKO, Kind.OU}) and scene.selected is Kind.OU
    draw_hand(scene)
    bright = {p.kind for p in drawn if not p.dim}
    assert bright == {Kind.BAKKO, Kind.OU}
    assert len(drawn) == 8


def test_out_of_turn_nothing_is_dimmed_and_no_choice_is_kept() -> None:
    rnd = Round(RuleSet(), 0, [parse_pieces(h) for h in DEAL])
    scene = hand_scene(rnd.view(2), selected=Kind.SHI)
    assert scene.playable is None and scene.selected is None
    assert scene.pieces == tuple(parse_pieces(DEAL[2]))


def test_its_own_face_down_pieces_are_shown_to_it_alone(drawn: Drawn) -> None:
    rnd = Round(RuleSet(), 0, [parse_pieces(h) for h in DEAL])
    rnd.apply(0, Play(Kind.GON, Kind.BAKKO))
    rnd.apply(1, PASS)
    rnd.apply(2, PASS)
    assert hand_scene(rnd.view(0)).face_down == (Kind.GON,)
    assert hand_scene(rnd.view(1)).face_down == ()
    draw_hand(hand_scene(rnd.view(0)))
    assert [p.kind for p in drawn if p.revealed] == [Kind.GON]


def test_ten_pieces_fit_the_width(drawn: Drawn) -> None:
    match = three_player(2, 0)
    scene = hand_scene(match.view(0), name="🦊 " + "W" * 40)
    assert len(scene.pieces) == 10
    picture = Image.open(io.BytesIO(render_hand(scene)))
    assert picture.width == WIDTH
    width = drawn[0].width
    assert 10 * width + 9 * 8 <= WIDTH


def test_the_hand_is_drawn_once_per_scene() -> None:
    scene = HandScene(pieces=(Kind.SHI, Kind.OU))
    assert render_hand(scene) is render_hand(HandScene(pieces=(Kind.SHI, Kind.OU)))


def test_an_empty_hand_is_drawn_without_pieces(drawn: Drawn) -> None:
    picture = Image.open(io.BytesIO(render_hand(HandScene(pieces=(), name="Ann"))))
    assert picture.width == WIDTH and drawn == []
