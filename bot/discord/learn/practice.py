"""The practice table of ``/goita learn`` as an ephemeral message: what just happened, the
table from the learner's seat, what to do now, and the buttons to do it (every piece of the
hand is offered, so a wrong move can be tried and is explained)."""

from __future__ import annotations

from typing import Any

import discord

from bot.app.learn.tutorial import Screen
from bot.discord.render.common import COLOUR_ENDED, COLOUR_PLAYING, Rendered, piece, trim
from bot.i18n import t
from goita_core.pieces import Kind
from goita_core.view import PlayedPiece, SeatView

from .ids import tutorial_button
from .words import NameOf, practice_name, render_say

Button = discord.ui.Button[Any]


def _played(p: PlayedPiece, lang: str) -> str:
    if p.kind is None:
        return "▮"  # someone else's face-down piece: never shown
    return f"[{piece(p.kind, lang)}]" if p.face_down else piece(p.kind, lang)


def table_lines(view: SeatView, lang: str, name: NameOf) -> list[str]:
    """A table from one seat's view: what each seat played (others' face-down pieces
    hidden), the seat's own pieces and the attack to answer."""
    lines = []
    for seat, played in enumerate(view.played):
        pieces = " ".join(_played(p, lang) for p in played) or t("learn.ui.nothing", lang)
        lines.append(t("learn.ui.table", lang, who=name(seat), pieces=pieces))
    hand = " · ".join(piece(k, lang) for k in view.hand)
    lines.append(t("learn.ui.hand", lang, pieces=hand or t("hand.empty", lang)))
    if view.attack is not None and view.attacker is not None and view.legal \
            and not view.must_lead:
        lines.append(t("learn.ui.attack", lang, piece=piece(view.attack, lang),
                       who=name(view.attacker)))
    return lines


def render_screen(screen: Screen, user_id: int, lang: str, *, first: Kind | None = None,
                  note: str | None = None) -> Rendered:
    name = practice_name(lang)
    lines: list[str] = []
    if note:
        lines.append(note)
    lines += [render_say(s, lang, name) for s in screen.lines]
    at = (screen.progress.lesson, screen.progress.item)
    items: list[Button] = []
    if screen.waiting == "done" or screen.view is None:
        if screen.summary is not None:
            lines.append("")
            lines.append(render_say(screen.summary, lang, name))
        items.append(tutorial_button(user_id, at, "again", t("learn.btn.restart", lang)))
        embed = discord.Embed(title=t("learn.ui.done", lang),
                              description=trim("\n".join(lines), 4096), colour=COLOUR_ENDED)
        return Rendered(embed, items)
    if lines:
        lines.append("")
    lines += table_lines(screen.view, lang, name)
    if screen.instruction is not None:
        lines += ["", f"**{render_say(screen.instruction, lang, name)}**"]
    if screen.waiting == "read":
        items.append(tutorial_button(user_id, at, "go", t("learn.btn.continue", lang),
                                     style=discord.ButtonStyle.primary))
    else:
        items += _move_buttons(screen.view, user_id, at, lang, first, lines)
    items.append(tutorial_button(user_id, at, "again", t("learn.btn.restart", lang), row=4))
    title = render_say(screen.title, lang, name) if screen.title else t("learn.ui.done", lang)
    embed = discord.Embed(title=title, description=trim("\n".join(lines), 4096),
                          colour=COLOUR_PLAYING)
    embed.set_footer(text=t("learn.ui.step", lang, n=screen.lesson + 1, total=screen.lessons))
    return Rendered(embed, items)


def _move_buttons(view: SeatView, user_id: int, at: tuple[int, int], lang: str,
                  first: Kind | None, lines: list[str]) -> list[Button]:
    """Every piece of the hand as a first piece (and Pass); after a first piece, every other
    piece as the second: the tutorial, not the buttons, says what is wrong."""
    items: list[Button] = []
    if view.phase == "goshi":
        items.append(tutorial_button(user_id, at, "goshi", t("learn.move.play_on", lang),
                                     arg="1", style=discord.ButtonStyle.success))
        items.append(tutorial_button(user_id, at, "goshi", t("learn.move.redeal", lang),
                                     arg="0", style=discord.ButtonStyle.danger))
        return items
    kinds = sorted(set(view.hand))
    if first is None or first not in kinds:
        for i, kind in enumerate(kinds):
            items.append(tutorial_button(user_id, at, "pick", piece(kind, lang),
                                         arg=str(int(kind)), row=i // 4,
                                         style=discord.ButtonStyle.primary))
        items.append(tutorial_button(user_id, at, "play", t("btn.pass", lang), arg="p", row=2))
        return items
    lines.append(t("learn.ui.then", lang, piece=piece(first, lang)))
    rest = list(view.hand)
    rest.remove(first)
    for i, kind in enumerate(sorted(set(rest))):
        items.append(tutorial_button(user_id, at, "play", piece(kind, lang),
                                     arg=f"{int(first)}{int(kind)}", row=i // 4,
                                     style=discord.ButtonStyle.success))
    items.append(tutorial_button(user_id, at, "back", t("btn.back", lang), row=2))
    return items
