"""The writing side of benchmarks/bench_stores.py: realistic steps captured from the table
service, and one writing process (``python -m benchmarks.store_writer CONFIG``) that drives
its live tables through a real store and answers the parent's commands on stdin.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import math
import pickle
import random
import sys
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

from bot.app.steplog import LogEntry
from bot.app.table import Table
from bot.app.tables import TableService
from bot.storage.db import open_database
from bot.storage.postgres import PgTableStore, ShardLeases, ShardSet, open_pool
from bot.storage.tables import SqliteTableStore
from tests.bot.app.kit import (
    ALICE,
    FakeClock,
    FixedSeeds,
    RecordingPresenter,
    Rig,
    Timing,
    play_human_until_over,
)

#: one step as the service saved it: (snapshot, log entries)
Step = tuple[dict[str, Any], tuple[LogEntry, ...]]
Closer = Callable[[], Awaitable[None]]


@dataclasses.dataclass
class Trajectory:
    """Every save of one table from its creation to the end of its match."""

    lobby: dict[str, Any]
    steps: list[Step]  # from the start of the match on
    clock: float = 0.0  # the service clock after the match


# -- helpers ------------------------------------------------------------------------------
def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-quantile (0..1) by the nearest-rank rule; nan when empty."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def guild_for(process: int, processes: int, j: int) -> int:
    """A server id for the ``j``-th table of ``process``, in that process's shard
    (``(guild_id >> 22) % processes == process``), one server per table."""
    return ((j * processes + process) << 22) | 1


def shifted(entries: Sequence[LogEntry], by: int) -> tuple[LogEntry, ...]:
    """The entries with ``seq`` moved by ``by``: a table replaying its trajectory again
    appends new log rows instead of repeating keys."""
    return tuple(dataclasses.replace(e, seq=e.seq + by) for e in entries)


def as_table(snapshot: dict[str, Any], **ids: int) -> Table:
    return Table.from_json({**snapshot, **ids})


# -- capturing realistic steps -------------------------------------------------------------
class CapturingStore(SqliteTableStore):
    """The SQLite store that also keeps a copy of everything the service saves."""

    def __init__(self, conn: Any) -> None:
        super().__init__(conn)
        self.saves: dict[int, list[Step]] = {}

    async def create(self, table: Table) -> int:
        table_id = await super().create(table)
        self.saves[table_id] = [(table.to_json(), ())]
        return table_id

    async def save(self, table: Table, entries: Sequence[LogEntry] = ()) -> None:
        await super().save(table, entries)
        self.saves[table.id].append((table.to_json(), tuple(entries)))


async def capture(folder: Path, matches: int) -> list[Trajectory]:
    """Whole matches of one human (answering at once) and three normal CPUs, as
    benchmarks/bench_tables.py plays them."""
    path = folder / "capture.sqlite3"
    conn = await open_database(path)
    store, clock = CapturingStore(conn), FakeClock()
    presenter, settings = RecordingPresenter(), Timing()
    service = TableService(store, clock, presenter, settings, seed_source=FixedSeeds(),
                           rng=random.Random(7))
    rig = Rig(conn, store, clock, presenter, settings, service, path)
    out = []
    for i in range(matches):
        table = await service.create_table(1, 900 + i, ALICE, target=150)
        for _ in range(3):
            await service.add_cpu(table.id, ALICE, "normal")
        await service.start(table.id, ALICE)
        await play_human_until_over(rig, table.id, ALICE)
        saves = store.saves[table.id]
        first = next(k for k, (snap, _) in enumerate(saves) if snap["status"] != "lobby")
        # the entries of lobby saves (none today) stay with the first step
        lead = tuple(e for _, es in saves[:first] for e in es)
        steps = [(saves[first][0], lead + saves[first][1]), *saves[first + 1:]]
        out.append(Trajectory(saves[0][0], steps, clock.now()))
    await conn.close()
    return out


# -- one writing process -------------------------------------------------------------------
async def open_store(cfg: dict[str, Any]) -> tuple[Any, Closer]:
    """(store, closer) for a worker: SQLite on the shared file, or PostgreSQL fenced by the
    lease of this process's shards."""
    if cfg["kind"] == "sqlite":
        conn = await open_database(cfg["target"])
        return SqliteTableStore(conn), conn.close
    pool = await open_pool(cfg["target"], max_size=cfg["pool_size"])
    leases = ShardLeases(pool, ShardSet.of(cfg["procs"], [cfg["index"]]))
    await leases.claim_all(timeout=30)

    async def changed(gained: frozenset[int], lost: frozenset[int]) -> None:
        if lost:  # the fence now refuses these shards' writes: counted as refused steps
            print(f"lost the leases of shards {sorted(lost)}", file=sys.stderr)

    # renewed as the bot renews them, so that a long run keeps its leases
    renewing = asyncio.create_task(leases.maintain(changed))

    async def close() -> None:
        renewing.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await renewing
        await leases.release()
        await pool.close()

    return PgTableStore(pool, leases), close


