"""Every button of the bot: one ``discord.ui.DynamicItem`` whose custom_id carries all the
state a click needs, so clicks route without any stored View and keep working after a
restart (``bot.add_dynamic_items(GoitaButton)``).

custom_id format (at most ~45 characters, Discord allows 100)::

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
rematch    -            stop     -          (confirm of /goita stop)
=========  ==========================================================

The lobby's menus are :class:`LobbySelect` (``goita:<kind>:<table id>``, the choice is the
selected value): swap and remove (host), engine (an operator-configured external engine by
name; engine names may be longer than a button arg allows).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:
    from .game import GameController

log = logging.getLogger(__name__)

ACTIONS = ("join", "leave", "cpu", "start", "cancel", "shuffle", "hand", "pick", "play",
           "back", "goshi", "rematch", "stop")
_TEMPLATE = re.compile(
    r"goita:(?P<action>" + "|".join(ACTIONS) + r"):(?P<table>[0-9]{1,19}):(?P<version>[0-9]{1,12})"
    r":(?P<arg>[0-9a-z-]{1,8})"
)


@dataclass(frozen=True, slots=True)
class ButtonId:
    action: str
    table_id: int
    version: int = 0
    arg: str = "-"

    def encode(self) -> str:
        text = f"goita:{self.action}:{self.table_id}:{self.version}:{self.arg}"
        if not _TEMPLATE.fullmatch(text):
            raise ValueError(f"not a valid button id: {text!r}")
        return text

    @classmethod
    def parse(cls, custom_id: str) -> ButtonId | None:
        m = _TEMPLATE.fullmatch(custom_id)
        if m is None:
            return None
        return cls(m["action"], int(m["table"]), int(m["version"]), m["arg"])


class GoitaButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=_TEMPLATE):
    def __init__(
        self,
        bid: ButtonId,
        label: str = "",
        *,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(label=label[:80] or "?", style=style, custom_id=bid.encode(),
                              disabled=disabled),
            row=row,
        )
        self.bid = bid

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[discord.Client],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> GoitaButton:
        bid = ButtonId(match["action"], int(match["table"]), int(match["version"]), match["arg"])
        label = getattr(item, "label", None) or ""
        return cls(bid, label)

    async def callback(self, interaction: discord.Interaction[discord.Client]) -> None:
        controller: GameController | None = getattr(interaction.client, "goita_controller", None)
        if controller is None:  # the game cog is not loaded (shutting down)
            log.warning("button %s clicked while the game cog is not loaded", self.bid)
            return
        await controller.on_button(interaction, self.bid)


_SELECT_TEMPLATE = re.compile(r"goita:(?P<kind>swap|remove|engine):(?P<table>[0-9]{1,19})")
#: the seat pairs the lobby's swap menu offers (value "a-b", seats 0-based)
SWAPS: tuple[tuple[int, int], ...] = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))


class LobbySelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=_SELECT_TEMPLATE):
    """The lobby's menus: ``goita:swap:<table>`` (host: swap two seats, value "a-b"),
    ``goita:remove:<table>`` (host: free a seat, value "a") and ``goita:engine:<table>``
    (seat an external engine, value its configured name)."""

    def __init__(self, kind: str, table_id: int, placeholder: str = "",
                 options: Sequence[tuple[str, str]] = (("-", "0"),), *,
                 disabled: bool = False, row: int | None = None) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"goita:{kind}:{table_id}", placeholder=placeholder[:150],
                options=[discord.SelectOption(label=label[:100], value=value[:100])
                         for label, value in options[:25]],
                min_values=1, max_values=1, disabled=disabled),
            row=row,
        )
        self.kind = kind
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[discord.Client],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> LobbySelect:
        return cls(match["kind"], int(match["table"]))

    async def callback(self, interaction: discord.Interaction[discord.Client]) -> None:
        controller: GameController | None = getattr(interaction.client, "goita_controller", None)
        if controller is None:
            return
        values = self.item.values  # filled from the interaction before the callback
        await controller.on_select(interaction, self.kind, self.table_id,
                                   values[0] if values else "")


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
) -> GoitaButton:
    return GoitaButton(ButtonId(action, table_id, version, arg), label, style=style,
                       disabled=disabled, row=row)


def frozen_view(items: Sequence[discord.ui.Item[Any]]) -> discord.ui.View:
    """A View holding ``items`` that discord.py will not store nor time out: clicks are
    routed by the DynamicItem template, so no per-message View needs to stay alive (each
    stored ephemeral View would keep a 15-minute timeout task and its objects)."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    view.stop()
    return view
