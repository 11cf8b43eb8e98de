"""Running reviews for users: off the event loop, bounded, cached, with progress.

- a cached review (same match, seat and analysis version) is returned at once;
- one analysis per user at a time (a second request while one runs is refused);
- at most ``max_waiting`` analyses wait for a worker (more are refused: the machine is
  busy), and ``workers`` run at once, each in the executor (a thread by default: the
  analysis releases the event loop between Python bytecodes, and it needs no pickling);
- progress ("analysing move 12 of 41") is delivered on the event loop, at most once per
  ``progress_interval`` seconds except the first and the last report.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import partial

from .ports import LearnStore, ReviewKey
from .review import ANALYSIS_VERSION, ProgressCallback, Review, ReviewSettings, analyse

log = logging.getLogger(__name__)

OnProgress = Callable[["ReviewProgress"], Awaitable[None]]
Analyser = Callable[[str, int, ReviewSettings, ProgressCallback], Review]


@dataclass(frozen=True, slots=True)
class ReviewProgress:
    done: int
    total: int
    #: analyses ahead of this one (0 once it runs)
    waiting_ahead: int = 0


class ReviewRefused(Exception):
    """A review that cannot start now; ``code`` is "busy" (the user already has one
    running) or "queue_full" (too many waiting)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


class ReviewService:
    def __init__(self, store: LearnStore, *, settings: ReviewSettings | None = None,
                 executor: Executor | None = None, workers: int = 1, max_waiting: int = 8,
                 progress_interval: float = 1.0, analyser: Analyser = analyse) -> None:
        self.store = store
        self.analyser = analyser
        self.settings = settings or ReviewSettings()
        self.executor = executor
        self.max_waiting = max_waiting
        self.progress_interval = progress_interval
        self._slots = asyncio.Semaphore(workers)
        self._users: set[int] = set()
        self._waiting = 0
        self._running = 0

    def key(self, match: str, seat: int) -> ReviewKey:
        return ReviewKey(match, seat, ANALYSIS_VERSION)

    async def cached(self, match: str, seat: int) -> Review | None:
        return await self.store.load_review(self.key(match, seat))

    def busy(self, user_id: int) -> bool:
        return user_id in self._users

    async def review(self, user_id: int, match: str, record_json: str, seat: int,
                     on_progress: OnProgress | None = None) -> Review:
        """The review of ``seat`` in the recorded match, from the cache or analysed now.
        Raises :class:`ReviewRefused`, or the record's ``KifuError``/``ReplayError``."""
        key = self.key(match, seat)
        cached = await self.store.load_review(key)
        if cached is not None:
            return cached
        if user_id in self._users:
            raise ReviewRefused("busy")
        if self._waiting >= self.max_waiting:
            raise ReviewRefused("queue_full")
        self._users.add(user_id)
        try:
            reporter = _Reporter(on_progress, self.progress_interval)
            self._waiting += 1
            try:
                if self._slots.locked():
                    await reporter.send(ReviewProgress(0, 0, self._running + self._waiting - 1))
                await self._slots.acquire()
            finally:
                self._waiting -= 1
            self._running += 1
            try:
                review = await self._run(record_json, seat, reporter)
            finally:
                self._running -= 1
                self._slots.release()
            await self.store.save_review(key, review)
            return review
        finally:
            self._users.discard(user_id)

    async def _run(self, record_json: str, seat: int, reporter: _Reporter) -> Review:
        loop = asyncio.get_running_loop()

        def progress(done: int, total: int) -> None:
            loop.call_soon_threadsafe(reporter.offer, ReviewProgress(done, total))

        job = partial(self.analyser, record_json, seat, self.settings, progress)
        review = await loop.run_in_executor(self.executor, job)
        await reporter.flush()
        return review


class _Reporter:
    """Delivers progress on the event loop, at most once per ``interval`` (after the first):
    reports arriving meanwhile replace each other, so a slow consumer gets the latest."""

    def __init__(self, on_progress: OnProgress | None, interval: float) -> None:
        self.on_progress = on_progress
        self.interval = interval
        self.pending: ReviewProgress | None = None
        self.sent_at: float | None = None
        self.task: asyncio.Task[None] | None = None

    async def send(self, report: ReviewProgress) -> None:
        if self.on_progress is None:
            return
        try:
            await self.on_progress(report)
        except Exception:  # a failed progress display must not lose the analysis
            log.exception("review progress report failed")

    def offer(self, report: ReviewProgress) -> None:
        if self.on_progress is None:
            return
        self.pending = report
        if self.task is None or self.task.done():
            self.task = asyncio.ensure_future(self._deliver())

    async def _deliver(self) -> None:
        while self.pending is not None:
            final = self.pending.total > 0 and self.pending.done == self.pending.total
            if self.sent_at is not None and not final:
                wait = self.sent_at + self.interval - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
            report, self.pending = self.pending, None
            self.sent_at = time.monotonic()
            await self.send(report)

    async def flush(self) -> None:
        """Wait until every report offered so far is delivered."""
        while self.task is not None and not self.task.done():
            await self.task
