"""The payload limits Discord enforces, raising the errors it returns.

Numbers from the Discord API reference (message, embed, component and modal limits).
"""

from __future__ import annotations

import re
from typing import Any

from .errors import ApiError, empty_message, invalid_form

CONTENT_MAX = 2000
NONCE_MAX = 25
EMBEDS_MAX = 10
EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
EMBED_FIELDS_MAX = 25
EMBED_FIELD_NAME_MAX = 256
EMBED_FIELD_VALUE_MAX = 1024
EMBED_FOOTER_MAX = 2048
EMBED_AUTHOR_MAX = 256
EMBED_TOTAL_MAX = 6000
ACTION_ROWS_MAX = 5
ROW_BUTTONS_MAX = 5
CUSTOM_ID_MAX = 100
BUTTON_LABEL_MAX = 80
SELECT_OPTIONS_MAX = 25
SELECT_OPTION_TEXT_MAX = 100
SELECT_PLACEHOLDER_MAX = 150
V2_COMPONENTS_MAX = 40
V2_TEXT_MAX = 4000
MODAL_TITLE_MAX = 45
MODAL_COMPONENTS_MAX = 5
TEXT_INPUT_LABEL_MAX = 45
TEXT_INPUT_VALUE_MAX = 4000
TEXT_INPUT_PLACEHOLDER_MAX = 100

FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_SUPPRESS_NOTIFICATIONS = 1 << 12
FLAG_COMPONENTS_V2 = 1 << 15

BUTTON = 2
SELECT_TYPES = frozenset({3, 5, 6, 7, 8})
TEXT_INPUT = 4
ACTION_ROW = 1
LABEL = 18
TEXT_DISPLAY = 10

_COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")


