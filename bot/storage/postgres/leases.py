"""Which process drives which tables: shard leases in the shared PostgreSQL database.

A table belongs to the gateway shard of its server, ``(guild_id >> 22) % shard_count``
(Discord's own rule). A process claims a lease on each shard it runs; it may drive (restore,
time out, write) a table only while it holds the lease of the table's shard, and every
write of :class:`~bot.storage.postgres.tables.PgTableStore` checks that in the same
transaction (a fence): a process that lost its lease cannot commit, so cannot show, a step.

A lease is free when its owner released it, when it was not renewed in time (``ttl``), or
at once when the owner's database session is gone (a killed process): each owner holds an
advisory lock for as long as it lives, and a lease whose owner's lock is not held is dead.

Resharding: leases are per ``(shard_count, shard_id)``. Shard ``s`` of ``N`` and shard
``t`` of ``M`` share servers exactly when ``s ≡ t (mod gcd(N, M))``, so a claim is refused
while a live lease of another owner overlaps it under any shard count. A process started
with the new count takes its shards once the old processes are gone, and restores every
live table of its servers from the database: nothing is lost or driven twice.
"""

from __future__ import annotations

import asyncio
import logging
import math
import os
import socket
import uuid
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.app.tables.restore import NotDriven
from bot.storage.postgres.db import LOCK_NAMESPACE, Pool

log = logging.getLogger(__name__)

_CLAIM_LOCK = 1
#: the presence locks (PRESENCE_NAMESPACE, owner_key) live apart from the bot's other locks
PRESENCE_NAMESPACE = LOCK_NAMESPACE + 1
DEFAULT_TTL_SECONDS = 30.0


def shard_of(guild_id: int, shard_count: int) -> int:
    """The gateway shard that receives the events of server ``guild_id``."""
    return (guild_id >> 22) % shard_count


def overlaps(count_a: int, shard_a: int, count_b: int, shard_b: int) -> bool:
    """Whether some server belongs to shard ``shard_a`` of ``count_a`` and to shard
    ``shard_b`` of ``count_b``."""
    return (shard_a - shard_b) % math.gcd(count_a, count_b) == 0


@dataclass(frozen=True, slots=True)
class ShardSet:
    """The shards one process runs: ``ids`` out of ``count``."""

    count: int
    ids: frozenset[int]

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError("the shard count must be at least 1")
        if not self.ids:
            raise ValueError("a process must run at least one shard")
        bad = sorted(i for i in self.ids if not 0 <= i < self.count)
        if bad:
            raise ValueError(f"shard ids {bad} are not in 0..{self.count - 1}")

    @classmethod
    def of(cls, count: int, ids: Iterable[int] | None = None) -> ShardSet:
        """``ids`` of ``count``; all of them when ``ids`` is None."""
        return cls(count, frozenset(range(count) if ids is None else ids))

    def owns(self, guild_id: int) -> bool:
        return shard_of(guild_id, self.count) in self.ids


class ShardsBusy(Exception):
    """Some shards stayed leased to another live process."""

    def __init__(self, shards: ShardSet, busy: dict[int, str]) -> None:
        self.busy = busy
        names = ", ".join(f"{s} ({owner})" for s, owner in sorted(busy.items()))
        super().__init__(
            f"shards {names} of {shards.count} are driven by another running process; "
            "check that no two processes have overlapping SHARD_IDS (a stopped process's "
            "lease is free at once, an unreachable one's after its lease expires)"
        )


class LeaseLost(NotDriven):
    """A write was refused: this process no longer holds the lease of the table's shard
    (the table service then lets the table go: :class:`~bot.app.tables.restore.NotDriven`)."""


#: called with (shards gained, shards lost) when :meth:`ShardLeases.maintain` sees a change
OnChange = Callable[[frozenset[int], frozenset[int]], Awaitable[None]]


