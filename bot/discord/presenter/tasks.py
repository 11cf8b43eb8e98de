"""The presenter's background sends: started without waiting, waited for by ``flush``."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Coroutine
from typing import Any


class Background:
    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[Any]] = set()

    def spawn(self, coro: Coroutine[Any, Any, Any], name: str) -> asyncio.Task[Any]:
        task = asyncio.create_task(coro, name=name)
        self._tasks.add(task)  # keep a reference so the task is not collected
        task.add_done_callback(self._tasks.discard)
        return task

    def running(self) -> list[asyncio.Task[Any]]:
        return [task for task in self._tasks if not task.done()]

    async def cancel(self, extra: list[asyncio.Task[Any]]) -> None:
        tasks = [*self._tasks, *extra]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
