"""What the adapter's commands and buttons work with, built once by the composition root
(:mod:`bot.composition`) and kept on the bot as ``GoitaBot.services``.

Every slash command and every button reaches it the same way::

    services = services_of(interaction.client)
"""

from __future__ import annotations

from dataclasses import dataclass

import discord

from bot.app.learn.suite import Learning
from bot.app.settings import ServerSettingsService
from bot.app.tables import TableService

from .archive import Archive
from .presenter import DiscordPresenter


@dataclass(frozen=True, slots=True)
class Services:
    tables: TableService
    presenter: DiscordPresenter
    archive: Archive
    #: /goita learn, hints and reviews (None: a bot built without them)
    learn: Learning | None = None
    #: each server's settings (``/goita settings``); None: the operator's for every server
    settings: ServerSettingsService | None = None


class HasServices:
    """The bot's slot for its services (a base of ``bot.client.GoitaBot``), declared here so
    the adapter reads it typed without importing the client."""

    services: Services | None = None


class NotAssembled(RuntimeError):
    """A command or click reached a bot that was built without its services."""


def services_of(client: discord.Client) -> Services:
    """The services of the bot that received an interaction (``GoitaBot.services``)."""
    if not isinstance(client, HasServices) or client.services is None:
        raise NotAssembled(f"{type(client).__name__} has no services")
    return client.services
