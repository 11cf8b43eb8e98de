"""The learning messages' buttons and what their custom ids carry, so the buttons of old
messages keep working after a restart::

    glearn:t:<user>:<lesson>.<item>:<action>:<arg>   the practice table (the learner's own)
        action: pick (arg: a kind 0-7, the first piece), back, play (arg "p" for pass or
        two kinds "<first><second>"), goshi (1 play on, 0 redeal), go (Continue),
        again (Start again); <lesson>.<item> is the step the button was drawn at
    glearn:hint:<table>:<version>                    the hand's Hint (drawn by
                                                     bot.discord.render.components)
    glearn:ro:<match>                                open the review of a recorded match
    glearn:rv:<match>:<seat>:<index>:<tag>           a review's decision (tag p/n keeps
                                                     Previous and Next distinct)
"""

from __future__ import annotations

from typing import Any

import discord

TUTORIAL = (r"glearn:t:(?P<user>[0-9]{1,20}):(?P<lesson>[0-9]{1,3})\.(?P<item>[0-9]{1,4})"
            r":(?P<action>pick|back|play|goshi|go|again):(?P<arg>[0-9a-z-]{1,4})")
REVIEW_OPEN = r"glearn:ro:(?P<match>[0-9]{1,19})"
REVIEW_PAGE = (r"glearn:rv:(?P<match>[0-9]{1,19}):(?P<seat>[0-9]):(?P<index>[0-9]{1,4})"
               r":(?P<tag>[a-z])")


def tutorial_button(user_id: int, at: tuple[int, int], action: str, label: str, *,
                    arg: str = "-", style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                    row: int | None = None) -> discord.ui.Button[Any]:
    lesson, item = at
    return discord.ui.Button(
        label=label[:80] or "?", style=style, row=row,
        custom_id=f"glearn:t:{user_id}:{lesson}.{item}:{action}:{arg}")


def review_open_button(match_id: int, label: str, *, row: int | None = None
                       ) -> discord.ui.Button[Any]:
    return discord.ui.Button(label=label[:80], row=row, custom_id=f"glearn:ro:{match_id}")


def review_page_button(match_id: int, seat: int, index: int, tag: str, label: str, *,
                       disabled: bool = False) -> discord.ui.Button[Any]:
    return discord.ui.Button(label=label[:80], disabled=disabled,
                             custom_id=f"glearn:rv:{match_id}:{seat}:{index}:{tag}")
