"""The teardown check lists the rules the bot broke."""

from __future__ import annotations

import pytest

from tests.fake_discord.conftest import World


async def test_teardown_check_lists_what_went_wrong(world: World) -> None:
    world.bot.hook = None
    await world.alice.run(world.chan, "toy do")
    with pytest.raises(AssertionError, match="toy do by alice failed"):
        world.fake.check()
    world.fake.take_violations()  # seen; keep the fixture's own check quiet
