"""Shard leases on a real PostgreSQL: two claimers of one shard never both hold it, a
process without the lease cannot commit a step of a table of that shard, a dead owner's
lease is taken over (at once when its process is gone, after the ttl when it is silent),
and resharding hands every table to exactly one new owner with nothing lost."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.app.steplog import LogEntry
from bot.app.table import Table
from bot.storage.postgres import (
    LeaseLost,
    PgTableStore,
    ShardLeases,
    ShardsBusy,
    ShardSet,
    open_pool,
    shard_of,
)
from bot.storage.postgres.db import Pool
from bot.storage.postgres.leases import overlaps
from goita_core.actions import PASS
from goita_core.rules import RuleSet

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
async def pool(pg_url: str) -> AsyncIterator[Pool]:
    p = await open_pool(pg_url, max_size=20)
    try:
        yield p
    finally:
        # terminate: a failed test may leave a lease holder's connection borrowed
        p.terminate()


def guild_in_shard(shard: int, count: int, n: int = 0) -> int:
    """A server id (a Discord snowflake) that belongs to ``shard`` of ``count``."""
    return ((n * count + shard) << 22) | 12345


def table_in(guild: int, channel: int) -> Table:
    return Table(id=0, guild_id=guild, channel_id=channel, host_id=7, rules=RuleSet(),
                 created_at=1.0, updated_at=1.0)


def test_shard_of_follows_discord() -> None:
    # Discord's formula: (guild_id >> 22) % shard_count
    assert shard_of(81384788765712384, 2) == (81384788765712384 >> 22) % 2
    assert [shard_of(guild_in_shard(s, 4, 7), 4) for s in range(4)] == [0, 1, 2, 3]
    assert overlaps(2, 0, 4, 2) and not overlaps(2, 0, 4, 1) and overlaps(3, 1, 2, 0)
    with pytest.raises(ValueError, match=r"not in 0\.\.1"):
        ShardSet.of(2, [2])


async def test_two_claimers_of_one_shard_never_both_hold_it(pool: Pool) -> None:
    for _ in range(15):
        a = ShardLeases(pool, ShardSet.of(1))
        b = ShardLeases(pool, ShardSet.of(1))
        held = await asyncio.gather(a.claim(), b.claim())
        assert sorted(map(len, held)) == [0, 1]
        assert len(await a.renew()) + len(await b.renew()) == 1
        await asyncio.gather(a.release(), b.release())


async def test_only_the_holder_commits_steps(pool: Pool) -> None:
    a = ShardLeases(pool, ShardSet.of(2, [0]))
    b = ShardLeases(pool, ShardSet.of(2, [0, 1]))
    assert await a.claim() == {0}
    assert await b.claim() == {1}  # shard 0 is A's
    store_a, store_b = PgTableStore(pool, a), PgTableStore(pool, b)
    table = table_in(guild_in_shard(0, 2), channel=1)
    await store_a.create(table)
    await store_a.save(table, [LogEntry(1, 1, "deal", 1.0)])
    table.version = 2
    with pytest.raises(LeaseLost):
        await store_b.save(table, [LogEntry(2, 1, "act", 2.0, "cpu", 1, PASS)])
    with pytest.raises(LeaseLost):
        await store_b.create(table_in(guild_in_shard(0, 2, 5), channel=2))
    assert [e.seq for e in await store_a.entries(table.id)] == [1]
    assert await store_b.load_live() == []  # B restores only the tables of its shards
    assert [t.id for t in await store_a.load_live()] == [table.id]

    await a.release()
    with pytest.raises(LeaseLost):  # a released lease fences its former owner out
        await store_a.save(table, [LogEntry(2, 1, "act", 2.0, "cpu", 1, PASS)])
    assert await b.claim() == {0, 1}
    assert [t.id for t in await store_b.load_live()] == [table.id]
    await store_b.save(table, [LogEntry(2, 1, "act", 2.0, "cpu", 1, PASS)])
    assert [e.seq for e in await store_b.entries(table.id)] == [1, 2]
    await b.release()


async def test_a_dead_session_frees_its_leases_at_once(pool: Pool) -> None:
    a = ShardLeases(pool, ShardSet.of(1), ttl=300)
    b = ShardLeases(pool, ShardSet.of(1), ttl=300)
    assert await a.claim() == {0}
    assert await b.claim() == set()
    assert a._presence is not None
    # what a kill -9 does to the owner's database session
    await pool.execute("SELECT pg_terminate_backend($1)", a._presence.get_server_pid())
    await b.claim_all(timeout=5, poll=0.05)
    assert b.held == {0}
    assert await a.renew() == set()  # A learns it lost the shard
    await b.release()


async def test_a_lease_not_renewed_in_time_is_taken_over(pool: Pool) -> None:
    a = ShardLeases(pool, ShardSet.of(1), ttl=0.5)
    b = ShardLeases(pool, ShardSet.of(1), ttl=0.5)
    assert await a.claim() == {0}
    with pytest.raises(ShardsBusy, match=re.escape(a.owner)):
        await b.claim_all(timeout=0.1, poll=0.05)
    await asyncio.sleep(0.6)  # A stalls past its ttl while its session lives
    assert await b.claim() == {0}
    assert await a.renew() == set()
    await b.release()
    await a.release()


async def test_maintain_reports_lost_and_regained_shards(pool: Pool) -> None:
    a = ShardLeases(pool, ShardSet.of(1), ttl=60)
    assert await a.claim() == {0}
    changes: list[tuple[set[int], set[int]]] = []

    async def changed(gained: frozenset[int], lost: frozenset[int]) -> None:
        changes.append((set(gained), set(lost)))

    keeper = asyncio.create_task(a.maintain(changed, interval=0.05))
    try:
        await pool.execute("DELETE FROM shard_leases")  # e.g. an operator's cleanup
        for _ in range(100):
            if len(changes) >= 2:
                break
            await asyncio.sleep(0.05)
    finally:
        keeper.cancel()
    # renew sees the loss; the claim in the same round takes the free shard back
    assert changes == [(set(), {0}), ({0}, set())]
    assert a.held == {0}
    await a.release()


async def test_resharding_moves_every_table_to_one_new_owner(pool: Pool) -> None:
    old = ShardLeases(pool, ShardSet.of(2))  # one process ran both shards of 2
    assert await old.claim() == {0, 1}
    old_store = PgTableStore(pool, old)
    tables = [table_in(guild_in_shard(s, 4, n), channel=10 * s + n)
              for s in range(4) for n in range(3)]
    for t in tables:
        await old_store.create(t)
        await old_store.save(t, [LogEntry(1, 1, "deal", 1.0)])

    new_a = ShardLeases(pool, ShardSet.of(4, [0, 1]))
    new_b = ShardLeases(pool, ShardSet.of(4, [2, 3]))
    # while the old process lives, no shard of the new count overlapping it is handed out
    assert await new_a.claim() == set() and await new_b.claim() == set()
    await old.release()
    await asyncio.gather(new_a.claim_all(timeout=5), new_b.claim_all(timeout=5))
    live_a = await PgTableStore(pool, new_a).load_live()
    live_b = await PgTableStore(pool, new_b).load_live()
    ids_a, ids_b = {t.id for t in live_a}, {t.id for t in live_b}
    assert ids_a.isdisjoint(ids_b)
    assert ids_a | ids_b == {t.id for t in tables}
    assert all(shard_of(t.guild_id, 4) in (0, 1) for t in live_a)
    for t in live_b:  # the new owner continues the log where the old one stopped
        t.version = 2
        await PgTableStore(pool, new_b).save(t, [LogEntry(2, 1, "act", 2.0, "cpu", 1, PASS)])
        assert len(await PgTableStore(pool, new_b).entries(t.id)) == 2
    await new_a.release()
    await new_b.release()


def _child(url: str, ids: str, wait: float) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.bot.storage.pg_lease_child", url, "2", ids, str(wait)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


async def test_two_processes_claiming_the_same_shard(pg_url: str) -> None:
    await (await open_pool(pg_url)).close()  # migrate once, up front
    first = _child(pg_url, "0,1", 5)
    try:
        assert first.stdout is not None
        line = await asyncio.to_thread(first.stdout.readline)
        assert line.strip() == "held 0,1"
        # a misconfigured second process with an overlapping shard is refused
        second = _child(pg_url, "1", 1)
        out, _ = await asyncio.to_thread(second.communicate, timeout=60)
        assert second.returncode == 3 and "shards 1 (" in out
        # kill -9 the first: its restart (a new process) takes over at once, no ttl wait
        first.send_signal(signal.SIGKILL)
        await asyncio.to_thread(first.wait, 30)
        third = _child(pg_url, "0,1", 5)
        try:
            assert third.stdout is not None
            line = await asyncio.to_thread(third.stdout.readline)
            assert line.strip() == "held 0,1"
        finally:
            third.kill()
            await asyncio.to_thread(third.wait, 30)
    finally:
        first.kill()
        await asyncio.to_thread(first.wait, 30)
