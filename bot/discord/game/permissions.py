"""What the bot needs in a channel to run a table there: a table whose board cannot be
posted would open and sit unseen, holding the channel, so ``/goita new`` (and a Rematch,
whose board is a new message) is refused instead, naming what a server admin has to
grant."""

from __future__ import annotations

from typing import Any

import discord

from bot.app.ports import ChannelCheck
from bot.app.table import TableSettings
from bot.discord.presenter.gate import ChannelGate


def needed(thread: bool, pictures: bool) -> list[str]:
    """The permissions (``discord.Permissions`` names) a table's board needs."""
    out = ["view_channel", "send_messages_in_threads" if thread else "send_messages",
           "embed_links"]
    if pictures:
        out.append("attach_files")  # the board's picture
    return out


def channel_check(interaction: discord.Interaction[Any], gate: ChannelGate) -> ChannelCheck:
    """What the bot lacks in the interaction's channel for a table with given settings
    (Discord sends the bot's resolved permissions there with every interaction). Nothing
    lacking ends a pause the channel was in for refusing the bot earlier: it was granted
    since, and the new board must not wait."""
    perms = interaction.app_permissions
    thread = isinstance(interaction.channel, discord.Thread)

    def missing(settings: TableSettings) -> list[str]:
        lacking = [name for name in needed(thread, settings.board_pictures)
                   if not getattr(perms, name)]
        if not lacking and interaction.channel_id is not None:
            gate.passed(interaction.channel_id)
        return lacking

    return missing
