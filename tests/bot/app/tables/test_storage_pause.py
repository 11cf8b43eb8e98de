"""A store that refuses to save (a full disk): play pauses with back-off instead of retrying
at once forever, the failure is logged once a minute, the board says so, and play resumes
by itself when saving works again, losing nothing that was committed."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.app.errors import TableError
from bot.app.table import Table
from bot.app.tables.pause import LAST_RETRY
from tests.bot.app.kit import ALICE, Rig, make_rig, play_human_until_over


class FullDisk:
    """The store, but ``save`` fails like SQLite on a full disk ``failures`` times."""

    def __init__(self, store: Any, failures: int) -> None:
        self.store = store
        self.failures = failures
        self.attempts = 0

    async def save(self, table: Table, entries: Any = ()) -> None:
        self.attempts += 1
        if self.failures > 0:
            self.failures -= 1
            raise sqlite3.OperationalError("database or disk is full")
        await self.store.save(table, entries)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)


async def playing(rig: Rig) -> Table:
    table = await rig.service.create_table(1, 10, ALICE)
    for level in ("easy", "easy", "easy"):
        await rig.service.add_cpu(table.id, ALICE, level)
    await rig.service.start(table.id, ALICE)
    return table


async def until_cpu_due(rig: Rig, table_id: int) -> None:
    """Advance to the next CPU move (Alice's turns are played)."""
    for _ in range(100):
        table = rig.service.get(table_id)
        if table.deadlines.cpu_due_at is not None:
            rig.clock.t = max(rig.clock.t, table.deadlines.cpu_due_at)
            return
        seat = table.seat_of(ALICE.id)
        assert seat is not None and seat in table.to_act()
        legal = table.match.view(seat).legal if table.match else []
        await rig.service.act(table_id, ALICE.id, table.version,
                              next((a for a in legal if not a.is_pass), legal[0]))
    raise AssertionError("no CPU move came")


async def test_a_full_disk_pauses_the_table_backs_off_and_resumes_losing_nothing(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    rig = await make_rig(tmp_path / "d.sqlite3")
    try:
        table = await playing(rig)
        await until_cpu_due(rig, table.id)
        stored_version = rig.service.get(table.id).version
        disk = FullDisk(rig.store, failures=5)
        rig.service.store = disk
        caplog.clear()
        with caplog.at_level(logging.WARNING):
            for _ in range(1000):  # the driver's ticks at the same moment
                await rig.service.tick()
            assert disk.attempts == 1  # no retry at once
            assert rig.service.get(table.id).version == stored_version  # nothing ran ahead
            assert rig.service.next_deadline() == rig.clock.t + 1  # the next try: 1 s
            # the board says play is paused, once
            paused = [c for c in rig.presenter.calls if c.reason == "paused"]
            assert len(paused) == 1
            assert rig.service.get(table.id).recent[-1] == ("log.paused", {})
            delays = []
            while disk.failures:
                due = rig.service.next_deadline()
                assert due is not None
                delays.append(due - rig.clock.t)
                rig.clock.t = due
                await rig.service.tick()
            assert delays == [1, 2, 4, 8]  # exponential
            assert disk.attempts == 5
            due = rig.service.next_deadline()
            assert due is not None and due - rig.clock.t == 16
            rig.clock.t = due
            await rig.service.tick()  # the sixth save works: play resumes
        errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert len(errors) == 1 and "disk is full" in errors[0].getMessage()
        assert "play there is paused" in errors[0].getMessage()
        assert any("play resumes" in r.getMessage() for r in caplog.records)
        table = rig.service.get(table.id)
        assert table.version > stored_version
        assert ("log.resumed", {}) in table.recent
        assert len([c for c in rig.presenter.calls if c.reason == "paused"]) == 1
        done = await play_human_until_over(rig, table.id, ALICE)
        assert done.status == "finished"
        # nothing lost: the stored log has every step, in order, and the stored table is
        # the one in memory
        stored = await rig.store.load(table.id)
        assert stored is not None and stored.version == done.version
        versions = [e.seq for e in await rig.store.entries(table.id)]
        assert versions == list(range(1, done.version + 1))
    finally:
        await rig.conn.close()


async def test_back_off_is_capped_and_logged_once_a_minute(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    rig = await make_rig(tmp_path / "c.sqlite3")
    try:
        table = await playing(rig)
        await until_cpu_due(rig, table.id)
        disk = FullDisk(rig.store, failures=10**9)
        rig.service.store = disk
        start = rig.clock.t
        with caplog.at_level(logging.ERROR):
            for _ in range(30):
                due = rig.service.next_deadline()
                assert due is not None and due - rig.clock.t <= LAST_RETRY
                rig.clock.t = due
                await rig.service.tick()
        hours = (rig.clock.t - start) / 3600
        assert disk.attempts == 30 and hours > 0.3  # 30 tries took many minutes
        errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
        minutes = (rig.clock.t - start) / 60
        assert len(errors) <= minutes + 1
    finally:
        await rig.conn.close()


async def test_a_move_that_cannot_be_saved_is_refused_clearly_and_changes_nothing(
    tmp_path: Path
) -> None:
    rig = await make_rig(tmp_path / "h.sqlite3")
    try:
        table = await playing(rig)
        for _ in range(100):
            if 0 in rig.service.get(table.id).to_act():
                break
            rig.clock.advance(2)
            await rig.service.tick()
        table = rig.service.get(table.id)
        assert table.match is not None
        legal = table.match.view(0).legal
        move = next((a for a in legal if not a.is_pass), legal[0])
        version = table.version
        rig.service.store = FullDisk(rig.store, failures=1)
        with pytest.raises(TableError) as info:
            await rig.service.act(table.id, ALICE.id, version, move)
        assert info.value.code == "storage_paused"
        table = rig.service.get(table.id)
        assert table.version == version and 0 in table.to_act()
        assert [c.reason for c in rig.presenter.calls][-1] == "paused"
        await rig.service.act(table.id, ALICE.id, version, move)  # saving works again
        table = rig.service.get(table.id)
        assert table.version == version + 1 and ("log.resumed", {}) in table.recent
    finally:
        await rig.conn.close()


async def test_a_table_that_cannot_be_stored_is_not_opened(tmp_path: Path) -> None:
    rig = await make_rig(tmp_path / "n.sqlite3")

    class FullOnCreate(FullDisk):
        async def create(self, table: Table) -> int:
            raise sqlite3.OperationalError("database or disk is full")

    try:
        rig.service.store = FullOnCreate(rig.store, failures=0)
        with pytest.raises(TableError) as info:
            await rig.service.create_table(1, 10, ALICE)
        assert info.value.code == "storage_unavailable"
        assert rig.service.live_tables() == [] and rig.service.table_for_channel(10) is None
        rig.service.store = rig.store
        assert (await rig.service.create_table(1, 10, ALICE)).live
    finally:
        await rig.conn.close()
