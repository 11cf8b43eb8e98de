"""Lobby flows of the table service: seats, host-only actions, one table per channel,
idle close; every refusal changes nothing (memory and database)."""

from __future__ import annotations

import pytest

from bot.app.errors import TableError
from bot.app.tables import TableService
from tests.bot.app.kit import ALICE, BOB, CAROL, DAVE, EVE, Rig, full_table, make_rig, rig

__all__ = ["rig"]


async def stored(rig: Rig, table_id: int) -> dict[str, object]:
    table = await rig.store.load(table_id)
    assert table is not None
    return table.to_json()


async def refused(rig: Rig, table_id: int, code: str, call: object) -> TableError:
    """Await ``call`` expecting TableError(code) and check the table did not change."""
    before_mem = rig.service.get(table_id).to_json()
    before_db = await stored(rig, table_id)
    calls = len(rig.presenter.calls)
    with pytest.raises(TableError) as info:
        await call  # type: ignore[misc]
    assert info.value.code == code
    assert rig.service.get(table_id).to_json() == before_mem
    assert await stored(rig, table_id) == before_db
    assert len(rig.presenter.calls) == calls
    return info.value


async def test_create_seats_the_host_and_presents_the_lobby(rig: Rig) -> None:
    table = await rig.service.create_table(1, 500, ALICE, target=100, double_any_seventh=True)
    assert table.status == "lobby"
    assert table.seats[0] is not None and table.seats[0].user_id == ALICE.id
    assert table.rules.target == 100 and table.rules.double_any_seventh
    assert rig.presenter.reasons() == ["created"]
    assert rig.service.table_for_channel(500) is table
    assert (await stored(rig, table.id))["host_id"] == ALICE.id


async def test_one_live_table_per_channel(rig: Rig) -> None:
    table = await rig.service.create_table(1, 500, ALICE)
    await rig.service.set_board_message(table.id, 9999, rig.clock.now())
    with pytest.raises(TableError) as info:
        await rig.service.create_table(1, 500, BOB)
    assert info.value.code == "table_exists"
    assert info.value.params["table_id"] == table.id
    assert info.value.params["board_message_id"] == 9999
    other = await rig.service.create_table(1, 501, BOB)  # another channel is fine
    assert other.id != table.id


async def test_database_also_refuses_a_second_live_table(rig: Rig, tmp_path: object) -> None:
    # a second service on the same file that has not loaded the first table
    await rig.service.create_table(1, 500, ALICE)
    second = TableService(rig.store, rig.clock, rig.presenter, rig.settings)
    with pytest.raises(TableError) as info:
        await second.create_table(1, 500, BOB)
    assert info.value.code == "table_exists"


async def test_bad_target_is_refused(rig: Rig) -> None:
    with pytest.raises(TableError) as info:
        await rig.service.create_table(1, 500, ALICE, target=10)
    assert info.value.code == "bad_target"
    assert rig.service.table_for_channel(500) is None


async def test_join_fills_seats_in_order_and_refuses_twice(rig: Rig) -> None:
    table = await rig.service.create_table(1, 500, ALICE)
    await rig.service.join(table.id, BOB)
    await rig.service.join(table.id, CAROL, seat=3)
    await rig.service.join(table.id, DAVE)
    names = [s.name if s else None for s in table.seats]
    assert names == ["Alice", "Bob", "Dave", "Carol"]
    await refused(rig, table.id, "already_seated", rig.service.join(table.id, BOB))
    await refused(rig, table.id, "table_full", rig.service.join(table.id, EVE))


async def test_join_a_taken_or_bad_seat(rig: Rig) -> None:
    table = await rig.service.create_table(1, 500, ALICE)
    await refused(rig, table.id, "seat_taken", rig.service.join(table.id, BOB, seat=0))
    await refused(rig, table.id, "bad_seat", rig.service.join(table.id, BOB, seat=4))
    with pytest.raises(TableError) as info:
        await rig.service.join(12345, BOB)
    assert info.value.code == "no_table"


