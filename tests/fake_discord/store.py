"""Storing the bot's messages (create, edit, files) and announcing them on the gateway."""

from __future__ import annotations

from typing import Any

from .attachments import (
    FakeAttachment,
    Upload,
    check_count,
    content_type_of,
    image_size,
    kept_attachments,
    link_embed_files,
    new_attachments,
)
from .gateway import INTENT_DM_MESSAGES, INTENT_GUILD_MESSAGES, INTENT_MESSAGE_CONTENT
from .guilds import DM, FakeChannel
from .interactions import FakeInteraction
from .limits import (
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    FLAG_SUPPRESS_NOTIFICATIONS,
    validate_message,
)
from .messages import FakeMessage
from .rest import Req, RestLayer
from .users import FakeUser

FLAG_SUPPRESS_EMBEDS = 1 << 2
_CREATE_FLAGS = (FLAG_EPHEMERAL | FLAG_LOADING | FLAG_SUPPRESS_NOTIFICATIONS
                 | FLAG_COMPONENTS_V2 | FLAG_SUPPRESS_EMBEDS)
_EDIT_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_COMPONENTS_V2  # the only flags an edit can change


class MessageStore(RestLayer):
    def _store_file(self, upload: Upload, filename: str,
                    description: str | None) -> FakeAttachment:
        file_id = self.ids.next()
        size = image_size(upload.data)
        url = f"http://127.0.0.1:{self.port}/attachments/{file_id}/{filename}"
        attachment = FakeAttachment(file_id, filename, upload.data, content_type_of(upload),
                                    url, description, *(size or (None, None)))
        self._files[file_id] = attachment
        return attachment

    def _attach(self, message: FakeMessage, payload: dict[str, Any], files: list[Upload],
                *, editing: bool) -> None:
        """Set the message's attachments from the request (counts checked beforehand)."""
        kept = kept_attachments(payload, message.attached) if editing else []
        message.attached = kept + new_attachments(payload, files, make=self._store_file)

    def _link_embeds(self, message: FakeMessage) -> None:
        files_url = f"http://127.0.0.1:{self.port}/attachments/"
        for broken in link_embed_files(message.embeds, message.attached, files_url):
            self._violate(f"message {message.id}: {broken}; Discord shows no picture")

    def _new_message(self, channel: FakeChannel, payload: dict[str, Any],
                     files: list[Upload], *, author: FakeUser,
                     interaction: FakeInteraction | None = None, flags_extra: int = 0,
                     msg_type: int = 0) -> FakeMessage:
        flags = (int(payload.get("flags") or 0) | flags_extra) & _CREATE_FLAGS
        check_count(len(files))
        message = FakeMessage(
            self._me, self.ids.next(), channel, author,
            content=payload.get("content") or "",
            embeds=list(payload.get("embeds") or []),
            components=list(payload.get("components") or []),
            flags=flags, type=msg_type, interaction=interaction,
            webhook_id=self.app_id if interaction is not None else None,
            created_at=self.clock.iso_now(),
        )
        self._attach(message, payload, files, editing=False)
        self._link_embeds(message)
        if flags & FLAG_EPHEMERAL:
            assert interaction is not None
            message.ephemeral_for = interaction.user.id
        channel.messages.append(message)
        self.messages[message.id] = message
        return message

    def _apply_edit(self, message: FakeMessage, payload: dict[str, Any],
                    files: list[Upload]) -> None:
        if "attachments" in payload or files:
            check_count(len(kept_attachments(payload, message.attached)) + len(files))
        message.history.append(message.snapshot())
        if "content" in payload:
            message.content = payload["content"] or ""
        if "embeds" in payload:
            message.embeds = list(payload["embeds"] or [])
        if "components" in payload:
            message.components = list(payload["components"] or [])
        if "attachments" in payload or files:
            self._attach(message, payload, files, editing=True)
        if "embeds" in payload or "attachments" in payload or files:
            self._link_embeds(message)
        if "flags" in payload and payload["flags"] is not None:
            keep = message.flags & ~_EDIT_FLAGS
            message.flags = keep | (int(payload["flags"]) & _EDIT_FLAGS)
        message.flags &= ~FLAG_LOADING
        message.edits += 1
        message.edited_at = self.clock.iso_now()

    async def _edit_message(self, message: FakeMessage, req: Req) -> tuple[int, Any]:
        """An edit through any route: checked, applied, announced, returned."""
        payload = req.json()
        validate_message(payload, has_files=bool(req.files), editing=True,
                         base_flags=message.flags & FLAG_COMPONENTS_V2)
        self._apply_edit(message, payload, req.files)
        await self._announce_update(message)
        return 200, message.payload()

    async def _delete_message_of(self, message: FakeMessage) -> tuple[int, Any]:
        message.deleted = True
        await self._announce_delete(message)
        return 204, None

    @staticmethod
    def _message_intent(message: FakeMessage) -> int:
        return INTENT_DM_MESSAGES if message.channel.type == DM else INTENT_GUILD_MESSAGES

    async def _announce_create(self, message: FakeMessage) -> None:
        if message.ephemeral:
            return
        intent = self._message_intent(message)
        guild = message.channel.guild
        session = self._session_for(guild.id if guild else None)
        payload = message.payload()
        if session is not None and not session.intents & INTENT_MESSAGE_CONTENT \
                and message.author.id != self.bot_user.id and message.channel.type != DM \
                and self.bot_user.mention not in message.content:
            payload.update(content="", embeds=[], components=[], attachments=[])
        if message.author.id != self.bot_user.id and guild is not None:
            payload["member"] = guild.member_payload(message.author, with_user=False)
        await self._dispatch("MESSAGE_CREATE", payload, intent=intent,
                             guild_id=guild.id if guild else None)

    async def _announce_update(self, message: FakeMessage) -> None:
        if message.ephemeral:
            return
        intent = self._message_intent(message)
        guild = message.channel.guild
        await self._dispatch("MESSAGE_UPDATE", message.payload(), intent=intent,
                             guild_id=guild.id if guild else None)

    async def _announce_delete(self, message: FakeMessage) -> None:
        if message.ephemeral:
            return
        intent = self._message_intent(message)
        guild = message.channel.guild
        data: dict[str, Any] = {"id": str(message.id), "channel_id": str(message.channel.id)}
        if guild is not None:
            data["guild_id"] = str(guild.id)
        await self._dispatch("MESSAGE_DELETE", data, intent=intent,
                             guild_id=guild.id if guild else None)
