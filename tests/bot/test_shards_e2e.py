"""Two bot processes, shards 0 and 1 of 2, on one PostgreSQL, against the fake Discord.

Each process is the production bot (``python -m tests.bot.restart_child``: ``bot.__main__``
pointed at the fake, fixed match seeds) with ``DATABASE_URL``, ``SHARD_COUNT=2`` and its own
``SHARD_IDS``. Tables in servers of both shards play to the end at the same time; the
process of shard 0 is killed with SIGKILL mid-move (twice) and started again, and resumes
its tables exactly while shard 1's tables keep moving. The seeds make the test its own
reference: each process numbers its matches from the same seed, so the table of shard 0
(killed) and its twin of shard 1 (never killed) must store the very same log, scores and
winner. Then each server's leaderboard, stats and history are asked for through Discord,
answered by the process of its shard from the shared database.

A process configured with a shard another running process holds stops before it connects
to the gateway, naming the busy shard and its holder, and the first process's tables play
on untouched.

The human of each table never moves: their turn times out once (TURN_TIMEOUT_SECONDS=1) and
from then on a CPU plays their seat ("away"), so every table plays to its end by itself
with moves that depend only on the position.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bot.storage.postgres import shard_of
from tests.bot.test_restart_kill import ROOT, UNANSWERED, ExternalBot, stop_gently
from tests.fake_discord import FakeChannel, FakeDiscord, FakeUser
from tests.pg_observe import PgDb

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs SIGKILL")

TARGET = 50
SEED = "4242"


@dataclass
class Server:
    """One Discord server with one table, and its one human player."""

    name: str
    shard: int
    chan: FakeChannel
    human: FakeUser
    guild_id: int
    table_id: int = 0


@dataclass
class Cluster:
    """One bot process running some shards of 2."""

    fake: FakeDiscord
    db: PgDb
    shard_ids: str
    home: Path
    env_extra: dict[str, str] = field(default_factory=dict)
    proc: asyncio.subprocess.Process | None = None
    kills: int = 0

    def env(self) -> dict[str, str]:
        env = dict(
            os.environ,
            FAKE_API_BASE=self.fake.api_base,
            FAKE_GATEWAY_URL=self.fake.gateway_url,
            DISCORD_TOKEN=self.fake.token,
            DATABASE_URL=self.db.url,
            # only the heartbeat file goes here
            DATABASE_PATH=str(self.home / "heartbeat.sqlite3"),
            SHARD_COUNT="2",
            SHARD_IDS=self.shard_ids,
            GOITA_TEST_SEED=SEED,
            CPU_MOVE_DELAY_SECONDS="0.03",
            ROUND_PAUSE_SECONDS="0.05",
            TURN_TIMEOUT_SECONDS="1",
            TURN_WARNING_SECONDS="0.5",
            LOG_LEVEL="WARNING",
            PYTHONPATH=str(ROOT),
        )
        env.update(self.env_extra)
        return env

    @property
    def identify(self) -> str:
        return f"IDENTIFY shard [{self.shard_ids}, 2]"

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    async def spawn(self) -> asyncio.subprocess.Process:
        self.home.mkdir(parents=True, exist_ok=True)
        with open(self.home / "bot.log", "ab") as log:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "tests.bot.restart_child", env=self.env(), cwd=ROOT,
                stdout=asyncio.subprocess.DEVNULL, stderr=log)
        return self.proc

    async def start(self) -> None:
        """Start the process and wait until its shard is connected."""
        identified = self.fake.gateway_log.count(self.identify)
        await self.spawn()
        await self.fake.wait_for(
            lambda: self.fake.gateway_log.count(self.identify) > identified
            and self.fake._live_conn(shard_id=int(self.shard_ids)) is not None,
            timeout=60, what=f"the process of shard {self.shard_ids} to connect")
        await self.fake.wait_idle(quiet=0.1)

    async def kill(self) -> None:
        assert self.proc is not None and self.alive
        self.proc.send_signal(signal.SIGKILL)
        await self.proc.wait()
        assert self.proc.returncode == -signal.SIGKILL
        self.kills += 1

    async def stop(self) -> None:
        if self.alive:
            assert self.proc is not None
            await stop_gently(self.proc, 15)

    def log_text(self) -> str:
        path = self.home / "bot.log"
        return path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""


@pytest.fixture
async def world(pg_url: str) -> AsyncIterator[tuple[FakeDiscord, PgDb]]:
    fake = FakeDiscord()
    await fake.start()
    fake._bot = ExternalBot()  # the fake dispatches while it believes a bot runs
    fake.idle_quiet = 0.05
    # slower than Discord's 3 s: two bot processes and the CPUs share the test machine
    fake.response_deadline = 6.0
    db = PgDb(pg_url)
    try:
        yield fake, db
    finally:
        await db.close()
        await fake.close()


def add_server(fake: FakeDiscord, name: str, shard: int) -> Server:
    guild = fake.add_guild(name, shard=(shard, 2))
    assert shard_of(guild.id, 2) == shard
    human = guild.add_member(fake.add_user(f"{name}-player"))
    return Server(name, shard, guild.add_text_channel("goita"), human, guild.id)


async def open_table(fake: FakeDiscord, db: PgDb, server: Server) -> None:
    """/goita new, three CPUs, Start: all through Discord, answered by the shard's process."""
    result = await server.human.run(server.chan, "goita new", target=TARGET, settle=False)
    assert not result.failed, result.failed
    # the command is acknowledged before the table is stored and its lobby posted
    pool = await db.pool()
    row = None
    for _ in range(300):
        row = await pool.fetchrow("SELECT id, board_message_id FROM game_tables "
                                  "WHERE channel_id = $1", server.chan.id)
        if row is not None and row["board_message_id"] is not None:
            break
        await asyncio.sleep(0.05)
    assert row is not None and row["board_message_id"] is not None, "no lobby after 15 s"
    table_id = server.table_id = int(row["id"])
    lobby = fake.messages[int(row["board_message_id"])]
    for level in ("easy", "normal", "normal"):
        click = await server.human.click(lobby, custom_id=f"goita:cpu:{table_id}:0:{level}",
                                         settle=False)
        assert not click.failed, click.failed
    start_id = f"goita:start:{table_id}:0:-"

    def can_start() -> bool:
        board = fake.messages[lobby.id]
        return any(b.custom_id == start_id and not b.disabled for b in board.buttons)

    # the lobby's board shows the last seat taken (the other tables keep it busy meanwhile)
    await fake.wait_for(can_start, timeout=15, what="the Start button")
    start = await server.human.click(lobby, custom_id=start_id, settle=False)
    assert not start.failed, start.failed


