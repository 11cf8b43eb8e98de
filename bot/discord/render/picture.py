"""The board and hand pictures of a table (``bot.pictures``), with the reader's words.

Only what the text renderers may show goes into a picture: the board is built from
:func:`~.common.public_view` (``board_scene`` hides every face-down piece until the round
ends), a hand from its owner's own view. Nothing is drawn here: a :class:`Picture` is
drawn when its message is sent (:meth:`Rendered.attachments`, off the event loop).
"""

from __future__ import annotations

from functools import cache

from bot.app.table import Table
from bot.i18n import t
from bot.pictures import Labels, board_scene, hand_scene
from goita_core.pieces import Kind

from .common import Picture, public_view, seat_name, team_name

BOARD_FILE = "board.png"
HAND_FILE = "hand.png"


def pictures_on(table: Table) -> bool:
    """Whether the table's messages carry pictures (its server's setting when it opened;
    on for a table stored before settings existed)."""
    return table.settings is None or table.settings.board_pictures


@cache
def labels(lang: str) -> Labels:
    """The picture's words in ``lang``, as the templates ``bot.pictures`` fills in."""

    def template(key: str, *names: str) -> str:
        return t(f"picture.{key}", lang, **{n: "{" + n + "}" for n in names})

    return Labels(
        round=template("round", "n"), target=template("target", "target"),
        left=template("left", "n"), points=template("points", "points"),
        dealer=template("dealer"), passed=template("passed"), away=template("away"),
        redeal=template("redeal"), won=template("won", "points"),
        doubled=template("doubled"), shi=template("shi", "count"),
        seat=template("seat", "n"), teams=(team_name(0, lang), team_name(1, lang)),
        hand_title=template("hand_title"), face_down=template("face_down"))


def board_picture(table: Table, lang: str) -> Picture | None:
    """The public board of the table's round, or None without a match."""
    match = table.match
    if match is None:
        return None
    names = [seat_name(table, s, lang, plain=True) for s in range(table.players)]
    away = [seat is not None and seat.away for seat in table.seats]
    scene = board_scene(public_view(match), names, labels(lang), away)
    return Picture(BOARD_FILE, scene, t("picture.alt", lang, round=match.round_no))


def hand_picture(table: Table, seat: int, lang: str, first: Kind | None = None
                 ) -> Picture | None:
    """``seat``'s own hand (for its owner only), or None without a match."""
    match = table.match
    if match is None:
        return None
    scene = hand_scene(match.view(seat), first, seat_name(table, seat, lang, plain=True),
                       labels(lang))
    return Picture(HAND_FILE, scene, t("picture.hand_title", lang))
