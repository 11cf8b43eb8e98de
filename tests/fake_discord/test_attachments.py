"""Files on messages: uploads through discord.py, Discord's limits and edit rules, and
embeds that show an attached picture."""

from __future__ import annotations

import io
import json
import struct
import zlib

import aiohttp
import discord
import pytest

from tests.fake_discord import FakeDiscord, ScenarioError
from tests.fake_discord.attachments import FILE_SIZE_MAX, image_size
from tests.fake_discord.conftest import World


def png(width: int, height: int) -> bytes:
    """A real (grey) PNG image."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    rows = b"".join(b"\x00" + b"\x80" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows))
            + chunk(b"IEND", b""))


def board_file(width: int = 40, height: int = 30, name: str = "board.png") -> discord.File:
    return discord.File(io.BytesIO(png(width, height)), name)


def board_embed(name: str = "board.png") -> discord.Embed:
    return discord.Embed(title="Board").set_image(url=f"attachment://{name}")


def test_image_sizes_are_read_from_the_file() -> None:
    assert image_size(png(800, 600)) == (800, 600)
    assert image_size(b"GIF89a" + struct.pack("<HH", 3, 2)) == (3, 2)
    assert image_size(b"plain text, not a picture") is None


async def test_embed_shows_the_attached_picture(world: World) -> None:
    async def hook(i: discord.Interaction) -> None:
        await i.response.send_message(embed=board_embed(), file=board_file(40, 30))

    world.bot.hook = hook
    board = (await world.alice.run(world.chan, "toy do")).reply
    picture = board.embed_image()
    assert (picture.filename, picture.content_type) == ("board.png", "image/png")
    assert (picture.width, picture.height) == (40, 30)
    assert picture.data == png(40, 30) and picture.size == len(png(40, 30))
    assert board in world.bob.sees(world.chan)
    assert board.embeds[0]["image"]["url"] == picture.url
    async with aiohttp.ClientSession() as http, http.get(picture.url) as resp:
        assert resp.content_type == "image/png"
        assert await resp.read() == picture.data


async def test_link_to_a_file_the_message_does_not_have_is_a_violation(world: World) -> None:
    async def hook(i: discord.Interaction) -> None:
        await i.response.send_message(embed=board_embed("board.png"),
                                      file=board_file(name="hand.png"))

    world.bot.hook = hook
    board = (await world.alice.run(world.chan, "toy do")).reply
    with pytest.raises(ScenarioError, match="shows no attached image"):
        board.embed_image()
    violations = world.fake.take_violations()
    assert len(violations) == 1
    assert "'attachment://board.png' names no attachment" in violations[0]
    assert "hand.png" in violations[0]


async def test_edits_keep_replace_and_remove_files_like_discord(world: World) -> None:
    sent: list[discord.Message] = []

    async def post(i: discord.Interaction) -> None:
        await i.response.send_message("posting", ephemeral=True)
        assert isinstance(i.channel, discord.TextChannel)
        sent.append(await i.channel.send(embed=board_embed(), file=board_file(10, 10)))

    world.bot.hook = post
    await world.alice.run(world.chan, "toy do")
    board = world.chan.last_message()
    first = board.attachment("board.png")

    message = sent[0]
    message = await message.edit(content="text only")  # no attachments list: files stay
    assert board.attached == [first] and board.embed_image() == first

    message = await message.edit(embed=board_embed(), attachments=[board_file(20, 20)])
    assert [a.filename for a in board.attached] == ["board.png"]
    assert board.embed_image().width == 20 and board.attached[0].id != first.id

    log = discord.File(io.BytesIO(b"kifu"), "game.kifu")
    message = await message.edit(attachments=[*message.attachments, log])
    assert [a.filename for a in board.attached] == ["board.png", "game.kifu"]

    await message.edit(attachments=[])
    assert board.attached == []
    assert board.history[-1]["attachments"] == ["board.png", "game.kifu"]
    # the embed still shows the removed picture: Discord would show none
    violations = world.fake.take_violations()
    assert len(violations) == 1 and "'board.png', a file removed" in violations[0]


class NextView(discord.ui.View):
    @discord.ui.button(label="Next", custom_id="next")
    async def next(self, i: discord.Interaction, button: discord.ui.Button[NextView]) -> None:
        await i.response.edit_message(embed=board_embed(), attachments=[board_file(11, 11)])


async def test_files_in_every_kind_of_interaction_reply(world: World) -> None:
    async def hook(i: discord.Interaction) -> None:
        await i.response.defer()
        await i.followup.send(embed=board_embed(), file=board_file(8, 8), view=NextView())
        extra = await i.followup.send("hand", file=board_file(4, 4, "hand.png"), wait=True)
        await extra.edit(attachments=[board_file(5, 5, "hand.png")])
        await i.edit_original_response(embed=board_embed(), attachments=[board_file(9, 9)])

    world.bot.hook = hook
    result = await world.alice.run(world.chan, "toy do")
    assert result.reply.embed_image().width == 9
    assert result.followups[0].attachment("hand.png").width == 5

    await world.alice.click(result.reply, "Next")
    assert result.reply.embed_image().width == 11


async def test_upload_over_the_size_limit_is_refused_with_413(world: World) -> None:
    async def hook(i: discord.Interaction) -> None:
        big = discord.File(io.BytesIO(b"x" * (FILE_SIZE_MAX + 1)), "big.bin")
        try:
            await i.response.send_message("too big", file=big)
        except discord.HTTPException as exc:
            world.bot.errors.append(exc)
            await i.response.send_message("fallback")

    world.bot.hook = hook
    result = await world.alice.run(world.chan, "toy do")
    assert result.text() == "fallback" and result.reply.attached == []
    error = world.bot.errors[-1]
    assert isinstance(error, discord.HTTPException)
    assert (error.status, error.code) == (413, 40005)
    assert any("413 40005" in v for v in world.fake.take_violations())


async def test_size_limits_are_per_file_and_per_request(world: World) -> None:
    world.fake.attachment_size_limit = 100
    world.fake.request_size_limit = 150
    files = {"at-limit": [b"x" * 100], "one-too-big": [b"x" * 101],
             "together-too-big": [b"x" * 80, b"y" * 80]}
    statuses = {}
    for name, blobs in files.items():
        statuses[name] = await _raw_post(world.fake, world.chan.id, blobs)
    assert statuses == {"at-limit": 200, "one-too-big": 413, "together-too-big": 413}
    assert len(world.fake.take_violations()) == 2
    assert [m.files for m in world.chan.public_messages()] == [[("f0.bin", b"x" * 100)]]


async def test_at_most_ten_attachments(fake_discord: FakeDiscord) -> None:
    guild = fake_discord.add_guild("Noto")
    chan = guild.add_text_channel("goita")
    assert await _raw_post(fake_discord, chan.id, [b"a"] * 10) == 200
    assert await _raw_post(fake_discord, chan.id, [b"a"] * 11) == 400
    violations = fake_discord.take_violations()
    assert len(violations) == 1 and "50035" in violations[0] and "attachments" in violations[0]
    assert len(chan.public_messages()) == 1


async def _raw_post(fake: FakeDiscord, channel_id: int, blobs: list[bytes]) -> int:
    """POST a message with these files as a client library would (multipart/form-data)."""
    form = aiohttp.FormData()
    payload = {"content": "files", "attachments": [
        {"id": n, "filename": f"f{n}.bin"} for n in range(len(blobs))]}
    form.add_field("payload_json", json.dumps(payload), content_type="application/json")
    for n, blob in enumerate(blobs):
        form.add_field(f"files[{n}]", blob, filename=f"f{n}.bin",
                       content_type="application/octet-stream")
    async with aiohttp.ClientSession() as http, http.post(
            f"{fake.api_base}/channels/{channel_id}/messages", data=form,
            headers={"Authorization": f"Bot {fake.token}"}) as resp:
        return resp.status


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


@pytest.mark.parametrize(("name", "data", "why"), [
    ("board.bin", png(6, 6), "not a file with an image extension"),
    ("board", png(6, 6), "not a file with an image extension"),
    ("board.png", b"not a picture at all", "bytes are not a image/png image"),
])
async def test_an_embed_shows_only_a_real_image_file(world: World, name: str, data: bytes,
                                                     why: str) -> None:
    async def hook(i: discord.Interaction) -> None:
        await i.response.send_message(embed=board_embed(name),
                                      file=discord.File(io.BytesIO(data), name))

    world.bot.hook = hook
    board = (await world.alice.run(world.chan, "toy do")).reply
    assert board.attachment(name).data == data  # Discord keeps the file ...
    with pytest.raises(ScenarioError, match="shows no attached image"):
        board.embed_image()  # ... but the embed shows no picture
    violations = world.fake.take_violations()
    assert len(violations) == 1 and why in violations[0], violations


async def test_each_request_keeps_the_files_it_uploaded(world: World) -> None:
    async def hook(i: discord.Interaction) -> None:
        await i.response.send_message("posting", ephemeral=True)
        assert isinstance(i.channel, discord.TextChannel)
        message = await i.channel.send(embed=board_embed(), file=board_file(3, 3))
        await message.edit(embed=board_embed(), attachments=[board_file(4, 4)])
        await message.edit(content="no files")

    world.bot.hook = hook
    await world.alice.run(world.chan, "toy do")
    posted = world.fake.calls("POST /channels/{channel_id}/messages")
    edits = world.fake.calls("PATCH /channels/{channel_id}/messages/{message_id}")
    assert [(u.field, u.filename, image_size(u.data)) for u in posted[-1].files] == \
        [("files[0]", "board.png", (3, 3))]
    assert [[image_size(u.data) for u in c.files] for c in edits] == [[(4, 4)], []]
    assert edits[0].body["embeds"][0]["image"]["url"] == "attachment://board.png"
