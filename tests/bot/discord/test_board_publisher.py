"""The board publisher at start-up: a board queued before the guild is known waits for it,
and when newer changes supersede it meanwhile, what it was to be (a new message, keeping
the old one) is not forgotten; a board that the previous process posted but never stored
is taken back (Discord returns it for the same nonce) and brought up to date, not posted a
second time."""

from __future__ import annotations

import asyncio
import datetime as dt
from typing import Any

import discord

from bot.app.table import Table
from bot.discord.presenter.board import BoardPublisher, NoReports
from bot.discord.render import Rendered
from goita_core.rules import RuleSet

NOW = 1_800_000_000.0


class Channel:
    """Sends and edits as Discord does them: a message's id tells when it was created, and
    a send repeating a nonce returns the message the first one created."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.sent: list[str | None] = []
        self.edited: list[tuple[int, str | None]] = []
        self.by_nonce: dict[str, discord.Object] = {}

    async def send(self, content: str | None = None, *, nonce: str, **_kwargs: Any) -> Any:
        if nonce in self.by_nonce:
            return self.by_nonce[nonce]
        self.sent.append(content)
        when = dt.datetime.fromtimestamp(self.clock.now(), dt.UTC)
        message = Message(self, discord.utils.time_snowflake(when) + len(self.sent))
        self.by_nonce[nonce] = message
        return message

    def get_partial_message(self, message_id: int) -> Any:
        return Message(self, message_id)


class Message(discord.Object):
    def __init__(self, channel: Channel, message_id: int) -> None:
        super().__init__(id=message_id)
        self.channel = channel

    async def edit(self, content: str | None = None, **_kwargs: Any) -> None:
        self.channel.edited.append((self.id, content))

    async def delete(self) -> None:
        raise AssertionError("the old board must stay")


class Clock:
    def __init__(self) -> None:
        self.time = NOW

    def now(self) -> float:
        return self.time


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


def render(t: Table) -> Rendered:
    return Rendered(discord.Embed(), [], content=f"version {t.version}")


async def test_a_new_board_queued_before_the_guild_is_known_stays_a_new_message() -> None:
    clock = Clock()
    channel = Channel(clock)
    client = Client(channel)
    table = Table(id=1, guild_id=2, channel_id=3, host_id=4, rules=RuleSet(), created_at=0.0,
                  status="playing", board_message_id=77, board_posted_at=NOW - 10)
    publisher = BoardPublisher(client, clock, render, 0.0)  # type: ignore[arg-type]
    publisher.queue(table, render(table), fresh=True)  # e.g. a rematch's first board
    await asyncio.sleep(0)  # its publisher now waits for the guild
    table.version += 1
    publisher.queue(table, render(table))  # a move, before the guild is known
    client.ready.set()
    await asyncio.gather(*publisher.publishers.values())
    assert channel.sent == ["version 1"]  # posted as a new message, once, up to date
    assert channel.edited == []  # the old message (the last match's summary) untouched
    assert table.board_message_id is not None and table.board_message_id != 77


async def test_a_board_posted_by_a_process_that_died_is_taken_back_and_updated() -> None:
    clock = Clock()
    channel = Channel(clock)
    client = Client(channel)
    client.ready.set()
    stored: list[tuple[int, int | None, float | None]] = []

    class Stores(NoReports):
        async def set_board_message(self, table_id: int, message_id: int | None,
                                    posted_at: float | None) -> None:
            stored.append((table_id, message_id, posted_at))

    def table_as_stored() -> Table:  # the first board's id never reached the store
        return Table(id=1, guild_id=2, channel_id=3, host_id=4, rules=RuleSet(),
                     created_at=0.0, status="lobby")

    first = BoardPublisher(client, clock, render, 0.0)  # type: ignore[arg-type]
    table = table_as_stored()
    first.queue(table, render(table))
    await asyncio.gather(*first.publishers.values())  # posted; the process dies here
    [posted] = channel.sent
    board_id = table.board_message_id

    clock.time += 30  # the next process starts, the table one step further
    second = BoardPublisher(client, clock, render, 0.0)  # type: ignore[arg-type]
    second.reports = Stores()
    table = table_as_stored()
    table.version += 1
    second.queue(table, render(table))
    await asyncio.gather(*second.publishers.values())
    assert channel.sent == [posted]  # not posted a second time
    assert channel.edited == [(board_id, "version 1")]  # brought up to date
    assert table.board_message_id == board_id
    assert stored == [(1, board_id, NOW)]  # when it was really posted (for its age)


async def test_the_next_board_of_a_table_is_a_new_message() -> None:
    clock = Clock()
    channel = Channel(clock)
    client = Client(channel)
    client.ready.set()
    publisher = BoardPublisher(client, clock, render, 0.0)  # type: ignore[arg-type]
    table = Table(id=1, guild_id=2, channel_id=3, host_id=4, rules=RuleSet(),
                  created_at=0.0, status="playing", match_no=1)
    publisher.queue(table, render(table))
    await asyncio.gather(*publisher.publishers.values())
    clock.time += 60
    table.match_no = 2  # a rematch: its board is a new message, the summary stays
    table.version += 1
    publisher.queue(table, render(table), fresh=True)
    await asyncio.gather(*publisher.publishers.values())
    assert channel.sent == ["version 0", "version 1"]
    assert channel.edited == []
