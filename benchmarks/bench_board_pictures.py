"""The bot's extra CPU for board and hand pictures (prints figures; no assertions).

    .venv/bin/python -m benchmarks.bench_board_pictures [--matches N] [--cpu LEVEL]
        [--workers N]

The table-service benchmark's matches (one human answering at once, three CPUs; every
step validated, applied, committed to SQLite and presented), presented by the real
``DiscordPresenter`` on a stub client that takes the edits (and reads the files, as an
upload would): the board is edited after every step and the human's hand is open. The
same matches (fixed seeds) are played with the table's ``board_pictures`` off, then on.

- CPU per move: process CPU time (every thread: the picture thread too) per committed step;
  with ``--workers N`` the pictures are drawn in N processes (``pictures.start``), and
  their CPU is given apart (read from /proc).
- scene per board: building the picture's scene on the event loop (what stays on it),
  as the loop thread's CPU time.
- render per board on a cache miss: every board scene of the matches drawn again with an
  empty cache, timed as the drawing thread's CPU time; and the PNG sizes.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord

from bot.app.table import Table, TableSettings
from bot.discord.presenter import DiscordPresenter, pictures
from bot.pictures import BoardScene
from bot.pictures.board import render_board
from tests.bot.app.kit import ALICE, Timing, choose, full_table, make_rig


@dataclass
class Sink:
    """Where the stub client's messages go: counts of edits and the bytes uploaded."""

    edits: int = 0
    hand_edits: int = 0
    png_bytes: list[int] = field(default_factory=list)

    def take(self, files: Any) -> None:
        for f in files if isinstance(files, list) else ():
            if isinstance(f, discord.File):
                self.png_bytes.append(len(f.fp.read()))


class StubMessage:
    def __init__(self, sink: Sink, message_id: int) -> None:
        self.sink, self.id = sink, message_id

    async def edit(self, **kwargs: Any) -> None:
        self.sink.edits += 1
        self.sink.take(kwargs.get("attachments"))

    async def delete(self) -> None:
        return None


class StubChannel:
    def __init__(self, sink: Sink) -> None:
        self.sink = sink

    def get_partial_message(self, message_id: int) -> StubMessage:
        return StubMessage(self.sink, message_id)

    async def send(self, *args: Any, **kwargs: Any) -> StubMessage:
        self.sink.edits += 1
        self.sink.take(kwargs.get("files"))
        return StubMessage(self.sink, 1)


class StubClient:
    def __init__(self, sink: Sink) -> None:
        self.channel = StubChannel(sink)
        self.user, self.application_id = None, 1

    def get_guild(self, guild_id: int) -> Any:
        return SimpleNamespace(preferred_locale="en-US")

    def get_partial_messageable(self, channel_id: int, guild_id: int | None = None) -> Any:
        return self.channel

    async def wait_until_ready(self) -> None:
        return None


class StubInteraction:
    """The human's last hand click: the presenter edits the hand through it."""

    def __init__(self, sink: Sink) -> None:
        self.sink = sink
        self.locale = "en-US"
        self.user = SimpleNamespace(id=ALICE.id)
        self.message = None  # My hand: answered with a new message
        self.application_id, self.token = 1, "stub"

    async def edit_original_response(self, **kwargs: Any) -> None:
        self.sink.hand_edits += 1
        self.sink.take(kwargs.get("attachments"))


@dataclass
class Run:
    steps: int = 0
    cpu_s: float = 0.0
    scene_s: list[float] = field(default_factory=list)
    scenes: list[BoardScene] = field(default_factory=list)
    sink: Sink = field(default_factory=Sink)
    workers_cpu_s: float = 0.0


def workers_cpu() -> float:
    """CPU seconds used so far by the live picture workers (user + system, from /proc)."""
    total = 0
    for pid in pictures.worker_pids():
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


