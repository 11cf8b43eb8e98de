"""kill -9 tests (issue 7): the real bot runs as a separate process
(``python -m tests.bot.restart_child``) against the fake Discord; it is killed with SIGKILL
at many points of a scripted match (right after a step is stored and before its board edit,
mid-click before the answer, while the CPUs play), started again, and the match must end
exactly as an uninterrupted run with the same seed and clicks: same log, same scores.

The human (alice) always plays the same move for the same position: the test reads the
position from the database (a read-only connection) and clicks the hand's buttons.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.app.table import Table
from goita_core.actions import PASS, Action, GoshiDecision, Play
from tests.bot.app.kit import choose
from tests.fake_discord import FakeChannel, FakeDiscord, FakeUser
from tests.pg_observe import Db, PgDb, SqliteDb, StoredLog

ROOT = Path(__file__).resolve().parents[2]
TARGET = 50
#: how the fake reports an interaction that was never answered
UNANSWERED = ("no response within", "the bot went idle without answering")
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs SIGKILL")


class ExternalBot:
    """Stands for the bot in the fake while the real one runs in another process."""

    ws = None

    async def close(self) -> None:
        return None


@dataclass
class Run:
    fake: FakeDiscord
    chan: FakeChannel
    alice: FakeUser
    db: Db
    proc: asyncio.subprocess.Process | None = None
    starts: int = 0
    kills: list[str] = field(default_factory=list)
    killed_violations: list[str] = field(default_factory=list)
    log: Any = None  # the bot processes' stderr (a file next to the database)
    #: more settings of the bot process (e.g. its shards)
    extra_env: dict[str, str] = field(default_factory=dict)
    #: what the gateway log says when this process identifies
    identify: str = "IDENTIFY"
    #: a folder of its own (the heartbeat file lives next to DATABASE_PATH)
    home: Path | None = None

    def env(self) -> dict[str, str]:
        env = dict(
            os.environ,
            FAKE_API_BASE=self.fake.api_base,
            FAKE_GATEWAY_URL=self.fake.gateway_url,
            DISCORD_TOKEN=self.fake.token,
            GOITA_TEST_SEED="4242",
            CPU_MOVE_DELAY_SECONDS="0.02",
            ROUND_PAUSE_SECONDS="0.05",
            TURN_TIMEOUT_SECONDS="600",
            TURN_WARNING_SECONDS="30",
            LOG_LEVEL="ERROR",
            PYTHONPATH=str(ROOT),
        )
        env.pop("DATABASE_URL", None)
        if self.home is not None:
            # on PostgreSQL only the heartbeat file is put here (not in the repository)
            env["DATABASE_PATH"] = str(self.home / "heartbeat.sqlite3")
        env.update(self.db.env())
        env.update(self.extra_env)
        return env

    async def start(self) -> None:
        identified = self.fake.gateway_log.count(self.identify)
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.bot.restart_child", env=self.env(), cwd=ROOT,
            stdout=asyncio.subprocess.DEVNULL, stderr=self.log)
        self.starts += 1
        await self.fake.wait_for(
            lambda: self.fake.gateway_log.count(self.identify) > identified
            and self.fake._live_session() is not None,
            timeout=30, what="the bot process to connect")
        await self.fake.wait_idle(quiet=0.1)

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    def kill(self, why: str) -> None:
        if self.alive:
            assert self.proc is not None
            self.proc.send_signal(signal.SIGKILL)
            self.kills.append(why)

    async def reap(self) -> None:
        """After a kill: wait for the process, note what Discord saw go unanswered."""
        assert self.proc is not None
        await self.proc.wait()
        assert self.proc.returncode == -signal.SIGKILL
        self.killed_violations += self.fake.take_violations()

    async def stop(self) -> None:
        if self.alive:
            assert self.proc is not None
            await stop_gently(self.proc, 10)


async def stop_gently(proc: asyncio.subprocess.Process, seconds: float) -> None:
    """SIGTERM, then SIGKILL if the process has not ended within ``seconds``."""
    proc.send_signal(signal.SIGTERM)
    try:
        await asyncio.wait_for(proc.wait(), seconds)
    except TimeoutError:
        proc.kill()
        await proc.wait()


async def make_run(fake: FakeDiscord, db: Db, log: Path,
                   response_deadline: float = 3.0) -> Run:
    guild = fake.add_guild("Noto")
    chan = guild.add_text_channel("goita")
    alice = guild.add_member(fake.add_user("alice"))
    fake._bot = ExternalBot()  # the fake only dispatches while it believes a bot runs
    fake.idle_quiet = 0.05
    # Discord's 3 s; the killed run uses less: a click on a killed bot fails only after this
    # long (the fake cannot see another process go idle)
    fake.response_deadline = response_deadline
    return Run(fake, chan, alice, db, log=open(log, "ab"), home=log.parent)


def button_ids(action: Action, tid: int, version: int) -> list[str]:
    if action is PASS:
        return [f"goita:play:{tid}:{version}:p"]
    if isinstance(action, GoshiDecision):
        return [f"goita:goshi:{tid}:{version}:{int(action.play_on)}"]
    assert isinstance(action, Play)
    f, s = int(action.first), int(action.second)
    return [f"goita:pick:{tid}:{version}:{f}", f"goita:play:{tid}:{version}:{f}{s}"]


async def human_move(run: Run, table: Table, *, kill_mid_click: bool = False) -> None:
    """alice opens her hand and plays choose(table, 0, version) by clicking. With
    ``kill_mid_click`` the bot is killed right after her last click is sent."""
    version = table.version
    action = choose(table, 0, version)
    if not run.alive:
        return
    # settle=False: the answer is enough; waiting for the bot to go quiet would wait for
    # the CPUs and the board pacing
    result = await run.alice.run(run.chan, "goita hand", settle=False)
    if result.failed:
        return
    hand = result.reply
    ids = button_ids(action, table.id, version)
    for i, custom_id in enumerate(ids):
        if not run.alive:
            return
        if custom_id not in {b.custom_id for b in hand.buttons}:
            return  # the position moved on (or the hand is not drawn yet): look again
        last = i == len(ids) - 1
        if last and kill_mid_click:
            await run.alice.click(hand, custom_id=custom_id, settle=False)
            run.kill(f"mid-click at version {version}")
            return
        click = await run.alice.click(hand, custom_id=custom_id, settle=False)
        if click.failed:
            return
        hand = click.reply if click.reply is not None else hand


async def play(run: Run, kill_versions: set[int], mid_click_turns: set[int],
               kill_after_ms: tuple[int, ...] = (), timeout: float = 180.0) -> Table:
    """Set up the table through Discord, then play to the end, killing as planned:
    right after the step of each version in ``kill_versions`` is stored (the first of
    those where a CPU moves next wait ``kill_after_ms`` first, so the kill falls while
    that CPU waits or thinks), and mid-click at alice's ``mid_click_turns``."""
    try:
        return await _play(run, kill_versions, mid_click_turns, kill_after_ms, timeout)
    finally:
        await run.stop()  # never leave a bot process behind, whatever failed
        run.log.close()