async def state(db: PgDb, server: Server) -> tuple[str, int]:
    """The table's status and version (from its row alone: cheap enough to poll)."""
    pool = await db.pool()
    row = await pool.fetchrow("SELECT status, (snapshot::json ->> 'version')::int AS v "
                              "FROM game_tables WHERE id = $1", server.table_id)
    assert row is not None
    return str(row["status"]), int(row["v"])


async def version(db: PgDb, server: Server) -> int:
    return (await state(db, server))[1]


async def all_finished(db: PgDb, servers: list[Server]) -> bool:
    for server in servers:
        table = await db.table(server.table_id)
        assert table is not None and table.status != "cancelled", table and table.close_reason
        if table.status != "finished" or await db.recorded(server.guild_id) != 1:
            return False
    return True


async def test_two_processes_play_both_shards_and_a_killed_one_resumes_exactly(
        world: tuple[FakeDiscord, PgDb], tmp_path: Path) -> None:
    fake, db = world
    shard0 = [add_server(fake, "noto", 0), add_server(fake, "kaga", 0)]
    shard1 = [add_server(fake, "suzu", 1), add_server(fake, "wajima", 1)]
    # shard 1's CPUs take their time, so its tables are still playing while shard 0's
    # process is down (the pace does not change a move)
    clusters = [Cluster(fake, db, "0", tmp_path / "cluster0"),
                Cluster(fake, db, "1", tmp_path / "cluster1",
                        env_extra={"CPU_MOVE_DELAY_SECONDS": "0.15"})]
    try:
        for cluster in clusters:
            await cluster.start()
        assert fake.gateway_log.count("IDENTIFY shard [0, 2]") == 1
        assert fake.gateway_log.count("IDENTIFY shard [1, 2]") == 1
        # the same order in both processes: twin tables get the same seeds
        for a, b in zip(shard0, shard1, strict=True):
            await open_table(fake, db, a)
            await open_table(fake, db, b)

        # kill shard 0's process mid-move, twice: right after a step of its first table
        # is stored, while the next CPU waits its delay; start it again at once
        moved_while_down: list[tuple[int, float]] = []
        kills = (10, 30)
        for goal in kills:
            give_up = time.monotonic() + 60
            while (now := await state(db, shard0[0]))[1] < goal:
                assert now[0] == "playing" and time.monotonic() < give_up, (goal, now)
                await asyncio.sleep(0.001)
            await asyncio.sleep(0.01)
            await clusters[0].kill()
            before = [await version(db, s) for s in shard1]
            playing = not await all_finished(db, shard1)
            down_at = time.monotonic()
            await clusters[0].start()
            down_for = time.monotonic() - down_at
            after = [await version(db, s) for s in shard1]
            if playing:
                moved_while_down.append((sum(after) - sum(before), round(down_for, 1)))
        # the other process's tables never waited for this one
        assert moved_while_down and all(moved > 0 for moved, _ in moved_while_down), \
            moved_while_down

        loop_end = time.monotonic() + 240
        while not await all_finished(db, shard0 + shard1):
            assert time.monotonic() < loop_end, "the tables did not finish"
            await asyncio.sleep(0.1)

        # the killed process's tables ended exactly as their never-killed twins
        for killed, twin in zip(shard0, shard1, strict=True):
            got, ref = await db.table(killed.table_id), await db.table(twin.table_id)
            assert got is not None and ref is not None
            assert got.match is not None and ref.match is not None
            assert await db.stored_log(killed.table_id) == await db.stored_log(twin.table_id)
            assert got.match.scores == ref.match.scores and got.match.winner == ref.match.winner
            assert max(got.match.scores) >= TARGET
            assert got.version == ref.version

        # each server's own numbers, from the process of its shard
        pool = await db.pool()
        for server in shard0 + shard1:
            row = await pool.fetchrow(
                "SELECT m.id, s.won FROM results_match m JOIN results_seat s "
                "ON s.match_id = m.id AND s.seat = 0 WHERE m.guild_id = $1", server.guild_id)
            assert row is not None
            match_id, won = int(row["id"]), int(row["won"])
            name = server.human.name
            board = (await server.human.run(server.chan, "goita leaderboard")).reply
            lines = [ln for ln in board.text().splitlines() if ln.startswith("**")]
            assert len(lines) == 1 and f" {name} —" in lines[0], board.text()
            assert f"{won} won / 1 played" in lines[0]
            stats = (await server.human.run(server.chan, "goita stats")).reply
            assert name in stats.text() and f"{won} won of 1" in stats.text()
            history = (await server.human.run(server.chan, "goita history")).reply
            assert history.ephemeral_for == server.human.id
            assert f"#{match_id}" in history.text() and "1 in all" in history.text()
            # nobody else's matches on this server's board
            for other in shard0 + shard1:
                if other is not server:
                    assert other.human.name not in board.text()

        # the boards of the killed process's tables show the end after the restarts
        for server in shard0:
            table = await db.table(server.table_id)
            assert table is not None and table.board_message_id is not None
            board_msg = fake.messages[table.board_message_id]
            await fake.wait_for(lambda m=board_msg, t=table: any(  # type: ignore[misc]
                (b.custom_id or "").startswith(f"goita:rematch:{t.id}:") for b in m.buttons),
                timeout=15, what=f"the final board of {server.name} (table {table.id}, "
                f"version {table.version}; the kills came at versions {kills} of "
                f"{shard0[0].name}; its buttons: {[b.custom_id for b in board_msg.buttons]})")
    finally:
        for cluster in clusters:
            await cluster.stop()
    # a click may have gone to the killed process, unanswered; nothing else went wrong
    seen = fake.take_violations()
    assert all(any(u in v for u in UNANSWERED) for v in seen), seen
    assert "Traceback" not in clusters[1].log_text()
    # a clean stop gives the leases up
    assert await (await db.pool()).fetchval("SELECT count(*) FROM shard_leases") == 0