async def play(path: Path, matches: int, level: str, on: bool) -> Run:
    run = Run()
    timing = Timing(cpu_move_delay_seconds=1.5)
    rig = await make_rig(path, settings=timing)
    presenter = DiscordPresenter(StubClient(run.sink), rig.clock, timing)  # type: ignore[arg-type]
    rig.service.presenter = presenter
    hand = StubInteraction(run.sink)
    scene_of = presenter.board.scene_of

    def timed_scene(table: Table) -> BoardScene | None:
        started = time.thread_time()
        scene = scene_of(table)
        run.scene_s.append(time.thread_time() - started)
        if scene is not None:
            run.scenes.append(scene)
        return scene

    presenter.board.scene_of = timed_scene
    started, workers_started = time.process_time(), workers_cpu()
    for i in range(matches):
        table = await full_table(rig, level, level, level, channel=1000 + i)
        table.settings = TableSettings(60.0, 15.0, 1.5, 4.0, board_pictures=on)
        await rig.service.start(table.id, ALICE)
        await presenter.flush()
        presenter.remember_hand(hand, table)  # type: ignore[arg-type]
        while table.live:
            seat = table.seat_of(ALICE.id)
            if seat is not None and seat in table.to_act():
                await rig.service.act(table.id, ALICE.id, table.version,
                                      choose(table, seat, table.version))
            else:
                rig.clock.advance(2.0)
                await rig.service.tick()
            await presenter.flush()  # every step presented: no coalescing, the worst case
        run.steps += table.version
    run.cpu_s = time.process_time() - started
    run.workers_cpu_s = workers_cpu() - workers_started
    await presenter.close()
    await rig.conn.close()
    return run


def renders(scenes: list[BoardScene]) -> tuple[list[float], list[int]]:
    """Each distinct scene drawn on an empty cache: thread CPU seconds and PNG bytes."""
    times, sizes = [], []
    for scene in dict.fromkeys(scenes):
        render_board.cache_clear()
        started = time.thread_time()
        png = render_board(scene)
        times.append(time.thread_time() - started)
        sizes.append(len(png))
    return times, sizes


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--matches", type=int, default=4)
    parser.add_argument("--cpu", default="normal", help="the three CPUs' level")
    parser.add_argument("--workers", type=int, default=0,
                        help="picture worker processes (0: the bot's picture thread)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        off = await play(Path(tmp) / "off.sqlite3", args.matches, args.cpu, on=False)
        render_board.cache_clear()
        await pictures.start(args.workers)  # returns once the workers have warmed up
        on = await play(Path(tmp) / "on.sqlite3", args.matches, args.cpu, on=True)
    per_off = off.cpu_s / off.steps * 1000
    per_on = on.cpu_s / on.steps * 1000
    print(f"{args.matches} matches, CPUs {args.cpu}: {on.steps} steps, board edits "
          f"off {off.sink.edits} / on {on.sink.edits}, hand edits off {off.sink.hand_edits} / "
          f"on {on.sink.hand_edits}")
    print(f"CPU per move: pictures off {per_off:.2f} ms, on {per_on:.2f} ms "
          f"(+{per_on - per_off:.2f} ms)")
    if args.workers:
        print(f"picture workers ({args.workers}): "
              f"{on.workers_cpu_s / on.steps * 1000:.2f} ms CPU per move")
    scene_us = [s * 1e6 for s in on.scene_s]
    print(f"scene per board (event loop): p50 {pct(scene_us, 0.5):.0f} us, "
          f"p99 {pct(scene_us, 0.99):.0f} us")
    times, sizes = renders(on.scenes)
    ms = [t * 1000 for t in times]
    print(f"render per board, cache miss ({len(ms)} positions): p50 {pct(ms, 0.5):.1f} ms, "
          f"p99 {pct(ms, 0.99):.1f} ms; PNG median {statistics.median(sizes) / 1024:.1f} KB, "
          f"max {max(sizes) / 1024:.1f} KB")
    print(f"uploaded with pictures on: {len(on.sink.png_bytes)} files, "
          f"{sum(on.sink.png_bytes) / 1024 / on.steps:.1f} KB per move; picture failures: "
          f"{dict(pictures.failures) or 'none'}")

if __name__ == "__main__":
    asyncio.run(main())
