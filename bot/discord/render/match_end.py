"""The table's message once it has ended: the match summary (with Rematch) or why the
table closed."""

from __future__ import annotations

from typing import Any

import discord

from bot.app.table import Table
from bot.i18n import has, t
from goita_core.pieces import KANJI
from goita_core.view import SeatView

from .common import (
    COLOUR_ENDED,
    FIELD_MAX,
    Rendered,
    lines_within,
    public_view,
    seat_name,
    side_name,
    solo,
    solo_scores,
    team_name,
    trim,
)
from .components import Component, button, review_table_button
from .rounds import result_lines, seat_fields


def render_match_end(table: Table, lang: str) -> Rendered:
    """Final scores, the players, a summary of the rounds, and Rematch."""
    match = table.match
    desc = _outcome(table, lang)
    last: SeatView | None = None
    if match is not None and match.rounds:
        last = public_view(match)
        if last.phase == "over" and last.result is not None:
            desc.append("")
            desc += result_lines(table, last, lang)
    embed = discord.Embed(title=t("match.title", lang), description=trim("\n".join(desc), 4096),
                          colour=COLOUR_ENDED)
    if last is not None and last.phase == "over" and last.result is not None \
            and last.result.kind == "finish":
        # the last round's board, every face-down piece revealed (its board was replaced
        # by this summary at once, so nobody saw that round's reveal otherwise)
        seat_fields(embed, table, last, lang)
    if match is not None and match.rounds:
        lines = [_round_line(table, n, r, lang) for n, r in enumerate(
            (rnd.result for rnd in match.rounds), start=1) if r is not None]
        text = lines_within(lines, FIELD_MAX - 40)
        hidden = len(lines) - text.count("\n") - 1 if text else len(lines)
        if hidden > 0:
            text = t("match.more_rounds", lang, count=hidden) + "\n" + text
        if text:
            embed.add_field(name=t("match.rounds", lang), value=text, inline=False)
    items: list[Component] = []
    if table.status == "finished" and match is not None and match.over:
        embed.set_footer(text=t("match.footer", lang))  # says what Rematch does
        # the match it follows: a click on an older summary never rematches a later match
        items.append(button("rematch", table.id, t("btn.rematch", lang),
                            arg=str(table.match_no), style=discord.ButtonStyle.success))
    if match is not None and match.rounds and table.started_at is not None \
            and (table.status == "finished" or table.stopped_early):
        items.append(review_table_button(table.id, table.started_at,
                                         t("learn.btn.review", lang)))
    return Rendered(embed, items)


def _outcome(table: Table, lang: str) -> list[str]:
    """Who won (or that the match was stopped) with the final scores, and the teams."""
    match = table.match
    won = match is not None and match.winner is not None and not table.stopped_early
    if solo(table):
        scores = solo_scores(table, match.scores if match is not None else [0] * 3, lang)
        if won:
            assert match is not None and match.winner is not None
            return [t("three.match.winner", lang, name=side_name(table, match.winner, lang),
                      scores=scores)]
        return [t("three.match.stopped", lang, scores=scores)]
    a, b = [*(match.scores if match is not None else []), 0, 0][:2]
    names = {f"{k}{n}": seat_name(table, s, lang)
             for k, n, s in (("a", 1, 0), ("a", 2, 2), ("b", 1, 1), ("b", 2, 3))}
    teams = {"team_a": team_name(0, lang), "team_b": team_name(1, lang)}
    if won:
        assert match is not None and match.winner is not None
        first = t("match.winner", lang, team=team_name(match.winner, lang), a=a, b=b, **teams)
    else:
        first = t("match.stopped", lang, a=a, b=b, **teams)
    return [first, t("match.players", lang, **teams, **names)]


def _round_line(table: Table, n: int, r: Any, lang: str) -> str:
    if r.kind == "redeal":
        return t("match.round_redeal", lang, n=n)
    name = seat_name(table, r.seat, lang)
    team = side_name(table, r.team, lang)
    if solo(table) and r.kind == "finish":
        return t("three.match.round_line", lang, n=n, points=r.points, name=name,
                 piece=KANJI[r.last] + (t("match.doubled", lang) if r.doubled else ""))
    if r.kind == "finish":
        return t("match.round_line", lang, n=n, team=team, points=r.points, name=name,
                 piece=KANJI[r.last] + (t("match.doubled", lang) if r.doubled else ""))
    return t("match.round_special", lang, n=n, team=team, points=r.points, name=name,
             special=t(f"special.{r.kind}", lang))


def render_closed(table: Table, reason: str, lang: str, **params: Any) -> Rendered:
    """The table's message once it has ended without a finished match (or any end when no
    match ran)."""
    if table.match is not None and table.match.rounds:
        rendered = render_match_end(table, lang)
        closed = closed_text(reason, lang, table, **params)
        rendered.embed.description = trim(
            (rendered.embed.description or "") + "\n\n" + closed, 4096)
        return rendered
    embed = discord.Embed(title=t("lobby.title", lang),
                          description=closed_text(reason, lang, table, **params),
                          colour=COLOUR_ENDED)
    return Rendered(embed, [])


def closed_text(reason: str, lang: str, table: Table | None = None, **params: Any) -> str:
    key = f"closed.{reason}"
    if reason == "abandoned" and table is not None and not table.humans():
        key = "closed.left"  # the last human left; nobody was merely away
    if not has(key):  # a reason without words of its own (e.g. "broken")
        key = "closed.other"
    if key == "closed.idle":
        params.setdefault("minutes", 10)
    return t(key, lang, **params)