async def test_a_process_with_an_overlapping_shard_does_not_drive_the_tables(
        world: tuple[FakeDiscord, PgDb], tmp_path: Path) -> None:
    fake, db = world
    server = add_server(fake, "noto", 0)
    first = Cluster(fake, db, "0", tmp_path / "first")
    # shards 0 and 1 of 2: shard 0 is the first process's (shard 1 is free)
    second = Cluster(fake, db, "0,1", tmp_path / "second",
                     env_extra={"SHARD_LEASE_SECONDS": "1"})
    try:
        await first.start()
        await open_table(fake, db, server)
        while await version(db, server) < 5:
            await asyncio.sleep(0.01)
        moved_from = await version(db, server)
        identifies = len([e for e in fake.gateway_log if e.startswith("IDENTIFY")])
        proc = await second.spawn()
        assert await asyncio.wait_for(proc.wait(), 60) == 4
        error = second.log_text()
        assert "The Goita bot cannot start: shards 0 (" in error
        assert first.proc is not None and f":{first.proc.pid}:" in error  # who holds it
        assert "Traceback" not in error
        # it never connected to the gateway, and gave back the shard it could take
        assert len([e for e in fake.gateway_log if e.startswith("IDENTIFY")]) == identifies
        pool = await db.pool()
        leases = await pool.fetch("SELECT shard_count, shard_id FROM shard_leases")
        assert [(r["shard_count"], r["shard_id"]) for r in leases] == [(2, 0)]
        # the first process drove its table all along, and still does
        assert await version(db, server) > moved_from
        end = time.monotonic() + 120
        while not await all_finished(db, [server]):
            assert time.monotonic() < end, "the table did not finish"
            await asyncio.sleep(0.1)
    finally:
        await second.stop()
        await first.stop()
    assert fake.take_violations() == []