def _too_long(path: list[str | int], limit: int) -> ApiError:
    return invalid_form(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def _check_len(value: Any, limit: int, path: list[str | int]) -> None:
    if isinstance(value, str) and len(value) > limit:
        raise _too_long(path, limit)


def _embed_length(embed: dict[str, Any]) -> int:
    total = len(embed.get("title") or "") + len(embed.get("description") or "")
    for field in embed.get("fields") or []:
        total += len(field.get("name") or "") + len(field.get("value") or "")
    total += len((embed.get("footer") or {}).get("text") or "")
    total += len((embed.get("author") or {}).get("name") or "")
    return total


def validate_embeds(embeds: list[dict[str, Any]]) -> None:
    if len(embeds) > EMBEDS_MAX:
        raise invalid_form(["embeds"], "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    total = 0
    for i, embed in enumerate(embeds):
        _check_len(embed.get("title"), EMBED_TITLE_MAX, ["embeds", i, "title"])
        _check_len(embed.get("description"), EMBED_DESCRIPTION_MAX, ["embeds", i, "description"])
        fields = embed.get("fields") or []
        if len(fields) > EMBED_FIELDS_MAX:
            raise _too_long(["embeds", i, "fields"], EMBED_FIELDS_MAX)
        for j, field in enumerate(fields):
            if not field.get("name") or not field.get("value"):
                raise invalid_form(
                    ["embeds", i, "fields", j, "value" if field.get("name") else "name"],
                    "BASE_TYPE_REQUIRED",
                    "This field is required",
                )
            _check_len(field.get("name"), EMBED_FIELD_NAME_MAX, ["embeds", i, "fields", j, "name"])
            _check_len(
                field.get("value"), EMBED_FIELD_VALUE_MAX, ["embeds", i, "fields", j, "value"]
            )
        _check_len((embed.get("footer") or {}).get("text"), EMBED_FOOTER_MAX,
                   ["embeds", i, "footer", "text"])
        _check_len((embed.get("author") or {}).get("name"), EMBED_AUTHOR_MAX,
                   ["embeds", i, "author", "name"])
        total += _embed_length(embed)
    if total > EMBED_TOTAL_MAX:
        raise invalid_form(
            ["embeds"], "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000"
        )


def _validate_button(c: dict[str, Any], path: list[str | int], ids: set[str]) -> None:
    style = c.get("style")
    _check_len(c.get("label"), BUTTON_LABEL_MAX, [*path, "label"])
    if style == 5:  # link
        if not c.get("url") or c.get("custom_id"):
            raise invalid_form(path, "BUTTON_COMPONENT_INVALID_URL", "A link button needs a url")
        return
    if style == 6:  # premium
        return
    _validate_custom_id(c, path, ids)
    if not c.get("label") and not c.get("emoji"):
        raise invalid_form(path, "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED",
                           "A button needs a label or an emoji")


def _validate_custom_id(c: dict[str, Any], path: list[str | int], ids: set[str]) -> None:
    custom_id = c.get("custom_id")
    if not custom_id:
        raise invalid_form([*path, "custom_id"], "BASE_TYPE_REQUIRED", "This field is required")
    _check_len(custom_id, CUSTOM_ID_MAX, [*path, "custom_id"])
    if custom_id in ids:
        raise invalid_form([*path, "custom_id"], "COMPONENT_CUSTOM_ID_DUPLICATED",
                           "Component custom id cannot be duplicated")
    ids.add(custom_id)


def _validate_select(c: dict[str, Any], path: list[str | int], ids: set[str]) -> None:
    _validate_custom_id(c, path, ids)
    _check_len(c.get("placeholder"), SELECT_PLACEHOLDER_MAX, [*path, "placeholder"])
    options = c.get("options") or []
    if c.get("type") == 3:
        if not 1 <= len(options) <= SELECT_OPTIONS_MAX:
            raise invalid_form([*path, "options"], "BASE_TYPE_BAD_LENGTH",
                               "Must be between 1 and 25 in length.")
        values: set[str] = set()
        for k, option in enumerate(options):
            for key in ("label", "value", "description"):
                _check_len(option.get(key), SELECT_OPTION_TEXT_MAX, [*path, "options", k, key])
            if option.get("value") in values:
                raise invalid_form([*path, "options", k, "value"],
                                   "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                                   "Select component option values must be unique")
            values.add(option.get("value"))
    low = c.get("min_values", 1)
    high = c.get("max_values", 1)
    if not 0 <= low <= high <= SELECT_OPTIONS_MAX or (options and high > len(options)):
        raise invalid_form([*path, "max_values"], "BASE_TYPE_BAD_INT",
                           "min_values/max_values out of range")


def _walk_v2(comps: list[dict[str, Any]], path: list[str | int], ids: set[str],
             counter: list[int]) -> None:
    for i, c in enumerate(comps):
        here: list[str | int] = [*path, i]
        counter[0] += 1
        kind = c.get("type")
        if kind == BUTTON:
            _validate_button(c, here, ids)
        elif kind in SELECT_TYPES:
            _validate_select(c, here, ids)
        elif kind == TEXT_DISPLAY:
            counter[1] += len(c.get("content") or "")
        if kind == ACTION_ROW:
            _validate_row(c, here, ids, counter)
        else:
            children = c.get("components")
            if isinstance(children, list):
                _walk_v2(children, [*here, "components"], ids, counter)
            accessory = c.get("accessory")
            if isinstance(accessory, dict):
                _walk_v2([accessory], [*here, "accessory"], ids, counter)


def _validate_row(row: dict[str, Any], path: list[str | int], ids: set[str],
                  counter: list[int]) -> None:
    children = row.get("components") or []
    if not children:
        raise invalid_form([*path, "components"], "BASE_TYPE_BAD_LENGTH",
                           "Must be between 1 and 5 in length.")
    selects = [c for c in children if c.get("type") in SELECT_TYPES]
    if len(children) > ROW_BUTTONS_MAX or (selects and len(children) > 1):
        raise invalid_form([*path, "components"], "BASE_TYPE_BAD_LENGTH",
                           "Must be between 1 and 5 in length.")
    for j, c in enumerate(children):
        here: list[str | int] = [*path, "components", j]
        counter[0] += 1
        if c.get("type") == BUTTON:
            _validate_button(c, here, ids)
        elif c.get("type") in SELECT_TYPES:
            _validate_select(c, here, ids)
        else:
            raise invalid_form([*here, "type"], "COMPONENT_TYPE_INVALID",
                               "Component type not allowed in an action row")


def validate_components(components: list[dict[str, Any]], flags: int) -> None:
    ids: set[str] = set()
    counter = [0, 0]  # components, text display characters
    if flags & FLAG_COMPONENTS_V2:
        _walk_v2(components, ["components"], ids, counter)
        if counter[0] > V2_COMPONENTS_MAX:
            raise _too_long(["components"], V2_COMPONENTS_MAX)
        if counter[1] > V2_TEXT_MAX:
            raise invalid_form(["components"], "BASE_TYPE_MAX_LENGTH",
                               "Text display content exceeds 4000 characters")
        return
    if len(components) > ACTION_ROWS_MAX:
        raise _too_long(["components"], ACTION_ROWS_MAX)
    for i, row in enumerate(components):
        if row.get("type") != ACTION_ROW:
            raise invalid_form(["components", i, "type"], "COMPONENT_LAYOUT_REQUIRED",
                               "Top-level components must be action rows "
                               "(or set the IS_COMPONENTS_V2 flag)")
        _validate_row(row, ["components", i], ids, counter)


def validate_message(payload: dict[str, Any], *, has_files: bool, editing: bool,
                     base_flags: int = 0) -> None:
    """Check a message create/edit body; raise the ApiError Discord returns."""
    flags = int(payload.get("flags") or 0) | base_flags
    content = payload.get("content")
    if content is not None and not isinstance(content, str):
        raise invalid_form(["content"], "BASE_TYPE_BAD_TYPE", "Must be a string")
    _check_len(content, CONTENT_MAX, ["content"])
    _check_len(payload.get("nonce"), NONCE_MAX, ["nonce"])
    embeds = payload.get("embeds")
    if embeds:
        validate_embeds(embeds)
    components = payload.get("components")
    if components:
        validate_components(components, flags)
    if flags & FLAG_COMPONENTS_V2 and (content or embeds):
        raise invalid_form(["content"], "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                           "The 'content' and 'embeds' fields cannot be used with components v2")
    if not editing and not (content or embeds or components or has_files
                            or payload.get("sticker_ids") or payload.get("poll")):
        raise empty_message()


def validate_modal(data: dict[str, Any]) -> None:
    _check_len(data.get("title"), MODAL_TITLE_MAX, ["data", "title"])
    if not data.get("title"):
        raise invalid_form(["data", "title"], "BASE_TYPE_REQUIRED", "This field is required")
    components = data.get("components") or []
    if not 1 <= len(components) <= MODAL_COMPONENTS_MAX:
        raise invalid_form(["data", "components"], "BASE_TYPE_BAD_LENGTH",
                           "Must be between 1 and 5 in length.")
    ids: set[str] = set()
    _check_len(data.get("custom_id"), CUSTOM_ID_MAX, ["data", "custom_id"])
    for i, top in enumerate(components):
        inner = top.get("components") or ([top["component"]] if "component" in top else [])
        if top.get("type") == LABEL:
            _check_len(top.get("label"), TEXT_INPUT_LABEL_MAX, ["data", "components", i, "label"])
        for j, c in enumerate(inner):
            path: list[str | int] = ["data", "components", i, "components", j]
            if c.get("type") == TEXT_INPUT:
                _validate_custom_id(c, path, ids)
                _check_len(c.get("label"), TEXT_INPUT_LABEL_MAX, [*path, "label"])
                _check_len(c.get("value"), TEXT_INPUT_VALUE_MAX, [*path, "value"])
                _check_len(c.get("placeholder"), TEXT_INPUT_PLACEHOLDER_MAX, [*path, "placeholder"])
            elif c.get("type") in SELECT_TYPES:
                _validate_select(c, path, ids)


def validate_commands(commands: list[dict[str, Any]]) -> None:
    names: set[tuple[int, str]] = set()
    if len(commands) > 100:
        raise _too_long([], 100)
    for i, cmd in enumerate(commands):
        name = cmd.get("name") or ""
        ctype = int(cmd.get("type", 1))
        if not _COMMAND_NAME.match(name) or (ctype == 1 and name != name.lower()):
            raise invalid_form([i, "name"], "APPLICATION_COMMAND_INVALID_NAME",
                               f"Command name is invalid: {name!r}")
        if (ctype, name) in names:
            raise invalid_form([i, "name"], "APPLICATION_COMMANDS_DUPLICATE_NAME",
                               f"Application command names must be unique: {name}")
        names.add((ctype, name))
        if ctype == 1:
            description = cmd.get("description") or ""
            if not 1 <= len(description) <= 100:
                raise invalid_form([i, "description"], "BASE_TYPE_BAD_LENGTH",
                                   "Must be between 1 and 100 in length.")
            _validate_options(cmd.get("options") or [], [i, "options"])


def _validate_options(options: list[dict[str, Any]], path: list[str | int]) -> None:
    if len(options) > 25:
        raise _too_long(path, 25)
    seen_optional = False
    for k, opt in enumerate(options):
        here: list[str | int] = [*path, k]
        name = opt.get("name") or ""
        if not _COMMAND_NAME.match(name) or name != name.lower():
            raise invalid_form([*here, "name"], "APPLICATION_COMMAND_INVALID_NAME",
                               f"Option name is invalid: {name!r}")
        if not 1 <= len(opt.get("description") or "") <= 100:
            raise invalid_form([*here, "description"], "BASE_TYPE_BAD_LENGTH",
                               "Must be between 1 and 100 in length.")
        if len(opt.get("choices") or []) > 25:
            raise _too_long([*here, "choices"], 25)
        if opt.get("type") in (1, 2):
            _validate_options(opt.get("options") or [], [*here, "options"])
            continue
        if opt.get("required"):
            if seen_optional:
                raise invalid_form([*here, "required"],
                                   "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                                   "Required options must be placed before non-required options")
        else:
            seen_optional = True
