"""Files on messages: uploads as Discord takes them, its limits, and ``attachment://`` links.

A message create or edit may carry ``multipart/form-data``: the JSON body in
``payload_json`` and files in ``files[n]``, each named by an entry ``{"id": n,
"filename": ..., "description": ...}`` of the body's ``attachments`` list. On an edit
that list also names the existing attachments (by their snowflake) the message keeps;
without it, new files are added to the ones already there (Discord's edit rules).
"""

from __future__ import annotations

import mimetypes
import struct
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from .errors import ApiError, invalid_form

ATTACHMENTS_MAX = 10
# Discord's default upload limit per file for bots in a server without boosts
# (reference "Uploading Files"; boost level 2 raises it to 50 MiB, level 3 to 100 MiB)
FILE_SIZE_MAX = 10 * 1024 * 1024
# the whole request of a message with files
REQUEST_SIZE_MAX = 25 * 1024 * 1024
# what an embed can show from ``attachment://``: "only filenames with proper image
# extensions are supported" (reference "Using Attachments within Embeds")
EMBED_IMAGE_TYPES = ("image/png", "image/jpeg", "image/gif", "image/webp")
EMBED_FILE_SLOTS = (("image", "url"), ("thumbnail", "url"), ("author", "icon_url"),
                    ("footer", "icon_url"))


@dataclass(frozen=True)
class Upload:
    """One file part of a multipart request."""

    field: str  # "files[0]"
    filename: str
    data: bytes
    content_type: str | None = None


@dataclass(frozen=True)
class FakeAttachment:
    """A file stored on a message."""

    id: int
    filename: str
    data: bytes
    content_type: str
    url: str
    description: str | None = None
    width: int | None = None
    height: int | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": str(self.id), "filename": self.filename,
                                "size": self.size, "url": self.url, "proxy_url": self.url,
                                "content_type": self.content_type}
        if self.description is not None:
            data["description"] = self.description
        if self.width is not None:
            data.update(width=self.width, height=self.height)
        return data


def too_large() -> ApiError:
    return ApiError(413, 40005, "Request entity too large")


def check_sizes(uploads: list[Upload], *, file_limit: int, request_limit: int) -> None:
    """Discord refuses the whole request with 413 / 40005 if one file or all together are
    over the limit."""
    if any(len(u.data) > file_limit for u in uploads) or \
            sum(len(u.data) for u in uploads) > request_limit:
        raise too_large()


def _field_index(name: str) -> str:
    """``files[3]`` -> ``"3"``; any other field name stands for itself."""
    if name.startswith("files[") and name.endswith("]"):
        return name[6:-1]
    return name