class ShardLeases:
    """The leases of one process on ``shards``; :meth:`start` before anything else."""

    def __init__(self, pool: Pool, shards: ShardSet, *, ttl: float = DEFAULT_TTL_SECONDS,
                 owner: str | None = None) -> None:
        if ttl <= 0:
            raise ValueError("the lease ttl must be positive")
        self.pool = pool
        self.shards = shards
        self.ttl = ttl
        self.owner = owner or f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self._held: frozenset[int] = frozenset()
        #: shards renewed at the last renewal after their lease had expired (nobody took
        #: them meanwhile, but the fence refused this process's writes in between)
        self._lapsed: frozenset[int] = frozenset()
        self._key: int | None = None
        self._presence: PoolConnectionProxy[asyncpg.Record] | None = None

    @property
    def held(self) -> frozenset[int]:
        """The shards whose leases this process held at the last claim or renewal."""
        return self._held

    def drives(self, guild_id: int) -> bool:
        """Whether this process may drive the tables of server ``guild_id``."""
        return shard_of(guild_id, self.shards.count) in self._held

    async def start(self) -> None:
        """Take this process's presence lock (held on one pooled connection until
        :meth:`release`)."""
        if self._key is None:
            self._key = int(await self.pool.fetchval("SELECT nextval('shard_lease_owner_keys')"))
        if not self._presence_alive():
            self._presence = await self.pool.acquire()
            await self._presence.execute("SELECT pg_advisory_lock($1, $2)",
                                         PRESENCE_NAMESPACE, self._key)

    async def claim(self) -> frozenset[int]:
        """Claim every wanted shard that no live process holds; returns the shards held."""
        await self.start()
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1, $2)", LOCK_NAMESPACE,
                               _CLAIM_LOCK)
            await conn.execute(_DELETE_DEAD, PRESENCE_NAMESPACE)
            others = await conn.fetch(
                "SELECT shard_count, shard_id, owner FROM shard_leases WHERE owner <> $1",
                self.owner)
            free = [s for s in sorted(self.shards.ids) if not any(
                overlaps(self.shards.count, s, r["shard_count"], r["shard_id"])
                for r in others)]
            rows = await conn.fetch(
                "INSERT INTO shard_leases (shard_count, shard_id, owner, owner_key, "
                "claimed_at, expires_at) SELECT $1, s, $3, $4, clock_timestamp(), "
                "clock_timestamp() + make_interval(secs => $5) FROM unnest($2::int[]) s "
                "ON CONFLICT (shard_count, shard_id) DO UPDATE SET "
                "expires_at = EXCLUDED.expires_at RETURNING shard_id",
                self.shards.count, free, self.owner, self._key, self.ttl)
        self._held = frozenset(int(r["shard_id"]) for r in rows)
        return self._held

    async def claim_all(self, *, timeout: float, poll: float = 1.0) -> None:
        """Claim every shard of this process, waiting up to ``timeout`` seconds for
        unreachable previous owners' leases to expire; raises :class:`ShardsBusy`."""
        loop = asyncio.get_running_loop()
        give_up = loop.time() + timeout
        told = False
        while await self.claim() != self.shards.ids:
            if loop.time() >= give_up:
                raise ShardsBusy(self.shards, await self._owners_of_missing())
            if not told:
                told = True
                busy = await self._owners_of_missing()
                log.warning("shard(s) %s of %d are still leased to %s; waiting up to %.0f s "
                            "for the previous owner to go", ",".join(map(str, sorted(busy))),
                            self.shards.count, ", ".join(sorted(set(busy.values()))), timeout)
            await asyncio.sleep(min(poll, max(0.0, give_up - loop.time())))

    async def renew(self) -> frozenset[int]:
        """Extend the leases still held; returns them (fewer than before = lost)."""
        if not self._presence_alive():
            # the presence lock's session is closed: others may already have taken over;
            # a fresh lock under the same key keeps the rest
            self._presence = None
            await self.start()
        rows = await self.pool.fetch(_RENEW, self.owner, self.shards.count, self.ttl)
        self._held = frozenset(int(r["shard_id"]) for r in rows)
        self._lapsed = frozenset(int(r["shard_id"]) for r in rows if r["lapsed"])
        return self._held

    async def release(self) -> None:
        """Give up every lease (on shutdown: the next owner takes them at once)."""
        try:
            await self.pool.execute("DELETE FROM shard_leases WHERE owner = $1", self.owner)
        finally:
            self._held = self._lapsed = frozenset()
            if self._presence_alive():
                assert self._presence is not None
                await self._presence.execute("SELECT pg_advisory_unlock_all()")
                await self.pool.release(self._presence)
            self._presence = None

    def _presence_alive(self) -> bool:
        """Whether the presence lock's session is open (the pool takes a closed
        connection back by itself)."""
        if self._presence is None:
            return False
        try:
            return not self._presence.is_closed()
        except asyncpg.InterfaceError:
            return False

    async def maintain(self, on_change: OnChange, *, interval: float | None = None) -> None:
        """Renew every ``interval`` (default a third of the ttl) and claim missing shards,
        forever. ``on_change(gained, lost)`` is awaited after a renewal that lost shards
        (stop driving their tables: another process may have them) and after a claim that
        gained some (restore their tables). A database error is logged and retried at the
        next interval; if it lasts, the leases expire and the fence refuses every write.
        A lease renewed after it had expired (nobody took it meanwhile) counts as gained
        again: tables let go on a refused write in between are restored."""
        every = self.ttl / 3 if interval is None else interval
        while True:
            await asyncio.sleep(every)
            try:
                before = self._held
                await self.renew()
                if before - self._held:
                    await on_change(frozenset(), before - self._held)
                if self._lapsed:
                    log.warning("the lease of shard(s) %s had expired before it was renewed",
                                ",".join(map(str, sorted(self._lapsed))))
                    await on_change(self._lapsed, frozenset())
                if self._held != self.shards.ids:
                    before = self._held
                    await self.claim()
                    if self._held - before:
                        await on_change(self._held - before, frozenset())
            except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
                log.warning("renewing the shard leases failed: %s", exc)

    async def _owners_of_missing(self) -> dict[int, str]:
        rows = await self.pool.fetch(
            "SELECT shard_count, shard_id, owner FROM shard_leases WHERE owner <> $1",
            self.owner)
        return {s: next((r["owner"] for r in rows if overlaps(
                    self.shards.count, s, r["shard_count"], r["shard_id"])), "released")
                for s in sorted(self.shards.ids - self._held)}


