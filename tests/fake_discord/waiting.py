"""Waiting until the bot is idle: every event parsed, no handler running, no REST call
in flight, so scenarios never sleep."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from typing import Any

from .faults import FaultsLayer
from .gateway import OP_HEARTBEAT, Conn


def _client_websockets(bot: Any) -> Iterator[Any]:
    """The gateway websockets of a discord.py client, one per shard it runs."""
    ws = getattr(bot, "ws", None)
    if ws is not None:
        yield ws
    shards = getattr(bot, "shards", None)  # AutoShardedClient: {id: ShardInfo}
    if isinstance(shards, dict):
        for info in shards.values():
            shard_ws = getattr(getattr(info, "_parent", None), "ws", None)
            if shard_ws is not None:
                yield shard_ws


class WaitingLayer(FaultsLayer):
    def _busy(self) -> list[str]:
        current = asyncio.current_task()
        busy = [f"{self._inflight} REST request(s) in flight"] if self._inflight else []
        prefixes = tuple(self.busy_task_prefixes)
        for task in asyncio.all_tasks():
            if task is current or task.done():
                continue
            name = task.get_name()
            if name.startswith(prefixes):
                busy.append(name)
        return busy

    async def _barrier(self) -> bool:
        """Wait until the bot has parsed every event sent so far, so the handler tasks
        for them exist. discord.py stores each event's ``s`` in ``ws.sequence`` and
        parses the event in the same synchronous step, so reading it is enough. False if
        a bot in another process did not answer the heartbeat sent instead (stalled or
        killed: whether it is idle is unknown)."""
        conns = self._live_conns()
        answered = True
        if not conns:
            return answered
        websockets = {getattr(ws, "session_id", None): ws
                      for bot in self._bots for ws in _client_websockets(bot)}
        for conn in conns:
            session = conn.session
            assert session is not None
            ws = websockets.get(session.id)
            if ws is None:
                answered = await self._heartbeat_barrier(conn) and answered
                continue
            end = time.monotonic() + 1.0
            while (getattr(ws, "sequence", None) or 0) < session.seq and \
                    time.monotonic() < end:
                await asyncio.sleep(0.0005)
        return answered

    async def _heartbeat_barrier(self, conn: Conn) -> bool:
        """Fallback round trip: the client answers op 1 after parsing earlier events.
        Used only once per batch of events: discord.py allows 110 gateway sends a minute.
        False if no answer came within a second (the next barrier asks again)."""
        assert conn.session is not None
        if conn.barrier_seq == conn.session.seq:
            return True
        conn.barrier_seq = conn.session.seq
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        conn.barriers.append(fut)
        await conn.send({"op": OP_HEARTBEAT, "d": None})
        try:
            await asyncio.wait_for(fut, timeout=1.0)
        except TimeoutError:
            conn.barrier_seq = -1
            return False
        return True

    async def wait_idle(self, timeout: float | None = None, quiet: float | None = None) -> None:
        """Wait until the bot has processed every event, has no handler running and no
        REST request in flight (checked twice in a row), and, with ``quiet`` (default
        ``fake.idle_quiet``), made no REST call for that many seconds."""
        limit = self.idle_timeout if timeout is None else timeout
        quiet = self.idle_quiet if quiet is None else quiet
        end = time.monotonic() + limit
        calm = 0
        await self._flush_dispatches()
        while True:
            await self._barrier()
            await asyncio.sleep(0)
            busy = self._busy()
            calm = 0 if busy else calm + 1
            if calm >= 2:
                since = time.monotonic() - self._last_activity
                if since >= quiet:
                    return
                calm = 0
                await asyncio.sleep(quiet - since)
                continue
            if time.monotonic() > end:
                raise TimeoutError(f"bot still busy after {limit} s: {busy}")
            await asyncio.sleep(0.001)