async def _play(run: Run, kill_versions: set[int], mid_click_turns: set[int],
                kill_after_ms: tuple[int, ...], timeout: float) -> Table:
    await run.start()
    await run.alice.run(run.chan, "goita new", target=TARGET)
    lobby = run.chan.last_message()
    assert lobby is not None
    tid = (await run.db.newest()).id  # type: ignore[union-attr]
    for level in ("easy", "normal", "normal"):
        await run.alice.click(lobby, custom_id=f"goita:cpu:{tid}:0:{level}")
    await run.alice.click(lobby, custom_id=f"goita:start:{tid}:0:-")

    pending = sorted(kill_versions)
    delays = list(kill_after_ms)

    async def killer() -> None:
        # a tight poll of the database: SIGKILL right after the step is committed, which is
        # before the bot edits the board for it (and, for a click, before it answers)
        while pending:
            newest = await run.db.newest_version()
            table = None if newest is None or newest < pending[0] else await run.db.newest()
            if table is not None and table.version >= pending[0]:
                planned = pending.pop(0)
                delay = delays.pop(0) if delays and 0 not in table.to_act() else 0
                if delay:
                    await asyncio.sleep(delay / 1000)
                run.kill(f"stored version {table.version} (planned {planned}) + {delay} ms")
                while pending and pending[0] <= table.version:
                    pending.pop(0)
            await asyncio.sleep(0.0005)

    watcher = asyncio.create_task(killer())
    turns: list[int] = []  # versions at which alice had to act, in order
    mid_click_done: set[int] = set()
    end = time.monotonic() + timeout
    try:
        while True:
            assert time.monotonic() < end, f"no end after {timeout} s; kills {run.kills}"
            if not run.alive:
                await run.reap()
                await run.start()
                continue
            table = await run.db.newest()
            assert table is not None
            if table.status == "finished" and await run.db.recorded() != 0:
                break  # (-1: no results table in this build)
            if table.status == "finished":
                await asyncio.sleep(0.01)  # the result is being recorded
                continue
            assert table.live, table.close_reason
            if 0 in table.to_act():
                if table.version not in turns:
                    turns.append(table.version)
                turn = len(turns)
                kill = turn in mid_click_turns and turn not in mid_click_done
                kills_before = len(run.kills)
                await human_move(run, table, kill_mid_click=kill)
                if kill and len(run.kills) > kills_before:
                    mid_click_done.add(turn)
            else:
                await asyncio.sleep(0.01)

        final = await run.db.newest()
        assert final is not None
        board, final_id = final.board_message_id, final.id

        def board_shows_the_end() -> bool:
            msg = run.fake.messages.get(board or 0)
            return msg is not None and any(
                (b.custom_id or "").startswith(f"goita:rematch:{final_id}:")
                for b in msg.buttons)

        # the last board edit comes after the last store (and may be paced): wait for it
        await run.fake.wait_for(board_shows_the_end, timeout=15, what="the final board")
    finally:
        watcher.cancel()
        await run.stop()
    final = await run.db.newest()
    assert final is not None
    return final


