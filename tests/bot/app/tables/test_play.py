"""Playing: a whole match with one human and three CPUs, refused clicks, 5-Shi prompts,
store-before-present, rematch, leaving mid-game."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.app.errors import TableError
from bot.app.table import Table
from goita_core.actions import PASS, PLAY_ON, REDEAL, Play
from goita_core.events import GoshiDecided, MatchWon
from goita_core.pieces import Kind
from tests.bot.app.kit import (
    ALICE,
    BOB,
    CAROL,
    Call,
    RecordingResults,
    Rig,
    choose,
    fixed_deals,
    full_table,
    hands_of,
    make_rig,
    play_human_until_over,
    rig,
    started,
)

__all__ = ["rig"]


async def until_turn(rig: Rig, table: Table, seat: int, limit: int = 500) -> None:
    """Advance the clock in CPU-delay steps until ``seat`` must act."""
    for _ in range(limit):
        if seat in table.to_act():
            return
        assert table.live, "the table closed before the seat's turn"
        rig.clock.advance(rig.settings.cpu_move_delay_seconds)
        await rig.service.tick()
    raise AssertionError("the seat never got a turn")


async def test_one_human_three_cpus_play_a_whole_match(tmp_path: Path) -> None:
    results = RecordingResults()
    rig = await make_rig(tmp_path / "g.sqlite3", results=results)
    try:
        table = await started(rig, "easy", "normal", "normal")
        turns: list[int] = []
        done = await play_human_until_over(rig, table.id, ALICE,
                                           on_turn=lambda t, s: turns.append(t.version))
        assert done.status == "finished" and done.close_reason == "finished"
        match = done.match
        assert match is not None and match.winner is not None
        assert max(match.scores) >= 150
        assert rig.presenter.closed() == ["finished"]
        changes = [c.change for c in rig.presenter.calls if c.change is not None]
        assert any(isinstance(e, MatchWon) for c in changes for e in c.events)
        assert "match_end" in rig.presenter.reasons()
        # Alice was told about each of her turns (not ahead of time, not twice)
        your_turn = rig.presenter.prompts("your_turn")
        assert turns and len(your_turn) == len(turns)
        assert {c.seat for c in your_turn} == {0}
        # the log in the database is the whole match, step by step
        entries = await rig.store.entries(table.id)
        assert [e.seq for e in entries] == list(range(1, done.version + 1))
        assert entries[0].kind == "deal"
        assert {e.actor for e in entries if e.kind == "act"} == {"human", "cpu"}
        # the result went to the results repository, once
        assert len(results.recorded) == 1
        fm = results.recorded[0]
        assert fm.winner_team == match.winner and list(fm.scores) == match.scores
        assert not fm.stopped_early
        assert [s.kind for s in fm.seats] == ["human", "cpu", "cpu", "cpu"]
        assert fm.seats[0].user_id == ALICE.id
        # the native record replays (from the seed) to the same match
        from goita_core.kifu import MatchRecord

        replayed = MatchRecord.loads(fm.record_json).to_match()
        assert replayed.scores == match.scores and replayed.winner == match.winner
        stored = await rig.store.load(table.id)
        assert stored is not None and stored.result_recorded and stored.status == "finished"
        assert rig.service.table_for_channel(500) is None
        assert rig.service.next_deadline() is None
    finally:
        await rig.conn.close()


async def test_cpus_wait_for_their_delay(rig: Rig) -> None:
    table = await started(rig, "normal", "normal", "normal")
    actor = table.to_act()[0]
    if actor == 0:  # Alice deals: play one move so a CPU is next
        await rig.service.act(table.id, ALICE.id, table.version, choose(table, 0))
    version = table.version
    rig.clock.advance(rig.settings.cpu_move_delay_seconds - 0.1)
    assert await rig.service.tick() == 0
    assert table.version == version
    rig.clock.advance(0.1)
    assert await rig.service.tick() >= 1
    assert table.version == version + 1


async def test_refused_clicks_change_nothing(rig: Rig) -> None:
    table = await started(rig, "normal", "normal", "normal")
    await until_turn(rig, table, 0)
    snapshot = table.to_json()
    db_entries = len(await rig.store.entries(table.id))
    calls = len(rig.presenter.calls)
    move = choose(table, 0)

    async def expect(code: str, user_id: int, version: int, action: Any = move) -> None:
        with pytest.raises(TableError) as info:
            await rig.service.act(table.id, user_id, version, action)
        assert info.value.code == code
        assert table.to_json() == snapshot
        assert len(await rig.store.entries(table.id)) == db_entries
        assert len(rig.presenter.calls) == calls

    await expect("not_seated", BOB.id, table.version)
    await expect("stale", ALICE.id, table.version - 1)
    await expect("stale", ALICE.id, table.version + 1)
    # a play of pieces Alice does not hold, or not matching: a rules error code
    hand = table.match.view(0).hand if table.match else ()
    missing = next(k for k in Kind if k not in hand)
    with pytest.raises(TableError) as info:
        await rig.service.act(table.id, ALICE.id, table.version, Play(missing, missing))
    assert info.value.code == "illegal.piece_not_in_hand"
    assert info.value.params["rule"] == "piece_not_in_hand"
    assert table.to_json() == snapshot
    # the click is accepted once; the double click carries the old version: stale
    version = table.version
    await rig.service.act(table.id, ALICE.id, version, move)
    with pytest.raises(TableError) as info:
        await rig.service.act(table.id, ALICE.id, version, move)
    assert info.value.code == "stale"


async def test_not_your_turn(rig: Rig) -> None:
    table = await started(rig, "normal", "normal", "normal")
    await until_turn(rig, table, 0)
    await rig.service.act(table.id, ALICE.id, table.version, choose(table, 0))
    with pytest.raises(TableError) as info:
        await rig.service.act(table.id, ALICE.id, table.version, PASS)
    assert info.value.code == "not_your_turn"


async def test_racing_clicks_one_wins(rig: Rig) -> None:
    import asyncio

    table = await started(rig, "normal", "normal", "normal")
    await until_turn(rig, table, 0)
    version = table.version
    legal = [a for a in table.match.view(0).legal] if table.match else []
    outcomes = await asyncio.gather(
        *(rig.service.act(table.id, ALICE.id, version, a) for a in legal[:3]),
        return_exceptions=True,
    )
    accepted = [o for o in outcomes if not isinstance(o, BaseException)]
    errors = [o for o in outcomes if isinstance(o, TableError)]
    assert len(accepted) == 1 and all(e.code == "stale" for e in errors)
    assert table.version == version + 1
    assert len(await rig.store.entries(table.id)) == version + 1


async def test_nothing_is_presented_before_it_is_stored(rig: Rig) -> None:
    db = sqlite3.connect(rig.path)
    checked: list[int] = []

    def check(table: Table, call: Call) -> None:
        # read through another connection: only committed data is visible
        row = db.execute("SELECT snapshot, status FROM game_tables WHERE id = ?",
                         (table.id,)).fetchone()
        import json

        snap = json.loads(row[0])
        assert snap["version"] == table.version
        assert row[1] == table.status
        (top,) = db.execute("SELECT COALESCE(MAX(seq), 0) FROM table_actions "
                            "WHERE table_id = ?", (table.id,)).fetchone()
        assert top == table.version
        checked.append(table.version)

    rig.presenter.check = check
    try:
        table = await full_table(rig, "easy", "normal", "normal", target=50)
        await rig.service.start(table.id, ALICE)
        await play_human_until_over(rig, table.id, ALICE)
        assert len(checked) > 20
    finally:
        db.close()


GOSHI_PARTNER_CPU = hands_of("しし馬馬銀銀金金", "しし馬銀金角飛王", "ししししし香香香",
                             "し香馬銀金角飛王")
GOSHI_ALICE_HOLDS = hands_of("ししししし香香香", "しし馬銀金角飛王", "しし馬馬銀銀金金",
                             "し香馬銀金角飛王")


@pytest.mark.parametrize("choice", [PLAY_ON, REDEAL])
async def test_goshi_prompts_the_human_partner(tmp_path: Path, choice: Any) -> None:
    rig = await make_rig(tmp_path / "g.sqlite3", deal_source=fixed_deals([GOSHI_PARTNER_CPU]))
    try:
        table = await started(rig, "normal", "normal", "normal")
        assert [c.seat for c in rig.presenter.prompts("goshi")] == [0]
        assert rig.presenter.prompts("your_turn") == []
        assert table.to_act() == [0]
        # nobody else may play before the decision, and the CPUs wait
        rig.clock.advance(10)
        assert await rig.service.tick() == 0
        await rig.service.act(table.id, ALICE.id, table.version, choice)
        decided = [c.change for c in rig.presenter.calls if c.change is not None
                   and any(isinstance(e, GoshiDecided) for e in c.change.events)]
        assert len(decided) == 1 and decided[0].seat == 0 and decided[0].actor == "human"
        assert table.match is not None
        if choice is PLAY_ON:
            assert table.match.round.phase == "play"
        else:
            assert table.match.round.over
            assert table.deadlines.next_round_at is not None
            rig.clock.advance(rig.settings.round_pause_seconds)
            await rig.service.tick()
            assert table.match.round_no == 2  # redealt (by the seeded shuffle)
            assert table.match.scores == [0, 0]
    finally:
        await rig.conn.close()


async def test_goshi_cpu_partner_decides_by_itself(tmp_path: Path) -> None:
    rig = await make_rig(tmp_path / "g.sqlite3", deal_source=fixed_deals([GOSHI_ALICE_HOLDS]))
    try:
        table = await started(rig, "normal", "normal", "normal")
        assert rig.presenter.prompts("goshi") == []
        assert table.to_act() == [2]
        with pytest.raises(TableError) as info:  # Alice holds the Shi: not hers to decide
            await rig.service.act(table.id, ALICE.id, table.version, PLAY_ON)
        assert info.value.code == "not_your_turn"
        rig.clock.advance(rig.settings.cpu_move_delay_seconds)
        assert await rig.service.tick() >= 1
        decided = [e for c in rig.presenter.calls if c.change is not None
                   for e in c.change.events if isinstance(e, GoshiDecided)]
        assert [e.seat for e in decided] == [2]
        entries = await rig.store.entries(table.id)
        assert entries[1].actor == "cpu" and entries[1].seat == 2
    finally:
        await rig.conn.close()


async def test_leave_mid_game_a_cpu_takes_the_seat(rig: Rig) -> None:
    table = await full_table(rig, "normal", "normal")
    await rig.service.join(table.id, BOB)
    await rig.service.start(table.id, ALICE)
    await rig.service.leave(table.id, BOB)
    seat = table.seats[3]
    assert seat is not None and seat.kind == "cpu" and seat.former_user_id == BOB.id
    assert table.status == "playing"
    with pytest.raises(TableError) as info:
        await rig.service.act(table.id, BOB.id, table.version, PASS)
    assert info.value.code == "not_seated"
    # the last human leaving: nobody is left to play with, the table closes
    await rig.service.leave(table.id, ALICE)
    assert rig.service.get(table.id).status == "cancelled" and table.close_reason == "abandoned"
    assert rig.presenter.closed() == ["abandoned"]


async def test_rematch_same_seats_new_match(rig: Rig) -> None:
    table = await full_table(rig, "easy", "easy", "easy", target=50)
    await rig.service.start(table.id, ALICE)
    with pytest.raises(TableError) as info:
        await rig.service.rematch(table.id, ALICE)
    assert info.value.code == "not_finished"
    await play_human_until_over(rig, table.id, ALICE)
    first_version = table.version
    with pytest.raises(TableError) as info:
        await rig.service.rematch(table.id, CAROL)
    assert info.value.code == "not_seated"
    await rig.service.rematch(table.id, ALICE)
    assert table.status == "playing" and table.match_no == 2
    assert table.version == first_version + 1  # versions keep growing: old buttons are stale
    assert table.match is not None and table.match.scores == [0, 0]
    assert [s.name for s in table.seats if s] == ["Alice", "CPU (easy)", "CPU (easy)",
                                                  "CPU (easy)"]


async def test_a_rematch_of_a_match_that_another_followed_is_refused(rig: Rig) -> None:
    table = await full_table(rig, "easy", "easy", "easy", target=50)
    await rig.service.start(table.id, ALICE)
    await play_human_until_over(rig, table.id, ALICE)
    await rig.service.rematch(table.id, ALICE, after_match=1)
    await play_human_until_over(rig, table.id, ALICE)
    version = table.version
    with pytest.raises(TableError) as info:  # the first match's summary, clicked late
        await rig.service.rematch(table.id, ALICE, after_match=1)
    assert info.value.code == "rematch_started"
    assert table.status == "finished" and table.match_no == 2 and table.version == version
    again = await rig.service.rematch(table.id, ALICE, after_match=2)
    assert again.status == "playing" and again.match_no == 3


async def test_rematch_refused_when_the_channel_was_taken_meanwhile(rig: Rig) -> None:
    from bot.app.tables import TableService

    table = await full_table(rig, "easy", "easy", "easy", target=50)
    await rig.service.start(table.id, ALICE)
    await play_human_until_over(rig, table.id, ALICE)
    # another bot process (same database) opened a table in the channel
    other = TableService(rig.store, rig.clock, rig.presenter, rig.settings)
    await other.create_table(1, 500, BOB)
    with pytest.raises(TableError) as info:
        await rig.service.rematch(table.id, ALICE)
    assert info.value.code == "table_exists"
    assert rig.service.get(table.id).status == "finished"
    stored = await rig.store.load(table.id)
    assert stored is not None and stored.status == "finished"


TWO_GOSHI = hands_of("ししししし香香香", "ししししし香馬馬", "馬銀銀金金角飛王", "馬銀銀金金角飛王")


async def test_two_partners_decide_at_the_same_time(tmp_path: Path) -> None:
    from tests.bot.app.kit import DAVE

    rig = await make_rig(tmp_path / "g.sqlite3", deal_source=fixed_deals([TWO_GOSHI]))
    try:
        table = await rig.service.create_table(1, 500, ALICE)
        for user in (BOB, CAROL, DAVE):
            await rig.service.join(table.id, user)
        await rig.service.start(table.id, ALICE)
        # seats 0 and 1 hold 5 Shi: their partners 2 (Carol) and 3 (Dave) both decide
        assert sorted(table.to_act()) == [2, 3]
        assert sorted(c.seat or 0 for c in rig.presenter.prompts("goshi")) == [2, 3]
        drawn = table.version  # the version on both prompts' buttons
        await rig.service.act(table.id, DAVE.id, drawn, PLAY_ON)
        assert table.version == drawn + 1 and table.to_act() == [2]
        await rig.service.act(table.id, CAROL.id, drawn, PLAY_ON)  # not stale
        assert table.match is not None and table.match.round.phase == "play"
        # a play (not a decision) with an old version is stale, as always
        with pytest.raises(TableError) as info:
            await rig.service.act(table.id, ALICE.id, drawn, PASS)
        assert info.value.code == "stale"
        # and a decision click repeated after the round moved on is refused
        with pytest.raises(TableError) as info:
            await rig.service.act(table.id, CAROL.id, drawn, PLAY_ON)
        assert info.value.code == "stale"
    finally:
        await rig.conn.close()
