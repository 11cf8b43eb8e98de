"""The lobby message: seats, house rules, and the buttons and menus to fill the table."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.app.table import Table
from bot.i18n import t

from .common import COLOUR_LOBBY, Rendered, clean, seat_name, solo, team_name
from .components import Component, button, menu, swaps


def render_lobby(table: Table, lang: str, lobby_minutes: int,
                 engines: Sequence[str] = ()) -> Rendered:
    """The lobby; ``engines`` are the external engines the operator configured (a menu to
    seat one appears only when there is at least one)."""
    host = next((s for s in table.seats if s is not None and s.user_id == table.host_id), None)
    host_name = clean(host.name) if host is not None else f"<@{table.host_id}>"
    lines = [t("lobby.host", lang, host=host_name), t("lobby.target", lang, target=table.target)]
    if table.rules.double_any_seventh:
        lines.append(t("lobby.house.double_any_seventh", lang))
    if solo(table):
        lines.append(t("three.lobby.solo", lang))
    else:
        lines.append(t("lobby.teams", lang, team_a=team_name(0, lang),
                       team_b=team_name(1, lang)))
    lines.append("")
    for i in range(len(table.seats)):
        team = "" if solo(table) else f" · {team_name(table.rules.team_of(i), lang)}"
        lines.append(f"**{i + 1}.** {seat_name(table, i, lang)}{team}")
    embed = discord.Embed(title=t("lobby.title", lang), description="\n".join(lines),
                          colour=COLOUR_LOBBY)
    embed.set_footer(text=t("three.lobby.footer" if solo(table) else "lobby.footer", lang,
                            minutes=lobby_minutes))
    tid = table.id
    full = table.full
    items: list[Component] = [
        button("join", tid, t("btn.join", lang), style=discord.ButtonStyle.primary,
               disabled=full, row=0),
        button("leave", tid, t("btn.leave", lang), row=0),
        button("start", tid, t("btn.start", lang), style=discord.ButtonStyle.success,
               disabled=not full, row=0),
        button("cancel", tid, t("btn.cancel", lang), style=discord.ButtonStyle.danger, row=0),
        *[button("cpu", tid, t(f"btn.cpu.{level}", lang), arg=level, disabled=full, row=1)
          for level in ("easy", "normal", "hard")],
        button("shuffle", tid, t("btn.shuffle", lang), row=1),
        menu("swap", tid, t("lobby.swap", lang),
             [(t("lobby.swap_option", lang, a=a + 1, b=b + 1), f"{a}-{b}")
              for a, b in swaps(table.players)],
             row=2),
    ]
    removable = [(t("lobby.remove_option", lang, n=i + 1,
                    name=seat_name(table, i, lang, plain=True)),
                  str(i)) for i, s in enumerate(table.seats)
                 if s is not None and not (s.is_human and s.user_id == table.host_id)]
    if removable:
        items.append(menu("remove", tid, t("lobby.remove", lang), removable, row=3))
    if engines:  # the fifth and last row Discord allows
        items.append(menu("engine", tid, t("lobby.engine", lang),
                          [(t("engine.name", lang, name=name), name) for name in engines[:25]],
                          disabled=full, row=4))
    return Rendered(embed, items)
