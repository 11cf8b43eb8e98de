"""Results: a finished or stopped match is handed to the results store once, with a
record that replays; a result that failed to store is retried before a rematch."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.app.errors import TableError
from goita_core.actions import PASS
from tests.bot.app.kit import (
    ALICE,
    BOB,
    RecordingResults,
    fixed_deals,
    full_table,
    make_rig,
    play_human_until_over,
    started,
)
from tests.bot.app.tables.test_play import GOSHI_ALICE_HOLDS


async def test_stop_mid_game_records_a_stopped_match(tmp_path: Path) -> None:
    results = RecordingResults()
    rig = await make_rig(tmp_path / "g.sqlite3", results=results)
    try:
        table = await started(rig, "normal", "normal", "normal")
        with pytest.raises(TableError) as info:
            await rig.service.stop(table.id, BOB)
        assert info.value.code == "not_host_or_manager"
        await rig.service.stop(table.id, ALICE)
        assert table.status == "cancelled" and rig.presenter.closed() == ["stopped"]
        assert len(results.recorded) == 1 and results.recorded[0].stopped_early
        assert results.recorded[0].winner_team is None
        with pytest.raises(TableError) as info:
            await rig.service.act(table.id, ALICE.id, table.version, PASS)
        assert info.value.code == "not_playing"
        assert rig.service.next_deadline() is None
    finally:
        await rig.conn.close()


async def test_record_of_an_injected_deal_replays_from_its_hands(tmp_path: Path) -> None:
    from goita_core.kifu import MatchRecord

    results = RecordingResults()
    rig = await make_rig(tmp_path / "g.sqlite3", results=results,
                         deal_source=fixed_deals([GOSHI_ALICE_HOLDS]))
    try:
        table = await full_table(rig, "easy", "easy", "easy", target=50)
        await rig.service.start(table.id, ALICE)
        await play_human_until_over(rig, table.id, ALICE)
        record = MatchRecord.loads(results.recorded[0].record_json)
        assert record.seed is None  # the first deal was not the seed's
        assert table.match is not None
        assert record.to_match().scores == table.match.scores
    finally:
        await rig.conn.close()


async def test_a_result_that_failed_to_store_is_retried_before_a_rematch(
        tmp_path: Path) -> None:
    class FlakyResults(RecordingResults):
        fail = True

        async def record_match(self, match: Any) -> int:
            if self.fail:
                self.fail = False
                raise RuntimeError("database is locked")
            return await super().record_match(match)

    results = FlakyResults()
    rig = await make_rig(tmp_path / "g.sqlite3", results=results)
    try:
        table = await full_table(rig, "easy", "easy", "easy", target=50)
        await rig.service.start(table.id, ALICE)
        await play_human_until_over(rig, table.id, ALICE)
        assert results.recorded == [] and not table.result_recorded
        finished_scores = list(table.match.scores) if table.match else []
        await rig.service.rematch(table.id, ALICE)
        assert len(results.recorded) == 1
        assert list(results.recorded[0].scores) == finished_scores
        assert table.match_no == 2
    finally:
        await rig.conn.close()
