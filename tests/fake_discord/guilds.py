"""Guilds and channels of the fake Discord, with who may see what."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import ScenarioError

if TYPE_CHECKING:
    from .messages import FakeMessage
    from .server import FakeDiscord
    from .users import FakeUser

# Channel types (Discord API)
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12

ALL_PERMISSIONS = (1 << 51) - 1
# what the bot needs to post in a channel (Discord's bits)
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
SEND_MESSAGES_IN_THREADS = 1 << 38
# what a plain @everyone member may do (view, send, read history, use app commands ...)
# (the others: create public threads 1 << 35, add reactions 0x40, use application commands
# 1 << 31)
MEMBER_PERMISSIONS = VIEW_CHANNEL | SEND_MESSAGES | READ_MESSAGE_HISTORY | EMBED_LINKS \
    | ATTACH_FILES | SEND_MESSAGES_IN_THREADS | (1 << 35) | 0x40 | (1 << 31)


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
    #: role id -> (name, permissions) besides @everyone
    roles: dict[int, tuple[str, int]] = field(default_factory=dict)
    member_roles: dict[int, list[int]] = field(default_factory=dict)

    def add_role(self, name: str, permissions: int = 0) -> int:
        """A role (announced to the bot as GUILD_ROLE_CREATE); returns its id."""
        role_id = self.fake.ids.next()
        self.roles[role_id] = (name, permissions)
        self.fake.announce_role(self, role_id)
        return role_id

    def give_role(self, user: FakeUser, role_id: int) -> None:
        self.member_roles.setdefault(user.id, []).append(role_id)

    def permissions_of(self, user: FakeUser) -> int:
        """@everyone's permissions and those of the member's roles."""
        value = MEMBER_PERMISSIONS
        for role_id in self.member_roles.get(user.id, []):
            value |= self.roles[role_id][1]
        return value

    def role_payload(self, role_id: int) -> dict[str, Any]:
        name, permissions = self.roles[role_id]
        return {"id": str(role_id), "name": name, "color": 0, "hoist": False,
                "position": len(self.roles), "permissions": str(permissions),
                "managed": False, "mentionable": False, "flags": 0}

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
            "roles": [str(r) for r in self.member_roles.get(user.id, [])],
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
            }, *(self.role_payload(r) for r in self.roles)],
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
    #: permissions the bot lacks here (as a channel overwrite denying them); a thread also
    #: lacks what its parent denies
    bot_denied: int = 0

    @property
    def is_thread(self) -> bool:
        return self.type in (PUBLIC_THREAD, PRIVATE_THREAD)

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def bot_permissions(self) -> int:
        """The bot's permissions in this channel (``app_permissions`` of an interaction)."""
        denied = self.bot_denied | (self.parent.bot_denied if self.parent is not None else 0)
        return ALL_PERMISSIONS & ~denied

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


def _s(value: int | None) -> str | None:
    return None if value is None else str(value)
