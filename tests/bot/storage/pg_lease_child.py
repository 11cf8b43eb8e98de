"""A process that claims shard leases, for the two-process lease tests.

    python -m tests.bot.storage.pg_lease_child URL SHARD_COUNT SHARD_IDS WAIT_SECONDS

claims SHARD_IDS (comma-separated) of SHARD_COUNT, waiting up to WAIT_SECONDS; prints
``held 0,1`` and keeps renewing until killed, or prints the refusal and exits with 3.
"""

from __future__ import annotations

import asyncio
import sys

from bot.storage.postgres import ShardLeases, ShardsBusy, ShardSet, open_pool


async def run(url: str, count: int, ids: list[int], wait: float) -> int:
    pool = await open_pool(url, max_size=2)
    leases = ShardLeases(pool, ShardSet.of(count, ids), ttl=30)
    try:
        await leases.claim_all(timeout=wait, poll=0.1)
    except ShardsBusy as exc:
        print(f"busy: {exc}", flush=True)
        return 3
    print("held " + ",".join(map(str, sorted(leases.held))), flush=True)

    async def changed(gained: frozenset[int], lost: frozenset[int]) -> None:
        print(f"gained {sorted(gained)} lost {sorted(lost)}", flush=True)

    await leases.maintain(changed, interval=1.0)
    return 0


if __name__ == "__main__":
    url, count, ids, wait = sys.argv[1:5]
    sys.exit(asyncio.run(run(url, int(count), [int(i) for i in ids.split(",")], float(wait))))