async def test_leave_frees_the_seat_and_passes_host(rig: Rig) -> None:
    table = await rig.service.create_table(1, 500, ALICE)
    await rig.service.join(table.id, BOB)
    await rig.service.leave(table.id, ALICE)
    assert table.seats[0] is None
    assert table.host_id == BOB.id
    await refused(rig, table.id, "not_seated", rig.service.leave(table.id, ALICE))
    await rig.service.leave(table.id, BOB)
    assert table.status == "cancelled" and rig.presenter.closed() == ["empty"]
    assert rig.service.table_for_channel(500) is None
    assert (await stored(rig, table.id))["status"] == "cancelled"


async def test_add_cpu_levels_and_engines(tmp_path: object) -> None:
    from pathlib import Path

    from tests.bot.app.kit import Timing

    rig = await make_rig(Path(str(tmp_path)) / "g.sqlite3",
                         settings=Timing(external_engines={"mybot": "python -m mybot"}))
    try:
        table = await rig.service.create_table(1, 500, ALICE)
        await rig.service.add_cpu(table.id, ALICE, "easy")
        await rig.service.add_cpu(table.id, ALICE, "mybot", seat=3)
        assert table.seats[1] is not None and table.seats[1].kind == "cpu"
        assert table.seats[1].level == "easy"
        assert table.seats[3] is not None and table.seats[3].kind == "engine"
        err = await refused(rig, table.id, "bad_level",
                            rig.service.add_cpu(table.id, ALICE, "godlike"))
        assert err.params["levels"] == ["easy", "normal", "hard", "mybot"]
        # somebody not at the table cannot add computers
        await refused(rig, table.id, "not_seated", rig.service.add_cpu(table.id, BOB, "easy"))
    finally:
        await rig.conn.close()


async def test_host_only_actions(rig: Rig) -> None:
    table = await full_table(rig, "easy", "normal")
    await rig.service.join(table.id, BOB)
    for call in (
        rig.service.remove_seat(table.id, BOB, 1),
        rig.service.shuffle_seats(table.id, BOB),
        rig.service.move_seat(table.id, BOB, 1, 2),
        rig.service.start(table.id, BOB),
        rig.service.cancel(table.id, BOB),
        rig.service.stop(table.id, BOB),
    ):
        await refused(rig, table.id, "not_host_or_manager" if "stop" in repr(call)
                      else "not_host", call)


async def test_remove_move_shuffle(rig: Rig) -> None:
    table = await full_table(rig, "easy", "normal")
    await rig.service.join(table.id, BOB)
    await refused(rig, table.id, "host_seat", rig.service.remove_seat(table.id, ALICE, 0))
    await rig.service.remove_seat(table.id, ALICE, 1)
    assert table.seats[1] is None
    await refused(rig, table.id, "bad_seat", rig.service.remove_seat(table.id, ALICE, 1))
    await rig.service.move_seat(table.id, ALICE, 3, 1)  # Bob to the empty seat 1
    assert table.seats[1] is not None and table.seats[1].name == "Bob"
    assert table.seats[3] is None
    await rig.service.move_seat(table.id, ALICE, 0, 1)  # swap Alice and Bob
    assert [s.name if s else None for s in table.seats] == ["Bob", "Alice", "CPU (normal)",
                                                           None]
    before = sorted(s.name for s in table.seats if s)
    await rig.service.shuffle_seats(table.id, ALICE)
    assert sorted(s.name for s in table.seats if s) == before
    # the database has the same seats as memory
    assert (await stored(rig, table.id))["seats"] == table.to_json()["seats"]