@dataclass
class Result:
    scores: list[int]
    winner: int | None
    log: StoredLog
    recorded: int


async def result_of(db: Db, table: Table) -> Result:
    assert table.match is not None
    return Result(list(table.match.scores), table.match.winner, await db.stored_log(),
                  await db.recorded())


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Table, Result]]:
    """The match without kills (on SQLite: the game does not depend on the store)."""
    folder = tmp_path_factory.mktemp("ref")

    async def run_reference() -> tuple[Table, Result]:
        fake = FakeDiscord()
        await fake.start()
        db = SqliteDb(folder / "ref.sqlite3")
        try:
            ref_run = await make_run(fake, db, folder / "ref.log")
            table = await play(ref_run, set(), set())
            result = await result_of(db, table)
            assert fake.take_violations() == []  # without kills, every click is answered
        finally:
            await fake.close()
        return table, result

    yield asyncio.run(run_reference())


@pytest.fixture(params=["sqlite", "postgresql"])
async def killed_db(request: pytest.FixtureRequest, tmp_path: Path) -> Any:
    db: Db = SqliteDb(tmp_path / "killed.sqlite3") if request.param == "sqlite" else \
        PgDb(request.getfixturevalue("pg_url"))
    try:
        yield db
    finally:
        await db.close()


async def test_kill_9_at_many_points_same_result(
        tmp_path: Path, reference: tuple[Table, Result], killed_db: Db) -> None:
    reference_table, ref = reference
    assert ref.winner is not None and max(ref.scores) >= TARGET
    steps = reference_table.version
    assert steps > 20

    fake = FakeDiscord()
    await fake.start()
    try:
        run = await make_run(fake, killed_db, tmp_path / "killed.log", response_deadline=2.0)
        kill_at = {max(2, round(steps * f)) for f in (0.05, 0.2, 0.21, 0.45, 0.7, 0.9)}
        # the first kills fall during the CPU delay (20 ms) or the thinking after it
        final = await play(run, kill_at, mid_click_turns={2, 5}, kill_after_ms=(10, 25))
        got = await result_of(run.db, final)
        assert len(run.kills) >= 5, run.kills
        assert any(k.startswith("mid-click") for k in run.kills), run.kills
        assert got.log == ref.log
        assert got.scores == ref.scores and got.winner == ref.winner
        if ref.recorded >= 0:
            assert got.recorded == ref.recorded == 1  # counted once, despite the kills
        # the board still exists and shows the end of the match after all the restarts
        board_id = final.board_message_id
        assert board_id is not None and not fake.messages[board_id].deleted
        board = fake.messages[board_id]
        assert all(str(score) in board.text() for score in got.scores)
        assert any((b.custom_id or "").startswith(f"goita:rematch:{final.id}:")
                   for b in board.buttons)
        # what a user may see of a kill: a click that got no answer (Discord's "This
        # interaction failed"), nothing else; the fake, which cannot see into the process,
        # says either that no answer came in time or that the (new) bot went idle without
        # one: the click had gone to the killed process
        seen = run.killed_violations + fake.take_violations()
        assert all(any(u in v for u in UNANSWERED) for v in seen), seen
        assert len(seen) <= 2 * len(run.kills), (seen, run.kills)
    finally:
        await fake.close()
