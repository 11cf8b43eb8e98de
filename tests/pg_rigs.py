"""Table-service rigs (``tests.bot.app.kit.Rig``) on SQLite or on PostgreSQL, for the tests
that must hold on both stores (restarts, lease hand-overs).

A PostgreSQL rig is what one bot process has: its own connection pool, the lease of its
shards (by default the one shard of 1: every table) claimed before the service is built,
and a :class:`~bot.storage.postgres.PgTableStore` fenced by it. :meth:`RigDb.crash` drops
the rig as kill -9 drops a process (SQLite: the connection is closed only so its thread
does not linger; PostgreSQL: the pool is terminated, the server ends its sessions and the
leases are free at once); :meth:`RigDb.close` closes it cleanly.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from bot.app.ports import ResultsRecorder
from bot.app.tables import DealSource, PlayerFactory, TableService
from bot.storage.postgres import PgTableStore, ShardLeases, ShardSet, open_pool
from bot.storage.postgres.db import Pool
from tests.bot.app.kit import FakeClock, FixedSeeds, RecordingPresenter, Rig, Timing, make_rig


@dataclass
class PgRig(Rig):
    pool: Pool
    leases: ShardLeases


@dataclass
class RigDb:
    """One database that rigs open one after the other (or side by side)."""

    kind: str  # "sqlite" | "postgresql"
    path: Path  # the SQLite file (unused on PostgreSQL, but rigs carry it)
    url: str | None = None

    async def rig(self, *, clock: FakeClock | None = None, settings: Timing | None = None,
                  deal_source: DealSource | None = None,
                  seeds: Callable[[], int] | None = None,
                  player_factory: PlayerFactory | None = None,
                  results: ResultsRecorder | None = None,
                  shards: ShardSet | None = None, lease_seconds: float = 30.0) -> Rig:
        if self.url is None:
            return await make_rig(self.path, clock=clock, settings=settings,
                                  deal_source=deal_source, seeds=seeds,
                                  player_factory=player_factory, results=results)
        pool = await open_pool(self.url, max_size=4)
        leases = ShardLeases(pool, shards or ShardSet.of(1), ttl=lease_seconds)
        await leases.claim_all(timeout=10, poll=0.05)
        store = PgTableStore(pool, leases)
        clock = clock or FakeClock()
        presenter = RecordingPresenter()
        settings = settings or Timing()
        service = TableService(store, clock, presenter, settings, player_factory,
                               results=results, seed_source=seeds or FixedSeeds(),
                               deal_source=deal_source, rng=random.Random(7))
        # Rig types its connection and store for SQLite; the tests use them through
        # this class (execute, crash, close) and the store's common methods
        return PgRig(cast(Any, None), cast(Any, store), clock, presenter, settings, service,
                     self.path, pool, leases)

    async def crash(self, rig: Rig) -> None:
        """What kill -9 leaves: nothing cleaned up."""
        if isinstance(rig, PgRig):
            rig.pool.terminate()
        else:
            await rig.conn.close()

    async def close(self, rig: Rig) -> None:
        if isinstance(rig, PgRig):
            await rig.service.stop_driver()
            await rig.leases.release()
            await rig.pool.close()
        else:
            await rig.conn.close()

    async def execute(self, rig: Rig, sql: str, *args: Any) -> None:
        """One statement, parameters written ``$1, $2 ...`` (as PostgreSQL has them)."""
        if isinstance(rig, PgRig):
            await rig.pool.execute(sql, *args)
            return
        for i in range(len(args), 0, -1):
            sql = sql.replace(f"${i}", "?")
        await rig.conn.execute(sql, args)
