"""Renderers of a table's messages: the lobby, the board (with round and match end) and a
player's hand. Pure functions of a :class:`~bot.app.table.Table` and a language; no I/O.

Everything stays within Discord's limits with the longest names (32 characters, every
character escaped) and full columns; ``tests/bot/discord/render/`` checks that.
"""

from .board import render_board
from .common import COLOUR_ENDED, COLOUR_LOBBY, Rendered, public_view
from .hand import render_hand
from .lobby import render_lobby
from .match_end import render_closed, render_match_end
from .rounds import FACE_DOWN

__all__ = [
    "COLOUR_ENDED",
    "COLOUR_LOBBY",
    "FACE_DOWN",
    "Rendered",
    "public_view",
    "render_board",
    "render_closed",
    "render_hand",
    "render_lobby",
    "render_match_end",
]
