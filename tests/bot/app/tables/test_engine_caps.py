"""The operator's caps on engine processes (per table, in total) and the environment names
passed to engines."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bot.app.errors import TableError
from bot.app.table import Table
from goita_core.tools.protocol import EnginePlayer
from tests.bot.app.kit import ALICE, BOB, CAROL, Timing, make_rig

ENGINE = f"{sys.executable} -m goita_core.tools.engine --level easy"


def engine_seats(table: Table) -> int:
    return sum(1 for s in table.seats if s is not None and s.kind == "engine")


async def test_the_lobby_refuses_engines_beyond_the_caps(tmp_path: Path) -> None:
    settings = Timing(external_engines={"e": ENGINE}, max_engines_per_table=1,
                      max_engines_total=2)
    rig = await make_rig(tmp_path / "c.sqlite3", settings=settings)
    try:
        first = await rig.service.create_table(1, 10, ALICE)
        await rig.service.add_cpu(first.id, ALICE, "e")
        with pytest.raises(TableError) as info:
            await rig.service.add_cpu(first.id, ALICE, "e")
        assert info.value.code == "too_many_engines_table" and info.value.params["limit"] == 1
        second = await rig.service.create_table(1, 11, BOB)
        await rig.service.add_cpu(second.id, BOB, "e")
        third = await rig.service.create_table(2, 12, CAROL)
        with pytest.raises(TableError) as info:
            await rig.service.add_cpu(third.id, CAROL, "e")
        assert info.value.code == "too_many_engines_total" and info.value.params["limit"] == 2
        assert [engine_seats(t) for t in (first, second, third)] == [1, 1, 0]
        await rig.service.add_cpu(third.id, CAROL, "easy")  # a CPU is still welcome
        await rig.service.cancel(first.id, ALICE)  # a closed table frees its engine
        await rig.service.add_cpu(third.id, CAROL, "e")
        assert engine_seats(third) == 1
    finally:
        await rig.conn.close()


async def test_no_engine_process_starts_beyond_the_total_cap(tmp_path: Path) -> None:
    settings = Timing(external_engines={"e": ENGINE}, max_engines_total=2)
    rig = await make_rig(tmp_path / "p.sqlite3", settings=settings)
    try:
        tables = []
        for channel, host in ((10, ALICE), (11, BOB)):
            table = await rig.service.create_table(1, channel, host)
            await rig.service.add_cpu(table.id, host, "e")
            for _ in range(2):
                await rig.service.add_cpu(table.id, host, "easy")
            await rig.service.start(table.id, host)
            tables.append(table)
        settings.max_engines_total = 1  # lowered, e.g. before a restart
        assert isinstance(rig.service._engine_for(tables[0], 1, "e"), EnginePlayer)
        assert rig.service._engine_for(tables[1], 1, "e") is None  # plays as a normal CPU
        assert len(rig.service._engines) == 1
    finally:
        await rig.service.stop_driver()
        await rig.conn.close()


async def test_an_engine_sees_the_names_the_operator_passes_and_no_secret(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GOITA_ENGINE_BOOK", "/opt/book")
    monkeypatch.setenv("DISCORD_TOKEN", "secret-token")
    settings = Timing(external_engines={"e": ENGINE}, engine_pass_env=["GOITA_ENGINE_BOOK"])
    rig = await make_rig(tmp_path / "e.sqlite3", settings=settings)
    try:
        table = await rig.service.create_table(1, 10, ALICE)
        await rig.service.add_cpu(table.id, ALICE, "e")
        for _ in range(2):
            await rig.service.add_cpu(table.id, ALICE, "easy")
        await rig.service.start(table.id, ALICE)
        engine = rig.service._engine_for(table, 1, "e")
        assert isinstance(engine, EnginePlayer)
        assert engine.host.env["GOITA_ENGINE_BOOK"] == "/opt/book"
        assert "DISCORD_TOKEN" not in engine.host.env
    finally:
        await rig.service.stop_driver()
        await rig.conn.close()
