"""Building the world while the bot may be running: users, guilds, channels, DMs."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from .errors import ScenarioError
from .gateway import INTENT_GUILDS
from .guilds import DM, FakeChannel, FakeGuild
from .sharding import recommended_shards, shard_of
from .users import FakeUser
from .waiting import WaitingLayer

if TYPE_CHECKING:
    from .server import FakeDiscord


class WorldLayer(WaitingLayer):
    @property
    def _me(self) -> FakeDiscord:
        return cast("FakeDiscord", self)

    def add_user(self, name: str, *, locale: str = "en-US", avatar: str | None = None,
                 global_name: str | None = None) -> FakeUser:
        user = FakeUser(self._me, self.ids.next(), name, locale=locale, avatar=avatar,
                        global_name=global_name)
        self.users[user.id] = user
        return user

    def add_guild(self, name: str, *, locale: str = "en-US", owner: FakeUser | None = None,
                  shard: tuple[int, int] | None = None) -> FakeGuild:
        """A guild with the bot in it; ``shard=(shard_id, shard_count)`` gives it an id
        that falls on that shard."""
        guild_id = self.ids.next() if shard is None else self.ids.next_on_shard(*shard)
        guild = FakeGuild(self._me, guild_id, name, locale=locale)
        guild.owner_id = owner.id if owner else self.bot_user.id
        self.guilds[guild.id] = guild
        if owner is not None:
            guild.add_member(owner)
        if self._bots:
            self._spawn(self._dispatch("GUILD_CREATE", guild.payload(), guild_id=guild.id))
        return guild

    async def delete_channel(self, channel: FakeChannel) -> None:
        """The channel is deleted (by a member, or the bot); a text channel's threads go
        with it, with no event of their own."""
        channel.deleted = True
        for other in self.channels.values():
            if other.parent is channel:
                other.deleted = True
        event = "THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE"
        await self._dispatch(event, channel.payload(), intent=INTENT_GUILDS,
                             guild_id=channel.guild.id if channel.guild else None)

    async def remove_bot(self, guild: FakeGuild) -> None:
        """The bot is kicked from the guild: GUILD_DELETE (not unavailable), and its
        channels answer 403 Missing Access from then on."""
        await self._dispatch("GUILD_DELETE", {"id": str(guild.id)}, guild_id=guild.id)
        del self.guilds[guild.id]

    def register_channel(self, channel: FakeChannel, *, announce: bool) -> None:
        self.channels[channel.id] = channel
        if announce and channel.guild is not None and self._bots:
            event = "THREAD_CREATE" if channel.is_thread else "CHANNEL_CREATE"
            payload = channel.payload()
            if channel.is_thread:
                payload["newly_created"] = True
            self._spawn(self._dispatch(event, payload, guild_id=channel.guild.id))

    def announce_role(self, guild: FakeGuild, role_id: int) -> None:
        if self._bots:
            payload = {"guild_id": str(guild.id), "role": guild.role_payload(role_id)}
            self._spawn(self._dispatch("GUILD_ROLE_CREATE", payload, guild_id=guild.id))

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        channel = self._dms.get(user.id)
        if channel is None:
            channel = FakeChannel(self._me, self.ids.next(), f"dm-{user.name}", DM,
                                  recipient=user)
            self._dms[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    def user(self, name: str) -> FakeUser:
        for u in self.users.values():
            if u.name == name:
                return u
        raise ScenarioError(f"no user named {name!r}")

    # ------------------------------------------------------------------ shards

    def shard_count(self) -> int:
        """The shard count GET /gateway/bot recommends: ``recommended_shards`` if a test
        set it, else one shard per ``guilds_per_shard`` guilds."""
        if self.recommended_shards is not None:
            return self.recommended_shards
        return recommended_shards(len(self.guilds), self.guilds_per_shard)

    @staticmethod
    def shard_of(guild: FakeGuild, shard_count: int) -> int:
        """The shard that gets this guild's events: ``(guild_id >> 22) % shard_count``."""
        return shard_of(guild.id, shard_count)
