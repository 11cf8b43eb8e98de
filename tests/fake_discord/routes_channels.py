"""REST routes of channels and their messages, threads, DMs, users, guilds, members."""

from __future__ import annotations

from typing import Any

from . import errors as E
from .errors import ApiError
from .gateway import INTENT_GUILDS
from .guilds import (
    ATTACH_FILES,
    EMBED_LINKS,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
    FakeChannel,
    FakeGuild,
)
from .limits import FLAG_EPHEMERAL, validate_message
from .messages import FakeMessage
from .rest import Req
from .routes_app import AppRoutes
from .users import FakeUser


class ChannelRoutes(AppRoutes):
    def _register_channel_routes(self) -> None:
        r = self._route
        r("GET", "/channels/{channel_id}", self._get_channel)
        r("PATCH", "/channels/{channel_id}", self._patch_channel)
        r("DELETE", "/channels/{channel_id}", self._delete_channel)
        r("GET", "/channels/{channel_id}/messages", self._get_messages)
        r("POST", "/channels/{channel_id}/messages", self._post_message)
        r("GET", "/channels/{channel_id}/messages/{message_id}", self._get_message)
        r("PATCH", "/channels/{channel_id}/messages/{message_id}", self._patch_message)
        r("DELETE", "/channels/{channel_id}/messages/{message_id}", self._delete_message)
        r("POST", "/channels/{channel_id}/typing", self._typing)
        r("POST", "/channels/{channel_id}/threads", self._create_thread)
        r("POST", "/channels/{channel_id}/messages/{message_id}/threads", self._create_thread)
        r("PUT", "/channels/{channel_id}/thread-members/{user_id}", self._add_thread_member)
        r("DELETE", "/channels/{channel_id}/thread-members/{user_id}",
          self._remove_thread_member)
        r("POST", "/users/@me/channels", self._create_dm)
        r("GET", "/users/{user_id}", self._get_user)
        r("GET", "/guilds/{guild_id}", self._get_guild)
        r("GET", "/guilds/{guild_id}/channels", self._get_guild_channels)
        r("GET", "/guilds/{guild_id}/members/{user_id}", self._get_member)

    def _channel(self, req: Req) -> FakeChannel:
        channel = self.channels.get(req.int("channel_id"))
        if channel is None or channel.deleted:
            raise E.unknown_channel()
        if channel.guild is not None and channel.guild.id not in self.guilds:
            raise E.missing_access()  # the bot is no longer in that server
        return channel

    def _channel_message(self, req: Req) -> tuple[FakeChannel, FakeMessage]:
        channel = self._channel(req)
        message = self.messages.get(req.int("message_id"))
        # ephemeral messages do not exist for the channel endpoints
        if message is None or message.deleted or message.channel is not channel \
                or message.ephemeral:
            raise E.unknown_message()
        return channel, message

    async def _get_channel(self, req: Req) -> tuple[int, Any]:
        return 200, self._channel(req).payload()

    async def _patch_channel(self, req: Req) -> tuple[int, Any]:
        channel = self._channel(req)
        data = req.json()
        if "name" in data:
            if not 1 <= len(data["name"] or "") <= 100:
                raise E.invalid_form(["name"], "BASE_TYPE_BAD_LENGTH",
                                     "Must be between 1 and 100 in length.")
            channel.name = data["name"]
        if channel.is_thread:
            channel.archived = bool(data.get("archived", channel.archived))
            channel.locked = bool(data.get("locked", channel.locked))
        event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
        await self._dispatch(event, channel.payload(), intent=INTENT_GUILDS,
                             guild_id=channel.guild.id if channel.guild else None)
        return 200, channel.payload()

    async def _delete_channel(self, req: Req) -> tuple[int, Any]:
        channel = self._channel(req)
        await self.delete_channel(channel)
        return 200, channel.payload()

    async def _get_messages(self, req: Req) -> tuple[int, Any]:
        channel = self._channel(req)
        query = req.request.query
        limit = int(query.get("limit", 50))
        if not 1 <= limit <= 100:
            raise E.invalid_form(["limit"], "NUMBER_TYPE_MAX", "int value should be <= 100")
        if channel.guild is not None:
            perms = channel.bot_permissions()
            if not perms & VIEW_CHANNEL:
                raise E.missing_access()
            if not perms & READ_MESSAGE_HISTORY:
                return 200, []  # Discord returns no messages
        public = channel.public_messages()
        if "before" in query:
            public = [m for m in public if m.id < int(query["before"])]
        if "after" in query:
            public = [m for m in public if m.id > int(query["after"])]
            public = public[:limit]
        else:
            public = public[-limit:]
        return 200, [m.payload() for m in reversed(public)]

    def _check_bot_may(self, channel: FakeChannel, req: Req, *, creating: bool) -> None:
        """The bot's permissions in the channel, as Discord checks them on a message create
        or edit: 50001 without View Channel, 50013 without Send Messages (in Threads, in a
        thread), without Attach Files for files, and without Embed Links for a message that
        is nothing but embeds; other embeds without Embed Links are dropped (a violation:
        nobody sees them)."""
        if channel.guild is None:
            return
        perms = channel.bot_permissions()
        if not perms & VIEW_CHANNEL:
            raise E.missing_access()
        send = SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES
        if creating and not perms & send:
            raise E.missing_permissions()
        if req.files and not perms & ATTACH_FILES:
            raise E.missing_permissions()
        payload = req.json()
        if payload.get("embeds") and not perms & EMBED_LINKS:
            if creating and not payload.get("content"):
                raise E.missing_permissions()
            self._violate(f"#{channel.name}: embeds sent without Embed Links are not shown")
            payload["embeds"] = []

    def _check_can_post(self, channel: FakeChannel) -> None:
        if channel.is_thread and channel.locked:
            raise ApiError(403, 50083, "Thread is archived")
        if channel.is_thread and channel.archived:
            channel.archived = False  # sending unarchives an unlocked thread

    async def _post_message(self, req: Req) -> tuple[int, Any]:
        channel = self._channel(req)
        payload = req.json()
        validate_message(payload, has_files=bool(req.files), editing=False)
        if int(payload.get("flags") or 0) & FLAG_EPHEMERAL:
            raise E.invalid_form(["flags"], "MESSAGE_FLAGS_INVALID",
                                 "Only interaction responses can be ephemeral")
        self._check_bot_may(channel, req, creating=True)
        self._check_can_post(channel)
        earlier = self._same_nonce(channel, payload)
        if earlier is not None:
            return 200, earlier.payload()  # created before: nothing new is posted
        message = self._new_message(channel, payload, req.files, author=self.bot_user,
                                     msg_type=19 if payload.get("message_reference") else 0)
        if payload.get("nonce") is not None and payload.get("enforce_nonce"):
            self._nonces[(channel.id, self.bot_user.id, str(payload["nonce"]))] = (
                message.id, self.clock.time())
        await self._announce_create(message)
        return 200, message.payload()

    def _same_nonce(self, channel: FakeChannel, payload: dict[str, Any]) -> FakeMessage | None:
        """With ``enforce_nonce``, the message the same author created with the same nonce
        within the last ``nonce_window`` seconds (and that still exists), which Discord
        returns instead of creating another."""
        if payload.get("nonce") is None or not payload.get("enforce_nonce"):
            return None
        key = (channel.id, self.bot_user.id, str(payload["nonce"]))
        found = self._nonces.get(key)
        if found is None or self.clock.time() - found[1] > self.nonce_window:
            return None
        message = self.messages.get(found[0])
        return None if message is None or message.deleted else message

    async def _get_message(self, req: Req) -> tuple[int, Any]:
        _, message = self._channel_message(req)
        return 200, message.payload()

    async def _patch_message(self, req: Req) -> tuple[int, Any]:
        channel, message = self._channel_message(req)
        if message.author.id != self.bot_user.id:
            raise E.cannot_edit_others()
        self._check_bot_may(channel, req, creating=False)
        return await self._edit_message(message, req)

    async def _delete_message(self, req: Req) -> tuple[int, Any]:
        channel, message = self._channel_message(req)
        if channel.guild is not None and not channel.bot_permissions() & VIEW_CHANNEL:
            raise E.missing_access()
        return await self._delete_message_of(message)

    async def _typing(self, req: Req) -> tuple[int, Any]:
        self._channel(req)
        return 204, None

    async def _create_thread(self, req: Req) -> tuple[int, Any]:
        parent = self._channel(req)
        if parent.guild is None or parent.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        data = req.json()
        name = data.get("name") or ""
        if not 1 <= len(name) <= 100:
            raise E.invalid_form(["name"], "BASE_TYPE_BAD_LENGTH",
                                 "Must be between 1 and 100 in length.")
        private = "message_id" not in req.params and data.get("type", PRIVATE_THREAD) == \
            PRIVATE_THREAD
        if "message_id" in req.params:
            self._channel_message(req)
        thread = FakeChannel(self._me, self.ids.next(), name, PRIVATE_THREAD if private else
                             PUBLIC_THREAD, guild=parent.guild, parent=parent,
                             owner_id=self.bot_user.id)
        thread.thread_members.add(self.bot_user.id)
        parent.guild.channels.append(thread)
        self.register_channel(thread, announce=False)
        payload = thread.payload() | {"newly_created": True}
        await self._dispatch("THREAD_CREATE", payload, intent=INTENT_GUILDS,
                             guild_id=parent.guild.id)
        return 201, thread.payload()

    def _user_param(self, req: Req) -> FakeUser:
        raw = req.params["user_id"]
        user = self.bot_user if raw == "@me" else self.users.get(req.int("user_id"))
        if user is None:
            raise E.unknown_user()
        return user

    async def _add_thread_member(self, req: Req) -> tuple[int, Any]:
        thread = self._channel(req)
        if not thread.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        user = self._user_param(req)
        if thread.guild is not None and user.id not in thread.guild.members \
                and user.id != self.bot_user.id:
            raise E.unknown_member()
        thread.thread_members.add(user.id)
        return 204, None

    async def _remove_thread_member(self, req: Req) -> tuple[int, Any]:
        thread = self._channel(req)
        user = self._user_param(req)
        thread.thread_members.discard(user.id)
        return 204, None

    async def _create_dm(self, req: Req) -> tuple[int, Any]:
        user = self.users.get(int(req.json().get("recipient_id", 0)))
        if user is None or user.bot:
            raise E.unknown_user()
        return 200, self.dm_channel(user).payload()

    async def _get_user(self, req: Req) -> tuple[int, Any]:
        return 200, self._user_param(req).payload()

    def _guild(self, req: Req) -> FakeGuild:
        guild = self.guilds.get(req.int("guild_id"))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        return guild

    async def _get_guild(self, req: Req) -> tuple[int, Any]:
        return 200, self._guild(req).payload()

    async def _get_guild_channels(self, req: Req) -> tuple[int, Any]:
        guild = self._guild(req)
        return 200, [c.payload() for c in guild.channels if not c.is_thread and not c.deleted]

    async def _get_member(self, req: Req) -> tuple[int, Any]:
        guild = self._guild(req)
        user = self._user_param(req)
        if user.id not in guild.members and user.id != self.bot_user.id:
            raise E.unknown_member()
        return 200, guild.member_payload(user)
