"""Turn timer, warning, takeover by the CPU, coming back through My hand, the away close,
the round pause, and the driver task."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.app.errors import TableError
from bot.app.table import Table
from tests.bot.app.kit import ALICE, BOB, Rig, Timing, choose, make_rig, rig, started

__all__ = ["rig"]


async def until_turn(rig: Rig, table: Table, seat: int, limit: int = 500) -> None:
    for _ in range(limit):
        if seat in table.to_act() and table.deadlines.turn_deadline is not None:
            return
        assert table.live
        rig.clock.advance(rig.settings.cpu_move_delay_seconds)
        await rig.service.tick()
    raise AssertionError("the seat never got a turn")


async def test_warning_then_takeover_then_back(rig: Rig) -> None:
    table = await started(rig, "normal", "normal", "normal")
    await until_turn(rig, table, 0)
    assert table.deadlines.turn_deadline == pytest.approx(rig.clock.now() + 60)
    version = table.version
    rig.presenter.clear()
    rig.clock.advance(44)
    assert await rig.service.tick() == 0
    rig.clock.advance(1)
    await rig.service.tick()
    assert [(c.seat, c.kind) for c in rig.presenter.prompts()] == [(0, "timeout_warning")]
    assert table.version == version  # a warning is not a move
    rig.clock.advance(15)
    await rig.service.tick()
    seat = table.seat(0)
    assert seat.away
    assert table.version == version + 1
    assert [c.kind for c in rig.presenter.prompts()][-1] == "taken_over"
    entries = await rig.store.entries(table.id)
    assert entries[-1].actor == "timeout" and entries[-1].seat == 0
    stored = await rig.store.load(table.id)
    assert stored is not None and stored.seats[0] is not None and stored.seats[0].away
    # while away, the CPU plays Alice's turns after the CPU delay, without prompting her
    rig.presenter.clear()
    for _ in range(200):
        rig.clock.advance(rig.settings.cpu_move_delay_seconds)
        await rig.service.tick()
        if any(e.actor == "away" for e in await rig.store.entries(table.id)):
            break
    else:
        raise AssertionError("the away seat never moved")
    assert rig.presenter.prompts("your_turn") == []
    # My hand takes the seat back
    hand = await rig.service.hand(table.id, ALICE.id)
    assert hand.came_back and not table.seat(0).away
    assert hand.view.seat == 0 and hand.version == table.version
    assert "back" in rig.presenter.reasons()
    again = await rig.service.hand(table.id, ALICE.id)
    assert not again.came_back
    await until_turn(rig, table, 0)
    assert rig.presenter.prompts("your_turn")


async def test_hand_is_private_to_the_seat(rig: Rig) -> None:
    table = await started(rig, "normal", "normal", "normal")
    hand = await rig.service.hand(table.id, ALICE.id)
    assert table.match is not None
    assert list(hand.view.hand) == table.match.round.hand(0)
    with pytest.raises(TableError) as info:
        await rig.service.hand(table.id, BOB.id)
    assert info.value.code == "not_seated"


async def test_acting_while_away_takes_the_seat_back(rig: Rig) -> None:
    table = await started(rig, "normal", "normal", "normal")
    await until_turn(rig, table, 0)
    rig.clock.advance(60)
    await rig.service.tick()
    assert table.seat(0).away
    for _ in range(200):
        if 0 in table.to_act():
            break
        rig.clock.advance(rig.settings.cpu_move_delay_seconds)
        await rig.service.tick()
    # the CPU would move for her after its delay; she clicks first
    await rig.service.act(table.id, ALICE.id, table.version, choose(table, 0))
    assert not table.seat(0).away
    assert (await rig.store.entries(table.id))[-1].actor == "human"


async def test_everyone_away_too_long_closes_the_table(tmp_path: Path) -> None:
    rig = await make_rig(tmp_path / "g.sqlite3",
                         settings=Timing(away_close_seconds=30, turn_timeout_seconds=20,
                                         turn_warning_seconds=5))
    try:
        table = await started(rig, "normal", "normal", "normal")
        await until_turn(rig, table, 0)
        rig.clock.advance(20)
        await rig.service.tick()
        close_at = table.deadlines.away_close_at
        assert close_at is not None
        assert table.seat(0).away and close_at == pytest.approx(rig.clock.now() + 30)
        while rig.clock.now() + 1 < close_at:  # CPUs keep playing meanwhile
            rig.clock.advance(0.5)
            await rig.service.tick()
            assert table.live and table.deadlines.away_close_at == close_at
        rig.clock.advance(close_at - rig.clock.now())
        await rig.service.tick()
        assert table.status == "cancelled" and table.close_reason == "abandoned"
        assert rig.presenter.closed() == ["abandoned"]
        assert table.stopped_early
    finally:
        await rig.conn.close()


async def test_round_pause_before_the_next_deal(rig: Rig) -> None:
    table = await started(rig, "normal", "normal", "normal")
    for _ in range(2000):
        assert table.match is not None
        if table.match.round.over:
            break
        if 0 in table.to_act():
            await rig.service.act(table.id, ALICE.id, table.version, choose(table, 0))
        else:
            rig.clock.advance(rig.settings.cpu_move_delay_seconds)
            await rig.service.tick()
    assert table.match is not None and table.match.round_no == 1
    assert "round_end" in rig.presenter.reasons()
    rig.clock.advance(rig.settings.round_pause_seconds - 0.5)
    await rig.service.tick()
    assert table.match.round_no == 1
    rig.clock.advance(0.5)
    await rig.service.tick()
    assert table.match.round_no == 2
    assert rig.presenter.reasons()[-1] in ("deal", "round_end", "match_end")


async def test_driver_runs_cpu_moves_on_real_time(tmp_path: Path) -> None:
    """The background task sleeps until the next deadline and is woken by new ones."""

    class Wall:
        def now(self) -> float:
            return asyncio.get_running_loop().time()

    from bot.app.tables import TableService
    from bot.storage.db import open_database
    from bot.storage.tables import SqliteTableStore
    from tests.bot.app.kit import FixedSeeds, RecordingPresenter

    conn = await open_database(tmp_path / "g.sqlite3")
    presenter = RecordingPresenter()
    service = TableService(SqliteTableStore(conn), Wall(), presenter,
                           Timing(cpu_move_delay_seconds=0.01), seed_source=FixedSeeds())
    try:
        service.start_driver()
        table = await service.create_table(1, 500, ALICE)
        for _ in range(3):
            await service.add_cpu(table.id, ALICE, "normal")
        await service.start(table.id, ALICE)
        for _ in range(300):  # at most 3 s
            if 0 in table.to_act():
                break
            await asyncio.sleep(0.01)
        assert 0 in table.to_act()
        version = table.version
        await service.act(table.id, ALICE.id, version, choose(table, 0))
        for _ in range(300):
            if table.version > version + 1:
                break
            await asyncio.sleep(0.01)
        assert table.version > version + 1  # a CPU moved without anyone calling tick()
    finally:
        await service.stop_driver()
        await conn.close()


async def test_stop_driver_returns_when_a_change_woke_the_driver_just_before(rig: Rig) -> None:
    service = rig.service
    service.start_driver()
    await asyncio.sleep(0.01)  # the driver sleeps until a deadline or a wake-up
    # A change wakes the driver and the shutdown cancels it in the same loop iteration.
    # (asyncio.wait_for on Python 3.11 swallowed that cancellation: shutdown hung forever.)
    await service.create_table(1, 500, ALICE)
    stop = asyncio.create_task(service.stop_driver())
    done, _ = await asyncio.wait({stop}, timeout=5)
    assert stop in done, "stop_driver() hangs: the driver ignored its cancellation"
    await stop
    # and the driver really stopped: a later stop and a fresh start both work
    await service.stop_driver()
    service.start_driver()
    await asyncio.sleep(0.01)
    await asyncio.wait_for(service.stop_driver(), 5)
