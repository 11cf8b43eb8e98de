"""A player's hand (an ephemeral message): their pieces and, on their turn, the legal moves
in two clicks. Drawn from the owner's own ``SeatView`` only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.app.table import Table
from bot.i18n import t
from goita_core.actions import Play
from goita_core.pieces import Kind
from goita_core.view import SeatView

from .common import (
    COLOUR_ENDED,
    COLOUR_LOBBY,
    COLOUR_PLAYING,
    Rendered,
    deadline_of,
    piece,
    seat_name,
    solo,
    team_name,
    trim,
)
from .components import button, hint_button, move_arg


def hand_text(hand: Sequence[Kind], lang: str) -> str:
    if not hand:
        return t("hand.empty", lang)
    groups: list[str] = []
    for kind in sorted(set(hand)):
        n = hand.count(kind)
        groups.append(piece(kind, lang) + (f" ×{n}" if n > 1 else ""))
    return t("hand.pieces", lang, pieces=" · ".join(groups), count=len(hand))


def render_hand(table: Table, seat: int, lang: str, first: Kind | None = None,
                note: str | None = None) -> Rendered:
    """The ephemeral hand of ``seat``: its pieces and, on its turn, the legal moves in two
    clicks (first the block or face-down piece, or Pass; then the attack)."""
    match = table.match
    title = t("three.hand.title", lang) if solo(table) else \
        t("hand.title", lang, team=team_name(table.rules.team_of(seat), lang))
    lines: list[str] = []
    if note:
        lines.append(note)
    items: list[discord.ui.Button[Any]] = []
    if table.status == "lobby" or match is None:
        lines.append(t("hand.lobby", lang))
        embed = discord.Embed(title=title, description="\n".join(lines), colour=COLOUR_LOBBY)
        return Rendered(embed, items)
    view = match.view(seat)
    occupant = table.seats[seat]
    away = occupant is not None and occupant.away
    lines.insert(0, hand_text(view.hand, lang))
    version = table.version
    tid = table.id
    if not table.live:
        lines.append(t("hand.closed", lang) if not match.over else t("hand.match_over", lang))
    elif view.phase == "over":
        lines.append(t("hand.match_over", lang) if match.over else t("hand.round_over", lang))
    elif view.phase == "goshi":
        if seat in view.goshi_pending:
            partner = (seat + 2) % table.players  # 5 Shi: 4 players only, partners opposite
            lines.append(t("hand.goshi_prompt", lang, name=seat_name(table, partner, lang)))
            items += [
                button("goshi", tid, t("btn.play_on", lang), version=version, arg="1",
                       style=discord.ButtonStyle.success),
                button("goshi", tid, t("btn.redeal", lang), version=version, arg="0",
                       style=discord.ButtonStyle.danger),
                hint_button(tid, version, t("learn.btn.hint", lang)),
            ]
            when = deadline_of(table, seat)  # the decision is timed like a move
            if when:
                lines.append(t("hand.deadline", lang, when=when))
        else:
            lines += [t("hand.goshi_wait", lang, name=seat_name(table, s, lang))
                      for s in view.goshi_pending]
    elif view.legal:
        items += _move_buttons(table, view, lang, first, lines)
        items.append(hint_button(tid, version, t("learn.btn.hint", lang), row=3))
        when = deadline_of(table, seat)
        if when:
            lines.append(t("hand.deadline", lang, when=when))
    elif not away:
        # Only whose turn it is: the board shows the rest, and a hand that changes on every
        # move would cost one edit per player per move.
        lines.append(t("hand.waiting", lang))
    if away and table.live and view.phase != "over":
        # timed out: a CPU plays the seat until the player opens My hand again
        lines.append(t("hand.away", lang))
    embed = discord.Embed(title=title, description=trim("\n".join(lines), 4096),
                          colour=COLOUR_PLAYING if view.legal else COLOUR_ENDED)
    return Rendered(embed, items)


def _move_buttons(table: Table, view: SeatView, lang: str, first: Kind | None,
                  lines: list[str]) -> list[discord.ui.Button[Any]]:
    tid, version = table.id, table.version
    plays: list[Play] = [a for a in view.legal if isinstance(a, Play)]
    firsts = sorted({p.first for p in plays})
    can_pass = any(a.is_pass for a in view.legal)
    leading = view.attack is None
    if first is not None and first not in firsts:
        first = None  # a stale first click: start over
    items: list[discord.ui.Button[Any]] = []
    if first is None:
        if leading:
            lines.append(t("hand.lead", lang))
        else:
            assert view.attacker is not None and view.attack is not None
            lines.append(t("hand.answer", lang, piece=piece(view.attack, lang),
                           name=seat_name(table, view.attacker, lang)))
        for i, kind in enumerate(firsts):
            items.append(button("pick", tid, piece(kind, lang), version=version,
                                arg=str(int(kind)), style=discord.ButtonStyle.primary,
                                row=i // 4))
        if can_pass:
            items.append(button("play", tid, t("btn.pass", lang), version=version, arg="p",
                                style=discord.ButtonStyle.secondary, row=2))
        return items
    label = t("hand.first_label.face_down" if leading else "hand.first_label.block", lang)
    lines.append(t("hand.choose_attack", lang, first_label=label, first=piece(first, lang)))
    seconds = {p.second for p in plays if p.first == first}
    rest = list(view.hand)
    rest.remove(first)
    shown = sorted(set(rest))
    for i, kind in enumerate(shown):
        legal = kind in seconds
        if not legal and kind != Kind.OU:
            continue  # only Ou is ever an illegal attack; never happens otherwise
        items.append(button("play", tid, piece(kind, lang), version=version,
                            arg=move_arg(Play(first, kind)), style=discord.ButtonStyle.success,
                            disabled=not legal, row=i // 4))
        if not legal:
            lines.append(t("hand.ou_locked", lang))
    items.append(button("back", tid, t("btn.back", lang), version=version, row=2))
    return items
