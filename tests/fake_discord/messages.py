"""Messages as Discord stores them, and the components a user can act on."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .attachments import FakeAttachment, embed_file
from .errors import ScenarioError
from .limits import BUTTON, FLAG_LOADING, SELECT_TYPES, TEXT_DISPLAY

if TYPE_CHECKING:
    from .guilds import FakeChannel
    from .interactions import FakeInteraction
    from .server import FakeDiscord
    from .users import FakeUser


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
    attached: list[FakeAttachment] = field(default_factory=list)
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

    @property
    def attachments(self) -> list[dict[str, Any]]:
        """The attachments as the API shows them (dicts with filename, size, url ...)."""
        return [a.payload() for a in self.attached]

    @property
    def files(self) -> list[tuple[str, bytes]]:
        """(filename, bytes) of every attachment."""
        return [(a.filename, a.data) for a in self.attached]

    def attachment(self, filename: str) -> FakeAttachment:
        for a in self.attached:
            if a.filename == filename:
                return a
        raise ScenarioError(f"no attachment {filename!r} on message {self.id}; "
                            f"attachments: {[a.filename for a in self.attached]}")

    def embed_image(self, index: int = 0, slot: str = "image") -> FakeAttachment:
        """The attached file embed ``index`` shows as its ``slot`` ("image", "thumbnail",
        "author" or "footer" icon)."""
        if index >= len(self.embeds):
            raise ScenarioError(f"message {self.id} has {len(self.embeds)} embed(s)")
        found = embed_file(self.embeds[index], slot, self.attached)
        if found is None:
            raise ScenarioError(f"embed {index} of message {self.id} shows no attached "
                                f"{slot}: {self.embeds[index].get(slot)!r}")
        return found

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
        for a in self.attached:
            parts.append(a.filename)
        return "\n".join(parts)

    def snapshot(self) -> dict[str, Any]:
        return {"content": self.content, "embeds": copy.deepcopy(self.embeds),
                "components": copy.deepcopy(self.components), "flags": self.flags,
                "attachments": [a.filename for a in self.attached]}

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
            "attachments": self.attachments,
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