#: renewal of this owner's leases ($1 owner, $2 shard count, $3 ttl): the shards still held,
#: and whether each had expired before (the fence refused writes meanwhile)
_RENEW = """
UPDATE shard_leases l SET expires_at = clock_timestamp() + make_interval(secs => $3)
FROM (SELECT shard_count, shard_id, expires_at FROM shard_leases
      WHERE owner = $1 AND shard_count = $2) o
WHERE l.shard_count = o.shard_count AND l.shard_id = o.shard_id AND l.owner = $1
RETURNING l.shard_id, o.expires_at <= clock_timestamp() AS lapsed
"""

#: a lease is dead when it expired or its owner no longer holds its presence lock
_DELETE_DEAD = """
DELETE FROM shard_leases l
WHERE l.expires_at <= clock_timestamp()
   OR NOT EXISTS (
       SELECT 1 FROM pg_locks k
       WHERE k.locktype = 'advisory' AND k.granted AND k.objsubid = 2
         AND k.database = (SELECT oid FROM pg_database WHERE datname = current_database())
         AND k.classid::bigint = $1 AND k.objid::bigint = l.owner_key)
"""

#: the fence of a table write, first statement of its transaction: $1 owner, $2 shard
#: count, $3 guild id. FOR SHARE makes a takeover (which deletes the row) wait until this
#: write committed, so whatever was committed is seen by the next owner's restore.
FENCE = """
SELECT 1 FROM shard_leases
WHERE owner = $1 AND shard_count = $2 AND shard_id = ($3::bigint >> 22) % $2
  AND expires_at > clock_timestamp()
FOR SHARE
"""
