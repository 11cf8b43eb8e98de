"""Table service throughput and restore time (prints figures; no assertions).

    .venv/bin/python -m benchmarks.bench_tables

- steps/s: one human (always answering at once) and three normal CPUs play whole matches;
  each step is validated, applied, committed to SQLite (WAL) and presented (to a recorder).
- restore: 100 tables mid-game are loaded and their matches replayed from the log.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from pathlib import Path

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


async def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        await throughput(Path(tmp) / "play.sqlite3")
        await restore(Path(tmp) / "restore.sqlite3")


if __name__ == "__main__":
    asyncio.run(main())
