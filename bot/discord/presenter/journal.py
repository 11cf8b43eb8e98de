"""The delivery journal: what the presenter needs to finish its jobs after a restart (the
turn ping to clean up, the open hands to keep updating) is written to the
:class:`~bot.app.ports.DeliveryStore` off the critical path.

Changes are coalesced (the newest state of a ping or hand wins) and written by one task, in
one transaction per batch, so a click never waits for the database and writes keep their
order; the writer waits ``window`` seconds before a batch, so that the writes of one move (a
ping deleted, the next posted, a hand opened) mostly share one transaction.

A failed write is logged once (until writes work again) and dropped: the worst it costs is
a stale ping or a hand that needs My hand again after a restart. Without a store (None)
nothing is written and nothing survives a restart.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from bot.app.ports import Clock, Delivery, DeliveryBatch, DeliveryStore, StoredHand, StoredPing

from .tasks import Background

log = logging.getLogger(__name__)


class DeliveryJournal:
    def __init__(self, store: DeliveryStore | None, clock: Clock,
                 background: Background, window: float = 0.02) -> None:
        self.store = store
        self.window = window
        self.clock = clock
        self.background = background
        self._batch = DeliveryBatch()
        self._writer: asyncio.Task[None] | None = None
        self._failing = False
        #: changes queued so far, and how many of them were written (or failed)
        self._queued = 0
        self._settled = 0
        #: set when a batch lands or someone waits for one (the writer skips its window)
        self._progress = asyncio.Event()
        self._hurry = asyncio.Event()
        #: what the previous process stored, by table, until each table is restored
        self._stored: asyncio.Task[dict[int, Delivery]] | None = None

    # -- writes ----------------------------------------------------------------------------
    def ping(self, table_id: int, ping: StoredPing | None) -> None:
        if self.store is None:
            return
        self._batch.pings.pop(table_id, None)
        self._batch.pings[table_id] = ping
        self._wake()

    def hand(self, table_id: int, user_id: int, hand: StoredHand | None) -> None:
        if self.store is None:
            return
        self._batch.hands.pop((table_id, user_id), None)
        self._batch.hands[(table_id, user_id)] = hand
        self._wake()

    def closed(self, table_id: int) -> None:
        """Every row of the table goes (writes for it queued before are moot)."""
        if self.store is None:
            return
        batch = self._batch
        batch.pings.pop(table_id, None)
        for key in [key for key in batch.hands if key[0] == table_id]:
            del batch.hands[key]
        batch.closed.add(table_id)
        self._wake()

    def _wake(self) -> None:
        self._queued += 1
        if self._writer is None or self._writer.done():
            self._writer = self.background.spawn(self._write_loop(), "goita-delivery")

    async def written(self) -> None:
        """Wait until every change queued so far was written (or failed): e.g. a ping is
        deleted only once the store forgot it, so that a restart never deletes it twice."""
        target = self._queued
        while self._settled < target and self._writer is not None \
                and not self._writer.done():
            self._hurry.set()
            progress = self._progress
            await progress.wait()

    async def _write_loop(self) -> None:
        while self._batch and self.store is not None:
            if self.window and not self._hurry.is_set():
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._hurry.wait(), self.window)
            self._hurry.clear()
            upto = self._queued
            batch, self._batch = self._batch, DeliveryBatch()
            try:
                await self.store.write_delivery(batch)
            except Exception as exc:
                if not self._failing:
                    # the class only: a driver's message may quote a value, e.g. a token
                    log.error("could not store the pings and open hands (%s); a restart "
                              "may leave a ping or need My hand again", type(exc).__name__)
                self._failing = True
            else:
                if self._failing:
                    log.info("the pings and open hands are stored again")
                self._failing = False
            finally:
                self._settled = upto
                self._progress.set()
                self._progress = asyncio.Event()

    # -- restore -----------------------------------------------------------------------------
    async def stored(self, table_id: int) -> Delivery:
        """What the previous process stored for this table (read once for all tables, at
        the first restored table); empty without a store or if it cannot be read."""
        if self.store is None:
            return Delivery()
        if self._stored is None:
            self._stored = asyncio.create_task(self._load(self.store),
                                               name="goita-delivery-load")
        by_table = await asyncio.shield(self._stored)
        return by_table.pop(table_id, Delivery())

    async def _load(self, store: DeliveryStore) -> dict[int, Delivery]:
        try:
            loaded = await store.load_delivery(self.clock.now())
        except Exception as exc:
            log.error("could not read the stored pings and open hands (%s)",
                      type(exc).__name__)
            return {}
        by_table: dict[int, Delivery] = {}
        for ping in loaded.pings:
            by_table.setdefault(ping.table_id, Delivery()).pings.append(ping)
        for hand in loaded.hands:
            by_table.setdefault(hand.table_id, Delivery()).hands.append(hand)
        return by_table
