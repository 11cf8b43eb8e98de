"""The stats messages' buttons and what their custom ids carry, so the buttons of old
messages keep working after a restart::

    gstats:lb:<guild>:<rating|wins>:<page>      leaderboard page (anyone may page)
    gstats:hist:<user>:<page>[:<opponent>]      the user's history page (ephemeral),
                                                against one opponent
    gstats:dl:<match>:<yaml|json>               send the kifu / native record (ephemeral)
    gstats:rp:<match>:<frame>:<tag>             replay frame; tag keeps ids unique per message

Tag "o" opens a replay (a new message); the others move within one.
"""

from __future__ import annotations

from typing import Any, Literal

import discord

from bot.app.standings import LeaderboardSort

LEADERBOARD = r"gstats:lb:(?P<guild>[0-9]{1,20}):(?P<sort>rating|wins):(?P<page>[0-9]{1,6})"
HISTORY = r"gstats:hist:(?P<user>[0-9]{1,20}):(?P<page>[0-9]{1,6})(?::(?P<opp>[0-9]{1,20}))?"
DOWNLOAD = r"gstats:dl:(?P<match>[0-9]{1,19}):(?P<fmt>yaml|json)"
REPLAY = r"gstats:rp:(?P<match>[0-9]{1,19}):(?P<frame>[0-9]{1,6}):(?P<tag>[a-z])"

Format = Literal["yaml", "json"]


def leaderboard_button(guild_id: int, sort: LeaderboardSort, page: int, label: str, *,
                       disabled: bool = False,
                       style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                       ) -> discord.ui.Button[Any]:
    return discord.ui.Button(label=label, style=style, disabled=disabled,
                             custom_id=f"gstats:lb:{guild_id}:{sort}:{page}")


def history_button(user_id: int, page: int, label: str, *, disabled: bool = False,
                   row: int | None = None, opponent: int | None = None
                   ) -> discord.ui.Button[Any]:
    against = "" if opponent is None else f":{opponent}"
    return discord.ui.Button(label=label, disabled=disabled, row=row,
                             custom_id=f"gstats:hist:{user_id}:{page}{against}")


def download_button(match_id: int, fmt: Format, label: str, *,
                    row: int | None = None) -> discord.ui.Button[Any]:
    return discord.ui.Button(label=label, row=row, custom_id=f"gstats:dl:{match_id}:{fmt}")


def replay_button(match_id: int, frame: int, tag: str, label: str, *, disabled: bool = False,
                  row: int | None = None) -> discord.ui.Button[Any]:
    return discord.ui.Button(label=label, disabled=disabled, row=row,
                             custom_id=f"gstats:rp:{match_id}:{frame}:{tag}")
