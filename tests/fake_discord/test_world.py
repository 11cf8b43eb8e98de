"""Building the world while the bot runs."""

from __future__ import annotations

from tests.fake_discord.conftest import World


async def test_channel_added_while_the_bot_runs_is_usable_at_once(world: World) -> None:
    later = world.guild.add_text_channel("later")
    await world.alice.run(later, "toy lobby")
    assert later.last_message().content == "Lobby: "
    assert world.bot.get_channel(later.id) is not None
