"""Users of the fake Discord: what they are, what they see, and how they act."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import ScenarioError

if TYPE_CHECKING:
    from .guilds import FakeChannel
    from .interactions import FakeInteraction, FakeModal
    from .messages import FakeMessage
    from .server import FakeDiscord


@dataclass(eq=False)
class FakeUser:
    """A Discord user. Acting methods (run, click, select, submit) are coroutines."""

    fake: FakeDiscord = field(repr=False)
    id: int
    name: str
    locale: str = "en-US"
    avatar: str | None = None
    global_name: str | None = None
    bot: bool = False

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.global_name if self.global_name is not None else self.name,
            "avatar": self.avatar,
            "public_flags": 0,
        }
        if self.bot:
            data["bot"] = True
        return data

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    # --- acting -----------------------------------------------------------------

    async def run(self, channel: FakeChannel, command: str, /, *, settle: bool = True,
                  **options: Any) -> FakeInteraction:
        """Run a slash command, e.g. ``await alice.run(chan, "goita new", target=150)``.

        The command must have been synced by the bot; option names and types come
        from what it registered. Returns once the bot acknowledged (and, with
        ``settle``, once it went idle again).
        """
        return await self.fake.run_command(self, channel, command, options, settle=settle)

    async def autocomplete(self, channel: FakeChannel, command: str, /, *, focused: str,
                           value: str = "", **options: Any) -> list[dict[str, Any]]:
        """Type ``value`` into option ``focused``; returns the choices the bot offered."""
        return await self.fake.autocomplete(self, channel, command, focused, value, options)

    async def click(self, message: FakeMessage, label: str | None = None, /, *,
                    custom_id: str | None = None, settle: bool = True) -> FakeInteraction:
        """Click the button with this label (or custom_id) on the message as it is now."""
        return await self.fake.click(self, message, label=label, custom_id=custom_id,
                                     settle=settle)

    async def select(self, message: FakeMessage, values: list[str] | str, /, *,
                     custom_id: str | None = None, placeholder: str | None = None,
                     settle: bool = True) -> FakeInteraction:
        """Pick option values (or option labels) in a string select menu on the message."""
        if isinstance(values, str):
            values = [values]
        return await self.fake.select(self, message, values, custom_id=custom_id,
                                      placeholder=placeholder, settle=settle)

    async def submit(self, modal: FakeModal, values: dict[str, str] | None = None, /, *,
                     settle: bool = True, **by_id: str) -> FakeInteraction:
        """Submit a modal the bot showed this user; keys are custom_ids or labels."""
        merged = dict(values or {})
        merged.update(by_id)
        return await self.fake.submit_modal(self, modal, merged, settle=settle)

    async def say(self, channel: FakeChannel, content: str) -> FakeMessage:
        """Post a plain message (dispatched as MESSAGE_CREATE)."""
        return await self.fake.user_message(self, channel, content)

    # --- seeing -------------------------------------------------------------------

    def sees(self, channel: FakeChannel) -> list[FakeMessage]:
        """The messages this user sees in the channel: public ones plus their own ephemerals."""
        if not channel.visible_to(self):
            return []
        return [m for m in channel.messages if m.visible_to(self)]

    def last_message(self, channel: FakeChannel) -> FakeMessage:
        seen = self.sees(channel)
        if not seen:
            raise ScenarioError(f"{self.name} sees no message in #{channel.name}")
        return seen[-1]

    def dm(self) -> FakeChannel:
        """The DM channel between the bot and this user (created on first use)."""
        return self.fake.dm_channel(self)

    def __repr__(self) -> str:
        return f"<FakeUser {self.name} {self.id}>"