def image_size(data: bytes) -> tuple[int, int] | None:
    """Width and height of a PNG, GIF or JPEG (Discord reports them for images)."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        width, height = struct.unpack(">II", data[16:24])
        return int(width), int(height)
    if data[:6] in (b"GIF87a", b"GIF89a") and len(data) >= 10:
        width, height = struct.unpack("<HH", data[6:10])
        return int(width), int(height)
    if data[:2] == b"\xff\xd8":
        i = 2
        while i + 9 < len(data) and data[i] == 0xFF:
            marker = data[i + 1]
            length = int.from_bytes(data[i + 2:i + 4], "big")
            if marker in (0xC0, 0xC1, 0xC2):
                height, width = struct.unpack(">HH", data[i + 5:i + 9])
                return int(width), int(height)
            i += 2 + length
    return None


def content_type_of(upload: Upload) -> str:
    guessed, _ = mimetypes.guess_type(upload.filename)
    if guessed:
        return guessed
    if upload.content_type and upload.content_type != "application/octet-stream":
        return upload.content_type
    return "application/octet-stream"


def new_attachments(payload: dict[str, Any], uploads: list[Upload], *,
                    make: Callable[[Upload, str, str | None], FakeAttachment],
                    ) -> list[FakeAttachment]:
    """The uploads of one request as attachments; an ``attachments`` entry whose id is the
    file's index sets its filename and description. ``make(upload, filename, description)``
    stores one and returns the ``FakeAttachment``."""
    entries = {str(e.get("id")): e for e in payload.get("attachments") or []
               if isinstance(e, dict)}
    made: list[FakeAttachment] = []
    for upload in uploads:
        entry = entries.get(_field_index(upload.field), {})
        filename = str(entry.get("filename") or upload.filename)
        description = entry.get("description")
        made.append(make(upload, filename, description if isinstance(description, str)
                         else None))
    return made


def kept_attachments(payload: dict[str, Any],
                     existing: list[FakeAttachment]) -> list[FakeAttachment]:
    """On an edit: the existing attachments the body keeps (all of them without a list)."""
    if "attachments" not in payload:
        return list(existing)
    listed = {str(e.get("id")) for e in payload.get("attachments") or [] if isinstance(e, dict)}
    return [a for a in existing if str(a.id) in listed]


def check_count(count: int) -> None:
    if count > ATTACHMENTS_MAX:
        raise invalid_form(["attachments"], "BASE_TYPE_MAX_LENGTH",
                           f"Must be {ATTACHMENTS_MAX} or fewer in length.")


def _embed_slots(embeds: list[dict[str, Any]]) -> Iterator[tuple[int, str, dict[str, Any], str]]:
    for i, embed in enumerate(embeds):
        for slot, key in EMBED_FILE_SLOTS:
            sub = embed.get(slot)
            if isinstance(sub, dict) and isinstance(sub.get(key), str):
                yield i, slot, sub, key


def link_embed_files(embeds: list[dict[str, Any]], attachments: list[FakeAttachment],
                     files_url: str) -> list[str]:
    """Point ``attachment://name`` links of the embeds at the message's attachment of that
    name, as Discord does (url, proxy_url, width, height). Returns the links that name no
    attachment of the message, or a file (under ``files_url``) the message no longer has:
    Discord accepts those but shows no picture."""
    by_name = {a.filename: a for a in attachments}
    urls = {a.url for a in attachments}
    broken: list[str] = []
    for i, slot, sub, key in _embed_slots(embeds):
        link = str(sub[key])
        if link.startswith(files_url) and link not in urls:
            broken.append(f"embeds[{i}].{slot}.{key} shows {link.rsplit('/', 1)[-1]!r}, a file "
                          f"removed from the message (its files: {sorted(by_name)})")
            continue
        if not link.startswith("attachment://"):
            continue
        found = by_name.get(link.removeprefix("attachment://"))
        if found is None:
            broken.append(f"embeds[{i}].{slot}.{key} {link!r} names no attachment of the "
                          f"message (its files: {sorted(by_name)})")
            continue
        unshown = _not_a_picture(found)
        if unshown:
            broken.append(f"embeds[{i}].{slot}.{key} {link!r} names {unshown}")
            continue
        sub[key] = found.url
        if key == "url":
            sub["proxy_url"] = found.url
            if found.width is not None:
                sub.update(width=found.width, height=found.height)
            sub["content_type"] = found.content_type
        else:
            sub["proxy_" + key] = found.url
    return broken


def _not_a_picture(found: FakeAttachment) -> str | None:
    """Why an embed cannot show this file as a picture (None if it can): its name has no
    image extension, or its bytes are not the image its name says."""
    if found.content_type not in EMBED_IMAGE_TYPES:
        return f"{found.filename!r}, not a file with an image extension ({found.content_type})"
    if found.content_type != "image/webp" and found.width is None:
        return f"{found.filename!r}, whose bytes are not a {found.content_type} image"
    return None


def embed_file(embed: dict[str, Any], slot: str,
               attachments: list[FakeAttachment]) -> FakeAttachment | None:
    """The attachment an embed's image/thumbnail/author/footer shows, if it is one."""
    key = "url" if slot in ("image", "thumbnail") else "icon_url"
    sub = embed.get(slot)
    url = sub.get(key) if isinstance(sub, dict) else None
    return next((a for a in attachments if a.url == url), None)
