"""Tables survive restarts (in process): a new service on the same database (each test runs
on a SQLite file and on PostgreSQL) restores every live table and continues to exactly the
same result as an uninterrupted run.

A "crash" is a BaseException that escapes the service at a chosen point and abandons it
(nothing is cleaned up, as with kill -9; the SQLite connection is closed afterwards only so
its thread does not linger, the PostgreSQL pool is terminated, which frees its lease at
once): between steps, right after a step was stored but before it was shown, and while a
CPU is thinking. The separate-process kill -9 test is in
test_restart_kill.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.app.table import Table
from bot.app.tables import PlayerFactory, default_player_factory
from tests.bot.app.kit import (
    ALICE,
    BOB,
    Call,
    FakeClock,
    FixedSeeds,
    Rig,
    Timing,
    choose,
    fixed_deals,
    hands_of,
)
from tests.pg_rigs import RigDb


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> RigDb:
    """The database the service restarts on (each test runs on both stores)."""
    if request.param == "sqlite":
        return RigDb("sqlite", tmp_path / "g.sqlite3")
    return RigDb("postgresql", tmp_path / "g.sqlite3", request.getfixturevalue("pg_url"))


class Crash(BaseException):
    """The process dies here."""


@dataclass
class Plan:
    """Where to crash: global counters over the whole run (all service instances)."""

    between_steps: set[int] = field(default_factory=set)  # loop iterations
    after_store: set[int] = field(default_factory=set)  # presenter calls
    mid_cpu: set[int] = field(default_factory=set)  # CPU decisions
    presenter_calls: int = 0
    cpu_calls: int = 0
    restarts: int = 0
    armed: bool = False  # presenter calls count from the start of the match


@dataclass
class Outcome:
    scores: list[int]
    winner: int | None
    version: int
    log: list[tuple[int, str, int | None, str]]
    recorded: int
    restarts: int
    restored_changes: int
    iterations: int = 0
    presenter_calls: int = 0
    cpu_calls: int = 0


class Results:
    def __init__(self) -> None:
        self.recorded: list[Any] = []

    async def record_match(self, match: Any) -> int:
        self.recorded.append(match)
        return len(self.recorded)


def crashing_factory(plan: Plan) -> PlayerFactory:
    def factory(level: str, seed: int, budget_ms: int) -> Any:
        plan.cpu_calls += 1
        if plan.cpu_calls in plan.mid_cpu:
            plan.mid_cpu.discard(plan.cpu_calls)
            raise Crash(f"killed while CPU decision {plan.cpu_calls} was thinking")
        return default_player_factory(level, seed, budget_ms)

    return factory


async def boot(db: RigDb, clock: FakeClock, plan: Plan, results: Results,
               deals: Any = None) -> Rig:
    rig = await db.rig(clock=clock, seeds=FixedSeeds(), results=results,
                         player_factory=crashing_factory(plan), deal_source=deals)

    def check(table: Table, call: Call) -> None:
        if not plan.armed:
            return
        plan.presenter_calls += 1
        if plan.presenter_calls in plan.after_store:
            plan.after_store.discard(plan.presenter_calls)
            raise Crash(f"killed before presenter call {plan.presenter_calls}")

    rig.presenter.check = check
    await rig.service.restore()
    return rig


async def run_match(db: RigDb, plan: Plan, *, levels: tuple[str, ...] = ("easy", "normal",
                                                                         "normal"),
                    target: int = 150, deals: Any = None) -> Outcome:
    clock = FakeClock()
    results = Results()
    rig = await boot(db, clock, plan, results, deals)
    restored_changes = 0
    table = await rig.service.create_table(1, 500, ALICE, target=target)
    table_id = table.id
    for level in levels:
        await rig.service.add_cpu(table_id, ALICE, level)
    plan.armed = True
    iteration = 0
    started = False
    while True:
        try:
            if not started:
                started = True
                await rig.service.start(table_id, ALICE)
            while True:
                iteration += 1
                assert iteration < 20000, "the match did not end"
                if iteration in plan.between_steps:
                    raise Crash(f"killed between steps at iteration {iteration}")
                table = rig.service.get(table_id)
                if not table.live:
                    break
                if 0 in table.to_act() and table.seat(0).present:
                    # the human answers promptly with a move that depends only on the state
                    await rig.service.act(table_id, ALICE.id, table.version,
                                          choose(table, 0, table.version))
                else:
                    clock.advance(1.0)
                    await rig.service.tick()
            break
        except Crash:
            plan.restarts += 1
            await db.crash(rig)
            rig = await boot(db, clock, plan, results, deals)
            restored_changes += rig.presenter.reasons().count("restored")
    table = rig.service.get(table_id)
    assert table.status == "finished", table.close_reason
    assert table.match is not None
    entries = await rig.store.entries(table_id)
    log: list[tuple[int, str, int | None, str]] = [
        (e.seq, e.kind, e.seat, repr(e.action)) for e in entries]
    await db.close(rig)
    return Outcome(list(table.match.scores), table.match.winner, table.version, log,
                   len(results.recorded), plan.restarts, restored_changes, iteration,
                   plan.presenter_calls, plan.cpu_calls)


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Outcome:
    import asyncio

    path = tmp_path_factory.mktemp("ref") / "g.sqlite3"
    return asyncio.run(run_match(RigDb("sqlite", path), Plan()))


@pytest.mark.parametrize(
    ("between", "after_store", "mid_cpu"),
    [
        ((0.001,), (), ()),
        ((0.02, 0.021, 0.3, 0.301, 0.302, 0.6, 0.9), (), ()),
        ((), (0.001,), ()),  # right after the start was stored, before its board edit
        ((), (0.02, 0.1, 0.101, 0.45, 0.7, 0.9), ()),
        ((), (), (0.001, 0.01, 0.1, 0.3, 0.301, 0.9)),
        ((0.2, 0.5), (0.25, 0.251), (0.15, 0.6)),
    ],
    ids=["early", "many-between", "before-first-edit", "after-store", "mid-cpu", "mixed"],
)
async def test_restarts_continue_to_the_same_result(
    db: RigDb, between: tuple[float, ...], after_store: tuple[float, ...],
    mid_cpu: tuple[float, ...], reference: Outcome
) -> None:
    """Crash points are fractions of the reference run's iterations, presenter calls and
    CPU decisions, so they fall inside the match whatever its length."""

    def points(fractions: tuple[float, ...], total: int) -> set[int]:
        return {max(1, round(f * total)) for f in fractions}

    plan = Plan(points(between, reference.iterations),
                points(after_store, reference.presenter_calls),
                points(mid_cpu, reference.cpu_calls))
    planned = len(plan.between_steps) + len(plan.after_store) + len(plan.mid_cpu)
    outcome = await run_match(db, plan)
    assert outcome.restarts == planned  # every planned crash happened
    assert outcome.scores == reference.scores
    assert outcome.winner == reference.winner
    assert outcome.log == reference.log
    assert outcome.version == reference.version
    assert outcome.recorded == 1
    assert outcome.restored_changes == planned  # each restart refreshed the board


async def test_restore_brings_back_lobbies_and_games(db: RigDb) -> None:
    clock = FakeClock()
    rig = await db.rig(clock=clock)
    lobby = await rig.service.create_table(1, 500, ALICE)
    await rig.service.join(lobby.id, BOB)
    await rig.service.set_board_message(lobby.id, 777, clock.now())
    game = await rig.service.create_table(1, 501, BOB)
    for _ in range(3):
        await rig.service.add_cpu(game.id, BOB, "normal")
    await rig.service.start(game.id, BOB)
    while 0 not in game.to_act():
        clock.advance(1.5)
        await rig.service.tick()
    deadline = game.deadlines.turn_deadline
    assert deadline is not None
    closed = await rig.service.create_table(1, 502, ALICE)
    await rig.service.cancel(closed.id, ALICE)
    await rig.service.closed_board_shown(closed.id, closed.version)  # its board said so
    await db.crash(rig)

    clock.advance(5)
    rig2 = await db.rig(clock=clock)
    restored = await rig2.service.restore()
    assert sorted(t.id for t in restored) == [lobby.id, game.id]
    assert rig2.presenter.reasons() == ["restored", "restored"]
    lobby2 = rig2.service.get(lobby.id)
    assert [s.name if s else None for s in lobby2.seats] == ["Alice", "Bob", None, None]
    assert lobby2.board_message_id == 777
    game2 = rig2.service.get(game.id)
    assert game2.match is not None and game.match is not None
    assert game2.match.view(0) == game.match.view(0)
    assert game2.version == game.version
    # the turn began at the last stored step: after 5 s of downtime it has its full time
    assert game2.deadlines.turn_deadline == pytest.approx(deadline + 5)
    assert game2.deadlines.turn_deadline == pytest.approx(clock.now() + 60)
    assert rig2.service.table_for_channel(502) is None
    # buttons of the old process still work: Bob's click with the version he saw
    await rig2.service.act(game.id, BOB.id, game2.version, choose(game2, 0))
    await db.close(rig2)


async def test_timers_keep_their_remaining_time_over_downtime(db: RigDb) -> None:
    clock = FakeClock()
    settings = Timing()
    rig = await db.rig(clock=clock, settings=settings)
    lobby = await rig.service.create_table(1, 500, ALICE)
    game = await rig.service.create_table(1, 501, BOB)
    for _ in range(3):
        await rig.service.add_cpu(game.id, BOB, "normal")
    await rig.service.start(game.id, BOB)
    while 0 not in game.to_act():
        clock.advance(1.5)
        await rig.service.tick()
    clock.advance(40)  # Bob thinks for 40 s; 20 s are left; nothing is stored meanwhile
    await rig.service.tick()
    assert [c.kind for c in rig.presenter.prompts()][-1] == "your_turn"
    lobby_left = (lobby.deadlines.lobby_expires_at or 0) - clock.now()
    await db.crash(rig)
    clock.advance(600)  # the bot was down for ten minutes
    rig2 = await db.rig(clock=clock, settings=settings)
    await rig2.service.restore()
    game2 = rig2.service.get(game.id)
    # the turn had 60 s at its last stored change (its start): it gets them again
    assert game2.deadlines.turn_deadline == pytest.approx(clock.now() + 60)
    assert game2.deadlines.warn_at == pytest.approx(clock.now() + 45)
    # the lobby's last stored change was its creation: its whole idle time is left
    assert lobby_left < 600
    assert rig2.service.get(lobby.id).deadlines.lobby_expires_at == pytest.approx(
        clock.now() + 600)
    assert await rig2.service.tick() == 0
    assert not game2.seat(0).away and rig2.service.get(lobby.id).live
    clock.advance(45)
    await rig2.service.tick()
    assert [c.kind for c in rig2.presenter.prompts()] == ["timeout_warning"]
    clock.advance(15)
    await rig2.service.tick()
    assert game2.seat(0).away
    await db.close(rig2)


GOSHI = hands_of("しし馬馬銀銀金金", "しし馬銀金角飛王", "ししししし香香香", "し香馬銀金角飛王")


async def test_restart_during_a_goshi_prompt(db: RigDb) -> None:
    clock = FakeClock()
    deals = fixed_deals([GOSHI])
    rig = await db.rig(clock=clock, deal_source=deals)
    game = await rig.service.create_table(1, 501, ALICE)
    for _ in range(3):
        await rig.service.add_cpu(game.id, ALICE, "normal")
    await rig.service.start(game.id, ALICE)
    assert game.to_act() == [0]
    await db.crash(rig)
    # the restarted service needs no deal source: the injected hands are in the log
    rig2 = await db.rig(clock=clock)
    await rig2.service.restore()
    game2 = rig2.service.get(game.id)
    assert game2.to_act() == [0]
    assert game2.match is not None and game2.match.round.phase == "goshi"
    from goita_core.actions import PLAY_ON

    await rig2.service.act(game.id, ALICE.id, game2.version, PLAY_ON)
    assert game2.match.round.phase == "play"
    await db.close(rig2)


async def test_finished_table_rematch_after_restart(db: RigDb) -> None:
    outcome = await run_match(db, Plan(), target=50)
    assert outcome.recorded == 1
    clock = FakeClock(2_000_000_000.0)
    rig = await db.rig(clock=clock)
    assert await rig.service.restore() == []
    table = await rig.service.rematch(1, ALICE)
    assert table.status == "playing" and table.match_no == 2
    assert table.version == outcome.version + 1
    await db.close(rig)


async def test_a_table_whose_log_cannot_be_replayed_is_closed(db: RigDb) -> None:
    rig = await db.rig()
    game = await rig.service.create_table(1, 501, ALICE)
    for _ in range(3):
        await rig.service.add_cpu(game.id, ALICE, "normal")
    await rig.service.start(game.id, ALICE)
    # damage: an action nobody could have made (a pass where a lead is required)
    await db.execute(
        rig,
        "INSERT INTO table_actions (table_id, seq, match_no, kind, seat, action, actor, at) "
        "VALUES ($1, 2, 1, 'act', $2, '{\"action\": \"pass\"}', 'cpu', 0)",
        game.id, game.to_act()[0])
    await db.crash(rig)
    rig2 = await db.rig()
    assert await rig2.service.restore() == []
    stored = await rig2.store.load(game.id)
    assert stored is not None and stored.status == "cancelled"
    assert stored.close_reason == "broken"
    # its board, which still shows the match going on, is told that it ended
    assert rig2.presenter.reasons() == ["restored"]
    # the channel is free again
    await rig2.service.create_table(1, 501, ALICE)
    await db.close(rig2)


async def play_until_the_crash(rig: Rig, clock: FakeClock) -> Table:
    """Alice and three easy CPUs play a short match until the planted Crash escapes."""
    table = await rig.service.create_table(1, 500, ALICE, target=50)
    for _ in range(3):
        await rig.service.add_cpu(table.id, ALICE, "easy")
    await rig.service.start(table.id, ALICE)
    with pytest.raises(Crash):
        for _ in range(5000):
            if 0 in table.to_act():
                await rig.service.act(table.id, ALICE.id, table.version, choose(table, 0))
            else:
                clock.advance(1.5)
                await rig.service.tick()
    return table


async def test_a_result_lost_to_a_crash_is_recorded_on_the_next_start(db: RigDb) -> None:
    class DyingResults:
        async def record_match(self, match: Any) -> int:
            raise Crash("killed while recording the result")

    clock = FakeClock()
    rig = await db.rig(clock=clock, results=DyingResults())
    table = await play_until_the_crash(rig, clock)
    stored = await rig.store.load(table.id)
    assert stored is not None and stored.status == "finished" and not stored.result_recorded
    await db.crash(rig)

    results = Results()
    rig2 = await db.rig(clock=clock, results=results)
    assert await rig2.service.restore() == []
    assert len(results.recorded) == 1
    assert results.recorded[0].winner_team is not None
    stored = await rig2.store.load(table.id)
    assert stored is not None and stored.result_recorded
    # and only once: another start records nothing more
    await db.crash(rig2)
    rig3 = await db.rig(clock=clock, results=results)
    await rig3.service.restore()
    assert len(results.recorded) == 1
    await db.close(rig3)


async def test_the_end_of_a_table_lost_to_a_crash_is_shown_on_the_next_start(
        db: RigDb) -> None:
    """The process dies after the last move is stored, before anyone is shown the end: the
    next start presents the closed table ("restored"), and once the board has shown it, no
    later start does."""
    clock = FakeClock()
    rig = await db.rig(clock=clock, results=Results())

    def dies_at_the_end(table: Table, call: Call) -> None:
        if call.what == "closed" or not table.live:
            raise Crash("killed before the end was shown")

    rig.presenter.check = dies_at_the_end
    table = await play_until_the_crash(rig, clock)
    assert not [c for c in rig.presenter.calls if c.what == "closed"]
    await db.crash(rig)

    results = Results()
    rig2 = await db.rig(clock=clock, results=results)
    assert await rig2.service.restore() == []  # no live table
    [call] = [c for c in rig2.presenter.calls if c.table_id == table.id]
    assert (call.what, call.reason, call.version) == ("changed", "restored", table.version)
    restored = rig2.service.get(table.id)
    assert restored.status == "finished" and restored.match is not None
    assert restored.match.over
    assert results.recorded == []  # recorded by the first process already
    # what the Discord presenter reports once the board shows the end
    await rig2.service.closed_board_shown(table.id, call.version)
    await db.crash(rig2)

    rig3 = await db.rig(clock=clock)
    await rig3.service.restore()
    assert rig3.presenter.calls == []
    await rig3.service.rematch(table.id, ALICE)  # and the table plays on as usual
    await db.close(rig3)
