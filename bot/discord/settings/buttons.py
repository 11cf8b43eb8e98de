"""The settings message's menus and buttons, one ``discord.ui.DynamicItem`` per family
(ids in :mod:`.ids`), so they keep working after a restart."""

from __future__ import annotations

import re
from typing import Any

import discord

from .ids import ALL, BUTTON, FLAGS, SELECT
from .views import change, open_form

Select = discord.ui.Select[Any]
Button = discord.ui.Button[Any]


class SettingsSelect(discord.ui.DynamicItem[Select], template=SELECT):
    def __init__(self, item: Select, what: str, guild_id: int) -> None:
        super().__init__(item)
        self.what, self.guild_id = what, guild_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /,
                             ) -> SettingsSelect:
        assert isinstance(item, discord.ui.Select)
        return cls(item, match["what"], int(match["guild"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = [str(v) for v in data.get("values", [])]
        changes: dict[str, object]
        if self.what == "flags":
            changes = {flag: flag in values for flag in FLAGS}
        elif self.what == "lang":
            changes = {"board_language": None if ALL in values or not values else values[0]}
        elif self.what == "chan":
            picked = [] if ALL in values else values
            changes = {"channels": [int(v) for v in picked if v.isdigit()]}
        else:
            chosen = next((v for v in values if v.isdigit()), None)
            changes = {"manager_role_id": None if chosen is None else int(chosen)}
        await change(interaction, self.guild_id, changes)


class SettingsButton(discord.ui.DynamicItem[Button], template=BUTTON):
    def __init__(self, item: Button, what: str, guild_id: int) -> None:
        super().__init__(item)
        self.what, self.guild_id = what, guild_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /,
                             ) -> SettingsButton:
        assert isinstance(item, discord.ui.Button)
        return cls(item, match["what"], int(match["guild"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.what == "reset":
            await change(interaction, self.guild_id, {})
        else:
            await open_form(interaction, self.what, self.guild_id)


#: every family, for ``bot.add_dynamic_items``
ITEMS = (SettingsSelect, SettingsButton)