class Writer:
    """The live tables of one process and where each is in its trajectory."""

    def __init__(self, store: Any, trajectories: list[Trajectory]) -> None:
        self.store = store
        self.trajectories = trajectories
        self.tables: list[dict[str, int]] = []
        self.locks: list[asyncio.Lock] = []
        self.errors: dict[str, int] = {}

    async def create(self, index: int, procs: int, count: int) -> None:
        for j in range(count):
            t = (j * procs + index) % len(self.trajectories)
            ids = {"guild_id": guild_for(index, procs, j),
                   "channel_id": 10_000_000 * (index + 1) + j}
            table_id = await self.store.create(as_table(self.trajectories[t].lobby, **ids))
            self.tables.append({"id": table_id, "traj": t, "pos": 0, "cycle": 0, **ids})
            self.locks.append(asyncio.Lock())

    async def step(self, k: int) -> float | None:
        """Save table ``k``'s next step; its commit latency in seconds (None: refused)."""
        async with self.locks[k]:
            state = self.tables[k]
            steps = self.trajectories[state["traj"]].steps
            snapshot, entries = steps[state["pos"]]
            table = as_table(snapshot, id=state["id"], guild_id=state["guild_id"],
                             channel_id=state["channel_id"])
            if state["cycle"]:
                entries = shifted(entries, state["cycle"] * (steps[-1][0]["version"] + 1))
            started = time.perf_counter()
            try:
                await self.store.save(table, entries)
            except Exception as exc:  # counted and shown: a refused step is a finding
                self.errors[type(exc).__name__] = self.errors.get(type(exc).__name__, 0) + 1
                return None
            elapsed = time.perf_counter() - started
            state["pos"] += 1
            if state["pos"] == len(steps):
                state["pos"], state["cycle"] = 0, state["cycle"] + 1
            return elapsed

    async def saturated(self, seconds: float) -> dict[str, Any]:
        latencies: list[float] = []
        cpu = time.process_time()
        end = time.perf_counter() + seconds

        async def drive(k: int) -> None:
            while time.perf_counter() < end:
                took = await self.step(k)
                if took is not None:
                    latencies.append(took)

        started = time.perf_counter()
        await asyncio.gather(*(drive(k) for k in range(len(self.tables))))
        return self.report(latencies, time.perf_counter() - started, cpu)

    async def paced(self, rate: float, seconds: float) -> dict[str, Any]:
        latencies: list[float] = []
        rng = random.Random(11)
        pending: set[asyncio.Task[None]] = set()
        cpu = time.process_time()

        async def one(k: int) -> None:
            took = await self.step(k)
            if took is not None:
                latencies.append(took)

        started = time.perf_counter()
        due, k = started, 0
        while due < started + seconds:
            due += rng.expovariate(rate)
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            task = asyncio.create_task(one(k))
            pending.add(task)
            task.add_done_callback(pending.discard)
            k = (k + 1) % len(self.tables)
        await asyncio.gather(*pending)
        return self.report(latencies, time.perf_counter() - started, cpu)

    def report(self, latencies: list[float], elapsed: float, cpu: float) -> dict[str, Any]:
        """What the parent merges; ``cpu``: this process's CPU seconds (all threads, so
        SQLite's own work too) at the start of the phase."""
        errors, self.errors = self.errors, {}
        return {"steps": len(latencies), "seconds": elapsed, "latencies": latencies,
                "cpu_seconds": time.process_time() - cpu, "errors": errors}


async def restore_here(store: Any, trajectories: list[Trajectory]) -> dict[str, Any]:
    """Time the table service's restore from ``store`` (its live tables, or with leases
    those of the shards held)."""
    clock = FakeClock(max(t.clock for t in trajectories))
    service = TableService(store, clock, RecordingPresenter(), Timing(),
                           seed_source=FixedSeeds(), rng=random.Random(7))
    started = time.perf_counter()
    restored = await service.restore()
    elapsed = time.perf_counter() - started
    return {"tables": len(restored), "logged_steps": sum(t.version for t in restored),
            "seconds": elapsed}


async def worker(cfg: dict[str, Any]) -> None:
    """A writing process: ``ready`` after creating its tables, then one JSON line per
    command read from stdin (``saturated S``, ``paced RATE S``, ``restore``); end of
    input ends it."""
    # the trajectories were written by the parent of this process
    trajectories = pickle.loads(Path(cfg["trajectories"]).read_bytes())
    store, close = await open_store(cfg)
    writer = Writer(store, trajectories)
    await writer.create(cfg["index"], cfg["procs"], cfg["tables"])
    loop = asyncio.get_running_loop()
    print("ready", flush=True)
    try:
        while (line := (await loop.run_in_executor(None, sys.stdin.readline)).split()):
            if line[0] == "saturated":
                result = await writer.saturated(float(line[1]))
            elif line[0] == "paced":
                result = await writer.paced(float(line[1]), float(line[2]))
            elif line[0] == "restore":
                result = await restore_here(store, trajectories)
            else:
                break
            print(json.dumps(result), flush=True)
    finally:
        await close()




if __name__ == "__main__":
    asyncio.run(worker(json.loads(sys.argv[1])))
