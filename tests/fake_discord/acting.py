"""Users acting: slash commands, autocomplete, clicks, selects, modal submits and plain
messages, each sent as Discord sends it and waited for until the bot answered."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from typing import Any

from .errors import ScenarioError
from .guilds import FakeChannel
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    FakeInteraction,
    FakeModal,
)
from .messages import FakeMessage, walk_components
from .slash import SlashLayer
from .users import FakeUser


class ActingLayer(SlashLayer):
    async def _expire_pending(self) -> None:
        for inter in self.interactions:
            if inter.response_type is None and inter.failed is None \
                    and self.clock.monotonic() - inter.created_fake > self.response_deadline:
                self._fail(inter, "no response within the deadline (fake clock)")

    def _check_sees(self, user: FakeUser, channel: FakeChannel) -> None:
        if not channel.visible_to(user):
            raise ScenarioError(f"{user.name} cannot see #{channel.name}")
        if channel.guild is not None and user.id not in channel.guild.members:
            raise ScenarioError(f"{user.name} is not a member of {channel.guild.name}")

    def _interaction_payload(self, inter: FakeInteraction) -> dict[str, Any]:
        channel = inter.channel
        payload: dict[str, Any] = {
            "id": str(inter.id),
            "application_id": str(self.app_id),
            "type": inter.type,
            "data": inter.data,
            "token": inter.token,
            "version": 1,
            "locale": inter.user.locale,
            "app_permissions": str(channel.bot_permissions()),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": self.attachment_size_limit,
            "channel_id": str(channel.id),
            "channel": channel.payload(),
        }
        guild = inter.guild
        if guild is not None:
            payload.update({
                "guild_id": str(guild.id),
                "guild": {"id": str(guild.id), "locale": guild.locale, "features": []},
                "guild_locale": guild.locale,
                "member": guild.member_payload(inter.user) | {
                    "permissions": str(guild.permissions_of(inter.user))},
                "authorizing_integration_owners": {"0": str(guild.id)},
                "context": 0,
            })
        else:
            payload.update({"user": inter.user.payload(),
                            "authorizing_integration_owners": {"1": str(inter.user.id)},
                            "context": 1})
        if inter.message is not None:
            payload["message"] = inter.message.payload()
        return payload

    async def _interact(self, user: FakeUser, channel: FakeChannel, kind: int,
                        data: dict[str, Any], *, message: FakeMessage | None = None,
                        command_name: str = "", settle: bool) -> FakeInteraction:
        inter = FakeInteraction(
            id=self.ids.next(), token=f"itok-{secrets.token_urlsafe(24)}", type=kind, user=user,
            channel=channel, guild=channel.guild, data=data, created_mono=time.monotonic(),
            created_fake=self.clock.monotonic(), message=message, command_name=command_name)
        self.interactions.append(inter)
        self._by_id[inter.id] = inter
        self._by_token[inter.token] = inter
        if self._bot is None:
            self._fail(inter, "the bot is offline")
            return inter
        await self._flush_dispatches()
        await self._dispatch("INTERACTION_CREATE", self._interaction_payload(inter),
                             guild_id=channel.guild.id if channel.guild else None)
        await self._await_answer(inter)
        if settle:
            await self.wait_idle()
        return inter

    async def _await_answer(self, inter: FakeInteraction) -> None:
        deadline = inter.created_mono + self.response_deadline
        while not inter.answered.is_set():
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                self._fail(inter, f"no response within {self.response_deadline} s")
                return
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(inter.answered.wait(), timeout=min(remaining, 0.05))
                return
            # the bot finished everything and stayed idle without answering: it never will
            # (a bot that does not answer a heartbeat is not known to be idle: the deadline)
            if self._live_conn() is not None:
                if not await self._barrier():
                    continue
                if not self._busy() and not inter.answered.is_set():
                    grace = min(self.idle_fail_grace, max(0.0, deadline - time.monotonic()))
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(inter.answered.wait(), timeout=grace)
                        return
                    if not await self._barrier():
                        continue
                    if not self._busy() and not inter.answered.is_set() and \
                            time.monotonic() - self._last_activity >= grace:
                        self._fail(inter, "the bot went idle without answering")
                        return

    async def run_command(self, user: FakeUser, channel: FakeChannel, command: str,
                          options: dict[str, Any], *, settle: bool) -> FakeInteraction:
        self._check_sees(user, channel)
        data, name = self._command_data(channel, command, options)
        return await self._interact(user, channel, APPLICATION_COMMAND, data,
                                    command_name=name, settle=settle)

    async def autocomplete(self, user: FakeUser, channel: FakeChannel, command: str,
                           focused: str, partial: str,
                           options: dict[str, Any]) -> list[dict[str, Any]]:
        self._check_sees(user, channel)
        data, name = self._command_data(channel, command, options, focused, partial)
        inter = await self._interact(user, channel, AUTOCOMPLETE, data, command_name=name,
                                     settle=True)
        return inter.autocomplete_choices or []

    def _actionable(self, user: FakeUser, message: FakeMessage) -> FakeMessage:
        current = self.messages.get(message.id)
        if current is None or current.deleted:
            raise ScenarioError(f"message {message.id} was deleted")
        self._check_sees(user, current.channel)
        if not current.visible_to(user):
            raise ScenarioError(f"{user.name} cannot see message {message.id} (ephemeral for "
                                f"someone else)")
        if current.loading:
            raise ScenarioError(f"message {message.id} is still loading")
        return current

    async def click(self, user: FakeUser, message: FakeMessage, *, label: str | None,
                    custom_id: str | None, settle: bool) -> FakeInteraction:
        if label is None and custom_id is None:
            raise ScenarioError("click needs a label or a custom_id")
        current = self._actionable(user, message)
        matches = [c for c in walk_components(current.components) if c.get("type") == 2
                   and ((custom_id is not None and c.get("custom_id") == custom_id)
                        or (custom_id is None and c.get("label") == label))]
        if not matches:
            raise ScenarioError(
                f"{user.name} found no button {label or custom_id!r} on message {current.id}; "
                f"buttons: {[b.label or b.custom_id for b in current.buttons]}")
        if len(matches) > 1:
            raise ScenarioError(f"several buttons labelled {label!r}; click by custom_id")
        button = matches[0]
        if button.get("disabled"):
            raise ScenarioError(f"button {label or custom_id!r} is disabled")
        if button.get("style") in (5, 6):
            raise ScenarioError("link and premium buttons do not send interactions")
        data = {"custom_id": button["custom_id"], "component_type": 2}
        return await self._interact(user, current.channel, MESSAGE_COMPONENT, data,
                                    message=current, settle=settle)

    async def select(self, user: FakeUser, message: FakeMessage, values: list[str], *,
                     custom_id: str | None, placeholder: str | None,
                     settle: bool) -> FakeInteraction:
        current = self._actionable(user, message)
        selects = [c for c in walk_components(current.components) if c.get("type") == 3]
        if custom_id is not None:
            selects = [c for c in selects if c.get("custom_id") == custom_id]
        if placeholder is not None:
            selects = [c for c in selects if c.get("placeholder") == placeholder]
        if len(selects) != 1:
            raise ScenarioError(f"expected one matching select menu on message {current.id}, "
                                f"found {len(selects)}")
        menu = selects[0]
        if menu.get("disabled"):
            raise ScenarioError("the select menu is disabled")
        options = menu.get("options") or []
        chosen: list[str] = []
        for v in values:
            option = next((o for o in options if o.get("value") == v), None) or next(
                (o for o in options if o.get("label") == v), None)
            if option is None:
                raise ScenarioError(f"no option {v!r}; options: "
                                    f"{[o.get('label') for o in options]}")
            chosen.append(option["value"])
        if not menu.get("min_values", 1) <= len(chosen) <= menu.get("max_values", 1):
            raise ScenarioError(f"pick between {menu.get('min_values', 1)} and "
                                f"{menu.get('max_values', 1)} options")
        data = {"custom_id": menu["custom_id"], "component_type": 3, "values": chosen}
        return await self._interact(user, current.channel, MESSAGE_COMPONENT, data,
                                    message=current, settle=settle)

    async def submit_modal(self, user: FakeUser, modal: FakeModal, values: dict[str, str], *,
                           settle: bool) -> FakeInteraction:
        origin = modal.interaction
        if origin.user is not user:
            raise ScenarioError(f"the modal was shown to {origin.user.name}, not {user.name}")
        labels = modal.inputs
        by_id: dict[str, str] = {}
        for key, value in values.items():
            if key in labels:
                by_id[key] = value
            else:
                ids = [cid for cid, label in labels.items() if label == key]
                if len(ids) != 1:
                    raise ScenarioError(f"no text input {key!r}; inputs: {labels}")
                by_id[ids[0]] = value

        def answer(c: dict[str, Any]) -> dict[str, Any]:
            if c.get("type") != 4:
                return {"type": c.get("type"), "custom_id": c.get("custom_id"),
                        "values": []}
            # an input the user leaves alone is sent with the text it was shown with
            value = by_id.get(c["custom_id"], c.get("value") or "")
            if c.get("required", True) and not value:
                raise ScenarioError(f"text input {c['custom_id']!r} is required")
            if not c.get("min_length", 0) <= len(value) <= c.get("max_length", 4000):
                raise ScenarioError(f"text input {c['custom_id']!r}: length out of range")
            return {"type": 4, "custom_id": c["custom_id"], "value": value}

        components: list[dict[str, Any]] = []
        for top in modal.components:
            if top.get("type") == 1:
                components.append({"type": 1, "components": [answer(c) for c in
                                                             top.get("components") or []]})
            elif top.get("type") == 18:
                components.append({"type": 18, "id": top.get("id"),
                                   "component": answer(top["component"])})
            else:
                components.append({"type": top.get("type"), "id": top.get("id")})
        data = {"custom_id": modal.custom_id, "components": components}
        message = origin.message
        if message is not None:
            message = self.messages.get(message.id)
        return await self._interact(user, origin.channel, MODAL_SUBMIT, data, message=message,
                                    settle=settle)

    async def user_message(self, user: FakeUser, channel: FakeChannel,
                           content: str) -> FakeMessage:
        self._check_sees(user, channel)
        message = self._new_message(channel, {"content": content}, [], author=user)
        await self._announce_create(message)
        await self.wait_idle()
        return message
