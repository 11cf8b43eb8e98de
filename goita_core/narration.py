"""One narrator for every front end: a game event becomes a catalog line ``(key, params)``.

The board log of the Discord bot, its replay and the terminal game all narrate through
:func:`narrate` and only differ in the texts they keep for the keys (``bot/i18n`` catalogs
for the bot, English texts in :mod:`goita_core.tools.terminal`).

Keys and params (``seat`` is a seat index, ``name`` that seat's name when names are given;
pieces are kanji)::

    log.shi (seat, name, count)             log.goshi_wait (seat, name, holder)
    log.goshi_decided (seat, name, play_on) log.redeal (reason, seat)
    log.led (seat, name, attack[, face_down])   face_down only with reveal=True
    log.blocked (seat, name, block, attack, answered)
    log.passed (seat, name)                 log.lead_again (seat, name)
    log.round_won (seat, name, team, points, doubled, last, special)
    log.match_won (team, scores)

A face-down piece is never in a line unless the caller asks for it (``reveal``): a lead is
public without it (:meth:`goita_core.events.Led.public`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .events import (
    Blocked,
    Event,
    GoshiDecided,
    GoshiDecisionRequested,
    Led,
    MatchWon,
    MustLeadAgain,
    Passed,
    Redeal,
    RoundWon,
    ShiDeclared,
)
from .pieces import KANJI

#: a catalog line: the message key and its parameters
Line = tuple[str, dict[str, Any]]


def narrate(event: Event, names: Sequence[str] | None = None, *,
            reveal: bool = False) -> Line | None:
    """The line for ``event`` (None for an event nobody narrates). With ``names`` (by seat),
    every line about one seat's doing also has that seat's ``name``. ``reveal`` shows a
    lead's face-down piece (``face_down``): for its own player, or a finished game."""

    def about(seat: int, **params: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": seat}
        if names is not None:
            out["name"] = names[seat] if 0 <= seat < len(names) else "?"
        out.update(params)
        return out

    if isinstance(event, ShiDeclared):
        return "log.shi", about(event.seat, count=event.count)
    if isinstance(event, GoshiDecisionRequested):
        return "log.goshi_wait", about(event.seat, holder=event.holder)
    if isinstance(event, GoshiDecided):
        return "log.goshi_decided", about(event.seat, play_on=event.play_on)
    if isinstance(event, Redeal):
        return "log.redeal", {"reason": event.reason, "seat": event.seat}
    if isinstance(event, Led):
        params = about(event.seat, attack=KANJI[event.attack])
        if reveal and event.face_down is not None:
            params["face_down"] = KANJI[event.face_down]
        return "log.led", params
    if isinstance(event, Blocked):
        return "log.blocked", about(event.seat, block=KANJI[event.block],
                                    attack=KANJI[event.attack],
                                    answered=KANJI[event.answered])
    if isinstance(event, Passed):
        return "log.passed", about(event.seat)
    if isinstance(event, MustLeadAgain):
        return "log.lead_again", about(event.seat)
    if isinstance(event, RoundWon):
        return "log.round_won", about(
            event.seat, team=event.team, points=event.points, doubled=event.doubled,
            last=None if event.last is None else KANJI[event.last], special=event.special)
    if isinstance(event, MatchWon):
        return "log.match_won", {"team": event.team, "scores": list(event.scores)}
    return None