async def test_start_needs_four_and_the_host(rig: Rig) -> None:
    table = await full_table(rig, "easy", "normal")
    err = await refused(rig, table.id, "need_four", rig.service.start(table.id, ALICE))
    assert err.params == {"seated": 3, "players": 4}
    await rig.service.add_cpu(table.id, ALICE, "easy")
    await rig.service.start(table.id, ALICE)
    assert table.status == "playing" and table.match is not None
    assert table.version == 1  # the deal
    assert rig.presenter.reasons()[-1] == "start"
    await refused(rig, table.id, "not_in_lobby", rig.service.join(table.id, BOB))
    await refused(rig, table.id, "not_in_lobby", rig.service.cancel(table.id, ALICE))


async def test_cancel_closes_and_frees_the_channel(rig: Rig) -> None:
    table = await full_table(rig, "easy")
    await rig.service.cancel(table.id, ALICE)
    assert table.status == "cancelled"
    assert rig.presenter.closed() == ["cancelled"]
    assert rig.service.table_for_channel(500) is None
    assert (await stored(rig, table.id))["status"] == "cancelled"
    again = await rig.service.create_table(1, 500, BOB)
    assert again.id != table.id


async def test_stop_by_a_manager_who_is_not_the_host(rig: Rig) -> None:
    table = await full_table(rig, "easy")
    await rig.service.stop(table.id, BOB, can_manage=True)
    assert table.status == "cancelled" and table.close_reason == "stopped"
    assert rig.presenter.closed() == ["stopped"]


async def test_idle_lobby_closes_itself(rig: Rig) -> None:
    table = await rig.service.create_table(1, 500, ALICE)
    rig.clock.advance(500)
    await rig.service.join(table.id, BOB)  # activity restarts the idle timer
    rig.clock.advance(500)
    assert await rig.service.tick() == 0
    assert table.status == "lobby"
    rig.clock.advance(100)
    assert rig.service.next_deadline() == pytest.approx(rig.clock.now())
    assert await rig.service.tick() == 1
    assert rig.service.get(table.id).status == "cancelled" and rig.presenter.closed() == ["idle"]
    assert (await stored(rig, table.id))["status"] == "cancelled"
    assert rig.service.next_deadline() is None


async def test_tables_for_user(rig: Rig) -> None:
    t1 = await rig.service.create_table(1, 500, ALICE)
    t2 = await rig.service.create_table(1, 501, BOB)
    await rig.service.join(t2.id, ALICE)
    assert {t.id for t in rig.service.tables_for_user(ALICE.id)} == {t1.id, t2.id}
    assert [t.id for t in rig.service.tables_for_user(BOB.id)] == [t2.id]
    assert rig.service.tables_for_user(CAROL.id) == []


async def test_old_closed_tables_are_forgotten(rig: Rig, monkeypatch: pytest.MonkeyPatch
                                               ) -> None:
    import bot.app.tables.kernel as kernel_module

    monkeypatch.setattr(kernel_module, "MAX_CLOSED_IN_MEMORY", 2)
    ids = []
    for channel in range(4):
        table = await rig.service.create_table(1, 600 + channel, ALICE)
        rig.clock.advance(1)
        await rig.service.cancel(table.id, ALICE)
        ids.append(table.id)
    assert [t.id for t in rig.service.all_tables()] == ids[2:]
    with pytest.raises(TableError) as info:
        rig.service.get(ids[0])
    assert info.value.code == "no_table"
    assert (await rig.store.load(ids[0])) is not None  # still in the store


async def test_a_lobby_only_stop_of_a_started_match_is_refused_and_changes_nothing(
        rig: Rig) -> None:
    table = await full_table(rig, "easy", "easy", "easy")
    await rig.service.start(table.id, ALICE)
    await refused(rig, table.id, "stop_started",
                  rig.service.stop(table.id, ALICE, lobby_only=True))
    assert rig.service.get(table.id).status == "playing"
    lobby = await full_table(rig, "easy", channel=501, host=BOB)
    assert (await rig.service.stop(lobby.id, BOB, lobby_only=True)).status == "cancelled"
