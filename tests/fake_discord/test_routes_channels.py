"""Channel routes: messages, edits, threads, files and DMs."""

from __future__ import annotations

import io

import discord

from tests.fake_discord.conftest import World
from tests.fake_discord.guilds import (
    EMBED_LINKS,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    VIEW_CHANNEL,
)


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


async def test_a_repeated_nonce_returns_the_first_message_within_the_window(
        world: World) -> None:
    sent: list[discord.Message] = []

    async def hook(i: discord.Interaction) -> None:
        await i.response.send_message("ok", ephemeral=True)
        assert isinstance(i.channel, discord.TextChannel)
        sent.append(await i.channel.send("board", nonce="table-1"))
        sent.append(await i.channel.send("board again", nonce="table-1"))

    world.bot.hook = hook
    await world.alice.run(world.chan, "toy do")
    assert sent[0].id == sent[1].id
    assert [m.content for m in world.chan.public_messages()] == ["board"]
    await world.fake.clock.advance(world.fake.nonce_window + 1)  # the window has passed
    await world.alice.run(world.chan, "toy do")  # a new message, its repeat returns it
    assert [m.content for m in world.chan.public_messages()] == ["board", "board"]
    assert sent[2].id == sent[3].id != sent[0].id


async def test_a_nonce_longer_than_25_characters_is_refused(world: World) -> None:
    async def hook(i: discord.Interaction) -> None:
        await i.response.send_message("ok", ephemeral=True)
        assert isinstance(i.channel, discord.TextChannel)
        try:
            await i.channel.send("board", nonce="n" * 26)
        except discord.HTTPException as exc:
            await i.followup.send(f"refused {exc.code}", ephemeral=True)

    world.bot.hook = hook
    reply = await world.alice.run(world.chan, "toy do")
    assert world.chan.public_messages() == []
    assert "refused 50035" in [f.text() for f in reply.followups]
    assert any("nonce" in v for v in world.fake.take_violations())


async def test_the_bots_channel_permissions_show_and_are_enforced(world: World) -> None:
    seen: list[discord.Permissions] = []
    codes: list[int] = []

    async def hook(i: discord.Interaction) -> None:
        await i.response.send_message("ok", ephemeral=True)
        seen.append(i.app_permissions)
        assert isinstance(i.channel, discord.TextChannel)
        for kwargs in ({"content": "text"}, {"embed": discord.Embed(title="board")}):
            try:
                await i.channel.send(**kwargs)
                codes.append(0)
            except discord.HTTPException as exc:
                codes.append(exc.code)

    world.bot.hook = hook
    world.chan.bot_denied = EMBED_LINKS
    await world.alice.run(world.chan, "toy do")
    assert not seen[-1].embed_links and seen[-1].send_messages
    assert codes == [0, 50013]  # an embed alone needs Embed Links
    world.chan.bot_denied = SEND_MESSAGES
    await world.alice.run(world.chan, "toy do")
    assert not seen[-1].send_messages
    assert codes[2:] == [50013, 50013]
    world.chan.bot_denied = VIEW_CHANNEL
    await world.alice.run(world.chan, "toy do")
    assert codes[4:] == [50001, 50001]
    assert [m.content for m in world.chan.public_messages()] == ["text"]
    world.fake.take_violations()


async def test_without_read_message_history_the_bot_reads_no_messages(world: World) -> None:
    read: list[list[str]] = []

    async def hook(i: discord.Interaction) -> None:
        await i.response.send_message("ok", ephemeral=True)
        assert isinstance(i.channel, discord.TextChannel)
        await i.channel.send("board")
        read.append([m.content async for m in i.channel.history(limit=10)])

    world.bot.hook = hook
    await world.alice.run(world.chan, "toy do")
    world.chan.bot_denied = READ_MESSAGE_HISTORY
    await world.alice.run(world.chan, "toy do")
    assert read == [["board"], []]
