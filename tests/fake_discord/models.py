"""The world the fake Discord keeps: users, guilds, channels, messages, interactions."""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .limits import BUTTON, FLAG_LOADING, SELECT_TYPES, TEXT_DISPLAY

if TYPE_CHECKING:
    from .server import FakeDiscord

# Channel types (Discord API)
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12

ALL_PERMISSIONS = (1 << 51) - 1
# what a plain @everyone member may do (view, send, read history, use app commands ...)
MEMBER_PERMISSIONS = 0x0000_0008_0000_0000 | 0x400 | 0x800 | 0x10000 | 0x40 | 0x4000 | 0x8000 \
    | (1 << 31) | (1 << 38)


class ScenarioError(AssertionError):
    """A test asked a fake user to do something Discord's client would not let them do."""


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


@dataclass(eq=False)
class FakeGuild:
    fake: FakeDiscord = field(repr=False)
    id: int
    name: str
    locale: str = "en-US"
    owner_id: int = 0
    channels: list[FakeChannel] = field(default_factory=list)
    members: dict[int, FakeUser] = field(default_factory=dict)
    nicks: dict[int, str] = field(default_factory=dict)

    def add_text_channel(self, name: str) -> FakeChannel:
        channel = FakeChannel(fake=self.fake, id=self.fake.ids.next(), name=name,
                              type=GUILD_TEXT, guild=self)
        self.channels.append(channel)
        self.fake.register_channel(channel, announce=True)
        return channel

    def add_thread(self, parent: FakeChannel, name: str, *, private: bool = False,
                   members: list[FakeUser] | None = None) -> FakeChannel:
        thread = FakeChannel(fake=self.fake, id=self.fake.ids.next(), name=name,
                             type=PRIVATE_THREAD if private else PUBLIC_THREAD, guild=self,
                             parent=parent, owner_id=self.owner_id)
        for user in members or []:
            thread.thread_members.add(user.id)
        self.channels.append(thread)
        self.fake.register_channel(thread, announce=True)
        return thread

    def add_member(self, user: FakeUser, *, nick: str | None = None) -> FakeUser:
        self.members[user.id] = user
        if nick is not None:
            self.nicks[user.id] = nick
        return user

    def member_payload(self, user: FakeUser, *, with_user: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "nick": self.nicks.get(user.id),
            "avatar": None,
            "roles": [],
            "joined_at": "2024-01-01T00:00:00+00:00",
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = user.payload()
        return data

    def payload(self) -> dict[str, Any]:
        text = [c for c in self.channels if not c.is_thread and not c.deleted]
        threads = [c for c in self.channels if c.is_thread and not c.deleted and not c.archived]
        bot = self.fake.bot_user
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [{
                "id": str(self.id), "name": "@everyone", "color": 0, "hoist": False,
                "position": 0, "permissions": str(MEMBER_PERMISSIONS), "managed": False,
                "mentionable": False, "flags": 0,
            }],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "preferred_locale": self.locale,
            "premium_tier": 0,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": "2024-01-01T00:00:00+00:00",
            "large": False,
            "unavailable": False,
            "member_count": len(self.members) + 1,
            "voice_states": [],
            # without the members intent Discord sends only the bot's own member
            "members": [self.member_payload(bot)],
            "channels": [c.payload() for c in text],
            "threads": [c.payload() for c in threads],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def __repr__(self) -> str:
        return f"<FakeGuild {self.name} {self.id}>"


@dataclass(eq=False)
class FakeChannel:
    fake: FakeDiscord = field(repr=False)
    id: int
    name: str
    type: int
    guild: FakeGuild | None = None
    parent: FakeChannel | None = None
    owner_id: int = 0
    recipient: FakeUser | None = None
    messages: list[FakeMessage] = field(default_factory=list)
    thread_members: set[int] = field(default_factory=set)
    archived: bool = False
    locked: bool = False
    deleted: bool = False

    @property
    def is_thread(self) -> bool:
        return self.type in (PUBLIC_THREAD, PRIVATE_THREAD)

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def visible_to(self, user: FakeUser) -> bool:
        if self.deleted:
            return False
        if self.type == DM:
            return self.recipient is not None and user.id == self.recipient.id
        if self.type == PRIVATE_THREAD:
            return user.id in self.thread_members or user.id == self.owner_id
        return True

    def payload(self) -> dict[str, Any]:
        last = self.messages[-1].id if self.messages else None
        if self.type == DM:
            assert self.recipient is not None
            return {"id": str(self.id), "type": DM, "last_message_id": _s(last),
                    "recipients": [self.recipient.payload()], "flags": 0}
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "name": self.name,
            "guild_id": str(self.guild.id) if self.guild else None,
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": str(self.parent.id) if self.parent else None,
            "topic": None,
            "last_message_id": _s(last),
            "rate_limit_per_user": 0,
            "flags": 0,
        }
        if self.is_thread:
            data.pop("permission_overwrites")
            data.pop("position")
            data.update({
                "owner_id": str(self.owner_id),
                "message_count": len(self.messages),
                "member_count": len(self.thread_members),
                "total_message_sent": len(self.messages),
                "thread_metadata": {
                    "archived": self.archived,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": "2024-01-01T00:00:00+00:00",
                    "locked": self.locked,
                    "invitable": True,
                },
            })
        return data

    # --- looking -----------------------------------------------------------------

    @property
    def visible_messages(self) -> list[FakeMessage]:
        return [m for m in self.messages if not m.deleted]

    def last_message(self) -> FakeMessage:
        """The newest public (non-ephemeral, not deleted) message."""
        for message in reversed(self.messages):
            if not message.deleted and message.ephemeral_for is None:
                return message
        raise ScenarioError(f"no public message in #{self.name}")

    def public_messages(self) -> list[FakeMessage]:
        return [m for m in self.messages if not m.deleted and m.ephemeral_for is None]

    def __repr__(self) -> str:
        return f"<FakeChannel #{self.name} {self.id}>"


