"""The board publisher at start-up: a board queued before the guild is known waits for it,
and when newer changes supersede it meanwhile, what it was to be (a new message, keeping
the old one) is not forgotten."""

from __future__ import annotations

import asyncio
from typing import Any

import discord

from bot.app.table import Table
from bot.discord.presenter.board import BoardPublisher
from bot.discord.render import Rendered
from goita_core.rules import RuleSet


class Channel:
    def __init__(self) -> None:
        self.sent: list[str | None] = []
        self.edited: list[tuple[int, str | None]] = []

    async def send(self, content: str | None = None, **_kwargs: Any) -> Any:
        self.sent.append(content)
        return discord.Object(id=1000 + len(self.sent))

    def get_partial_message(self, message_id: int) -> Any:
        channel = self

        class Message:
            async def edit(self, content: str | None = None, **_kwargs: Any) -> None:
                channel.edited.append((message_id, content))

            async def delete(self) -> None:
                raise AssertionError("the old board must stay")

        return Message()


class Client:
    """Not ready (no guild known) until ``ready`` is set."""

    def __init__(self, channel: Channel) -> None:
        self.channel = channel
        self.ready = asyncio.Event()

    def get_guild(self, _guild_id: int) -> Any:
        return object() if self.ready.is_set() else None

    async def wait_until_ready(self) -> None:
        await self.ready.wait()

    def get_partial_messageable(self, _channel_id: int, **_kwargs: Any) -> Channel:
        return self.channel


class Clock:
    def now(self) -> float:
        return 100.0


async def test_a_new_board_queued_before_the_guild_is_known_stays_a_new_message() -> None:
    channel = Channel()
    client = Client(channel)
    table = Table(id=1, guild_id=2, channel_id=3, host_id=4, rules=RuleSet(), created_at=0.0,
                  status="playing", board_message_id=77, board_posted_at=90.0)

    def render(t: Table) -> Rendered:
        return Rendered(discord.Embed(), [], content=f"version {t.version}")

    publisher = BoardPublisher(client, Clock(), render, 0.0)  # type: ignore[arg-type]
    publisher.queue(table, render(table), fresh=True)  # e.g. a rematch's first board
    await asyncio.sleep(0)  # its publisher now waits for the guild
    table.version += 1
    publisher.queue(table, render(table))  # a move, before the guild is known
    client.ready.set()
    await asyncio.gather(*publisher.publishers.values())
    assert channel.sent == ["version 1"]  # posted as a new message, once, up to date
    assert channel.edited == []  # the old message (the last match's summary) untouched
    assert table.board_message_id == 1001
