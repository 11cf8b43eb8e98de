"""The buttons and menus the table's messages carry, and what their custom ids say.

A custom id carries all the state a click needs, so a click is routed by the id's pattern
(``bot.discord.game.buttons``: one ``discord.ui.DynamicItem`` per family) without any
stored View, and buttons keep working after a restart.

Button ids (at most ~45 characters, Discord allows 100)::

    goita:<action>:<table id>:<version>:<arg>

``version`` is the table's step counter when the button was drawn (0 = not checked, for
lobby and board buttons); ``arg`` is action specific ("-" when unused):

=========  ==========================================================
action     arg
=========  ==========================================================
join       -            leave    -          cpu      easy|normal|hard
start      -            cancel   -          shuffle  -
hand       -            (the board's My hand)
pick       kind 0-7     (first click: the block or face-down piece)
play       "p" (pass) or two kinds "<first><second>", e.g. "52"
back       -            (undo the first click)
goshi      1 (play on) or 0 (redeal)
rematch    -            stop     -|lobby    (confirm of /goita stop)
=========  ==========================================================

The hand's Hint button (routed by ``bot.discord.learn.buttons.HintButton``)::

    glearn:hint:<table id>:<version>

and the match summary's Review (the caller's review of the match the table started at
``started_at``, in milliseconds)::

    glearn:rt:<table id>:<started_at ms>

Menu ids: ``goita:<kind>:<table id>`` with the choice as the selected value: swap (host,
"a-b") and remove (host, "a"), engine (an operator-configured external engine by name;
engine names may be longer than a button arg allows).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from goita_core.actions import PASS, Action, Play

#: the button families and the actions each routes (see bot.discord.game.buttons)
LOBBY_ACTIONS = ("join", "leave", "cpu", "start", "cancel", "shuffle", "rematch")
MOVE_ACTIONS = ("pick", "play", "back", "goshi")
ACTIONS = (*LOBBY_ACTIONS, "hand", *MOVE_ACTIONS, "stop")
MENU_KINDS = ("swap", "remove", "engine")


def button_template(actions: Sequence[str]) -> re.Pattern[str]:
    """The custom ids of buttons with one of ``actions``."""
    return re.compile(
        r"goita:(?P<action>" + "|".join(actions) + r"):(?P<table>[0-9]{1,19})"
        r":(?P<version>[0-9]{1,12}):(?P<arg>[0-9a-z-]{1,8})"
    )


def menu_template(kinds: Sequence[str] = MENU_KINDS) -> re.Pattern[str]:
    return re.compile(r"goita:(?P<kind>" + "|".join(kinds) + r"):(?P<table>[0-9]{1,19})")


_ANY_BUTTON = button_template(ACTIONS)
_ANY_MENU = menu_template()

def swaps(players: int) -> list[tuple[int, int]]:
    """The seat pairs the lobby's swap menu offers (value "a-b", seats 0-based)."""
    return [(a, b) for a in range(players) for b in range(a + 1, players)]


@dataclass(frozen=True, slots=True)
class ButtonId:
    action: str
    table_id: int
    version: int = 0
    arg: str = "-"

    def encode(self) -> str:
        text = f"goita:{self.action}:{self.table_id}:{self.version}:{self.arg}"
        if not _ANY_BUTTON.fullmatch(text):
            raise ValueError(f"not a valid button id: {text!r}")
        return text

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ButtonId:
        return cls(match["action"], int(match["table"]), int(match["version"]), match["arg"])

    @classmethod
    def parse(cls, custom_id: str | None) -> ButtonId | None:
        m = _ANY_BUTTON.fullmatch(custom_id or "")
        return None if m is None else cls.from_match(m)


@dataclass(frozen=True, slots=True)
class MenuId:
    kind: str
    table_id: int

    def encode(self) -> str:
        text = f"goita:{self.kind}:{self.table_id}"
        if not _ANY_MENU.fullmatch(text):
            raise ValueError(f"not a valid menu id: {text!r}")
        return text

    @classmethod
    def parse(cls, custom_id: str | None) -> MenuId | None:
        m = _ANY_MENU.fullmatch(custom_id or "")
        return None if m is None else cls(m["kind"], int(m["table"]))


Component = discord.ui.Button[Any] | discord.ui.Select[Any]


def button(
    action: str,
    table_id: int,
    label: str,
    *,
    version: int = 0,
    arg: str = "-",
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    disabled: bool = False,
    row: int | None = None,
) -> discord.ui.Button[Any]:
    return discord.ui.Button(label=label[:80] or "?", style=style, disabled=disabled, row=row,
                             custom_id=ButtonId(action, table_id, version, arg).encode())


def menu(kind: str, table_id: int, placeholder: str, options: Sequence[tuple[str, str]], *,
         disabled: bool = False, row: int | None = None) -> discord.ui.Select[Any]:
    """A one-choice menu; ``options`` are (label, value) pairs, at most 25 shown."""
    return discord.ui.Select(
        custom_id=MenuId(kind, table_id).encode(), placeholder=placeholder[:150],
        options=[discord.SelectOption(label=label[:100], value=value[:100])
                 for label, value in options[:25]],
        min_values=1, max_values=1, disabled=disabled, row=row)


def frozen_view(items: Sequence[discord.ui.Item[Any]]) -> discord.ui.View:
    """A View holding ``items`` that discord.py will not store nor time out: clicks are
    routed by the DynamicItem templates, so no per-message View needs to stay alive (each
    stored ephemeral View would keep a 15-minute timeout task and its objects)."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    view.stop()
    return view


HINT_TEMPLATE = r"glearn:hint:(?P<table>[0-9]{1,19}):(?P<version>[0-9]{1,12})"


def hint_button(table_id: int, version: int, label: str, *, row: int | None = None
                ) -> discord.ui.Button[Any]:
    """The hand's Hint (its answer is private: ``bot.discord.learn``)."""
    return discord.ui.Button(label=label[:80] or "?", style=discord.ButtonStyle.secondary,
                             emoji="💡", row=row, custom_id=f"glearn:hint:{table_id}:{version}")


REVIEW_TABLE_TEMPLATE = r"glearn:rt:(?P<table>[0-9]{1,19}):(?P<start>[0-9]{1,16})"


def review_table_button(table_id: int, started_at: float, label: str
                        ) -> discord.ui.Button[Any]:
    """The match summary's Review (answered privately: ``bot.discord.learn``)."""
    return discord.ui.Button(label=label[:80] or "?", style=discord.ButtonStyle.secondary,
                             custom_id=f"glearn:rt:{table_id}:{round(started_at * 1000)}")


def move_arg(play: Play) -> str:
    """The arg of the "play" button for ``play``."""
    return f"{int(play.first)}{int(play.second)}"


def action_from_arg(arg: str) -> Action | None:
    """The action a "play" button stands for, or None if the arg is malformed."""
    if arg == "p":
        return PASS
    if len(arg) == 2 and arg.isdigit() and all(c in "01234567" for c in arg):
        return Play(int(arg[0]), int(arg[1]))
    return None
