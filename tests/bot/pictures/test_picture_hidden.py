"""No face-down piece of any seat is in a board picture before the round ends: the pieces
drawn are recorded and compared with what the table has seen, and pictures of positions
that differ only in hidden pieces are the same picture."""

from __future__ import annotations

from collections import Counter

from bot.pictures import board_scene, render_board
from bot.pictures.board import draw_board
from goita_core.actions import PASS, Play
from goita_core.pieces import Kind, parse_pieces
from goita_core.round import Round
from goita_core.rules import RuleSet
from tests.bot.pictures.kit import DEAL, Pasted, Position, okifu_positions, three_player

Drawn = list[Pasted]


def table_sees(rnd: Round) -> tuple[Counter[Kind | None], int]:
    """What everyone at the table has seen: the kinds face up (a face-down lead counts as
    None until the round is over) and how many pieces lie face down."""
    seen: Counter[Kind | None] = Counter()
    face_down = 0
    for _seat, action, lead in rnd.history:
        if isinstance(action, Play):
            seen[action.second] += 1
            if lead:
                face_down += 1
                seen[action.first if rnd.over else None] += 1
            else:
                seen[action.first] += 1
    return seen, face_down


def check(position: Position, drawn: Drawn) -> None:
    rnd = position.round
    seen, face_down = table_sees(rnd)
    for seat in range(rnd.n):  # whoever's view the board is built from
        drawn.clear()
        draw_board(board_scene(position.view(seat), position.names))
        assert Counter(p.kind for p in drawn) == seen
        revealed = sum(1 for p in drawn if p.revealed)
        assert revealed == (face_down if rnd.over else 0)


def test_the_pieces_drawn_are_what_the_table_has_seen_in_real_matches(drawn: Drawn) -> None:
    for i, position in enumerate(okifu_positions(files=3)):
        if i % 3 == 0:  # a third of the positions of three whole matches, every seat's view
            check(position, drawn)


def test_the_pieces_drawn_are_what_the_table_has_seen_with_three_seats(drawn: Drawn) -> None:
    for moves in range(0, 40, 3):
        match = three_player(11, moves)
        check(Position(match.round, tuple(match.scores), match.round_no,
                       ("Ann", "Bob", "Cy")), drawn)


def test_every_seats_view_gives_the_same_board() -> None:
    for i, position in enumerate(okifu_positions(files=1)):
        if i % 7:
            continue
        boards = {render_board(board_scene(position.view(s), position.names))
                  for s in range(4)}
        assert len(boards) == 1


# two deals that differ only in hidden pieces: seat 0's face-down lead and seat 2's hand
DEAL_B = ("しし銀馬銀金角王", "しし香馬銀金角王", "ししし香馬香金飛", "ししし香馬銀金飛")


def test_positions_that_differ_only_in_hidden_pieces_give_the_same_picture() -> None:
    pictures = []
    for deal, lead in ((DEAL, Kind.GON), (DEAL_B, Kind.GIN)):
        rnd = Round(RuleSet(), 0, [parse_pieces(h) for h in deal])
        rnd.apply(0, Play(lead, Kind.BAKKO))
        rnd.apply(1, PASS)
        pictures.append([render_board(board_scene(rnd.view(s, round_no=1), "ABCD"))
                         for s in range(4)])
    assert pictures[0] == pictures[1]
    assert len(set(pictures[0])) == 1
