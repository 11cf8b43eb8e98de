"""What every renderer of a table shares: the message type, colours, names and limits.

Pure functions of a :class:`~bot.app.table.Table` and a language; no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import discord

from bot.app.table import Table
from bot.i18n import t
from goita_core.match import Match
from goita_core.pieces import KANJI, Kind
from goita_core.view import SeatView

from .components import Component, frozen_view

# Colours: lobby blue, playing green, round over gold, ended grey.
COLOUR_LOBBY = 0x3B82F6
COLOUR_PLAYING = 0x16A34A
COLOUR_ROUND_OVER = 0xD97706
COLOUR_ENDED = 0x6B7280

FIELD_MAX = 1024
NAME_MAX = 32


@dataclass(slots=True)
class Rendered:
    """One message's content: what ``send``/``edit`` get."""

    embed: discord.Embed
    items: Sequence[Component]
    content: str | None = None

    def view(self) -> discord.ui.View | None:
        return frozen_view(self.items) if self.items else None

    def key(self) -> tuple[Any, ...]:
        """Equal keys = identical messages (so an unchanged hand is not edited again)."""
        return (self.content, repr(self.embed.to_dict()),
                tuple(repr(i.to_component_dict()) for i in self.items))


def piece(kind: Kind | int, lang: str) -> str:
    k = int(kind)
    name = t(f"piece.{k}", lang)
    # Japanese し is its own reading: "し" rather than "し（し）"
    return KANJI[k] if name == KANJI[k] else t("piece.label", lang, kanji=KANJI[k], name=name)


def clean(name: str) -> str:
    """A user-chosen name made safe for an embed: no markdown, no mentions, bounded."""
    text = discord.utils.escape_mentions(name.strip()[:NAME_MAX]) or "?"
    return discord.utils.escape_markdown(text)


def seat_name(table: Table, index: int, lang: str, plain: bool = False) -> str:
    """The seat's display name; ``plain`` for places without markdown (menu labels)."""
    seat = table.seats[index]
    tidy = (lambda n: n.strip()[:NAME_MAX] or "?") if plain else clean
    if seat is None:
        return t("lobby.empty", lang)
    if seat.kind == "cpu":
        cpu = t("cpu.name", lang, n=index + 1, level=t(f"level.{seat.level or 'normal'}", lang))
        if seat.former_name:
            return f"{cpu} ← {tidy(seat.former_name)}"
        return cpu
    if seat.kind == "engine":  # an operator-configured external program, not a person
        return t("engine.name", lang, name=tidy(seat.name))
    return tidy(seat.name)


def team_name(team: int, lang: str) -> str:
    return t(f"team.{team}", lang)


def solo(table: Table) -> bool:
    """Does every player score alone (the 3-player variant: no teams)?"""
    return table.rules.players == 3


def side_name(table: Table, team: int, lang: str) -> str:
    """Who a score belongs to: a team, or in the 3-player variant the player (team = seat)."""
    return seat_name(table, team, lang) if solo(table) else team_name(team, lang)


def solo_scores(table: Table, scores: Sequence[int], lang: str) -> str:
    """Every player's score, one after the other (the 3-player variant)."""
    return " · ".join(f"{seat_name(table, s, lang)} **{score}**"
                      for s, score in enumerate(scores))


def deadline_of(table: Table, seat: int) -> str | None:
    """When ``seat``'s turn times out, as a Discord timestamp (a live countdown in every
    client), or None if the seat is not timed now."""
    deadline = table.deadlines.turn_deadline
    if deadline is None or seat not in table.timed_seats:
        return None
    return f"<t:{int(deadline)}:R>"


def public_view(match: Match) -> SeatView:
    """What everyone at the table may see: the view of seat 0 with seat 0's own face-down
    pieces hidden (while the round runs) and no hand."""
    view = match.view(0)
    if view.phase == "over":
        return replace(view, hand=(), legal=())
    other = match.view(1)  # hides seat 0's face-down pieces
    history = tuple(replace(a, first=None) if a.seat == 0 and a.lead else a
                    for a in view.history)
    return replace(view, hand=(), legal=(), played=(other.played[0], *view.played[1:]),
                   history=history)


def trim(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def lines_within(lines: Sequence[str], limit: int, sep: str = "\n") -> str:
    """Join the LAST lines that fit in ``limit`` characters."""
    out: list[str] = []
    size = 0
    for line in reversed(lines):
        line = trim(line, limit)
        if size + len(line) + len(sep) > limit:
            break
        out.append(line)
        size += len(line) + len(sep)
    return sep.join(reversed(out))
