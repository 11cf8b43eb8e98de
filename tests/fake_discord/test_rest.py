"""REST plumbing: unknown endpoints are violations."""

from __future__ import annotations

import discord

from tests.fake_discord.conftest import World


async def test_unknown_endpoint_is_a_violation(world: World) -> None:
    async def hook(i: discord.Interaction) -> None:
        await i.response.send_message("roles?")
        assert i.guild is not None
        await i.guild.fetch_roles()

    world.bot.hook = hook
    await world.alice.run(world.chan, "toy do")
    violations = world.fake.take_violations()
    assert any("does not know: GET /guilds/" in v for v in violations)
