"""The small helpers of benchmarks/bench_stores.py (its figures are printed, never asserted)."""

from __future__ import annotations

import math

from benchmarks.store_writer import guild_for, percentile, shifted
from bot.app.steplog import LogEntry
from bot.storage.postgres import shard_of


def test_percentile_is_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 0.5) == 50.0
    assert percentile(values, 0.99) == 99.0
    assert percentile([3.0, 1.0, 2.0], 1.0) == 3.0
    assert math.isnan(percentile([], 0.5))


def test_each_writer_process_gets_servers_of_its_own_shard_only() -> None:
    for processes in (1, 2, 3):
        guilds = {p: [guild_for(p, processes, j) for j in range(50)] for p in range(processes)}
        for p, ids in guilds.items():
            assert {shard_of(g, processes) for g in ids} == {p}
        assert len({g for ids in guilds.values() for g in ids}) == 50 * processes


def test_shifted_moves_only_the_sequence_numbers() -> None:
    entries = [LogEntry(seq=1, match_no=1, kind="deal", at=5.0),
               LogEntry(seq=2, match_no=1, kind="act", at=6.0, actor="cpu", seat=1)]
    moved = shifted(entries, 100)
    assert [e.seq for e in moved] == [101, 102]
    assert [(e.kind, e.at, e.seat, e.actor) for e in moved] == [
        (e.kind, e.at, e.seat, e.actor) for e in entries]
