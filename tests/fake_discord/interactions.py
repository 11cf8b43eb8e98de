"""Interactions users start, what the bot answered, and the modals it opened."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import ScenarioError
from .messages import walk_components

if TYPE_CHECKING:
    from .guilds import FakeChannel, FakeGuild
    from .messages import FakeMessage
    from .users import FakeUser

# Interaction types
PING = 1
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

# Callback types allowed for each interaction type (Discord interaction docs)
ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {4, 5, 9},
    MESSAGE_COMPONENT: {4, 5, 6, 7, 9},
    MODAL_SUBMIT: {4, 5, 6, 7},
    AUTOCOMPLETE: {8},
}


@dataclass(eq=False)
class FakeModal:
    """A modal the bot opened for a user (interaction callback type 9)."""

    interaction: FakeInteraction
    custom_id: str
    title: str
    components: list[dict[str, Any]]

    @property
    def inputs(self) -> dict[str, str]:
        """custom_id -> label of each text input."""
        labels: dict[str, str] = {}
        for top in self.components:
            for c in walk_components([top]):
                if c.get("type") == 4:
                    labels[c["custom_id"]] = c.get("label") or top.get("label") or ""
        return labels


@dataclass(eq=False)
class FakeInteraction:
    """One INTERACTION_CREATE the fake sent and what the bot did with it."""

    id: int
    token: str
    type: int
    user: FakeUser
    channel: FakeChannel
    guild: FakeGuild | None
    data: dict[str, Any]
    created_mono: float  # real monotonic time when dispatched
    created_fake: float  # fake monotonic time when dispatched
    message: FakeMessage | None = None  # the message a component was on
    command_name: str = ""
    response_type: int | None = None
    responded_after: float | None = None  # real seconds to the first response
    original: FakeMessage | None = None
    followups: list[FakeMessage] = field(default_factory=list)
    modal: FakeModal | None = None
    autocomplete_choices: list[dict[str, Any]] | None = None
    ephemeral_defer: bool = False
    failed: str | None = None  # why the user saw "This interaction failed"
    answered: asyncio.Event = field(default_factory=asyncio.Event, repr=False)

    @property
    def acknowledged(self) -> bool:
        return self.response_type is not None

    @property
    def deferred(self) -> bool:
        return self.response_type in (5, 6)

    @property
    def ephemeral(self) -> bool:
        return self.original is not None and self.original.ephemeral

    @property
    def reply(self) -> FakeMessage:
        """The message this interaction's response created or updated."""
        if self.failed:
            raise ScenarioError(f"interaction failed: {self.failed}")
        if self.original is None:
            raise ScenarioError(f"interaction {self.command_name or self.data.get('custom_id')!r} "
                                f"has no response message (response type {self.response_type})")
        return self.original

    def text(self) -> str:
        return self.reply.text()

