"""Test kit for the table service: a fake clock, a recording presenter, settings, and a
helper that plays a human seat with legal moves. Imported as ``tests.bot.app.kit``."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from bot.app.ports import PromptKind, ResultsRecorder, TableChange, UserRef
from bot.app.table import Table
from bot.app.tables import DealSource, PlayerFactory, TableService
from bot.storage.db import open_database
from bot.storage.tables import SqliteTableStore
from goita_core.actions import Action
from goita_core.pieces import Kind, parse_pieces

T0 = 1_800_000_000.0

ALICE = UserRef(101, "Alice")
BOB = UserRef(102, "Bob")
CAROL = UserRef(103, "Carol")
DAVE = UserRef(104, "Dave")
EVE = UserRef(105, "Eve")


class FakeClock:
    def __init__(self, start: float = T0) -> None:
        self.t = start

    def now(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


@dataclass
class Timing:
    turn_timeout_seconds: float = 60.0
    turn_warning_seconds: float = 15.0
    cpu_move_delay_seconds: float = 1.5
    lobby_idle_seconds: float = 600.0
    round_pause_seconds: float = 4.0
    away_close_seconds: float = 900.0
    hard_cpu_budget_ms: int = 50
    external_engines: dict[str, str] = field(default_factory=dict)
    max_engines_per_table: int = 3
    max_engines_total: int = 16
    engine_pass_env: list[str] = field(default_factory=list)


@dataclass
class Call:
    what: str  # changed / prompt / closed
    table_id: int
    reason: str = ""
    seat: int | None = None
    kind: str = ""
    change: TableChange | None = None
    version: int = 0


class RecordingPresenter:
    """Records every call; ``check`` (if set) runs inside each call (e.g. asserting the
    database already holds what is being shown)."""

    def __init__(self) -> None:
        self.calls: list[Call] = []
        self.check: Callable[[Table, Call], None] | None = None

    def _add(self, table: Table, call: Call) -> None:
        call.version = table.version
        if self.check is not None:
            self.check(table, call)
        self.calls.append(call)

    async def table_changed(self, table: Table, change: TableChange) -> None:
        self._add(table, Call("changed", table.id, change.reason, change.seat, change=change))

    async def prompt(self, table: Table, seat: int, kind: PromptKind) -> None:
        self._add(table, Call("prompt", table.id, seat=seat, kind=kind))

    async def table_closed(self, table: Table, reason: str) -> None:
        self._add(table, Call("closed", table.id, reason))

    def prompts(self, kind: str | None = None) -> list[Call]:
        return [c for c in self.calls if c.what == "prompt" and (kind is None or c.kind == kind)]

    def reasons(self) -> list[str]:
        return [c.reason for c in self.calls if c.what == "changed"]

    def closed(self) -> list[str]:
        return [c.reason for c in self.calls if c.what == "closed"]

    def clear(self) -> None:
        self.calls.clear()


class RecordingResults:
    """A results store that keeps what the service hands it (only ``record_match`` is
    used by the service)."""

    def __init__(self) -> None:
        self.recorded: list[Any] = []

    async def record_match(self, match: Any) -> int:
        self.recorded.append(match)
        return len(self.recorded)


class FixedSeeds:
    """Seeds for successive matches: 1000, 1001, ... (deterministic across services)."""

    def __init__(self, first: int = 1000) -> None:
        self.next = first

    def __call__(self) -> int:
        seed = self.next
        self.next += 1
        return seed


def hands_of(*texts: str) -> list[list[Kind]]:
    return [parse_pieces(t) for t in texts]


def fixed_deals(deals: Sequence[Sequence[Sequence[Kind]] | None]) -> DealSource:
    """Deal ``deals[round_no - 1]`` (None: the seeded shuffle) for every table."""

    def source(table: Table, round_no: int) -> Sequence[Sequence[Kind]] | None:
        return deals[round_no - 1] if round_no <= len(deals) else None

    return source


@dataclass
class Rig:
    conn: aiosqlite.Connection
    store: SqliteTableStore
    clock: FakeClock
    presenter: RecordingPresenter
    settings: Timing
    service: TableService
    path: Path


async def make_rig(path: Path, *, clock: FakeClock | None = None,
                   settings: Timing | None = None, deal_source: DealSource | None = None,
                   seeds: Callable[[], int] | None = None,
                   player_factory: PlayerFactory | None = None,
                   results: ResultsRecorder | None = None) -> Rig:
    conn = await open_database(path)
    store = SqliteTableStore(conn)
    clock = clock or FakeClock()
    presenter = RecordingPresenter()
    settings = settings or Timing()
    service = TableService(store, clock, presenter, settings, player_factory,
                           results=results, seed_source=seeds or FixedSeeds(),
                           deal_source=deal_source, rng=random.Random(7))
    return Rig(conn, store, clock, presenter, settings, service, path)


def choose(table: Table, seat: int, pick: int = 0) -> Action:
    """A deterministic legal action for ``seat`` (the ``pick``-th, wrapping; prefers a play
    over a pass so rounds move on)."""
    assert table.match is not None
    legal = list(table.match.view(seat).legal)
    assert legal, f"seat {seat} has nothing to do"
    plays = [a for a in legal if not a.is_pass] or legal
    return plays[pick % len(plays)]


async def play_human_until_over(rig: Rig, table_id: int, user: UserRef,
                                max_steps: int = 5000, step_seconds: float = 2.0,
                                on_turn: Callable[[Table, int], Any] | None = None) -> Table:
    """Play ``user``'s seat with legal moves; advance the clock and tick for the CPUs,
    until the table is no longer live."""
    service, clock = rig.service, rig.clock
    for _ in range(max_steps):
        table = service.get(table_id)
        if not table.live:
            return table
        seat = table.seat_of(user.id)
        if seat is not None and seat in table.to_act() and table.seat(seat).present:
            if on_turn is not None:
                on_turn(table, seat)
            await service.act(table_id, user.id, table.version, choose(table, seat,
                                                                        table.version))
            continue
        clock.advance(step_seconds)
        await service.tick()
    raise AssertionError("the match did not end")


@pytest.fixture
async def rig(tmp_path: Path) -> AsyncIterator[Rig]:
    """A service on a fresh SQLite file, default timings, fixed seeds."""
    r = await make_rig(tmp_path / "goita.sqlite3")
    try:
        yield r
    finally:
        await r.service.stop_driver()
        await r.conn.close()


async def full_table(rig: Rig, *cpus: str, host: UserRef = ALICE, channel: int = 500,
                     target: int = 150) -> Table:
    """A lobby with ``host`` and the given CPU levels (humans: pass UserRefs via join)."""
    table = await rig.service.create_table(1, channel, host, target=target)
    for level in cpus:
        await rig.service.add_cpu(table.id, host, level)
    return table


async def started(rig: Rig, *levels: str) -> Table:
    """A table of Alice and ``levels`` CPUs, started."""
    table = await full_table(rig, *levels)
    await rig.service.start(table.id, ALICE)
    return table
