"""The table's buttons and menus, one ``discord.ui.DynamicItem`` per family: each turns a
click (its custom id, see :mod:`bot.discord.render.components`) into one controller call.

Routing by the id's pattern needs no stored View, so buttons keep working after a restart.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.render.components import (
    ACTIONS,
    LOBBY_ACTIONS,
    MOVE_ACTIONS,
    ButtonId,
    button_template,
    menu_template,
)
from bot.discord.services import services_of

from .controller import GameController


class _TableButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=button_template(ACTIONS)):
    """What every family shares. Never registered itself: each family below routes its own
    actions."""

    def __init__(self, bid: ButtonId, item: discord.ui.Button[Any]) -> None:
        super().__init__(item)
        self.bid = bid

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str], /,
    ) -> _TableButton:
        assert isinstance(item, discord.ui.Button)  # the template matches buttons' ids
        return cls(ButtonId.from_match(match), item)

    #: the family's buttons are on the clicker's own ephemeral message (the hand, the
    #: confirm of /goita stop), never on a public one
    from_ephemeral = False

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        controller = GameController(services_of(interaction.client))
        await controller.guarded(interaction, f"button {self.bid}",
                                 self._checked(controller, interaction))

    async def _checked(self, controller: GameController,
                       interaction: discord.Interaction[Any]) -> None:
        controller.check_origin(interaction, self.bid.table_id,
                                from_ephemeral=self.from_ephemeral)
        await self.click(controller, interaction)

    async def click(self, controller: GameController,
                    interaction: discord.Interaction[Any]) -> None:
        raise NotImplementedError


class LobbyButton(_TableButton, template=button_template(LOBBY_ACTIONS)):
    """Join, Leave, + CPU, Start, Cancel, Shuffle, and the match summary's Rematch."""

    async def click(self, controller: GameController,
                    interaction: discord.Interaction[Any]) -> None:
        await controller.lobby_click(interaction, self.bid)


class HandButton(_TableButton, template=button_template(("hand",))):
    """The board's My hand."""

    async def click(self, controller: GameController,
                    interaction: discord.Interaction[Any]) -> None:
        await controller.open_hand(interaction, self.bid.table_id)


class MoveButton(_TableButton, template=button_template(MOVE_ACTIONS)):
    """The hand's buttons: the two clicks of a move, and the 5-Shi decision."""

    from_ephemeral = True

    async def click(self, controller: GameController,
                    interaction: discord.Interaction[Any]) -> None:
        await controller.move_click(interaction, self.bid)


class StopButton(_TableButton, template=button_template(("stop",))):
    """The confirm of /goita stop."""

    from_ephemeral = True

    async def click(self, controller: GameController,
                    interaction: discord.Interaction[Any]) -> None:
        await controller.confirm_stop(interaction, self.bid)


class LobbyMenu(discord.ui.DynamicItem[discord.ui.Select[Any]], template=menu_template()):
    """The lobby's menus: swap two seats, free a seat (host), seat an external engine."""

    def __init__(self, kind: str, table_id: int, item: discord.ui.Select[Any]) -> None:
        super().__init__(item)
        self.kind = kind
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str], /,
    ) -> LobbyMenu:
        assert isinstance(item, discord.ui.Select)  # the template matches menus' ids
        return cls(match["kind"], int(match["table"]), item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        controller = GameController(services_of(interaction.client))
        values = self.item.values  # filled from the interaction before the callback
        await controller.guarded(
            interaction, f"lobby menu {self.kind}",
            self._checked(controller, interaction, values[0] if values else ""))

    async def _checked(self, controller: GameController,
                       interaction: discord.Interaction[Any], value: str) -> None:
        controller.check_origin(interaction, self.table_id)
        await controller.lobby_choice(interaction, self.kind, self.table_id, value)


#: every family, for ``bot.add_dynamic_items``
ITEMS = (LobbyButton, HandButton, MoveButton, StopButton, LobbyMenu)
