"""The tutorial service stores every step (a learner who leaves resumes where they were) and
the hint service records who used hints in which match."""

from __future__ import annotations

import asyncio

import pytest

from bot.app.learn.hints import NoHint
from bot.app.learn.lessons import Do
from bot.app.learn.services import HintBusy, HintService, TutorialService
from bot.app.learn.tutorial import Progress, Refusal, Screen, Tutorial
from goita_core.actions import PASS
from goita_core.pieces import parse_pieces
from goita_core.round import Round
from goita_core.rules import RuleSet
from tests.bot.app.learn.memory import MemoryLearnStore


class FixedClock:
    def now(self) -> float:
        return 100.0


def asked_move(progress: Progress) -> object:
    item = Tutorial(progress)._waiting_for()
    assert isinstance(item, Do)
    return item.allowed[0]


async def test_a_learner_resumes_where_they_left() -> None:
    store = MemoryLearnStore()
    service = TutorialService(store)
    screen = await service.open(5)
    assert screen.instruction is not None and screen.instruction.key == "learn.basics.intro"
    screen = await service.read_on(5)  # type: ignore[assignment]
    refused = await service.move(5, PASS)
    assert isinstance(refused, Refusal) and refused.reason.key == "learn.refuse.must_lead"
    stored = store.progress[5]
    assert stored.mistakes == 1 and stored.item == screen.progress.item
    # a new service (a restarted bot) shows the same screen
    again = await TutorialService(store).open(5)
    assert again.instruction == screen.instruction and again.view == screen.view
    moved = await service.move(5, asked_move(stored))  # type: ignore[arg-type]
    assert isinstance(moved, Screen) and store.progress[5].item > stored.item
    assert (await service.restart(5)).progress == Progress()
    assert await service.progress(6) is None


async def test_a_hint_is_recorded_against_its_match() -> None:
    store = MemoryLearnStore()
    service = HintService(store, clock=FixedClock(), samples=8)
    rnd = Round(RuleSet(), 0, [parse_pieces(h) for h in (
        "し香馬銀金飛飛王", "しし香馬銀金角王", "ししし香馬銀金角", "しししし香馬銀金")])
    hint = await service.hint(9, rnd.view(0), table_id=3, started_at=1.5, seed=1)
    assert hint.action in rnd.view(0).legal
    with pytest.raises(NoHint):
        await service.hint(10, rnd.view(1), table_id=3, started_at=1.5, seed=1)
    assert store.hints == [(3, 1.5, 9, 100.0)]
    assert await service.hint_users(3, 1.5) == [9]
    assert await service.hint_users(3, 2.5) == []


async def test_one_hint_at_a_time_per_user() -> None:
    service = HintService(MemoryLearnStore(), samples=400)
    rnd = Round(RuleSet(), 0, [parse_pieces(h) for h in (
        "し香馬銀金飛飛王", "しし香馬銀金角王", "ししし香馬銀金角", "しししし香馬銀金")])
    first = asyncio.create_task(service.hint(9, rnd.view(0), table_id=3, started_at=1.5, seed=1))
    await asyncio.sleep(0)
    with pytest.raises(HintBusy):
        await service.hint(9, rnd.view(0), table_id=3, started_at=1.5, seed=1)
    await first
