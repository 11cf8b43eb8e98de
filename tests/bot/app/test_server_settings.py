"""Server settings in the app: defaults from the operator, one problem per bad value and
nothing stored, tables opened with the server's settings keeping them to their end (also
through a restart), the channel allow-list, and snapshots stored before tables kept their
own settings."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bot.app.errors import TableError
from bot.app.settings import (
    Problem,
    ServerSettings,
    ServerSettingsService,
    SettingsError,
    SettingsPolicy,
)
from bot.app.table import Table
from bot.app.tables import TableService
from bot.storage.settings import SqliteSettingsStore
from tests.bot.app.kit import ALICE, FixedSeeds, Rig, Timing, make_rig


class MemoryStore:
    def __init__(self) -> None:
        self.saved: dict[int, dict[str, Any]] = {}
        self.writes = 0

    async def load_settings(self, guild_id: int) -> dict[str, Any] | None:
        return self.saved.get(guild_id)

    async def save_settings(self, guild_id: int, values: dict[str, Any], by: int,
                            at: float) -> None:
        self.writes += 1
        self.saved[guild_id] = dict(values)


POLICY = SettingsPolicy.of(Timing(), max_tables_per_user=3, max_tables_per_server=20)


async def test_defaults_are_the_operators() -> None:
    service = ServerSettingsService(MemoryStore(), POLICY)
    s = await service.for_guild(1)
    assert (s.target, s.turn_seconds, s.warning_seconds, s.cpu_delay_seconds,
            s.round_pause_seconds) == (150, 60.0, 15.0, 1.5, 4.0)
    assert s.channels == () and s.allows_channel(123)
    assert s.tables_per_user is None and s.board_language is None


async def test_change_stores_only_what_differs_and_reads_it_back() -> None:
    store = MemoryStore()
    service = ServerSettingsService(store, POLICY)
    s = await service.change(1, 9, 0.0, {"target": "300", "turn_seconds": "1,5e2",
                                         "channels": [5, 4, 5], "hints_at_rated": False,
                                         "board_language": "de"})
    assert s.target == 300 and s.turn_seconds == 150.0 and s.channels == (4, 5)
    assert store.saved[1] == {"target": 300, "turn_seconds": 150.0, "channels": [4, 5],
                              "hints_at_rated": False, "board_language": "de"}
    again = await service.for_guild(1)
    assert again == s
    assert not again.allows_channel(6) and again.allows_channel(4)
    assert await service.for_guild(2) == POLICY.defaults


@pytest.mark.parametrize(("changes", "problems"), [
    ({"target": "abc"}, [Problem("settings.bad.whole", {"field": "target"})]),
    ({"target": 40}, [Problem("settings.bad.range",
                              {"field": "target", "min": 50, "max": 1000})]),
    ({"turn_seconds": "5"}, [
        Problem("settings.bad.range", {"field": "turn_seconds", "min": 10, "max": 3600}),
        Problem("settings.bad.warning", {"field": "warning_seconds", "turn": 5})]),
    ({"warning_seconds": "60"}, [Problem("settings.bad.warning",
                                         {"field": "warning_seconds", "turn": 60})]),
    ({"cpu_delay_seconds": "x", "round_pause_seconds": "61"}, [
        Problem("settings.bad.number", {"field": "cpu_delay_seconds"}),
        Problem("settings.bad.range", {"field": "round_pause_seconds", "min": 0,
                                       "max": 60})]),
    ({"tables_per_user": "4", "tables_per_server": "0"}, [
        Problem("settings.bad.limit", {"field": "tables_per_user", "max": 3}),
        Problem("settings.bad.limit", {"field": "tables_per_server", "max": 20})]),
    ({"board_language": "xx"}, [Problem("settings.bad.language",
                                        {"field": "board_language"})]),
    ({"turn_seconds": "nan"}, [Problem("settings.bad.number", {"field": "turn_seconds"})]),
])
async def test_bad_values_give_one_problem_each_and_change_nothing(
        changes: dict[str, object], problems: list[Problem]) -> None:
    store = MemoryStore()
    service = ServerSettingsService(store, POLICY)
    await service.change(1, 9, 0.0, {"target": 200})
    with pytest.raises(SettingsError) as caught:
        await service.change(1, 9, 0.0, {**changes,
                                         "hints_at_rated": not POLICY.defaults.hints_at_rated})
    assert caught.value.problems == problems
    assert store.writes == 1 and (await service.for_guild(1)).target == 200
    assert (await service.for_guild(1)).hints_at_rated == POLICY.defaults.hints_at_rated


async def test_an_empty_limit_is_the_operators_maximum() -> None:
    service = ServerSettingsService(MemoryStore(), POLICY)
    assert (await service.change(1, 9, 0.0, {"tables_per_user": "2"})).tables_per_user == 2
    assert (await service.change(1, 9, 0.0, {"tables_per_user": ""})).tables_per_user is None


async def test_stored_values_the_operator_no_longer_allows_fall_back_to_defaults() -> None:
    store = MemoryStore()
    store.saved[1] = {"tables_per_user": 3, "turn_seconds": 12.0, "target": 300,
                      "unknown": 1, "channels": "x"}
    lower = SettingsPolicy.of(Timing(), max_tables_per_user=2)
    s = await ServerSettingsService(store, lower).for_guild(1)
    # 3 tables is above the new maximum; 12 s is shorter than the operator's 15 s warning
    assert s.tables_per_user is None and s.turn_seconds == 60.0 and s.target == 300
    assert s.channels == ()


async def service_with(rig: Rig, store: MemoryStore) -> TableService:
    return TableService(rig.store, rig.clock, rig.presenter, rig.settings,
                        seed_source=FixedSeeds(), rng=random.Random(7),
                        server_settings=ServerSettingsService(store, POLICY))


async def test_a_table_opens_with_the_servers_settings_and_keeps_them(tmp_path: Path) -> None:
    rig = await make_rig(tmp_path / "g.sqlite3")
    store = MemoryStore()
    settings = ServerSettingsService(store, POLICY)
    service = await service_with(rig, store)
    try:
        await settings.change(1, 9, 0.0, {"target": 300, "turn_seconds": 90,
                                          "warning_seconds": 20, "cpu_delay_seconds": 3,
                                          "round_pause_seconds": 8, "double_any_seventh": True})
        first = await service.create_table(1, 500, ALICE)
        assert first.target == 300 and first.rules.double_any_seventh
        assert first.settings is not None and first.settings.turn_seconds == 90
        chosen = await service.create_table(1, 501, ALICE, target=100,
                                            double_any_seventh=False)
        assert chosen.target == 100 and not chosen.rules.double_any_seventh
        await settings.change(1, 9, 0.0, {"turn_seconds": 30, "target": 500})
        for level in ("easy", "easy", "easy"):
            await service.add_cpu(first.id, ALICE, level)
        await service.start(first.id, ALICE)
        assert first.settings.turn_seconds == 90 and first.target == 300
        # the CPU pace and the turn timer are the table's own
        for _ in range(200):
            if 0 in first.to_act() and first.deadlines.turn_deadline is not None:
                break
            rig.clock.advance(3)
            await service.tick()
        assert first.deadlines.turn_deadline == pytest.approx(rig.clock.now() + 90)
        assert first.deadlines.warn_at == pytest.approx(rig.clock.now() + 70)
        stored = await rig.store.load(first.id)
        assert stored is not None and stored.settings == first.settings
        later = await service.create_table(1, 502, ALICE)
        assert later.target == 500 and later.settings is not None
        assert later.settings.turn_seconds == 30
    finally:
        await service.stop_driver()
        await rig.conn.close()


async def test_a_channel_the_server_does_not_allow_is_refused(tmp_path: Path) -> None:
    rig = await make_rig(tmp_path / "g.sqlite3")
    store = MemoryStore()
    service = await service_with(rig, store)
    try:
        await ServerSettingsService(store, POLICY).change(1, 9, 0.0, {"channels": [7, 8]})
        with pytest.raises(TableError) as caught:
            await service.create_table(1, 500, ALICE)
        assert caught.value.code == "channel_not_allowed"
        assert caught.value.params == {"channels": [7, 8]}
        assert service.live_tables() == [] and await rig.store.load_live() == []
        assert (await service.create_table(1, 8, ALICE)).channel_id == 8
        thread = await service.create_table(1, 900, ALICE, parent_channel_id=7)
        assert thread.channel_id == 900  # a thread of an allowed channel
        with pytest.raises(TableError):
            await service.create_table(1, 901, ALICE, parent_channel_id=6)
        assert (await service.create_table(2, 500, ALICE)).channel_id == 500  # other server
    finally:
        await service.stop_driver()
        await rig.conn.close()


def test_a_snapshot_without_settings_runs_on_the_operators() -> None:
    table = Table.from_json({
        "id": 3, "guild_id": 1, "channel_id": 2, "host_id": 7,
        "rules": {"players": 4, "target": 150}, "created_at": 1.0, "status": "lobby",
        "seats": [None, None, None, None]})
    assert table.settings is None
    assert Table.from_json(table.to_json()).settings is None


def test_server_settings_give_the_tables_own() -> None:
    s = ServerSettings(turn_seconds=45, warning_seconds=10, board_language="ru",
                       board_pictures=False, hints_at_rated=True)
    own = s.table_settings()
    assert (own.turn_seconds, own.warning_seconds, own.board_language, own.board_pictures,
            own.hints_at_rated) == (45, 10, "ru", False, True)


async def test_the_sqlite_store_round_trips(tmp_path: Path) -> None:
    from bot.storage.db import open_database

    conn = await open_database(tmp_path / "s.sqlite3")
    try:
        store = SqliteSettingsStore(conn)
        assert await store.load_settings(1) is None
        await store.save_settings(1, {"target": 300, "channels": [1 << 62]}, 9, 1.0)
        await store.save_settings(1, {"target": 200}, 9, 2.0)
        assert await store.load_settings(1) == {"target": 200}
    finally:
        await conn.close()


async def test_a_tables_cpu_pace_and_round_pause_are_its_servers(tmp_path: Path) -> None:
    """The operator's pace is 1.5 s per CPU move and 4 s between rounds; this server's
    table waits 5 s and 20 s."""
    from tests.bot.app.kit import choose

    rig = await make_rig(tmp_path / "g.sqlite3")
    store = MemoryStore()
    service = await service_with(rig, store)
    try:
        await ServerSettingsService(store, POLICY).change(
            1, 9, 0.0, {"cpu_delay_seconds": 5, "round_pause_seconds": 20})
        table = await service.create_table(1, 500, ALICE)
        for level in ("easy", "easy", "easy"):
            await service.add_cpu(table.id, ALICE, level)
        await service.start(table.id, ALICE)
        assert table.match is not None
        cpu_moves = 0
        while not table.match.round.over:
            if 0 in table.to_act():
                await service.act(table.id, ALICE.id, table.version, choose(table, 0))
                continue
            version = table.version
            rig.clock.advance(4.9)
            await service.tick()
            assert table.version == version  # not yet: the table's own pace is 5 s
            rig.clock.advance(0.2)
            await service.tick()
            assert table.version > version
            cpu_moves += 1
        assert cpu_moves > 0
        round_no = table.match.round_no
        rig.clock.advance(19.5)
        await service.tick()
        assert table.match.round_no == round_no  # still the pause between rounds
        rig.clock.advance(1)
        await service.tick()
        assert table.match.round_no == round_no + 1 or table.match.over
    finally:
        await service.stop_driver()
        await rig.conn.close()
