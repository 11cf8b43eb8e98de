"""Fake clock and snowflakes.

The fake clock runs with real time but can be pushed forward by a test, so that
"15 minutes later" costs nothing. Durations Discord enforces on *time since*
(interaction tokens, message age) are measured on this clock; the 3-second first
response rule is measured on both (see ``FakeDiscord.response_deadline``).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import time
from collections.abc import Awaitable, Callable

DISCORD_EPOCH_MS = 1420070400000


class FakeClock:
    """Wall clock = real time + an offset the test can only move forward."""

    def __init__(self) -> None:
        self._offset = 0.0
        self._listeners: list[Callable[[], Awaitable[None]]] = []

    @property
    def offset(self) -> float:
        return self._offset

    def monotonic(self) -> float:
        """Seconds on a monotonic scale that includes the advances."""
        return time.monotonic() + self._offset

    def time(self) -> float:
        """Unix time in seconds (fake)."""
        return time.time() + self._offset

    def utcnow(self) -> dt.datetime:
        return dt.datetime.fromtimestamp(self.time(), dt.UTC)

    def iso_now(self) -> str:
        return self.utcnow().isoformat()

    def on_advance(self, listener: Callable[[], Awaitable[None]]) -> None:
        self._listeners.append(listener)

    async def advance(self, seconds: float) -> None:
        """Move the fake time forward by ``seconds`` and let expiries fire."""
        if seconds < 0:
            raise ValueError("the fake clock only moves forward")
        self._offset += seconds
        for listener in self._listeners:
            await listener()
        await asyncio.sleep(0)


class Snowflakes:
    """Discord-shaped ids whose timestamp part follows the fake clock."""

    def __init__(self, clock: FakeClock) -> None:
        self._clock = clock
        self._counter = 0
        self._last = 0

    def next(self) -> int:
        self._counter = (self._counter + 1) % 4096
        ms = int(self._clock.time() * 1000) - DISCORD_EPOCH_MS
        value = (ms << 22) | (1 << 17) | self._counter
        # strictly increasing even within one millisecond
        if value <= self._last:
            value = self._last + 1
        self._last = value
        return value

    def next_on_shard(self, shard_id: int, shard_count: int) -> int:
        """The next id whose owner is that shard (``(id >> 22) % shard_count``): its
        timestamp is moved up to ``shard_count - 1`` ms ahead."""
        value = self.next()
        ahead = (shard_id - (value >> 22)) % shard_count
        self._last = value + (ahead << 22)
        return self._last
