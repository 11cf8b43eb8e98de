"""Channel routes: messages, edits, threads, files and DMs."""

from __future__ import annotations

import io

import discord

from tests.fake_discord.conftest import World


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
