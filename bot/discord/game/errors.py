"""Who clicked, and the app's refusals (``TableError`` codes) as private messages."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.app.errors import TableError
from bot.app.ports import UserRef
from bot.i18n import has, t

log = logging.getLogger(__name__)


def user_ref(interaction: discord.Interaction[Any]) -> UserRef:
    user = interaction.user
    return UserRef(id=user.id, name=user.display_name, locale=str(interaction.locale.value))


def error_text(exc: TableError, lang: str) -> str:
    code = exc.code
    if code == "table_exists":
        return t("new.exists", lang, link=board_link(exc.params))
    if exc.params.get("players") == 3 and has(f"three.err.{code}"):
        return t(f"three.err.{code}", lang, **exc.params)  # "all three seats", not four
    if code == "channel_not_allowed":
        channels = ", ".join(f"<#{c}>" for c in exc.params.get("channels", []))
        return t("err.channel_not_allowed", lang, channels=channels)
    if code == "bot_permissions":
        missing = ", ".join(t(f"perm.{name}", lang) for name in exc.params.get("missing", []))
        return t("err.bot_permissions", lang, missing=missing)
    if has(f"err.{code}"):
        return t(f"err.{code}", lang, **exc.params)
    if code.startswith("illegal."):
        return t("err.illegal", lang)
    log.warning("no message for table error %r", code)
    return t("err.generic", lang)


def board_link(params: dict[str, Any]) -> str:
    channel = params.get("channel_id")
    message = params.get("board_message_id")
    guild = params.get("guild_id")
    if channel and message and guild:
        return f"https://discord.com/channels/{guild}/{channel}/{message}"
    return f"<#{channel}>" if channel else ""
