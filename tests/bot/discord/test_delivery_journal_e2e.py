"""The delivery journal stays off the critical path: a click is answered before the database
write of its hand lands, a store that fails costs one log line and nothing else
(play goes on, hands and pings work as without a store), and no interaction token is ever
logged."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable
from typing import Any

import pytest

from bot.app.ports import Delivery, DeliveryBatch
from tests.bot.discord.kit import make_world, member, play_turn, start_table
from tests.fake_discord import FakeDiscord


class FailingStore:
    def __init__(self) -> None:
        self.writes = 0

    async def load_delivery(self, now: float) -> Delivery:
        raise OSError("disk full")

    async def write_delivery(self, batch: DeliveryBatch) -> None:
        self.writes += 1
        raise OSError(f"disk full while writing {batch}")


class BlockedStore:
    """Every write waits until ``release`` is set."""

    def __init__(self) -> None:
        self.release = asyncio.Event()
        self.started = asyncio.Event()
        self.batches: list[DeliveryBatch] = []

    async def load_delivery(self, now: float) -> Delivery:
        return Delivery()

    async def write_delivery(self, batch: DeliveryBatch) -> None:
        self.started.set()
        await self.release.wait()
        self.batches.append(batch)


async def test_a_hand_is_journaled_after_its_click_is_answered(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings)
    alice = member(world, "alice")
    await start_table(world, alice, "easy", "easy", "easy")
    store = BlockedStore()
    world.presenter.delivery = store
    table_id = world.table().id
    click = await alice.click(world.board(), custom_id=f"goita:hand:{table_id}:0:-",
                              settle=False)
    assert click.response_type == 4 and click.reply.ephemeral_for == alice.id
    await asyncio.wait_for(store.started.wait(), 5)
    assert store.batches == []  # answered before the write landed
    store.release.set()
    await world.settle()
    hands = [h for b in store.batches for h in b.hands.values() if h is not None]
    assert [(h.table_id, h.user_id, h.message_id) for h in hands] == [
        (table_id, alice.id, click.reply.id)]


async def test_a_failing_store_costs_one_log_line_and_nothing_else(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any],
    caplog: pytest.LogCaptureFixture,
) -> None:
    world = await make_world(fake_discord, make_settings)
    alice, bob = member(world, "alice"), member(world, "bob")
    await start_table(world, alice, bob, "easy", "easy")
    store = FailingStore()
    world.presenter.delivery = store
    caplog.set_level(logging.INFO)
    rng = random.Random(4)
    moves = 0
    for _ in range(30):
        table = world.table()
        if table.status != "playing" or moves >= 6:
            break
        seat = next((s for s in (0, 1) if s in table.to_act()), None)
        if seat is None:
            await world.advance(31)  # between rounds
            continue
        await play_turn(world, (alice, bob)[seat], rng)
        moves += 1
    assert moves >= 6 and store.writes >= 2
    journal = [r for r in caplog.records if r.name.endswith("presenter.journal")]
    assert [r.levelno for r in journal] == [logging.ERROR]
    assert "disk full" not in caplog.text  # the driver's text may quote a token
    # the hands and the turn pings work as they did without a store
    assert fake_discord.calls("PATCH /webhooks/{application_id}/{token}/messages/{message_id}")
    standing = [m for m in world.chan.public_messages()
                if not m.deleted and "it is your turn" in (m.content or "")]
    assert len(standing) <= 1
    tokens = [i.token for i in fake_discord.interactions]
    assert tokens and not any(token in caplog.text for token in tokens)
