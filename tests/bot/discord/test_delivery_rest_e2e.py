"""What the pings and hands cost in REST calls (the fake records every request): a restart
costs the board's refresh only (a standing ping is kept, an open hand drawn at the current
version is not drawn again), and a move costs at most one ping posted and one deleted."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from bot.app.ports import Delivery, DeliveryBatch, DeliveryStore
from tests.bot.discord.kit import make_world, member, play_turn, start_table
from tests.bot.discord.test_delivery_e2e import pings_of, restart, two_humans
from tests.fake_discord import FakeDiscord

POST_MESSAGE = "POST /channels/{channel_id}/messages"
DELETE_MESSAGE = "DELETE /channels/{channel_id}/messages/{message_id}"


class CountingStore:
    """The bot's delivery store, counting the batches and rows written."""

    def __init__(self, inner: DeliveryStore) -> None:
        self.inner = inner
        self.batches = 0
        self.rows = 0

    async def load_delivery(self, now: float) -> Delivery:
        return await self.inner.load_delivery(now)

    async def write_delivery(self, batch: DeliveryBatch) -> None:
        self.batches += 1
        self.rows += len(batch.closed) + len(batch.pings) + len(batch.hands)
        await self.inner.write_delivery(batch)


def message_calls(fake: FakeDiscord, since: int) -> Counter[str]:
    """The REST calls on messages (channel and interaction webhook ones) since ``since``."""
    return Counter(c.key for c in fake.rest_log[since:]
                   if c.route.startswith(("/channels/", "/webhooks/")))


async def test_a_restart_costs_the_board_refresh_only(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world, alice, bob = await two_humans(fake_discord, make_settings)
    await alice.click(world.board(), "My hand")
    await bob.click(world.board(), "My hand")
    await world.settle()
    [ping] = pings_of(world, alice)
    since = len(fake_discord.rest_log)
    world = await restart(world, make_settings)
    calls = message_calls(fake_discord, since)
    print(f"\nREST calls of a restart (1 ping, 2 open hands): {dict(calls)}")
    assert calls == Counter({"PATCH /channels/{channel_id}/messages/{message_id}": 1})
    assert pings_of(world, alice) == [ping]


async def test_rest_calls_per_move(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings)
    users = [member(world, name) for name in ("alice", "bob", "carol", "dave")]
    await start_table(world, users[0], *users[1:])
    assert world.presenter.delivery is not None
    store = world.presenter.delivery = CountingStore(world.presenter.delivery)
    rng = random.Random(3)
    moves = 0
    since = len(fake_discord.rest_log)
    for _ in range(24):
        table = world.table()
        if table.status != "playing" or table.match is None or table.match.round.over:
            break
        seat = next(iter(table.to_act()), None)
        if seat is None:
            await world.settle()
            continue
        before = len(fake_discord.rest_log)
        await play_turn(world, users[seat], rng)
        move = message_calls(fake_discord, before)
        assert move[POST_MESSAGE] <= 1 and move[DELETE_MESSAGE] <= 1, move
        moves += 1
    assert moves >= 8
    calls = Counter(c.key for c in fake_discord.rest_log[since:])
    print(f"\nREST calls per move over {moves} moves (4 humans, My hand + clicks): "
          f"{sum(calls.values()) / moves:.2f}")
    for key, n in calls.most_common():
        print(f"  {n / moves:5.2f}  {key}")
    print(f"delivery writes per move: {store.batches / moves:.2f} transactions, "
          f"{store.rows / moves:.2f} rows")
    # a ping posted and one deleted, and the My hand's new message: about three rows
    assert store.rows <= 4 * moves
