"""Table service throughput and restore time (prints figures; no assertions).

    .venv/bin/python -m benchmarks.bench_tables

- steps/s: one human (always answering at once) and three normal CPUs play whole matches;
  each step is validated, applied, committed to SQLite (WAL) and presented (to a recorder).
- restore: 100 tables mid-game are loaded and their matches replayed from the log.
- closed tables: a start on a database holding ``--closed`` (100,000) closed tables, all
  settled, and one whose end a crash left unshown: ``restore()`` finds that one through the
  ``unsettled`` index; beside it, the time to read every closed table (what a start cost
  when it looked through all of them for an unrecorded result).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
import time
from pathlib import Path

from bot.app.table import Table
from tests.bot.app.kit import ALICE, choose, full_table, make_rig, play_human_until_over


async def throughput(path: Path, matches: int = 10) -> None:
    rig = await make_rig(path)
    steps, started = 0, time.perf_counter()
    for i in range(matches):
        table = await full_table(rig, "normal", "normal", "normal", channel=1000 + i)
        await rig.service.start(table.id, ALICE)
        await play_human_until_over(rig, table.id, ALICE)
        steps += table.version
    elapsed = time.perf_counter() - started
    await rig.conn.close()
    print(f"play: {matches} matches, {steps} steps in {elapsed:.2f} s = "
          f"{elapsed / steps * 1000:.2f} ms per committed step")


async def restore(path: Path, tables: int = 100) -> None:
    rig = await make_rig(path)
    live = []
    for i in range(tables):
        table = await full_table(rig, "normal", "normal", "normal", channel=5000 + i)
        await rig.service.start(table.id, ALICE)
        live.append(table)
    for _ in range(40):
        for table in live:
            if table.live and 0 in table.to_act():
                await rig.service.act(table.id, ALICE.id, table.version,
                                      choose(table, 0, table.version))
        rig.clock.advance(1.5)
        await rig.service.tick()
    await rig.conn.close()
    started = time.perf_counter()
    again = await make_rig(path, clock=rig.clock)
    restored = await again.service.restore()
    elapsed = time.perf_counter() - started
    await again.conn.close()
    print(f"restore: {len(restored)} live tables, {sum(t.version for t in restored)} logged "
          f"steps replayed in {elapsed:.2f} s")


async def closed_tables(path: Path, closed: int) -> None:
    rig = await make_rig(path)
    table = await full_table(rig, "easy", "easy", "easy", target=50)
    await rig.service.start(table.id, ALICE)
    await play_human_until_over(rig, table.id, ALICE)
    snapshot = table.to_json()
    rows = []
    for n in range(closed):  # copies of the finished table, its end shown
        copy = Table.from_json({**snapshot, "id": table.id + 1 + n, "board_pending": False})
        rows.append((copy.id, copy.guild_id, 10_000 + n, copy.status,
                     json.dumps(copy.to_json()), copy.created_at, copy.updated_at))
    await rig.conn.executemany(
        "INSERT INTO game_tables (id, guild_id, channel_id, status, snapshot, created_at, "
        "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
    await rig.conn.commit()
    await rig.conn.close()  # the original table's end was never shown (board_pending)
    again = await make_rig(path, clock=rig.clock)
    started = time.perf_counter()
    await again.service.restore()
    elapsed = time.perf_counter() - started
    shown = again.presenter.reasons().count("restored")
    started = time.perf_counter()
    every = await again.store.load_where(("finished", "cancelled"))
    scan = time.perf_counter() - started
    await again.conn.close()
    print(f"start with {closed} settled closed tables: restore() {elapsed * 1000:.1f} ms "
          f"({shown} end shown again); reading every closed table ({len(every)}): "
          f"{scan * 1000:.0f} ms")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--closed", type=int, default=100_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        await throughput(Path(tmp) / "play.sqlite3")
        await restore(Path(tmp) / "restore.sqlite3")
        await closed_tables(Path(tmp) / "closed.sqlite3", args.closed)


if __name__ == "__main__":
    asyncio.run(main())
