"""Random sequences of clicks (legal, illegal, stale, by strangers), hand openings, leaves,
stops and clock jumps: after every operation the table in memory is exactly what a restart
would rebuild from the database, and refused operations change nothing."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.app.errors import TableError
from bot.app.table import Table
from goita_core.actions import PASS, PLAY_ON, REDEAL, Play
from goita_core.pieces import Kind
from tests.bot.app.kit import ALICE, BOB, CAROL, Rig, Timing, make_rig


async def rebuilt(rig: Rig, table_id: int) -> Table:
    """The table as restore() would rebuild it from the store."""
    table = await rig.store.load(table_id)
    assert table is not None
    await rig.service._rebuild(table)
    return table


def same(a: Table, b: Table) -> None:
    assert a.to_json() == b.to_json()
    if a.match is None or b.match is None:
        assert a.match is None and b.match is None
        return
    assert a.match.scores == b.match.scores
    assert a.match.round_no == b.match.round_no
    for seat in range(a.players):
        assert a.match.view(seat) == b.match.view(seat)


@pytest.mark.parametrize("seed", range(8))
async def test_memory_always_equals_the_store(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    rig = await make_rig(tmp_path / "g.sqlite3",
                         settings=Timing(turn_timeout_seconds=30, turn_warning_seconds=10,
                                         away_close_seconds=120))
    try:
        table = await rig.service.create_table(1, 500, ALICE, target=50)
        await rig.service.join(table.id, BOB)
        await rig.service.add_cpu(table.id, ALICE, "easy")
        await rig.service.add_cpu(table.id, ALICE, rng.choice(["easy", "normal"]))
        await rig.service.start(table.id, ALICE)
        users = [ALICE, BOB, CAROL]
        accepted = refused = 0
        for _ in range(250):
            if not table.live:
                break
            before = table.to_json()
            stored_before = len(await rig.store.entries(table.id))
            shown_before = len(rig.presenter.calls)
            op = rng.random()
            user = rng.choice(users)
            try:
                if op < 0.45 and table.match is not None:
                    seat = table.seat_of(user.id)
                    legal = list(table.match.view(seat).legal) if seat is not None else []
                    junk = Play(rng.choice(list(Kind)), rng.choice(list(Kind)))
                    pool = [*legal, PASS, PLAY_ON, REDEAL, junk]
                    action = rng.choice(legal) if legal and rng.random() < 0.7 else rng.choice(
                        pool)
                    version = table.version + rng.choice([0, 0, 0, 0, -1, 1])
                    await rig.service.act(table.id, user.id, version, action)
                elif op < 0.55:
                    await rig.service.hand(table.id, user.id)
                elif op < 0.555:
                    await rig.service.leave(table.id, user)
                elif op < 0.56:
                    await rig.service.stop(table.id, user)
                else:
                    rig.clock.advance(rng.choice([0.5, 1.5, 1.5, 4, 11, 31]))
                    await rig.service.tick()
                accepted += 1
            except TableError:
                refused += 1
                assert table.to_json() == before  # a refusal changes nothing
                assert len(await rig.store.entries(table.id)) == stored_before
                assert len(rig.presenter.calls) == shown_before
            same(table, await rebuilt(rig, table.id))
        assert accepted >= 3 and refused >= 1  # (a stop or leave may end it early)
    finally:
        await rig.conn.close()
