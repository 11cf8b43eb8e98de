"""Pictures of the game for the Discord adapter: the board and a hand as PNG bytes.

Discord-free and pure (Pillow only; the fonts ship as package data)::

    scene = board_scene(match.view(0), names, labels)   # public: no hidden piece
    png = render_board(scene)                            # bytes, cached by scene
    hand = render_hand(hand_scene(match.view(seat), selected, name, labels))

Rendering takes a few milliseconds on a cache miss: call it off the event loop
(``asyncio.to_thread``, or a process pool: scenes pickle, and this package imports no
more than Pillow and goita_core). Both render functions are thread-safe.
"""

from . import board as _board
from . import draw as _draw
from . import hand as _hand
from .board import render_board
from .build import board_scene, hand_scene
from .hand import render_hand
from .scene import BoardScene, HandScene, Labels, LastMove, SeatScene, Tile


def warm() -> None:
    """Prepare what every picture shares (the palettes, the empty boards), so that a new
    drawing process's first picture costs what any other does."""
    with _draw.LOCK:
        for seats in (3, 4):
            _board._indexed_background(seats)
        _hand._palette()

__all__ = [
    "BoardScene",
    "HandScene",
    "Labels",
    "LastMove",
    "SeatScene",
    "Tile",
    "board_scene",
    "hand_scene",
    "render_board",
    "render_hand",
    "warm",
]
