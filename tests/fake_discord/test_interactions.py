"""Users acting through the fake, and the interaction rules it enforces."""

from __future__ import annotations

import asyncio
import io
import time

import aiohttp
import discord
import pytest

from tests.fake_discord import ScenarioError
from tests.fake_discord.conftest import World


async def test_slash_command_payload_carries_user_locale_options_and_guild(world: World) -> None:
    reply = await world.bob.run(world.chan, "toy greet", who=world.alice, times=2)

    assert reply.text() == "hi alice hi alice"
    interaction = world.bot.seen[-1]
    assert interaction.locale is discord.Locale.japanese
    assert interaction.guild_locale is discord.Locale.japanese
    assert interaction.user.id == world.bob.id
    assert interaction.channel is not None and interaction.channel.id == world.chan.id


async def test_command_options_are_checked_like_the_discord_client(world: World) -> None:
    with pytest.raises(ScenarioError, match="outside the range"):
        await world.alice.run(world.chan, "toy greet", who=world.bob, times=4)
    with pytest.raises(ScenarioError, match="required"):
        await world.alice.run(world.chan, "toy greet")
    with pytest.raises(ScenarioError, match="no subcommand"):
        await world.alice.run(world.chan, "toy nope")
    with pytest.raises(ScenarioError, match="no slash command"):
        await world.alice.run(world.chan, "other")


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


async def test_defer_then_followup_replaces_the_thinking_message(world: World) -> None:
    async def hook(i: discord.Interaction) -> None:
        await i.response.defer(ephemeral=True, thinking=True)
        await i.followup.send("done", ephemeral=False)  # ignored: the defer decides
        await i.followup.send("second")

    world.bot.hook = hook
    result = await world.alice.run(world.chan, "toy do")
    assert result.response_type == 5
    assert result.reply.content == "done" and result.reply.ephemeral_for == world.alice.id
    assert [m.content for m in result.followups] == ["second"]
    assert world.bob.sees(world.chan) == [result.followups[0]]


async def test_first_response_after_the_deadline_is_unknown_interaction(world: World) -> None:
    world.fake.response_deadline = 0.2

    async def hook(i: discord.Interaction) -> None:
        await asyncio.sleep(0.3)
        await i.response.send_message("too late")

    world.bot.hook = hook
    result = await world.alice.run(world.chan, "toy do")
    assert result.failed is not None
    await world.fake.wait_idle()
    assert isinstance(world.bot.errors[-1], discord.NotFound)
    assert world.bot.errors[-1].code == 10062
    violations = world.fake.take_violations()
    assert any("failed" in v for v in violations)
    assert any("10062" in v for v in violations)


async def test_unanswered_interaction_fails_fast_and_is_reported(world: World) -> None:
    world.bot.hook = None
    started = time.monotonic()
    result = await world.alice.run(world.chan, "toy do")
    assert time.monotonic() - started < 1.0
    assert result.failed is not None
    with pytest.raises(ScenarioError, match="interaction failed"):
        _ = result.reply
    assert world.fake.take_violations() != []


async def test_second_response_is_refused_with_40060(world: World) -> None:
    async def hook(i: discord.Interaction) -> None:
        await i.response.send_message("one")

    world.bot.hook = hook
    result = await world.alice.run(world.chan, "toy do")
    url = f"{world.fake.api_base}/interactions/{result.id}/{result.token}/callback"
    async with aiohttp.ClientSession() as http, http.post(
        url, json={"type": 4, "data": {"content": "two"}}
    ) as resp:
        assert resp.status == 400
        assert (await resp.json())["code"] == 40060
    assert any("40060" in v for v in world.fake.take_violations())


async def test_token_expires_after_15_minutes_of_fake_time(world: World) -> None:
    async def first(i: discord.Interaction) -> None:
        await i.response.send_message("first", ephemeral=True)

    world.bot.hook = first
    old = await world.alice.run(world.chan, "toy do")
    old_interaction = world.bot.seen[-1]
    await world.fake.clock.advance(14 * 60)

    async def edit_old(i: discord.Interaction) -> None:
        await old_interaction.edit_original_response(content="edited")
        await i.response.send_message("ok", ephemeral=True)

    world.bot.hook = edit_old
    await world.alice.run(world.chan, "toy do")
    assert old.reply.content == "edited"

    await world.fake.clock.advance(61)
    await world.alice.run(world.chan, "toy do")
    assert old.reply.content == "edited"
    error = world.bot.errors[-1]
    assert isinstance(error, discord.HTTPException) and error.code == 50027
    assert any("50027" in v for v in world.fake.take_violations())


