"""The public board of a running (or just finished) match.

Hidden information: the board is drawn from :func:`~.common.public_view` (no seat's
face-down pieces until the round is over, no hands).
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.app.table import Table
from bot.i18n import t

from .common import (
    COLOUR_PLAYING,
    COLOUR_ROUND_OVER,
    FIELD_MAX,
    Rendered,
    deadline_of,
    lines_within,
    piece,
    public_view,
    seat_name,
    solo,
    solo_scores,
    team_name,
    trim,
)
from .components import button
from .log import log_lines
from .match_end import render_match_end
from .rounds import result_lines, seat_fields


def _scores_line(table: Table, scores: Sequence[int], lang: str) -> str:
    if solo(table):
        return t("three.board.scores", lang, scores=solo_scores(table, scores, lang),
                 target=table.target)
    a, b = [*scores, 0, 0][:2]
    return t("board.scores", lang, team_a=team_name(0, lang), a=a, team_b=team_name(1, lang),
             b=b, target=table.target)


def render_board(table: Table, lang: str, turn_seconds: int,
                 extra_lines: Sequence[str] = ()) -> Rendered:
    """The public board of a running (or just finished) match."""
    match = table.match
    if match is None:
        raise ValueError("the board needs a running match")
    if match.over and table.status != "playing":
        return render_match_end(table, lang)
    view = public_view(match)
    over = view.phase == "over"
    desc = [_scores_line(table, match.scores, lang)]
    if view.shi:
        desc += [t("log.shi", lang, name=seat_name(table, s, lang), count=c)
                 for s, c in view.shi]
    if over:
        desc += result_lines(table, view, lang)
        if not match.over:
            desc.append(t("round.next", lang))
    elif view.phase == "goshi":
        desc += [t("board.goshi_wait", lang, name=seat_name(table, s, lang))
                 for s in view.goshi_pending]
    else:
        if view.attack is not None and view.attacker is not None:
            desc.append(t("board.attack_to_answer", lang, piece=piece(view.attack, lang),
                          name=seat_name(table, view.attacker, lang)))
            turn = t("board.turn", lang, name=seat_name(table, view.turn, lang))
        else:
            turn = t("board.turn_lead", lang, name=seat_name(table, view.turn, lang))
        when = deadline_of(table, view.turn)
        desc.append(turn + (t("board.deadline", lang, when=when) if when else ""))
    desc += list(extra_lines)
    colour = COLOUR_ROUND_OVER if over else COLOUR_PLAYING
    embed = discord.Embed(title=t("round.title" if over else "board.title", lang,
                                  round=match.round_no),
                          description=trim("\n".join(desc), 4096), colour=colour)
    seat_fields(embed, table, view, lang)
    recent = log_lines(table, lang)
    if recent:
        embed.add_field(name=t("board.last_moves", lang),
                        value=lines_within(recent, FIELD_MAX), inline=False)
    embed.set_footer(text=t("board.footer", lang, seconds=turn_seconds))
    items = [button("hand", table.id, t("btn.hand", lang), style=discord.ButtonStyle.primary)]
    return Rendered(embed, items)
