"""Users acting through the fake: commands, clicks, selects, modals, autocomplete."""

from __future__ import annotations

import asyncio

import discord
import pytest
import yarl

from tests.fake_discord import FakeDiscord, ScenarioError
from tests.fake_discord.conftest import World
from tests.fake_discord.toybot import ToyBot


async def test_slash_command_payload_carries_user_locale_options_and_guild(world: World) -> None:
    reply = await world.bob.run(world.chan, "toy greet", who=world.alice, times=2)

    assert reply.text() == "hi alice hi alice"
    interaction = world.bot.seen[-1]
    assert interaction.locale is discord.Locale.japanese
    assert interaction.guild_locale is discord.Locale.japanese
    assert interaction.user.id == world.bob.id
    assert interaction.channel is not None and interaction.channel.id == world.chan.id


async def test_lobby_story_buttons_edits_and_per_user_views(world: World) -> None:
    alice, bob, chan = world.alice, world.bob, world.chan
    await alice.run(chan, "toy lobby")
    lobby = chan.last_message()
    assert lobby.button("Start").disabled

    with pytest.raises(ScenarioError, match="disabled"):
        await alice.click(lobby, "Start")
    await alice.click(lobby, "Join")
    await bob.click(lobby, custom_id="lobby:join")

    assert lobby.content == "Lobby: alice, bob"
    assert lobby.edits == 2
    assert not lobby.button("Start").disabled
    start = await bob.click(lobby, "Start")

    assert lobby.content == "Game started" and lobby.buttons == []
    hand = start.followups[0]
    assert hand.ephemeral_for == bob.id
    assert "王" in "".join(m.text() for m in bob.sees(chan))
    assert "王" not in "".join(m.text() for m in alice.sees(chan))
    with pytest.raises(ScenarioError, match="no button"):
        await alice.click(lobby, "Join")


async def test_click_carries_the_message_as_last_edited(world: World) -> None:
    await world.alice.run(world.chan, "toy lobby")
    lobby = world.chan.last_message()
    await world.alice.click(lobby, "Join")
    await world.bob.click(lobby, "Join")
    # the bot parsed the names from interaction.message: it saw alice's edit
    assert lobby.content == "Lobby: alice, bob"
    assert world.bot.seen[-1].message is not None
    assert world.bot.seen[-1].message.content == "Lobby: alice"


async def test_ephemeral_message_cannot_be_clicked_by_someone_else(world: World) -> None:
    async def hook(i: discord.Interaction) -> None:
        view = discord.ui.View()
        view.add_item(discord.ui.Button(label="Peek", custom_id="peek"))
        await i.response.send_message("secret", view=view, ephemeral=True)

    world.bot.hook = hook
    reply = await world.alice.run(world.chan, "toy do")
    assert reply.ephemeral
    with pytest.raises(ScenarioError, match="cannot see"):
        await world.bob.click(reply.reply, "Peek")
    # alice can click, but nothing handles "peek": the bot never answers
    clicked = await world.alice.click(reply.reply, "Peek")
    assert clicked.failed == "the bot went idle without answering"
    assert len(world.fake.take_violations()) == 1


async def test_select_menu(world: World) -> None:
    await world.alice.run(world.chan, "toy pick")
    message = world.chan.last_message()
    assert [o.label for o in message.selects[0].options] == ["Red", "Green"]
    await world.alice.select(message, "Green")
    assert message.content == "picked ['g']"
    with pytest.raises(ScenarioError):
        await world.alice.select(message, "Blue")


async def test_modal_round_trip(world: World) -> None:
    shown = await world.alice.run(world.chan, "toy ask")
    assert shown.response_type == 9 and shown.modal is not None
    assert shown.modal.inputs == {"answer": "Your answer"}
    with pytest.raises(ScenarioError, match="not bob"):
        await world.bob.submit(shown.modal, answer="x")
    done = await world.alice.submit(shown.modal, {"Your answer": "forty-two"})
    assert done.text() == "you said forty-two"
    assert done.reply.ephemeral_for == world.alice.id


async def test_autocomplete_offers_the_bots_choices(world: World) -> None:
    choices = await world.alice.autocomplete(world.chan, "toy paint", focused="colour", value="g")
    assert choices == [{"name": "green", "value": "green"}]
    reply = await world.alice.run(world.chan, "toy paint", colour="green")
    assert reply.text() == "painted green"
    with pytest.raises(ScenarioError, match="no autocomplete"):
        await world.alice.autocomplete(world.chan, "toy greet", focused="times", value="1")


async def test_simultaneous_clicks_see_the_same_message_version(world: World) -> None:
    await world.alice.run(world.chan, "toy lobby")
    lobby = world.chan.last_message()
    first, second = await asyncio.gather(world.alice.click(lobby, "Join"),
                                         world.bob.click(lobby, "Join"))
    assert first.response_type == second.response_type == 7
    # both clicks carried the empty lobby, as on Discord: the toy bot loses one join
    assert lobby.edits == 2 and lobby.content in ("Lobby: alice", "Lobby: bob")


async def test_acting_on_things_users_cannot_reach(world: World) -> None:
    outsider = world.fake.add_user("carol")
    with pytest.raises(ScenarioError, match="not a member"):
        await outsider.run(world.chan, "toy lobby")
    private = world.guild.add_thread(world.chan, "secret", private=True, members=[world.alice])
    with pytest.raises(ScenarioError, match="cannot see"):
        await world.bob.run(private, "toy lobby")
    await world.alice.run(private, "toy lobby")
    assert world.bob.sees(private) == []
    assert len(world.alice.sees(private)) == 1


async def test_an_external_bot_that_does_not_answer_heartbeats_is_not_called_idle(
    fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a bot in another process that stalls or is killed: the fake cannot see its tasks,
    # and a heartbeat it does not answer says nothing about whether it is idle
    monkeypatch.setattr(discord.http.Route, "BASE", fake_discord.api_base)
    monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY",
                        yarl.URL(fake_discord.gateway_url))
    guild = fake_discord.add_guild("Noto")
    chan = guild.add_text_channel("goita")
    alice = guild.add_member(fake_discord.add_user("alice"))
    fake_discord.use_external_bot()
    fake_discord.idle_quiet = 0.05
    fake_discord.response_deadline = 1.5
    bot = ToyBot()

    async def silent(i: discord.Interaction) -> None:
        return None  # never answers

    bot.hook = silent
    task = asyncio.create_task(bot.start(fake_discord.token))
    try:
        await fake_discord.wait_for(bot.is_ready, what="the external bot")
        bot.ws.HEARTBEAT = -1  # it ignores the fake's heartbeat requests
        result = await alice.run(chan, "toy do")
        assert result.failed == "no response within 1.5 s"
        assert len(fake_discord.take_violations()) == 1
    finally:
        await bot.close()
        await task
