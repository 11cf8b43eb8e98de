"""Languages end to end: the board in the server's language, private messages in each
user's, localised command names; and no per-message View kept alive."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.bot.discord.kit import make_world, member, open_table
from tests.fake_discord import FakeDiscord


async def test_board_in_server_language_private_messages_in_user_language(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings, guild_locale="ja",
                             round_pause_seconds=30)
    alice = member(world, "alice", locale="en-US")
    taro = member(world, "taro", locale="ja")
    command = fake_discord.global_commands[0]
    new = next(o for o in command["options"] if o["name"] == "new")
    assert command["name_localizations"]["ja"] == "ごいた"
    assert new["name_localizations"]["ja"] == "新しい卓"
    assert new["description_localizations"]["ja"].startswith("このチャンネル")

    rules_en = await alice.run(world.chan, "goita rules")
    rules_ja = await taro.run(world.chan, "goita rules")
    assert "Leading" in rules_en.text() and "打ち出し" in rules_ja.text()
    assert rules_ja.reply.ephemeral_for == taro.id

    lobby = await open_table(world, alice, taro, "easy", "easy")
    assert "新しい卓" in lobby.text() and "参加" in [b.label for b in lobby.buttons]
    await alice.click(lobby, "開始")
    await world.settle()
    board = world.board()
    assert "第1局" in board.text()
    hand_en = (await alice.click(board, "手駒を見る")).reply
    hand_ja = (await taro.click(board, "手駒を見る")).reply
    assert "Your hand" in hand_en.text()
    assert "あなたの手駒" in hand_ja.text()
    wrong = await alice.run(world.chan, "goita new")
    assert "already has a table" in wrong.text()
    # Hands are sent with stopped Views: discord.py keeps no View (and no 15-minute
    # timeout task) per hand message; clicks are routed by the DynamicItem template.
    store = world.bot._connection._view_store
    assert store._views == {} or all(not v for v in store._views.values())
    assert not store._synced_message_views
