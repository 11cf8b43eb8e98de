"""REST routes of interactions: the first response (callback) and the webhook routes of
its token (original response, followups)."""

from __future__ import annotations

import time
from typing import Any

from . import errors as E
from .interactions import (
    ALLOWED_CALLBACKS,
    APPLICATION_COMMAND,
    MODAL_SUBMIT,
    FakeInteraction,
    FakeModal,
)
from .limits import (
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    validate_message,
    validate_modal,
)
from .messages import FakeMessage
from .rest import Req
from .routes_channels import ChannelRoutes


class InteractionRoutes(ChannelRoutes):
    def _register_interaction_routes(self) -> None:
        r = self._route
        r("POST", "/interactions/{interaction_id}/{token}/callback", self._callback)
        r("GET", "/webhooks/{application_id}/{token}/messages/@original", self._get_original)
        r("PATCH", "/webhooks/{application_id}/{token}/messages/@original", self._edit_original)
        r("DELETE", "/webhooks/{application_id}/{token}/messages/@original", self._delete_original)
        r("POST", "/webhooks/{application_id}/{token}", self._followup)
        r("GET", "/webhooks/{application_id}/{token}/messages/{message_id}", self._get_followup)
        r("PATCH", "/webhooks/{application_id}/{token}/messages/{message_id}",
          self._edit_followup)
        r("DELETE", "/webhooks/{application_id}/{token}/messages/{message_id}",
          self._delete_followup)

    def _elapsed(self, inter: FakeInteraction) -> float:
        return max(time.monotonic() - inter.created_mono,
                   self.clock.monotonic() - inter.created_fake)

    async def _callback(self, req: Req) -> tuple[int, Any]:
        inter = self._by_id.get(req.int("interaction_id"))
        if inter is None or inter.token != req.params["token"]:
            raise E.unknown_interaction()
        if inter.response_type is not None:
            raise E.already_acknowledged()
        elapsed = self._elapsed(inter)
        if inter.failed is not None or elapsed > self.response_deadline:
            if inter.failed is None:
                self._fail(inter, f"first response after {elapsed:.2f} s")
            raise E.unknown_interaction()
        body = req.json()
        kind = int(body.get("type", 0))
        data = body.get("data") or {}
        allowed = set(ALLOWED_CALLBACKS.get(inter.type, set()))
        if inter.type == MODAL_SUBMIT and inter.message is None:
            allowed -= {6, 7}
        if kind not in allowed:
            raise E.invalid_form(["type"], "INTERACTION_RESPONSE_TYPE_INVALID",
                                 f"Interaction response type {kind} is not valid for "
                                 f"interaction type {inter.type}")
        resource: dict[str, Any] = {"type": kind}
        if kind == 4:
            validate_message(data, has_files=bool(req.files), editing=False)
            inter.original = self._new_message(
                inter.channel, data, req.files, author=self.bot_user, interaction=inter,
                msg_type=20 if inter.type == APPLICATION_COMMAND else 0)
            await self._announce_create(inter.original)
        elif kind == 5:
            flags = int(data.get("flags") or 0) & FLAG_EPHEMERAL
            inter.ephemeral_defer = bool(flags)
            inter.original = self._new_message(
                inter.channel, {"flags": flags}, [], author=self.bot_user, interaction=inter,
                flags_extra=FLAG_LOADING,
                msg_type=20 if inter.type == APPLICATION_COMMAND else 0)
            await self._announce_create(inter.original)
        elif kind in (6, 7):
            assert inter.message is not None
            target = self.messages[inter.message.id]
            if target.deleted:
                raise E.unknown_message()
            if kind == 7:
                validate_message(data, has_files=bool(req.files), editing=True,
                                 base_flags=target.flags & FLAG_COMPONENTS_V2)
                self._apply_edit(target, data, req.files)
                await self._announce_update(target)
            inter.original = target
        elif kind == 8:
            choices = data.get("choices") or []
            if len(choices) > 25:
                raise E.invalid_form(["data", "choices"], "BASE_TYPE_MAX_LENGTH",
                                     "Must be 25 or fewer in length.")
            inter.autocomplete_choices = choices
        elif kind == 9:
            validate_modal(data)
            inter.modal = FakeModal(inter, data.get("custom_id", ""), data.get("title", ""),
                                    list(data.get("components") or []))
        inter.response_type = kind
        inter.responded_after = time.monotonic() - inter.created_mono
        inter.answered.set()
        if inter.original is not None and kind in (4, 5, 7):
            resource["message"] = inter.original.payload()
        if "with_response" not in req.request.query:
            return 204, None
        interaction_info: dict[str, Any] = {"id": str(inter.id), "type": inter.type}
        if inter.original is not None:
            interaction_info.update({
                "response_message_id": str(inter.original.id),
                "response_message_loading": inter.original.loading,
                "response_message_ephemeral": inter.original.ephemeral,
            })
        return 200, {"interaction": interaction_info, "resource": resource}

    def _token_interaction(self, req: Req) -> FakeInteraction:
        if req.int("application_id") != self.app_id:
            raise E.unknown_webhook()
        inter = self._by_token.get(req.params["token"])
        if inter is None:
            raise E.unknown_webhook()
        if self.clock.monotonic() - inter.created_fake > self.token_lifetime:
            raise E.invalid_webhook_token()
        return inter

    def _original(self, req: Req) -> tuple[FakeInteraction, FakeMessage]:
        inter = self._token_interaction(req)
        if inter.original is None or inter.original.deleted:
            raise E.unknown_message()
        return inter, inter.original

    async def _get_original(self, req: Req) -> tuple[int, Any]:
        _, message = self._original(req)
        return 200, message.payload()

    async def _edit_original(self, req: Req) -> tuple[int, Any]:
        _, message = self._original(req)
        return await self._edit_message(message, req)

    async def _delete_original(self, req: Req) -> tuple[int, Any]:
        _, message = self._original(req)
        return await self._delete_message_of(message)

    async def _followup(self, req: Req) -> tuple[int, Any]:
        inter = self._token_interaction(req)
        if inter.response_type is None:
            raise E.unknown_webhook()
        payload = req.json()
        validate_message(payload, has_files=bool(req.files), editing=False)
        original = inter.original
        if inter.response_type == 5 and original is not None and original.loading \
                and not original.deleted:
            # Discord: the first followup after a deferred reply replaces the
            # "thinking" message and keeps the deferral's visibility
            edit = {k: v for k, v in payload.items() if k != "flags"}
            self._apply_edit(original, edit, req.files)
            original.edits -= 1  # the first content is not an edit for the user
            original.edited_at = None
            await self._announce_update(original)
            message = original
        else:
            message = self._new_message(inter.channel, payload, req.files,
                                        author=self.bot_user, interaction=inter)
            inter.followups.append(message)
            await self._announce_create(message)
        if req.request.query.get("wait", "false").lower() not in ("true", "1"):
            return 204, None
        return 200, message.payload()

    def _followup_message(self, req: Req) -> FakeMessage:
        inter = self._token_interaction(req)
        message_id = req.int("message_id")
        for message in [*inter.followups, *([inter.original] if inter.original else [])]:
            if message.id == message_id and not message.deleted:
                return message
        raise E.unknown_message()

    async def _get_followup(self, req: Req) -> tuple[int, Any]:
        return 200, self._followup_message(req).payload()

    async def _edit_followup(self, req: Req) -> tuple[int, Any]:
        return await self._edit_message(self._followup_message(req), req)

    async def _delete_followup(self, req: Req) -> tuple[int, Any]:
        return await self._delete_message_of(self._followup_message(req))
