"""The table stores under load: SQLite (WAL) against PostgreSQL, one and two processes
(prints figures; no assertions).

    .venv/bin/python -m benchmarks.bench_stores [--seconds 4] [--database-url URL] [--json]

- steps: ``--tables`` live tables (500) spread over 1 or 2 OS processes
  (benchmarks/store_writer.py), each writing through the real store classes: SQLite, two
  processes on one WAL file; PostgreSQL, each process holding the lease of its own shard
  (``ShardLeases``), so every write is fenced. A step is one ``store.save(table, entries)``
  with a snapshot and log entries the table service really wrote (captured first from
  whole matches the service played). "saturated": every table writes its next step as soon
  as its last one is committed (steps/s is the ceiling; the latency is mostly queueing);
  "paced": ``--rate`` steps/s in all, Poisson arrivals over the tables (a commit's latency
  when the store is not the bottleneck). CPU is per committed step: the writer processes
  (their SQLite threads included) and, on a private server, PostgreSQL's processes.
- restore: ``--restore-tables`` (1,000) tables mid-match, then ``TableService.restore()``
  on a new connection: load, replay every match from its log, save each table again. On
  PostgreSQL also by two processes at once, each restoring the tables of its own shard.

Without ``--database-url`` a private PostgreSQL is started from the installed binaries
(tests/pg_server.py), with fsync on (``--no-pg-fsync``: off, as in the tests); with it,
databases named ``goita_bench_*`` are made on that server and dropped afterwards.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import pickle
import random
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import asyncpg

from benchmarks.store_writer import (
    Closer,
    Trajectory,
    as_table,
    capture,
    open_store,
    percentile,
    restore_here,
)
from bot.storage.db import open_database
from bot.storage.postgres import PgTableStore, open_pool
from bot.storage.tables import SqliteTableStore

ROOT = Path(__file__).resolve().parents[1]
TICK = os.sysconf("SC_CLK_TCK")


def tree_cpu(pid: int) -> float:
    """CPU seconds of ``pid`` and its children (a PostgreSQL server and its backends)."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile
        if int(stat.parent.name) == pid or int(fields[1]) == pid:
            total += (int(fields[11]) + int(fields[12])) / TICK
    return total


class Databases:
    """Fresh PostgreSQL databases on one server (a private one unless a URL is given)."""

    def __init__(self, url: str | None, fsync: bool) -> None:
        self.folder: Path | None = None
        self.fsync = fsync
        self.server = url or ""
        self.made: list[str] = []
        self.pid: int | None = None  # the private server's postmaster

    def __enter__(self) -> Databases:
        if not self.server:
            from tests import pg_server

            # not under a private temporary folder: the server may run as 'postgres'
            self.folder = Path(tempfile.mkdtemp(prefix="goita-bench-pg-"))
            server = pg_server.start(self.folder, fsync=self.fsync)
            self.server = server.url
            self.pid = int((server.data / "postmaster.pid").read_text().split()[0])
        return self

    def cpu(self) -> float | None:
        return None if self.pid is None else tree_cpu(self.pid)

    async def new(self) -> str:
        name = f"goita_bench_{uuid.uuid4().hex[:10]}"
        conn = await asyncpg.connect(self.server)
        try:
            await conn.execute(f'CREATE DATABASE "{name}"')
            self.fsync = await conn.fetchval("SHOW fsync") == "on"
        finally:
            await conn.close()
        self.made.append(name)
        url = self.server.rsplit("/", 1)[0] + "/" + name
        await (await open_pool(url, max_size=1)).close()  # migrated once, before the writers
        return url

    async def drop_all(self) -> None:
        conn = await asyncpg.connect(self.server)
        try:
            for name in self.made:
                await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await conn.close()

    def __exit__(self, *exc: object) -> None:
        if self.folder is not None:
            from tests import pg_server

            pg_server.stop(self.folder)
            shutil.rmtree(self.folder, ignore_errors=True)


def merge(parts: list[dict[str, Any]], server_cpu: float | None) -> dict[str, Any]:
    """One phase's figures over every writer process."""
    latencies = [x for p in parts for x in p["latencies"]]
    steps = max(1, len(latencies))
    errors: dict[str, int] = {}
    for p in parts:
        for kind, n in p["errors"].items():
            errors[kind] = errors.get(kind, 0) + n
    return {"steps": len(latencies),
            "steps_per_s": sum(p["steps"] / p["seconds"] for p in parts),
            "p50_ms": percentile(latencies, 0.5) * 1000,
            "p99_ms": percentile(latencies, 0.99) * 1000,
            "max_ms": max(latencies, default=math.nan) * 1000,
            "writer_cpu_ms_per_step": sum(p["cpu_seconds"] for p in parts) / steps * 1000,
            "server_cpu_ms_per_step": None if server_cpu is None
            else server_cpu / steps * 1000,
            "load_average": os.getloadavg()[0], "errors": errors}


