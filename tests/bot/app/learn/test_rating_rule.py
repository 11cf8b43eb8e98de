"""A match where someone used hints is recorded with who did, and changes no rating."""

from __future__ import annotations

from pathlib import Path

from bot.app.ratings import is_rated, rate_match
from bot.app.records import FinishedMatch, SeatRecord
from bot.storage.db import open_database
from bot.storage.learn import SqliteLearnStore
from bot.storage.results import SqliteResultsStore
from tests.bot.app.kit import ALICE, RecordingResults, full_table, make_rig, play_human_until_over

SEATS = [SeatRecord(i, "human", 10 + i, f"u{i}") for i in range(4)]


def finished(hint_users: tuple[int, ...] = ()) -> FinishedMatch:
    return FinishedMatch(1, 2, 3, 0.0, 1.0, {"players": 4, "target": 150}, SEATS, (150, 40),
                         0, False, hint_users=hint_users)


def test_a_hinted_match_is_not_rated() -> None:
    assert is_rated(finished())
    assert not is_rated(finished((12,)))
    assert rate_match(finished((12,)), {}) == {}


async def test_the_results_store_keeps_a_hinted_match_unrated(tmp_path: Path) -> None:
    conn = await open_database(tmp_path / "r.sqlite3")
    try:
        results = SqliteResultsStore(conn)
        plain = await results.record_match(finished())
        hinted = await results.record_match(
            FinishedMatch(1, 2, 4, 5.0, 6.0, {"players": 4, "target": 150}, SEATS, (150, 40),
                          0, False, hint_users=(12,)))
        first = await results.get_match(1, plain)
        second = await results.get_match(1, hinted)
        assert first is not None and first.summary.rated
        assert second is not None and not second.summary.rated
    finally:
        await conn.close()


async def test_the_table_service_hands_over_who_used_hints(tmp_path: Path) -> None:
    results = RecordingResults()
    rig = await make_rig(tmp_path / "g.sqlite3", results=results)
    try:
        ledger = SqliteLearnStore(rig.conn)
        rig.service.hint_ledger = ledger
        table = await full_table(rig, "easy", "easy", "easy", target=50)
        await rig.service.start(table.id, ALICE)
        assert table.started_at is not None
        await ledger.record_hint(table.id, table.started_at, ALICE.id, 1.0)
        await play_human_until_over(rig, table.id, ALICE)
        [match] = results.recorded
        assert match.hint_users == (ALICE.id,) and not is_rated(match)
    finally:
        await rig.conn.close()
