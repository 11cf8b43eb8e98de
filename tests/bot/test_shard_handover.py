"""Shard hand-over at run time, on a real PostgreSQL: two table services (two "processes",
each with its own pool and leases) and the composition root's lease keeper
(``bot.composition.ShardLeaseCog``) between the leases and the service.

A process whose lease is lost stops driving that shard's tables (they leave memory, their
timers stop, a click on one is refused privately, a step it tries is refused by the store
and lets the table go); the process that takes the shard over restores them and plays on;
when the shard comes back, the first restores them as the other left them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.app.errors import TableError
from bot.app.ports import UserRef
from bot.composition import ShardLeaseCog
from bot.storage.postgres import ShardSet
from goita_core.actions import PASS
from tests.bot.app.kit import ALICE, BOB, FakeClock, Rig, choose
from tests.pg_rigs import PgRig, RigDb


def guild_in_shard(shard: int, count: int, n: int = 0) -> int:
    return ((n * count + shard) << 22) | 777


async def until(predicate: Callable[[], bool], what: str, timeout: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not predicate():
        assert loop.time() < end, f"timed out waiting for {what}"
        await asyncio.sleep(0.02)


async def table_with_cpus(rig: Rig, guild: int, channel: int, host: UserRef = ALICE) -> int:
    table = await rig.service.create_table(guild, channel, host)
    for _ in range(3):
        await rig.service.add_cpu(table.id, host, "normal")
    await rig.service.start(table.id, host)
    return table.id


async def steps(rig: Rig, clock: FakeClock, table_id: int, count: int) -> None:
    """Play ``count`` steps of the table: the host's moves, the CPUs' on the clock."""
    goal = rig.service.get(table_id).version + count
    for _ in range(20 * count):
        table = rig.service.get(table_id)
        if table.version >= goal:
            return
        host = table.seat(0)
        if 0 in table.to_act() and host.present:
            assert host.user_id is not None
            await rig.service.act(table_id, host.user_id, table.version, choose(table, 0))
        else:
            clock.advance(5)  # past a CPU's delay and the pause between rounds
            await rig.service.tick()
    raise AssertionError("the table did not move")


async def test_a_lost_shard_is_let_go_and_a_regained_one_restored(
        pg_url: str, tmp_path: Path) -> None:
    db = RigDb("postgresql", tmp_path / "unused.sqlite3", pg_url)
    clock = FakeClock()
    shards = ShardSet.of(2)  # this "process" runs both shards of 2
    a = await db.rig(clock=clock, shards=shards, lease_seconds=0.6)
    b: Rig | None = None
    assert isinstance(a, PgRig)
    keeper = ShardLeaseCog(a.leases, a.service)
    try:
        mine = await table_with_cpus(a, guild_in_shard(0, 2), 500)
        moving = await table_with_cpus(a, guild_in_shard(1, 2), 501, BOB)
        await steps(a, clock, mine, 3)
        await steps(a, clock, moving, 3)

        # shard 1 goes to another process (as when this one could not renew in time)
        await a.pool.execute("DELETE FROM shard_leases WHERE shard_id = 1")
        b = await db.rig(clock=clock, shards=ShardSet.of(2, [1]), lease_seconds=0.6)
        assert [t.id for t in await b.service.restore()] == [moving]
        await keeper.cog_load()  # renews every 0.2 s from now on
        await until(lambda: a.service.find(moving) is None, "A to let shard 1 go")
        assert a.leases.held == {0}
        assert [t.id for t in a.service.live_tables()] == [mine]  # shard 0 plays on

        # a click on the table that left is refused privately, and nothing is stored
        version = b.service.get(moving).version
        with pytest.raises(TableError) as refused:
            await a.service.act(moving, BOB.id, version, PASS)
        assert refused.value.code == "storage_paused"
        # A's timers no longer run it; B drives it
        await steps(a, clock, mine, 2)
        assert (await b.store.load(moving)).version == version  # type: ignore[union-attr]
        await steps(b, clock, moving, 4)
        moved_to = b.service.get(moving).version

        # B stops (its lease is released): A takes shard 1 back and restores its table
        await db.close(b)
        b = None
        await until(lambda: "restored" in a.presenter.reasons(), "A to take shard 1 back")
        back = a.service.get(moving)
        assert back.version == moved_to and back.live
        assert a.presenter.reasons().count("restored") == 1  # its board, refreshed
        await steps(a, clock, moving, 2)  # and plays on
    finally:
        await keeper.cog_unload()
        if b is not None:
            await db.close(b)
        await db.close(a)


async def test_a_step_refused_by_the_fence_lets_the_table_go(
        pg_url: str, tmp_path: Path) -> None:
    """Before the lease keeper notices the loss, the store refuses the step: the table
    leaves memory at once, without a "paused" board, and the next owner has every step."""
    db = RigDb("postgresql", tmp_path / "unused.sqlite3", pg_url)
    clock = FakeClock()
    a = await db.rig(clock=clock, lease_seconds=30)
    assert isinstance(a, PgRig)
    try:
        tid = await table_with_cpus(a, guild_in_shard(0, 1), 500)
        await steps(a, clock, tid, 2)
        stored = a.service.get(tid).version
        # another process took the shard over (A has not renewed yet)
        await a.pool.execute("UPDATE shard_leases SET owner = 'someone else'")
        clock.advance(61)
        await a.service.tick()  # the due step is refused by the store
        assert a.service.find(tid) is None and a.service.live_tables() == []
        assert "paused" not in a.presenter.reasons()
        assert (await a.store.load(tid)).version == stored  # type: ignore[union-attr]
        with pytest.raises(TableError) as refused:
            await a.service.hand(tid, ALICE.id)
        assert refused.value.code == "storage_paused"
        # a new table on that shard is refused as well
        with pytest.raises(TableError) as refused:
            await a.service.create_table(guild_in_shard(0, 1), 501, BOB)
        assert refused.value.code == "storage_unavailable"
    finally:
        await db.close(a)


async def test_a_lease_renewed_after_it_lapsed_brings_its_tables_back(
        pg_url: str, tmp_path: Path) -> None:
    """The process could not renew in time (e.g. the database was away) and nobody took
    its shard: writes refused meanwhile let tables go; the late renewal restores them."""
    db = RigDb("postgresql", tmp_path / "unused.sqlite3", pg_url)
    clock = FakeClock()
    a = await db.rig(clock=clock, lease_seconds=0.5)
    assert isinstance(a, PgRig)
    keeper = ShardLeaseCog(a.leases, a.service)
    try:
        tid = await table_with_cpus(a, guild_in_shard(0, 1), 500)
        await steps(a, clock, tid, 2)
        await asyncio.sleep(0.6)  # no renewal: the lease expires
        clock.advance(61)
        await a.service.tick()  # refused by the fence
        assert a.service.find(tid) is None
        await keeper.cog_load()
        await until(lambda: "restored" in a.presenter.reasons(), "the table to come back")
        assert a.leases.held == {0}
        await steps(a, clock, tid, 2)  # and it plays on
    finally:
        await keeper.cog_unload()
        await db.close(a)
