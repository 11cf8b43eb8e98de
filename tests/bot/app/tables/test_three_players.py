"""A table of the 3-player variant (RULES.md: 30 pieces, 10 each, no teams): three seats
from its rules, stored, restored after a restart, played to the end and recorded with three
scores. Through Discord: tests/bot/discord/game/test_three_e2e.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.app.errors import TableError
from bot.app.tables import TableService
from bot.storage.results import SqliteResultsStore
from tests.bot.app.kit import ALICE, BOB, CAROL, RecordingResults, make_rig, play_human_until_over


async def test_a_three_seat_lobby(tmp_path: Path) -> None:
    rig = await make_rig(tmp_path / "g.sqlite3")
    try:
        table = await rig.service.create_table(1, 500, ALICE, players=3)
        assert table.players == 3 and table.seats[1:] == [None, None]
        await rig.service.join(table.id, BOB)
        with pytest.raises(TableError) as info:
            await rig.service.start(table.id, ALICE)
        assert info.value.code == "need_four" and info.value.params == {"seated": 2,
                                                                        "players": 3}
        with pytest.raises(TableError) as info:
            await rig.service.join(table.id, CAROL, seat=3)  # a fourth seat does not exist
        assert info.value.code == "bad_seat"
        with pytest.raises(TableError) as info:
            await rig.service.move_seat(table.id, ALICE, 0, 3)
        assert info.value.code == "bad_seat"
        await rig.service.join(table.id, CAROL)
        with pytest.raises(TableError) as info:
            await rig.service.add_cpu(table.id, ALICE, "easy")
        assert info.value.code == "table_full"
        stored = await rig.store.load(table.id)
        assert stored is not None and stored.players == 3
        assert [s.name for s in stored.seats if s] == ["Alice", "Bob", "Carol"]
    finally:
        await rig.conn.close()


async def test_other_player_counts_are_refused(tmp_path: Path) -> None:
    rig = await make_rig(tmp_path / "g.sqlite3")
    try:
        for players in (2, 5):
            with pytest.raises(TableError) as info:
                await rig.service.create_table(1, 500, ALICE, players=players)
            assert info.value.code == "bad_players"
        assert rig.service.live_tables() == [] and rig.presenter.calls == []
    finally:
        await rig.conn.close()


async def test_a_running_three_player_match_is_restored(tmp_path: Path) -> None:
    rig = await make_rig(tmp_path / "g.sqlite3")
    try:
        table = await rig.service.create_table(1, 500, ALICE, players=3)
        await rig.service.add_cpu(table.id, ALICE, "easy")
        await rig.service.add_cpu(table.id, ALICE, "normal")
        await rig.service.start(table.id, ALICE)
        for _ in range(6):  # some CPU moves
            rig.clock.advance(rig.settings.cpu_move_delay_seconds)
            await rig.service.tick()
        assert table.match is not None
        assert [len(table.match.view(s).hand) for s in range(3)] != [0, 0, 0]
        # a new process on the same database
        other = TableService(rig.store, rig.clock, rig.presenter, rig.settings)
        [restored] = await other.restore()
        assert restored.players == 3 and restored.version == table.version
        assert restored.match is not None and restored.match.rules.players == 3
        for seat in range(3):
            assert restored.match.view(seat) == table.match.view(seat)
        assert restored.to_act() == table.to_act()
    finally:
        await rig.conn.close()


async def test_a_three_player_match_ends_with_three_scores(tmp_path: Path) -> None:
    results = RecordingResults()
    rig = await make_rig(tmp_path / "g.sqlite3", results=results)
    try:
        table = await rig.service.create_table(1, 500, ALICE, players=3, target=50)
        await rig.service.add_cpu(table.id, ALICE, "easy")
        await rig.service.add_cpu(table.id, ALICE, "easy")
        await rig.service.start(table.id, ALICE)
        await play_human_until_over(rig, table.id, ALICE)
        assert table.status == "finished"
        [finished] = results.recorded
        assert len(finished.scores) == 3 and len(finished.seats) == 3
        assert finished.winner_team is not None and finished.scores[finished.winner_team] >= 50
        # the SQLite results store takes it: three individuals, one of them rated
        store = SqliteResultsStore(rig.conn)
        match_id = await store.record_match(finished)
        stored = await store.get_match(1, match_id, viewer=ALICE.id)
        assert stored is not None and stored.summary.players == 3
        assert stored.summary.team == 0 and len(stored.summary.scores) == 3
        stats = await store.player_stats(1, ALICE.id)
        assert stats is not None and stats.matches == 1 and stats.rated_matches == 1
    finally:
        await rig.conn.close()
