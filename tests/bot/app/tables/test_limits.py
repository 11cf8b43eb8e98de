"""The limits are a parameter of each creating call: a caller (e.g. a per-server setting)
passes its own; the service's default applies otherwise. Rematches count as creations."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.app.errors import TableError
from bot.app.settings import ServerSettingsService, SettingsPolicy
from bot.app.tables import TableLimits
from tests.bot.app.kit import ALICE, BOB, Timing, choose, make_rig


async def test_the_limits_passed_to_a_call_apply_to_that_call(tmp_path: Path) -> None:
    rig = await make_rig(tmp_path / "l.sqlite3")
    try:
        await rig.service.create_table(1, 10, ALICE)  # the service has no limits
        with pytest.raises(TableError) as info:
            await rig.service.create_table(1, 11, ALICE, limits=TableLimits(per_user=1))
        assert info.value.code == "too_many_tables_user" and info.value.params["limit"] == 1
        with pytest.raises(TableError) as info:
            await rig.service.create_table(1, 11, BOB, limits=TableLimits(per_server=1))
        assert info.value.code == "too_many_tables_server"
        assert [t.channel_id for t in rig.service.live_tables()] == [10]
        assert await rig.store.live_table_in_channel(11) is None
        await rig.service.create_table(2, 12, BOB, limits=TableLimits(per_server=1))
    finally:
        await rig.conn.close()


async def test_a_rematch_is_a_creation(tmp_path: Path) -> None:
    rig = await make_rig(tmp_path / "r.sqlite3",
                         settings=Timing(cpu_move_delay_seconds=0, round_pause_seconds=0))
    limits = TableLimits(cooldown_seconds=60, burst=1)
    try:
        table = await rig.service.create_table(1, 10, ALICE, target=50, limits=limits)
        for level in ("easy", "easy", "easy"):
            await rig.service.add_cpu(table.id, ALICE, level)
        await rig.service.start(table.id, ALICE)
        while table.status == "playing":
            assert table.match is not None
            if 0 in table.to_act():
                await rig.service.act(table.id, ALICE.id, table.version, choose(table, 0))
            else:
                await rig.service.tick()
        rig.clock.advance(10)
        with pytest.raises(TableError) as info:
            await rig.service.rematch(table.id, ALICE, limits=limits)
        assert info.value.code == "cooldown" and info.value.params["seconds"] == 50
        assert table.status == "finished"
    finally:
        await rig.conn.close()


class _SettingsStore:
    def __init__(self, saved: dict[int, dict[str, Any]]) -> None:
        self.saved = saved

    async def load_settings(self, guild_id: int) -> dict[str, Any] | None:
        return self.saved.get(guild_id)

    async def save_settings(self, guild_id: int, values: dict[str, Any], by: int,
                            at: float) -> None:
        self.saved[guild_id] = dict(values)


async def test_a_servers_own_table_limits_apply_to_its_creations(tmp_path: Path) -> None:
    rig = await make_rig(tmp_path / "s.sqlite3")
    policy = SettingsPolicy.of(Timing(), max_tables_per_user=3, max_tables_per_server=20)
    rig.service.server_settings = ServerSettingsService(
        _SettingsStore({1: {"tables_per_user": 1}}), policy)
    try:
        await rig.service.create_table(1, 10, ALICE)
        with pytest.raises(TableError) as info:
            await rig.service.create_table(1, 11, ALICE)
        assert info.value.code == "too_many_tables_user" and info.value.params["limit"] == 1
        await rig.service.create_table(2, 20, ALICE)  # another server keeps the default
        assert sorted(t.channel_id for t in rig.service.live_tables()) == [10, 20]
    finally:
        await rig.conn.close()
