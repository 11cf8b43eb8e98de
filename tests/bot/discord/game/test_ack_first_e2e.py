"""Every click and command is acknowledged before it waits for a table's lock or the
database: with a database that takes longer than Discord allows for the first answer,
nobody sees "This interaction failed" and what they asked for still happens."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from bot.app.steplog import LogEntry
from bot.app.table import Table
from bot.app.tables import TableService
from tests.bot.discord.kit import World, action_buttons, make_world, member, start_table
from tests.fake_discord import FakeDiscord, FakeMessage, FakeUser

#: how long each write takes; the fake's first-answer deadline is made shorter than this
SLOW = 1.0


class SlowStore:
    """The service's store, each write taking SLOW seconds (a busy disk, a locked file)."""

    def __init__(self, service: TableService) -> None:
        self.inner = service.store
        self.service = service
        self.writing = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def create(self, table: Table) -> int:
        return int(await self._slow(self.inner.create(table)))

    async def save(self, table: Table, entries: Sequence[LogEntry] = ()) -> None:
        await self._slow(self.inner.save(table, entries))

    async def _slow(self, write: Any) -> Any:
        self.writing += 1
        try:
            await asyncio.sleep(SLOW)
            return await write
        finally:
            self.writing -= 1


def slow_database(world: World) -> SlowStore:
    store = SlowStore(world.service)
    world.service.store = store
    world.fake.response_deadline = SLOW / 2  # stricter than Discord: the waits must not count
    return store


async def alices_turn(fake_discord: FakeDiscord, make_settings: Callable[..., Any],
                      ) -> tuple[World, FakeUser, Table, FakeMessage]:
    """Alice with three computer players, at her turn, her hand open."""
    world = await make_world(fake_discord, make_settings, round_pause_seconds=30)
    alice = member(world, "alice")
    await start_table(world, alice, "easy", "easy", "easy")
    for _ in range(100):
        if 0 in world.table().to_act():
            break
        await world.advance(31)
    table = world.table()
    assert 0 in table.to_act()
    hand = (await alice.click(world.board(), custom_id=f"goita:hand:{table.id}:0:-")).reply
    return world, alice, table, hand


async def test_goita_new_and_leave_answer_in_time_with_a_slow_database(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings)
    alice, bob = member(world, "alice"), member(world, "bob")
    slow_database(world)
    opened = await alice.run(world.chan, "goita new")
    assert opened.failed is None
    await world.settle()
    assert "Table opened" in opened.reply.text() and opened.reply.ephemeral_for == alice.id
    table = world.table()
    assert table.status == "lobby"
    assert await world.service.store.load(table.id) is not None  # stored before shown
    await bob.click(world.board(), custom_id=f"goita:join:{table.id}:0:-")
    await world.settle()
    left = await bob.run(world.chan, "goita leave")
    assert left.failed is None
    await world.settle()
    assert table.seat_of(bob.id) is None
    assert fake_discord.take_violations() == []


async def test_my_hand_answers_while_a_move_is_being_stored(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world, alice, table, hand = await alices_turn(fake_discord, make_settings)
    rng = random.Random(5)
    store = slow_database(world)
    version = table.version
    # a move: its commit takes SLOW; meanwhile alice opens her hand again from the board
    first = rng.choice(action_buttons(hand))
    await alice.click(hand, custom_id=first.custom_id, settle=False)
    if first.custom_id is not None and ":pick:" in first.custom_id:
        await world.fake.wait_for(lambda: any(":play:" in (b.custom_id or "")
                                              for b in action_buttons(hand)), timeout=5)
        second = rng.choice([b for b in action_buttons(hand) if ":play:" in (b.custom_id or "")])
        await alice.click(hand, custom_id=second.custom_id, settle=False)
    await world.fake.wait_for(lambda: store.writing > 0, timeout=5, what="the move's commit")
    again = await alice.click(world.board(), custom_id=f"goita:hand:{table.id}:0:-",
                              settle=False)
    assert again.failed is None  # acknowledged at once, though the table was locked
    await world.settle()
    assert table.version > version
    shown = again.original if again.original is not None else again.reply
    assert shown is not None and shown.ephemeral_for == alice.id
    assert not shown.loading and shown.embeds  # the hand, drawn after the move was stored
    assert fake_discord.take_violations() == []


async def test_a_click_answered_too_late_changes_nothing_and_logs_one_line(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any],
    caplog: pytest.LogCaptureFixture,
) -> None:
    world, alice, table, hand = await alices_turn(fake_discord, make_settings)
    version = table.version
    world.fake.response_deadline = 0.0  # every first answer from now on is too late
    button = action_buttons(hand)[0]
    with caplog.at_level(logging.WARNING):
        clicked = await alice.click(hand, custom_id=button.custom_id)
        await world.settle()
    assert clicked.failed is not None  # "This interaction failed", as Discord shows it
    assert table.version == version and 0 in table.to_act()  # the move was not made
    logged = [r for r in caplog.records if r.name.startswith("bot.")]
    assert [r.levelname for r in logged] == ["WARNING"]  # one line, no traceback
    assert "answered too late" in logged[0].getMessage()
    assert all("10062" in v or "This interaction failed" in v
               for v in fake_discord.take_violations())
    world.fake.response_deadline = 3.0
    again = await alice.click(hand, custom_id=button.custom_id)  # the click again works
    await world.settle()
    assert again.failed is None


async def test_a_command_answered_too_late_logs_one_line(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any],
    caplog: pytest.LogCaptureFixture,
) -> None:
    world = await make_world(fake_discord, make_settings)
    alice = member(world, "alice")
    world.fake.response_deadline = 0.0  # every first answer is too late
    with caplog.at_level(logging.WARNING):
        opened = await alice.run(world.chan, "goita new")
        await world.settle()
    assert opened.failed is not None  # "This interaction failed", as Discord shows it
    logged = [r for r in caplog.records if r.name.startswith("bot.")]
    assert [r.levelname for r in logged] == ["WARNING"]  # one line, no traceback
    assert logged[0].getMessage().startswith("/goita new: answered too late")
    assert all("10062" in v or "This interaction failed" in v
               for v in fake_discord.take_violations())
