"""The review service: off the event loop, one analysis per user, a bounded queue, progress
that updates, and a cache that answers the second time without analysing."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from bot.app.learn.review import ProgressCallback, Review, ReviewSettings, analyse
from bot.app.learn.reviews import ReviewProgress, ReviewRefused, ReviewService
from tests.bot.app.learn.memory import MemoryLearnStore
from tests.bot.app.learn.records import recorded_match

FAST = ReviewSettings(search_samples=6, compare_samples=4)


@pytest.fixture(scope="module")
def record() -> str:
    return recorded_match(seed=1)


class Gate:
    """An analyser that reports one step, then waits until opened (in its worker thread)."""

    def __init__(self) -> None:
        self.opened = threading.Event()
        self.started = threading.Event()
        self.calls = 0

    def __call__(self, record: str, seat: int, settings: ReviewSettings,
                 progress: ProgressCallback) -> Review:
        self.calls += 1
        progress(0, 2)
        self.started.set()
        self.opened.wait(10)
        progress(2, 2)
        return Review(seat, ())


async def test_progress_updates_and_the_loop_keeps_running(record: str) -> None:
    # the real analysis, paced as a longer one would be: each step waits until the loop
    # has shown the previous report (else a fast machine finishes between two loop turns
    # and the reports in between are, rightly, replaced by the latest)
    shown = threading.Event()

    def paced(record_json: str, seat: int, settings: ReviewSettings,
              progress: ProgressCallback) -> Review:
        def step(done: int, total: int) -> None:
            shown.clear()
            progress(done, total)
            assert shown.wait(10), "the event loop did not show a report"

        return analyse(record_json, seat, settings, step)

    store = MemoryLearnStore()
    service = ReviewService(store, settings=FAST, progress_interval=0.0, analyser=paced)
    reports: list[ReviewProgress] = []
    ticks = 0
    ticks_at_reports: list[int] = []

    async def on_progress(report: ReviewProgress) -> None:
        reports.append(report)
        ticks_at_reports.append(ticks)
        shown.set()

    async def ticker() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0)  # as often as the loop gets to run

    tick = asyncio.create_task(ticker())
    review = await service.review(7, "g1:m1", record, 0, on_progress)
    tick.cancel()
    total = len(review.decisions)
    assert total > 3
    # every step, in order, first and last included
    assert reports == [ReviewProgress(done, total) for done in range(total + 1)]
    # the event loop ran while the analysis worked: between its reports, not only at the
    # ends (a count of ticks alone depended on how long the analysis took)
    assert len(set(ticks_at_reports)) >= 3
    assert review == analyse(record, 0, FAST)


async def test_a_cached_review_is_not_analysed_again(record: str) -> None:
    gate = Gate()
    gate.opened.set()
    service = ReviewService(MemoryLearnStore(), analyser=gate)
    first = await service.review(7, "g1:m1", record, 2)
    reports: list[ReviewProgress] = []

    async def on_progress(report: ReviewProgress) -> None:
        reports.append(report)

    assert await service.review(8, "g1:m1", record, 2, on_progress) == first
    assert gate.calls == 1 and reports == []
    assert await service.cached("g1:m1", 2) == first
    await service.review(7, "g1:m1", record, 1)  # another seat is another review
    assert gate.calls == 2


async def test_one_analysis_per_user_and_a_bounded_queue(record: str) -> None:
    gate = Gate()
    executor = ThreadPoolExecutor(2)
    service = ReviewService(MemoryLearnStore(), analyser=gate, executor=executor,
                            max_waiting=1)
    waiting_reports: list[ReviewProgress] = []

    async def on_waiting(report: ReviewProgress) -> None:
        waiting_reports.append(report)

    first = asyncio.create_task(service.review(1, "m", record, 0))
    await asyncio.to_thread(gate.started.wait, 10)
    assert service.busy(1)
    with pytest.raises(ReviewRefused) as busy:
        await service.review(1, "m", record, 1)
    assert busy.value.code == "busy"
    second = asyncio.create_task(service.review(2, "m", record, 1, on_waiting))
    await asyncio.sleep(0.01)
    assert waiting_reports == [ReviewProgress(0, 0, waiting_ahead=1)]
    with pytest.raises(ReviewRefused) as full:
        await service.review(3, "m", record, 2)
    assert full.value.code == "queue_full"
    gate.opened.set()
    await asyncio.gather(first, second)
    assert gate.calls == 2 and not service.busy(1)
    assert waiting_reports[-1] == ReviewProgress(2, 2)
    executor.shutdown()


async def test_a_failing_progress_display_does_not_lose_the_review(record: str) -> None:
    gate = Gate()
    gate.opened.set()
    store = MemoryLearnStore()
    service = ReviewService(store, analyser=gate)

    async def broken(report: ReviewProgress) -> None:
        raise RuntimeError("Discord is down")

    review = await service.review(1, "m", record, 0, broken)
    assert await service.cached("m", 0) == review