class Writers:
    """``procs`` writer processes (benchmarks/store_writer.py) on one database, each with
    ``tables`` live tables of its own shard."""

    def __init__(self, cfg: dict[str, Any], procs: int, tables: int) -> None:
        self.children = [subprocess.Popen(
            [sys.executable, "-m", "benchmarks.store_writer", json.dumps(
                {**cfg, "index": i, "procs": procs, "tables": tables})],
            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            for i in range(procs)]

    async def ask(self, command: str | None) -> list[dict[str, Any]]:
        """Send ``command`` to every writer and read their answers (None: wait until every
        writer has created its tables)."""
        loop = asyncio.get_running_loop()
        for child in self.children:
            if command:
                assert child.stdin is not None
                child.stdin.write(command + "\n")
                child.stdin.flush()
        lines = [await loop.run_in_executor(None, c.stdout.readline)  # type: ignore[union-attr]
                 for c in self.children]
        if not all(lines):
            raise SystemExit("a writer process failed (its error is above)")
        return [json.loads(x) for x in lines] if command else []

    def close(self) -> None:
        for child in self.children:
            if child.stdin is not None and not child.stdin.closed:
                child.stdin.close()  # a writer reads end-of-file as quit
            child.wait(timeout=60)


async def run_steps(cfg: dict[str, Any], procs: int, args: argparse.Namespace,
                    dbs: Databases) -> dict[str, Any]:
    """Start ``procs`` writers on one database, run both phases, merge their figures."""
    writers = Writers(cfg, procs, args.tables // procs)
    out: dict[str, Any] = {"processes": procs}
    try:
        await writers.ask(None)
        for phase, command in (("saturated", f"saturated {args.seconds}"),
                               ("paced", f"paced {args.rate / procs} {args.seconds}")):
            before = dbs.cpu() if cfg["kind"] == "pg" else None
            parts = await writers.ask(command)
            after = dbs.cpu() if cfg["kind"] == "pg" else None
            out[phase] = merge(parts, None if before is None or after is None
                               else after - before)
    finally:
        writers.close()
    return out


async def restore(store: Any, reopen: Any, trajectories: list[Trajectory],
                  count: int) -> dict[str, Any]:
    """``count`` tables mid-match (a whole log in one save each), then the service's
    restore on a new connection."""
    rng = random.Random(5)
    for i in range(count):
        traj = trajectories[i % len(trajectories)]
        upto = rng.randrange(len(traj.steps) // 4, 3 * len(traj.steps) // 4)
        ids = {"guild_id": (i << 22) | 1, "channel_id": 50_000_000 + i}
        table = as_table(traj.lobby, **ids)
        await store.create(table)
        log = [e for _, es in traj.steps[:upto + 1] for e in es]
        await store.save(as_table(traj.steps[upto][0], id=table.id, **ids), log)
    again, close = await reopen()
    try:
        return await restore_here(again, trajectories)
    finally:
        await close()


async def restore_sqlite(path: Path, trajectories: list[Trajectory],
                         count: int) -> dict[str, Any]:
    conn = await open_database(path)

    async def reopen() -> tuple[Any, Closer]:
        again = await open_database(path)
        return SqliteTableStore(again), again.close

    try:
        return await restore(SqliteTableStore(conn), reopen, trajectories, count)
    finally:
        await conn.close()


async def restore_pg(url: str, trajectories: list[Trajectory], count: int,
                     pool_size: int, trajectories_file: str) -> dict[str, Any]:
    pool = await open_pool(url, max_size=pool_size)
    # restored as one process of one shard restores: through its leases and fence
    cfg = {"kind": "pg", "target": url, "pool_size": pool_size, "procs": 1, "index": 0}
    try:
        one = await restore(PgTableStore(pool), lambda: open_store(cfg), trajectories,
                            count)
    finally:
        await pool.close()
    # the same tables (still live) restored again by two processes, one shard each
    writers = Writers({**cfg, "trajectories": trajectories_file}, 2, 0)
    try:
        await writers.ask(None)
        parts = await writers.ask("restore")
    finally:
        writers.close()
    return {**one, "two_processes": {
        "tables": sum(p["tables"] for p in parts),
        "logged_steps": sum(p["logged_steps"] for p in parts),
        "seconds": max(p["seconds"] for p in parts)}}


async def main(args: argparse.Namespace) -> dict[str, Any]:
    results: dict[str, Any] = {
        "tables": args.tables, "seconds": args.seconds, "rate": args.rate,
        "cpus": os.cpu_count(), "load_average_at_start": os.getloadavg()[0]}
    with tempfile.TemporaryDirectory() as tmp, Databases(args.database_url,
                                                         args.pg_fsync) as dbs:
        folder = Path(tmp)
        emit(args, "machine: {cpus} cores, load average {load_average_at_start:.1f} "
             "(figures are wall clock: a busy machine slows them)", results)
        started = time.perf_counter()
        trajectories = await capture(folder, args.matches)
        steps = [s for t in trajectories for s in t.steps]
        results["captured"] = {
            "matches": len(trajectories), "steps": len(steps),
            "entries_per_step": sum(len(e) for _, e in steps) / len(steps),
            "snapshot_bytes": sum(len(json.dumps(s)) for s, _ in steps) // len(steps),
            "seconds": time.perf_counter() - started}
        emit(args, "captured: {matches} matches, {steps} steps ({entries_per_step:.2f} log "
             "entries and a {snapshot_bytes}-byte snapshot per step)", results["captured"])
        (folder / "trajectories.pickle").write_bytes(pickle.dumps(trajectories))
        base = {"trajectories": str(folder / "trajectories.pickle"),
                "pool_size": args.pool_size}
        try:
            for kind in args.stores:
                figures = results.setdefault(kind, {})
                for procs in args.processes:
                    if kind == "sqlite":
                        path = folder / f"steps-{procs}.sqlite3"
                        await (await open_database(path)).close()  # migrated beforehand
                        target = str(path)
                    else:
                        target = await dbs.new()
                        if "fsync" not in figures:
                            emit(args, "pg     server: {where}, fsync {fsync}, pool of "
                                 "{pool} per process", {"where": "given" if args.database_url
                                 else "private", "fsync": "on" if dbs.fsync else "off",
                                 "pool": args.pool_size})
                        figures["fsync"] = dbs.fsync
                    r = figures[f"{procs}p"] = await run_steps(
                        {**base, "kind": kind, "target": target}, procs, args, dbs)
                    for phase in ("saturated", "paced"):
                        emit_steps(args, kind, procs, phase, r[phase])
                if kind == "sqlite":
                    figures["restore"] = await restore_sqlite(
                        folder / "restore.sqlite3", trajectories, args.restore_tables)
                else:
                    figures["restore"] = await restore_pg(
                        await dbs.new(), trajectories, args.restore_tables, args.pool_size,
                        base["trajectories"])
                emit(args, f"{kind:6} restore: {{tables}} live tables, {{logged_steps}} "
                     "logged steps replayed in {seconds:.2f} s", figures["restore"])
                if "two_processes" in figures["restore"]:
                    emit(args, f"{kind:6} restore by 2 processes (one shard each): {{tables}} "
                         "live tables in {seconds:.2f} s (the slower one)",
                         figures["restore"]["two_processes"])
        finally:
            await dbs.drop_all()
    return results


def emit(args: argparse.Namespace, template: str, figures: dict[str, Any]) -> None:
    if not args.json:
        print(template.format(**figures), flush=True)


def emit_steps(args: argparse.Namespace, kind: str, procs: int, phase: str,
               p: dict[str, Any]) -> None:
    server = p["server_cpu_ms_per_step"]
    cpu = f"cpu/step {p['writer_cpu_ms_per_step']:.2f} ms" + (
        "" if server is None else f" + server {server:.2f} ms")
    refused = f"  REFUSED {p['errors']}" if p["errors"] else ""
    emit(args, f"{kind:6} {procs} proc {phase:9} {p['steps_per_s']:6.0f} steps/s  commit p50 "
         f"{p['p50_ms']:6.2f} p99 {p['p99_ms']:7.2f} max {p['max_ms']:7.1f} ms  {cpu}  "
         f"load {p['load_average']:.1f}{refused}", {})


def parse(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("--seconds", type=float, default=4.0, help="length of each phase")
    p.add_argument("--tables", type=int, default=500, help="live tables writing steps")
    p.add_argument("--rate", type=float, default=200.0, help="paced phase: steps/s in all")
    p.add_argument("--restore-tables", type=int, default=1000)
    p.add_argument("--matches", type=int, default=6, help="matches captured as trajectories")
    p.add_argument("--processes", type=lambda s: [int(x) for x in s.split(",")],
                   default=[1, 2], help="writer processes, e.g. 1,2")
    p.add_argument("--stores", type=lambda s: s.split(","), default=["sqlite", "pg"],
                   help="sqlite,pg")
    p.add_argument("--database-url", help="a PostgreSQL server where this user may create "
                   "databases (default: a private server)")
    p.add_argument("--pool-size", type=int, default=10, help="PostgreSQL pool per process")
    p.add_argument("--no-pg-fsync", dest="pg_fsync", action="store_false",
                   help="the private server skips fsync (as the tests' server does)")
    p.add_argument("--json", action="store_true", help="print one JSON object instead")
    return p.parse_args(argv)


if __name__ == "__main__":
    parsed = parse(sys.argv[1:])
    figures = asyncio.run(main(parsed))
    if parsed.json:
        print(json.dumps(figures, indent=2))
