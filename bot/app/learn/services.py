"""The learning features as the adapter calls them: the tutorial, saved after every step,
and hints, searched off the event loop and noted against the match they were used in."""

from __future__ import annotations

import asyncio
from collections import defaultdict
from concurrent.futures import Executor
from functools import partial

from goita_core.actions import Action
from goita_core.view import SeatView

from ..ports import Clock, SystemClock
from .hints import HINT_SAMPLES, Hint, suggest
from .ports import LearnStore
from .tutorial import Progress, Refusal, Screen, Tutorial, resume


class TutorialService:
    """``/goita learn``: one tutorial per user, resumed where they left it."""

    def __init__(self, store: LearnStore) -> None:
        self.store = store
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    async def _load(self, user_id: int) -> Tutorial:
        return resume(await self.store.load_progress(user_id))

    async def open(self, user_id: int) -> Screen:
        """The user's tutorial where they left it (or from the start)."""
        async with self._locks[user_id]:
            tutorial = await self._load(user_id)
            await self.store.save_progress(user_id, tutorial.progress)
            return tutorial.screen()

    async def restart(self, user_id: int) -> Screen:
        async with self._locks[user_id]:
            tutorial = Tutorial()
            await self.store.save_progress(user_id, tutorial.progress)
            return tutorial.screen()

    async def move(self, user_id: int, action: Action) -> Screen | Refusal:
        async with self._locks[user_id]:
            tutorial = await self._load(user_id)
            outcome = tutorial.attempt(action)
            await self.store.save_progress(user_id, tutorial.progress)
            return outcome

    async def read_on(self, user_id: int) -> Screen | Refusal:
        async with self._locks[user_id]:
            tutorial = await self._load(user_id)
            outcome = tutorial.proceed()
            await self.store.save_progress(user_id, tutorial.progress)
            return outcome

    async def progress(self, user_id: int) -> Progress | None:
        return await self.store.load_progress(user_id)


class HintBusy(Exception):
    """The user's previous hint is still being searched."""


class HintService:
    """Hints at a real table. Every hint is recorded against its match (a match where
    someone used hints is marked so in its history and is not rated)."""

    def __init__(self, store: LearnStore, *, executor: Executor | None = None,
                 clock: Clock | None = None, samples: int = HINT_SAMPLES) -> None:
        self.store = store
        self.executor = executor
        self.clock = clock or SystemClock()
        self.samples = samples
        self._running: set[int] = set()

    async def hint(self, user_id: int, view: SeatView, *, table_id: int, started_at: float,
                   seed: int) -> Hint:
        """The hint for ``view`` (the user's own seat view). Raises
        :class:`~bot.app.learn.hints.NoHint` when it is not their turn and
        :class:`HintBusy` while their previous hint is being searched."""
        if user_id in self._running:
            raise HintBusy(user_id)
        self._running.add(user_id)
        try:
            job = partial(suggest, view, seed, self.samples)
            hint = await asyncio.get_running_loop().run_in_executor(self.executor, job)
            await self.store.record_hint(table_id, started_at, user_id, self.clock.now())
            return hint
        finally:
            self._running.discard(user_id)

    async def hint_users(self, table_id: int, started_at: float) -> list[int]:
        return await self.store.hint_users(table_id, started_at)
