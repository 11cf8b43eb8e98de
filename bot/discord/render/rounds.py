"""What the board and the match summary both show of a round: each seat's played
columns and the round's result."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.app.table import Table
from bot.i18n import t
from goita_core.pieces import KANJI
from goita_core.view import SeatView

from .common import piece, seat_name, side_name, solo, team_name, trim

FACE_DOWN = "■"
EMPTY = "・"
TURN_MARK = "▶ "


def _columns(played: Sequence[Any], lang: str, plays: int) -> str:
    """Defence row over attack row, one column per play (at most ``plays``: half a hand)."""
    defence: list[str] = []
    attack: list[str] = []
    for i in range(0, len(played), 2):
        first, second = played[i], played[i + 1]
        defence.append(FACE_DOWN if first.kind is None else KANJI[first.kind])
        attack.append(KANJI[second.kind])
    if not defence:
        return t("board.nothing_played", lang)
    pad = max(0, plays - len(defence))
    defence += [EMPTY] * pad
    attack += [EMPTY] * pad
    return (f"`{t('board.defence', lang)}` {' '.join(defence)}\n"
            f"`{t('board.attack', lang)}` {' '.join(attack)}")


def seat_fields(embed: discord.Embed, table: Table, view: SeatView, lang: str) -> None:
    """One field per seat: name, team, pieces left, and its played columns."""
    over = view.phase == "over"
    for s in range(len(table.seats)):
        seat = table.seats[s]
        tags = []
        if s == view.dealer:
            tags.append(t("seat.dealer", lang))
        if seat is not None and seat.away:
            tags.append(t("seat.away", lang))
        marker = TURN_MARK if (not over and view.phase == "play" and s == view.turn) else ""
        params = {"turn": marker, "name": seat_name(table, s, lang),
                  "left": view.hand_sizes[s], "tags": "".join(f" · {tag}" for tag in tags)}
        if solo(table):
            name = t("three.board.seat", lang, **params)
        else:
            name = t("board.seat", lang, team=team_name(table.rules.team_of(s), lang),
                     **params)
        embed.add_field(name=trim(name, 256),
                        value=_columns(view.played[s], lang, table.rules.hand_size // 2),
                        inline=False)


def result_lines(table: Table, view: SeatView, lang: str) -> list[str]:
    r = view.result
    if r is None:
        return []
    if r.kind == "redeal":
        return [t("round.redeal", lang)]
    assert r.seat is not None and r.team is not None
    name = seat_name(table, r.seat, lang)
    team = side_name(table, r.team, lang)
    if r.kind == "finish":
        assert r.last is not None
        if solo(table):
            line = t("three.round.finish", lang, name=name, piece=piece(r.last, lang),
                     points=r.points)
        else:
            line = t("round.finish", lang, name=name, team=team, piece=piece(r.last, lang),
                     points=r.points)
        if r.doubled:
            line += t("round.doubled", lang)
        lines = [line]
        if any(p.face_down for played in view.played for p in played):
            lines.append(t("round.revealed", lang))
        return lines
    key = "round.goshi_pair" if r.kind == "goshi-pair" else f"round.{r.kind}"
    return [t(key, lang, name=name, team=team, points=r.points)]
