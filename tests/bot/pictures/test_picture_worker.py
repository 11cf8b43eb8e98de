"""The drawing process's loop (``bot.pictures.worker.serve``), on in-memory pipes: one
answer per request, in order, by id; a drawing that fails answers its traceback and the
next request is still drawn; the end of the input ends it, a cut request too."""

from __future__ import annotations

import io
import pickle

from bot.pictures import BoardScene, board_scene, render_board
from bot.pictures.worker import HEADER, serve
from tests.bot.pictures.kit import okifu_position


def frame(message: object) -> bytes:
    data = pickle.dumps(message)
    return len(data).to_bytes(HEADER, "big") + data


def answers(stream: bytes) -> list[tuple[object, bytes | None, str | None]]:
    out, at = [], 0
    while at < len(stream):
        size = int.from_bytes(stream[at:at + HEADER], "big")
        out.append(pickle.loads(stream[at + HEADER:at + HEADER + size]))
        at += HEADER + size
    return out


def scene(moves: int = 9) -> BoardScene:
    position = okifu_position("000.yaml", 3, moves)
    return board_scene(position.view(), position.names)


def served(requests: bytes) -> list[tuple[object, bytes | None, str | None]]:
    out = io.BytesIO()
    serve(io.BytesIO(requests), out)
    return answers(out.getvalue())


def test_each_request_is_answered_in_order_by_its_id() -> None:
    got = served(frame((7, "ping", None)) + frame((3, "board", scene(9)))
                 + frame((5, "board", scene(10))))
    assert got == [(7, b"", None), (3, render_board(scene(9)), None),
                   (5, render_board(scene(10)), None)]


def test_a_failed_drawing_answers_its_error_and_the_next_is_drawn() -> None:
    got = served(frame((1, "board", "not a scene")) + frame((2, "nothing", None))
                 + b"\x00\x00\x00\x03abc" + frame((4, "board", scene())))
    assert [(i, png) for i, png, _ in got] == [(1, None), (2, None), (None, None),
                                               (4, render_board(scene()))]
    errors = [error or "" for _, _, error in got]
    assert "Traceback" in errors[0] and "KeyError: 'nothing'" in errors[1]
    assert errors[2] and errors[3] == ""


def test_the_end_of_the_input_ends_it_even_mid_request() -> None:
    whole = frame((1, "ping", None))
    assert served(whole + whole[:-2]) == [(1, b"", None)]
    assert served(b"\x00\x00") == []


def test_modules_lists_what_the_process_imported() -> None:
    (_, listed, error), = served(frame((1, "modules", None)))
    assert error is None and listed is not None
    assert "bot.pictures.worker" in listed.decode().splitlines()
