"""Who may change a server's settings: members with Manage Server, or with the role the
server named; and reading the server's channels and roles for the menus."""

from __future__ import annotations

from typing import Any

import discord

from bot.app.settings import ServerSettings


def may_manage(interaction: discord.Interaction[Any], s: ServerSettings) -> bool:
    if interaction.permissions.manage_guild:
        return True
    user = interaction.user
    return (s.manager_role_id is not None and isinstance(user, discord.Member)
            and any(role.id == s.manager_role_id for role in user.roles))


def denial(s: ServerSettings) -> tuple[str, dict[str, Any]]:
    """The catalog key and parameters of the refusal."""
    if s.manager_role_id is None:
        return "settings.denied", {}
    return "settings.denied_role", {"role": f"<@&{s.manager_role_id}>"}


def channels_of(guild: discord.Guild | None) -> list[tuple[int, str]]:
    """The server's text channels in their order in the sidebar."""
    if guild is None:
        return []
    return [(c.id, c.name) for c in sorted(guild.text_channels, key=lambda c: c.position)]


def roles_of(guild: discord.Guild | None) -> list[tuple[int, str]]:
    """Roles a member can be given (not @everyone, not a bot's or integration's), highest
    first."""
    if guild is None:
        return []
    return [(r.id, r.name) for r in reversed(guild.roles)
            if not r.is_default() and not r.managed]