@dataclass(frozen=True)
class Button:
    label: str | None
    custom_id: str | None
    style: int
    disabled: bool
    emoji: str | None = None
    url: str | None = None


@dataclass(frozen=True)
class SelectOption:
    label: str
    value: str
    description: str | None
    default: bool


@dataclass(frozen=True)
class Select:
    custom_id: str
    type: int
    placeholder: str | None
    options: tuple[SelectOption, ...]
    min_values: int
    max_values: int
    disabled: bool


def _emoji_text(emoji: Any) -> str | None:
    if not isinstance(emoji, dict):
        return None
    name = emoji.get("name")
    return str(name) if name else None


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """All components depth first, including those nested in v2 containers and sections."""
    for c in components:
        yield c
        children = c.get("components")
        if isinstance(children, list):
            yield from walk_components(children)
        for key in ("accessory", "component"):
            inner = c.get(key)
            if isinstance(inner, dict):
                yield from walk_components([inner])


@dataclass(eq=False)
class FakeMessage:
    """A message as Discord stores it, with who may see it."""

    fake: FakeDiscord = field(repr=False)
    id: int
    channel: FakeChannel
    author: FakeUser
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[dict[str, Any]] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    ephemeral_for: int | None = None
    interaction: FakeInteraction | None = None
    webhook_id: int | None = None
    created_at: str = ""
    edited_at: str | None = None
    edits: int = 0
    deleted: bool = False
    history: list[dict[str, Any]] = field(default_factory=list)
    files: list[tuple[str, bytes]] = field(default_factory=list)

    @property
    def ephemeral(self) -> bool:
        return self.ephemeral_for is not None

    @property
    def loading(self) -> bool:
        """A deferred response still showing "<bot> is thinking..."."""
        return bool(self.flags & FLAG_LOADING)

    def visible_to(self, user: FakeUser) -> bool:
        if self.deleted:
            return False
        return self.ephemeral_for is None or self.ephemeral_for == user.id

    @property
    def buttons(self) -> list[Button]:
        return [
            Button(label=c.get("label"), custom_id=c.get("custom_id"), style=int(c.get("style", 1)),
                   disabled=bool(c.get("disabled", False)), emoji=_emoji_text(c.get("emoji")),
                   url=c.get("url"))
            for c in walk_components(self.components) if c.get("type") == BUTTON
        ]

    @property
    def selects(self) -> list[Select]:
        return [
            Select(custom_id=c["custom_id"], type=int(c["type"]), placeholder=c.get("placeholder"),
                   options=tuple(SelectOption(label=o.get("label", ""), value=o.get("value", ""),
                                              description=o.get("description"),
                                              default=bool(o.get("default", False)))
                                 for o in c.get("options") or []),
                   min_values=int(c.get("min_values", 1)), max_values=int(c.get("max_values", 1)),
                   disabled=bool(c.get("disabled", False)))
            for c in walk_components(self.components) if c.get("type") in SELECT_TYPES
        ]

    def button(self, label: str | None = None, *, custom_id: str | None = None) -> Button:
        for b in self.buttons:
            if (custom_id is not None and b.custom_id == custom_id) or (
                custom_id is None and label is not None and b.label == label
            ):
                return b
        raise ScenarioError(f"no button {label or custom_id!r} on message {self.id}; "
                            f"buttons: {[b.label or b.custom_id for b in self.buttons]}")

    def text(self) -> str:
        """Everything a reader sees flattened into one string (content, embeds, labels)."""
        parts: list[str] = [self.content] if self.content else []
        for e in self.embeds:
            for key in ("title", "description"):
                if e.get(key):
                    parts.append(str(e[key]))
            for key in ("author", "footer"):
                sub = e.get(key) or {}
                value = sub.get("name") or sub.get("text")
                if value:
                    parts.append(str(value))
            for f in e.get("fields") or []:
                parts.append(f"{f.get('name', '')}\n{f.get('value', '')}")
        for c in walk_components(self.components):
            if c.get("type") == TEXT_DISPLAY and c.get("content"):
                parts.append(str(c["content"]))
            if c.get("label"):
                parts.append(str(c["label"]))
            emoji = _emoji_text(c.get("emoji"))
            if emoji:
                parts.append(emoji)
            if c.get("placeholder"):
                parts.append(str(c["placeholder"]))
            for o in c.get("options") or []:
                parts.append(str(o.get("label", "")))
        for a in self.attachments:
            parts.append(str(a.get("filename", "")))
        return "\n".join(parts)

    def snapshot(self) -> dict[str, Any]:
        return {"content": self.content, "embeds": copy.deepcopy(self.embeds),
                "components": copy.deepcopy(self.components), "flags": self.flags}

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "channel_id": str(self.channel.id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": self.created_at,
            "edited_timestamp": self.edited_at,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": copy.deepcopy(self.attachments),
            "embeds": copy.deepcopy(self.embeds),
            "pinned": False,
            "flags": self.flags,
            "components": copy.deepcopy(self.components),
        }
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
            data["application_id"] = str(self.webhook_id)
        if self.interaction is not None:
            i = self.interaction
            owners = {"0": str(i.guild.id)} if i.guild else {"1": str(i.user.id)}
            meta: dict[str, Any] = {"id": str(i.id), "type": i.type, "user": i.user.payload(),
                                    "authorizing_integration_owners": owners}
            if i.type == 2:
                meta["name"] = i.command_name
            if i.message is not None:
                meta["interacted_message_id"] = str(i.message.id)
            if self is not i.original and i.original is not None:
                meta["original_response_message_id"] = str(i.original.id)
            data["interaction_metadata"] = meta
        if self.channel.guild is not None:
            data["guild_id"] = str(self.channel.guild.id)
        return data

    def __repr__(self) -> str:
        who = f" ephemeral_for={self.ephemeral_for}" if self.ephemeral else ""
        return f"<FakeMessage {self.id} in #{self.channel.name}{who} {self.text()[:60]!r}>"


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


# Interaction types
PING = 1
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5


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


def _s(value: int | None) -> str | None:
    return None if value is None else str(value)
