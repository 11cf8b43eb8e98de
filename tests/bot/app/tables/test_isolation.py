"""Tables do not cost or wait for one another: locks exist only for known tables while in
use, timers sit in a heap (the earliest of all tables, stale ones do not pile up), and one
table's slow computer player delays no other table's timers."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from bot.app.errors import TableError
from bot.app.tables import Player, default_player_factory
from goita_core.actions import PASS, Action
from goita_core.view import SeatView
from tests.bot.app.kit import ALICE, BOB, Rig, Timing, choose, make_rig, rig, started

__all__ = ["rig"]


async def test_unknown_table_ids_leave_no_locks(rig: Rig) -> None:
    service = rig.service
    for table_id in range(1, 20_001):
        with pytest.raises(TableError) as info:
            if table_id % 3 == 0:
                await service.join(table_id, BOB)
            elif table_id % 3 == 1:
                await service.act(table_id, ALICE.id, 0, PASS)
            else:
                await service.hand(table_id, ALICE.id)
        assert info.value.code == "no_table"
    assert service._locks == {}


async def test_the_lock_of_a_table_lives_only_while_a_step_runs(rig: Rig) -> None:
    service = rig.service
    table = await started(rig, "normal", "normal", "normal")
    assert not service.in_step(table.id) and service._locks == {}
    save = rig.store.save
    entered, release = asyncio.Event(), asyncio.Event()

    async def slow_save(*args: object, **kwargs: object) -> None:
        entered.set()
        await release.wait()
        await save(*args, **kwargs)  # type: ignore[arg-type]

    rig.store.save = slow_save  # type: ignore[method-assign]
    step = asyncio.create_task(service.stop(table.id, ALICE))
    await entered.wait()
    assert service.in_step(table.id)  # the stop is being stored
    assert service.hand_now(table.id, ALICE.id) is None  # so My hand waits for it
    release.set()
    await step
    assert table.status == "cancelled"
    assert service._locks == {} and not service.in_step(table.id)


async def test_next_deadline_is_the_earliest_table_and_stale_timers_do_not_pile_up(
        rig: Rig) -> None:
    service, clock = rig.service, rig.clock
    tables = []
    for i in range(50):
        tables.append(await service.create_table(1, 1000 + i, ALICE))
        clock.advance(1)
    idle = rig.settings.lobby_idle_seconds
    assert service.next_deadline() == pytest.approx(tables[0].created_at + idle)
    # activity in the oldest lobby moves its timer on: the next one is the second lobby's
    await service.join(tables[0].id, BOB)
    assert service.next_deadline() == pytest.approx(tables[1].created_at + idle)
    await service.cancel(tables[1].id, ALICE)
    assert service.next_deadline() == pytest.approx(tables[2].created_at + idle)
    # thousands of timer changes at one table keep the heap the size of the tables
    for _ in range(2500):
        clock.advance(0.01)
        await service.leave(tables[0].id, BOB, lobby_only=True)
        await service.join(tables[0].id, BOB)
    assert len(service._heap) <= 2 * len(service.live_tables()) + 64
    assert service.next_deadline() == pytest.approx(tables[2].created_at + idle)
    # what is due runs, and only that
    clock.t = tables[3].created_at + idle
    assert await service.tick() == 2
    assert [t.status for t in tables[:5]] == ["lobby", "cancelled", "cancelled",
                                              "cancelled", "lobby"]
    assert service.next_deadline() == pytest.approx(tables[4].created_at + idle)


class Blocking:
    """A computer player that thinks until the test lets it (a hung engine, a slow CPU)."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.thinking = threading.Event()

    def act(self, view: SeatView) -> Action:
        self.thinking.set()
        self.release.wait(30)
        return view.legal[0]


async def test_a_blocked_computer_player_delays_no_other_table(tmp_path: Path) -> None:
    blocking = Blocking()

    def factory(level: str, seed: int, budget_ms: int) -> Player:
        if level == "hard":  # the slow table's CPUs
            return blocking
        return default_player_factory(level, seed, budget_ms)

    rig = await make_rig(tmp_path / "g.sqlite3", player_factory=factory,
                         settings=Timing(cpu_move_delay_seconds=0.0))
    service = rig.service
    try:
        service.start_driver()
        slow = await service.create_table(1, 500, BOB)
        for _ in range(3):
            await service.add_cpu(slow.id, BOB, "hard")
        await service.start(slow.id, BOB)
        for _ in range(1000):
            if not slow.seat(slow.to_act()[0]).present:  # a CPU of the slow table thinks
                break
            await service.act(slow.id, BOB.id, slow.version, choose(slow, 0))
        await asyncio.to_thread(blocking.thinking.wait, 10)
        assert blocking.thinking.is_set()
        stuck_at = slow.version
        fast = await service.create_table(1, 501, ALICE)
        for _ in range(3):
            await service.add_cpu(fast.id, ALICE, "easy")
        await service.start(fast.id, ALICE)
        start = fast.version
        for _ in range(2000):  # the fast table's CPU timers fire while the slow one thinks
            if fast.version >= start + 12 or not fast.live:
                break
            if 0 in fast.to_act() and not service.in_step(fast.id):
                await service.act(fast.id, ALICE.id, fast.version, choose(fast, 0))
            else:
                await asyncio.sleep(0.005)
        assert fast.version >= start + 12 or not fast.live
        assert slow.version == stuck_at  # still thinking
        blocking.release.set()
        for _ in range(2000):
            if slow.version > stuck_at:
                break
            await asyncio.sleep(0.005)
        assert slow.version > stuck_at  # and its move came once it decided
    finally:
        blocking.release.set()
        await service.stop_driver()
        await rig.conn.close()
