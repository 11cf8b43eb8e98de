"""The learning features' messages in the reader's language: a
:class:`~bot.app.learn.say.Say` (a catalog key and its parameters) with its pieces as labels
and its seats as names, and an action in words."""

from __future__ import annotations

from collections.abc import Callable

from bot.app.learn.say import Say
from bot.discord.render.common import piece
from bot.i18n import t
from goita_core.actions import PASS, PLAY_ON, REDEAL, Action, Play
from goita_core.pieces import Kind

#: the parameters that name a seat
SEAT_PARAMS = frozenset({"seat", "partner", "who"})

NameOf = Callable[[int], str]


def practice_name(lang: str) -> NameOf:
    """Who sits where at the practice table, from the learner's seat (0)."""
    return lambda seat: t(f"learn.who.{seat % 4}", lang)


def render_say(message: Say, lang: str, name_of: NameOf) -> str:
    params: dict[str, object] = {}
    for name, value in message.params.items():
        if isinstance(value, Kind):
            params[name] = piece(value, lang)
        elif name in SEAT_PARAMS and isinstance(value, int):
            params[name] = name_of(value)
        else:
            params[name] = value
    return t(message.key, lang, **params)


def move_words(action: Action, lang: str, leading: bool) -> str:
    """An action as the learner reads it: "香 Gon face down, attack 銀 Gin", "Pass"..."""
    if action is PASS:
        return t("learn.move.pass", lang)
    if action is PLAY_ON:
        return t("learn.move.play_on", lang)
    if action is REDEAL:
        return t("learn.move.redeal", lang)
    assert isinstance(action, Play)
    key = "learn.move.lead" if leading else "learn.move.block"
    return t(key, lang, first=piece(action.first, lang), second=piece(action.second, lang))


def points(value: float) -> str:
    """Expected points, to one decimal."""
    return f"{value:+.1f}"
