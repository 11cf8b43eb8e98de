"""``/goita settings`` end to end through the fake Discord: an admin changes the target and
the turn time, a new table uses them while a running one keeps its own, and both survive a
restart; a bad value gets one sentence and changes nothing; a member without the right is
refused, a member with the server's settings role is not; a table in a channel that is not
allowed is refused with the reason."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bot.client import create_bot
from tests.bot.discord.kit import FAST, FakeClockAdapter, World, make_world, member
from tests.fake_discord import FakeDiscord, FakeUser

MANAGE_GUILD = 1 << 5


def admin(world: World, name: str = "admin") -> FakeUser:
    user = member(world, name)
    role = world.guild.add_role("Admins", MANAGE_GUILD)
    world.guild.give_role(user, role)
    return user


def field(message: Any, name: str) -> str:
    embed = message.embeds[0]
    return str(next(f["value"] for f in embed["fields"] if f["name"] == name))


async def change_game(world: World, user: FakeUser, **values: str) -> Any:
    shown = (await user.run(world.chan, "goita settings")).reply
    form = (await user.click(shown, "Game and timing…")).modal
    assert form is not None
    answer = await user.submit(form, values)
    await world.settle()
    return shown, answer


async def restart(world: World, make_settings: Callable[..., Any]) -> World:
    await world.fake.stop_bot()
    bot = create_bot(make_settings(**FAST), clock=FakeClockAdapter(world.fake),
                     guild_ready_timeout=0.05)
    await world.fake.start_bot(bot)
    again = World(world.fake, world.guild, world.chan, bot)
    await again.settle()
    return again


async def test_new_tables_use_the_settings_running_ones_keep_theirs_through_a_restart(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings)
    boss = admin(world)
    old_chan, new_chan = world.chan, world.guild.add_text_channel("goita-2")
    await boss.run(old_chan, "goita new")
    await world.settle()
    running = world.table()
    await boss.click(world.board(), custom_id=f"goita:cpu:{running.id}:0:easy")
    await boss.click(world.board(), custom_id=f"goita:cpu:{running.id}:0:easy")
    await boss.click(world.board(), custom_id=f"goita:cpu:{running.id}:0:easy")
    await boss.click(world.board(), "Start")
    await world.settle()
    assert running.status == "playing" and running.target == 150

    shown, answer = await change_game(world, boss, target="300", turn_seconds="90",
                                      warning_seconds="20")
    assert answer.response_type == 7  # the settings message is redrawn
    assert field(shown, "Target score") == "300"
    assert field(shown, "Turn time (seconds)") == "90"
    assert "Saved" in shown.text()

    world.chan = new_chan
    await boss.run(new_chan, "goita new")
    await world.settle()
    fresh = world.table()
    assert fresh.target == 300 and fresh.settings is not None
    assert fresh.settings.turn_seconds == 90
    for _ in range(3):
        await boss.click(world.board(), custom_id=f"goita:cpu:{fresh.id}:0:easy")
    await boss.click(world.board(), "Start")
    await world.settle()
    assert "90 s per move" in world.board().text()
    assert "300" in world.board().text()
    world.chan = old_chan
    assert "60 s per move" in world.board().text()
    assert running.target == 150 and running.settings is not None
    assert running.settings.turn_seconds == 60

    world = await restart(world, make_settings)
    assert "60 s per move" in world.board().text()
    tables = {t.id: t for t in world.service.live_tables()}
    assert tables[running.id].target == 150
    assert tables[running.id].settings.turn_seconds == 60  # type: ignore[union-attr]
    assert tables[fresh.id].target == 300
    assert tables[fresh.id].settings.turn_seconds == 90  # type: ignore[union-attr]
    world.chan = new_chan
    assert "90 s per move" in world.board().text()
    # the turn timer of the new table runs at its own pace after the restart too
    table = world.table()
    for _ in range(300):
        if any(s in table.to_act() for s in table.humans()) \
                and table.deadlines.turn_deadline is not None:
            break
        await world.advance(1)
    assert table.deadlines.turn_deadline is not None
    assert table.deadlines.turn_deadline - table.deadlines.warn_at == 20  # type: ignore
    # the server's settings are kept too
    again = (await boss.run(new_chan, "goita settings")).reply
    assert field(again, "Target score") == "300"


async def test_a_bad_value_gets_one_sentence_and_changes_nothing(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings)
    boss = admin(world)
    shown, answer = await change_game(world, boss, target="20", turn_seconds="abc",
                                      warning_seconds="20")
    text = answer.reply.text()
    assert "Target score: must be between 50 and 1000." in text
    assert "Turn time (seconds): enter a number of seconds" in text
    assert "Nothing was changed." in text
    assert text.count("•") == 2
    assert answer.reply.ephemeral_for == boss.id
    assert field(shown, "Target score") == "150"
    settings = await world.bot.services.settings.for_guild(world.guild.id)  # type: ignore
    assert settings.target == 150 and settings.warning_seconds == 15


async def test_a_member_without_the_right_is_refused_the_settings_role_is_not(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings)
    boss = admin(world)
    bob = member(world, "bob")
    refused = await bob.run(world.chan, "goita settings")
    assert "Only members with the Manage Server permission" in refused.text()
    assert refused.reply.ephemeral_for == bob.id and not refused.reply.embeds

    helpers = world.guild.add_role("Goita helpers")
    await world.fake.wait_idle()
    shown = (await boss.run(world.chan, "goita settings")).reply
    await boss.select(shown, "@Goita helpers", placeholder="Role that may change the settings")
    assert field(shown, "Role that may change the settings") == f"<@&{helpers}>"
    # a click on the admin's message by someone else is refused too
    refused = await bob.run(world.chan, "goita settings")
    assert "the <@&" in refused.text()
    world.guild.give_role(bob, helpers)
    mine = (await bob.run(world.chan, "goita settings")).reply
    await bob.select(mine, ["board_pictures", "hints_at_rated"],
                     placeholder="House rule and board options")
    assert field(mine, "Hints at rated tables") == "on"
    assert field(mine, "House rule: 7th and 8th always double") == "off"


async def test_a_table_in_a_channel_that_is_not_allowed_is_refused_with_the_reason(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings)
    boss = admin(world)
    games = world.guild.add_text_channel("games")
    await fake_discord.wait_idle()
    shown = (await boss.run(world.chan, "goita settings")).reply
    await boss.select(shown, ["#games"], placeholder="Channels where tables may open")
    assert field(shown, "Channels for tables") == f"<#{games.id}>"
    bob = member(world, "bob")
    refused = await bob.run(world.chan, "goita new")
    assert refused.text() == f"This server opens Goita tables only in <#{games.id}>."
    assert world.service.live_tables() == []
    await bob.run(games, "goita new")
    assert [t.channel_id for t in world.service.live_tables()] == [games.id]
    thread = world.guild.add_thread(games, "a quiet game")  # a thread counts as its channel
    await fake_discord.wait_idle()
    await bob.run(thread, "goita new")
    assert thread.id in [t.channel_id for t in world.service.live_tables()]
    # back to every channel
    await boss.select(shown, ["all"], placeholder="Channels where tables may open")
    await bob.run(world.chan, "goita new")
    assert len(world.service.live_tables()) == 3


@pytest.mark.parametrize("lang", ["de", "ja"])
async def test_the_board_language_setting(fake_discord: FakeDiscord,
                                          make_settings: Callable[..., Any],
                                          lang: str) -> None:
    world = await make_world(fake_discord, make_settings)
    boss = admin(world)
    shown = (await boss.run(world.chan, "goita settings")).reply
    await boss.select(shown, lang, placeholder="Board language")
    await boss.run(world.chan, "goita new")
    await world.settle()
    expected = {"de": "Mitspielen", "ja": "参加"}[lang]
    assert expected in [b.label for b in world.board().buttons]
