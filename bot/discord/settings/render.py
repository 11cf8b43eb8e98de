"""The settings message: an embed of every setting and the menus and buttons that change
them (5 rows: three switches, the board language, the channels, the role, the buttons),
and the sentences of a refused change. Pure functions; no I/O."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.app.settings import BOARD_LANGUAGES, Problem, ServerSettings, SettingsPolicy
from bot.discord.render import COLOUR_LOBBY
from bot.discord.render.components import frozen_view
from bot.i18n import t

from .ids import ALL, FLAGS, button_id, select_id

#: each language by its own name (the same in every catalog)
LANGUAGE_NAMES = {"en": "English", "ja": "日本語", "es": "Español", "de": "Deutsch",
                  "fr": "Français", "ru": "Русский"}
#: a select menu holds 25 options; one is "all" / "none"
MAX_LISTED = 24


def seconds(value: float) -> str:
    return f"{value:g}"


def limit_text(value: int | None, cap: int | None, lang: str) -> str:
    if value is not None:
        return str(value)
    return t("settings.limit.none", lang) if cap is None \
        else t("settings.limit.max", lang, max=cap)


def render_settings(s: ServerSettings, policy: SettingsPolicy, guild_id: int, lang: str,
                    channels: Sequence[tuple[int, str]],
                    roles: Sequence[tuple[int, str]]) -> tuple[discord.Embed, discord.ui.View]:
    """The embed and the components; ``channels`` and ``roles`` (id, name) are the
    server's text channels and roles the menus offer."""
    def onoff(value: bool) -> str:
        return t("settings.on" if value else "settings.off", lang)

    def field(name: str, value: str) -> None:
        embed.add_field(name=t(f"settings.field.{name}", lang), value=value[:1024],
                        inline=True)

    embed = discord.Embed(title=t("settings.title", lang), colour=COLOUR_LOBBY,
                          description=t("settings.intro", lang))
    field("target", str(s.target))
    field("double_any_seventh", onoff(s.double_any_seventh))
    field("turn_seconds", seconds(s.turn_seconds))
    field("warning_seconds", seconds(s.warning_seconds))
    field("cpu_delay_seconds", seconds(s.cpu_delay_seconds))
    field("round_pause_seconds", seconds(s.round_pause_seconds))
    field("channels", " ".join(f"<#{c}>" for c in s.channels)
          or t("settings.all_channels", lang))
    field("tables_per_user", limit_text(s.tables_per_user, policy.max_tables_per_user, lang))
    field("tables_per_server", limit_text(s.tables_per_server, policy.max_tables_per_server,
                                          lang))
    field("board_pictures", onoff(s.board_pictures))
    field("hints_at_rated", onoff(s.hints_at_rated))
    field("board_language", LANGUAGE_NAMES.get(s.board_language or "")
          or t("settings.server_locale", lang))
    field("manager_role_id", f"<@&{s.manager_role_id}>" if s.manager_role_id
          else t("settings.no_role", lang))
    return embed, frozen_view(_items(s, guild_id, lang, channels, roles))


def _items(s: ServerSettings, guild_id: int, lang: str, channels: Sequence[tuple[int, str]],
           roles: Sequence[tuple[int, str]]) -> list[discord.ui.Item[Any]]:
    def option(label: str, value: str, chosen: bool) -> discord.SelectOption:
        return discord.SelectOption(label=label[:100], value=value, default=chosen)

    flags = discord.ui.Select[Any](
        custom_id=select_id("flags", guild_id), min_values=0, max_values=len(FLAGS), row=0,
        placeholder=t("settings.pick.flags", lang)[:150],
        options=[option(t(f"settings.field.{f}", lang), f, bool(getattr(s, f)))
                 for f in FLAGS])
    language = discord.ui.Select[Any](
        custom_id=select_id("lang", guild_id), row=1,
        placeholder=t("settings.pick.language", lang)[:150],
        options=[option(t("settings.server_locale", lang), ALL, s.board_language is None),
                 *(option(name, code, s.board_language == code)
                   for code, name in LANGUAGE_NAMES.items() if code in BOARD_LANGUAGES)])
    listed = list(channels[:MAX_LISTED])
    listed += [(c, str(c)) for c in s.channels if c not in {i for i, _ in listed}]
    listed = listed[:MAX_LISTED]
    chans = discord.ui.Select[Any](
        custom_id=select_id("chan", guild_id), row=2, min_values=1,
        max_values=len(listed) + 1, placeholder=t("settings.pick.channels", lang)[:150],
        options=[option(t("settings.all_channels", lang), ALL, not s.channels),
                 *(option(f"#{name}", str(cid), cid in s.channels) for cid, name in listed)])
    role = discord.ui.Select[Any](
        custom_id=select_id("role", guild_id), row=3,
        placeholder=t("settings.pick.role", lang)[:150],
        options=[option(t("settings.no_role", lang), ALL, s.manager_role_id is None),
                 *(option(f"@{name}", str(rid), rid == s.manager_role_id)
                   for rid, name in roles[:MAX_LISTED])])
    buttons = [
        discord.ui.Button[Any](label=t("settings.btn.game", lang), row=4,
                               custom_id=button_id("game", guild_id),
                               style=discord.ButtonStyle.primary),
        discord.ui.Button[Any](label=t("settings.btn.limits", lang), row=4,
                               custom_id=button_id("limits", guild_id)),
        discord.ui.Button[Any](label=t("settings.btn.reset", lang), row=4,
                               custom_id=button_id("reset", guild_id),
                               style=discord.ButtonStyle.danger),
    ]
    return [flags, language, chans, role, *buttons]


def problems_text(problems: Sequence[Problem], lang: str) -> str:
    """One sentence per bad value, then that nothing changed."""
    lines = []
    for p in problems:
        params = dict(p.params)
        params["field"] = t(f"settings.field.{params['field']}", lang)
        lines.append("• " + t(p.key, lang, **params))
    lines.append(t("settings.unchanged", lang))
    return "\n".join(lines)[:2000]
