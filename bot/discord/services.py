"""What the adapter's commands and buttons work with, built once by the composition root
(:mod:`bot.composition`) and kept on the bot as ``GoitaBot.services``.

Every slash command and every button reaches it the same way::

    services = services_of(interaction.client)
"""

from __future__ import annotations

from dataclasses import dataclass

import discord

from bot.app.tables import TableService

from .archive import Archive
from .presenter import DiscordPresenter


@dataclass(frozen=True, slots=True)
class Services:
    tables: TableService
    presenter: DiscordPresenter
    archive: Archive


class NotAssembled(RuntimeError):
    """A command or click reached a bot that was built without its services (or is
    shutting down)."""


def services_of(client: discord.Client) -> Services:
    """The services of the bot that received an interaction (``GoitaBot.services``)."""
    services = getattr(client, "services", None)
    if not isinstance(services, Services):
        raise NotAssembled(f"{type(client).__name__} has no services")
    return services