async def test_ephemeral_is_editable_only_through_its_token(world: World) -> None:
    async def hook(i: discord.Interaction) -> None:
        await i.response.send_message("secret", ephemeral=True)
        sent = await i.original_response()
        await i.edit_original_response(content="secret v2")
        assert i.channel is not None and isinstance(i.channel, discord.TextChannel)
        await i.channel.get_partial_message(sent.id).edit(content="via channel")

    world.bot.hook = hook
    result = await world.alice.run(world.chan, "toy do")
    assert result.reply.content == "secret v2"
    error = world.bot.errors[-1]
    assert isinstance(error, discord.NotFound) and error.code == 10008
    assert any("10008" in v for v in world.fake.take_violations())


async def test_channel_messages_threads_files_and_dms(world: World) -> None:
    async def hook(i: discord.Interaction) -> None:
        await i.response.send_message("setting up", ephemeral=True)
        assert isinstance(i.channel, discord.TextChannel)
        board = await i.channel.send("board v1")
        await board.edit(content="board v2")
        thread = await i.channel.create_thread(name="table-1",
                                               type=discord.ChannelType.private_thread)
        await thread.add_user(discord.Object(id=world.bob.id))
        await thread.send("in the thread", file=discord.File(io.BytesIO(b"kifu"), "game.kifu"))
        await i.user.send("psst")

    world.bot.hook = hook
    await world.alice.run(world.chan, "toy do")
    board = world.chan.last_message()
    assert board.content == "board v2" and board.edits == 1
    assert board.history[0]["content"] == "board v1"
    thread = next(c for c in world.guild.channels if c.name == "table-1")
    assert [m.text() for m in world.bob.sees(thread)] == ["in the thread\ngame.kifu"]
    assert world.alice.sees(thread) == []
    assert thread.messages[0].files == [("game.kifu", b"kifu")]
    assert [m.content for m in world.alice.sees(world.alice.dm())] == ["psst"]
    assert world.bob.sees(world.alice.dm()) == []


async def test_autocomplete_offers_the_bots_choices(world: World) -> None:
    choices = await world.alice.autocomplete(world.chan, "toy paint", focused="colour", value="g")
    assert choices == [{"name": "green", "value": "green"}]
    reply = await world.alice.run(world.chan, "toy paint", colour="green")
    assert reply.text() == "painted green"
    with pytest.raises(ScenarioError, match="no autocomplete"):
        await world.alice.autocomplete(world.chan, "toy greet", focused="times", value="1")


async def test_files_in_interaction_responses_and_edits(world: World) -> None:
    async def hook(i: discord.Interaction) -> None:
        await i.response.send_message("kifu", file=discord.File(io.BytesIO(b"v1"), "a.kifu"))
        await i.edit_original_response(attachments=[discord.File(io.BytesIO(b"v2"), "b.kifu")])

    world.bot.hook = hook
    result = await world.alice.run(world.chan, "toy do")
    assert [a["filename"] for a in result.reply.attachments] == ["b.kifu"]
    async with aiohttp.ClientSession() as http, http.get(
        result.reply.attachments[0]["url"]) as resp:
        assert await resp.read() == b"v2"


async def test_channel_added_while_the_bot_runs_is_usable_at_once(world: World) -> None:
    later = world.guild.add_text_channel("later")
    await world.alice.run(later, "toy lobby")
    assert later.last_message().content == "Lobby: "
    assert world.bot.get_channel(later.id) is not None


async def test_slash_command_in_a_dm(world: World) -> None:
    async def hook(i: discord.Interaction) -> None:
        await i.response.send_message(f"dm with {i.user.name}")

    world.bot.hook = hook
    dm = world.alice.dm()
    result = await world.alice.run(dm, "toy do")
    assert result.text() == "dm with alice"
    assert world.bot.seen[-1].guild is None
    assert world.bob.sees(dm) == []


async def test_simultaneous_clicks_see_the_same_message_version(world: World) -> None:
    await world.alice.run(world.chan, "toy lobby")
    lobby = world.chan.last_message()
    first, second = await asyncio.gather(world.alice.click(lobby, "Join"),
                                         world.bob.click(lobby, "Join"))
    assert first.response_type == second.response_type == 7
    # both clicks carried the empty lobby, as on Discord: the toy bot loses one join
    assert lobby.edits == 2 and lobby.content in ("Lobby: alice", "Lobby: bob")
