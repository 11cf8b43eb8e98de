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
import json
import os
import signal
import sqlite3
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.app.table import Table
from goita_core.actions import PASS, Action, GoshiDecision, Play, action_from_json
from goita_core.match import Match
from tests.bot.app.kit import choose
from tests.fake_discord import FakeChannel, FakeDiscord, FakeUser

ROOT = Path(__file__).resolve().parents[2]
TARGET = 50
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs SIGKILL")


class ExternalBot:
    """Stands for the bot in the fake while the real one runs in another process."""

    ws = None

    async def close(self) -> None:
        return None


def observe(db: Path) -> Table | None:
    """The newest table, rebuilt from the database exactly as the bot restores it."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5) as conn:
        row = conn.execute("SELECT id, snapshot FROM game_tables ORDER BY id DESC LIMIT 1"
                           ).fetchone()
        if row is None:
            return None
        table = Table.from_json(json.loads(row[1]))
        entries = conn.execute(
            "SELECT seq, kind, seat, action, hands FROM table_actions WHERE table_id = ? "
            "AND match_no = ? ORDER BY seq", (table.id, table.match_no)).fetchall()
    if table.match_no == 0:
        return table
    match = Match(table.rules, seed=table.seed, first_dealer=table.first_dealer, deal=False)
    for seq, kind, seat, action, hands in entries:
        if seq > table.version:
            break  # a step stored after the snapshot we read (both are read in one go)
        if kind == "deal":
            match.next_round(None if hands is None else json.loads(hands))
        else:
            match.apply(seat, action_from_json(json.loads(action)))
    table.match = match
    return table


def stored_log(db: Path) -> list[tuple[int, str, int | None, str | None]]:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5) as conn:
        return [tuple(r) for r in conn.execute(
            "SELECT seq, kind, seat, action FROM table_actions ORDER BY table_id, seq")]


@dataclass
class Run:
    fake: FakeDiscord
    chan: FakeChannel
    alice: FakeUser
    db: Path
    proc: asyncio.subprocess.Process | None = None
    starts: int = 0
    kills: list[str] = field(default_factory=list)
    killed_violations: list[str] = field(default_factory=list)
    log: Any = None  # the bot processes' stderr (a file next to the database)

    def env(self) -> dict[str, str]:
        return dict(
            os.environ,
            FAKE_API_BASE=self.fake.api_base,
            FAKE_GATEWAY_URL=self.fake.gateway_url,
            DISCORD_TOKEN=self.fake.token,
            DATABASE_PATH=str(self.db),
            GOITA_TEST_SEED="4242",
            CPU_MOVE_DELAY_SECONDS="0.02",
            ROUND_PAUSE_SECONDS="0.05",
            TURN_TIMEOUT_SECONDS="600",
            TURN_WARNING_SECONDS="30",
            LOG_LEVEL="ERROR",
            PYTHONPATH=str(ROOT),
        )

    async def start(self) -> None:
        identified = self.fake.gateway_log.count("IDENTIFY")
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.bot.restart_child", env=self.env(), cwd=ROOT,
            stdout=asyncio.subprocess.DEVNULL, stderr=self.log)
        self.starts += 1
        await self.fake.wait_for(
            lambda: self.fake.gateway_log.count("IDENTIFY") > identified
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
            self.proc.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.proc.wait(), 10)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()


async def make_run(fake: FakeDiscord, db: Path, response_deadline: float = 3.0) -> Run:
    guild = fake.add_guild("Noto")
    chan = guild.add_text_channel("goita")
    alice = guild.add_member(fake.add_user("alice"))
    fake._bot = ExternalBot()  # the fake only dispatches while it believes a bot runs
    fake.idle_quiet = 0.05
    # Discord's 3 s; the killed run uses less: a click on a killed bot fails only after this
    # long (the fake cannot see another process go idle)
    fake.response_deadline = response_deadline
    return Run(fake, chan, alice, db, log=open(db.with_suffix(".log"), "ab"))


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
               kill_after_ms: tuple[int, ...] = (), timeout: float = 90.0) -> Table:
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
    tid = observe(run.db).id  # type: ignore[union-attr]
    for level in ("easy", "normal", "normal"):
        await run.alice.click(lobby, custom_id=f"goita:cpu:{tid}:0:{level}")
    await run.alice.click(lobby, custom_id=f"goita:start:{tid}:0:-")

    pending = sorted(kill_versions)
    delays = list(kill_after_ms)

    async def killer() -> None:
        # a tight poll of the database: SIGKILL right after the step is committed, which is
        # before the bot edits the board for it (and, for a click, before it answers)
        while pending:
            table = observe(run.db)
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
            table = observe(run.db)
            assert table is not None
            if table.status == "finished" and recorded(run.db) != 0:
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

        def board_shows_the_end() -> bool:
            table = observe(run.db)
            msg = None if table is None else run.fake.messages.get(table.board_message_id or 0)
            return msg is not None and any(
                (b.custom_id or "").startswith(f"goita:rematch:{table.id}:")  # type: ignore[union-attr]
                for b in msg.buttons)

        # the last board edit comes after the last store (and may be paced): wait for it
        await run.fake.wait_for(board_shows_the_end, timeout=15, what="the final board")
    finally:
        watcher.cancel()
        await run.stop()
    final = observe(run.db)
    assert final is not None
    return final


def recorded(db: Path) -> int:
    """Finished matches in the results store (-1 if this build has no results table)."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5) as conn:
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
        if "results_match" not in names:
            return -1
        return int(conn.execute("SELECT COUNT(*) FROM results_match").fetchone()[0])


@dataclass
class Result:
    scores: list[int]
    winner: int | None
    log: list[Any]
    recorded: int


def result_of(db: Path, table: Table) -> Result:
    assert table.match is not None
    return Result(list(table.match.scores), table.match.winner, stored_log(db), recorded(db))


async def test_kill_9_at_many_points_same_result(tmp_path: Path) -> None:
    fake = FakeDiscord()
    await fake.start()
    try:
        ref_run = await make_run(fake, tmp_path / "ref.sqlite3")
        reference = await play(ref_run, set(), set())
        ref = result_of(ref_run.db, reference)
        assert fake.take_violations() == []  # without kills, every click is answered
    finally:
        await fake.close()
    assert ref.winner is not None and max(ref.scores) >= TARGET
    steps = reference.version
    assert steps > 20

    fake = FakeDiscord()
    await fake.start()
    try:
        run = await make_run(fake, tmp_path / "killed.sqlite3", response_deadline=2.0)
        kill_at = {max(2, round(steps * f)) for f in (0.05, 0.2, 0.21, 0.45, 0.7, 0.9)}
        # the first kills fall during the CPU delay (20 ms) or the thinking after it
        final = await play(run, kill_at, mid_click_turns={2, 5}, kill_after_ms=(10, 25))
        got = result_of(run.db, final)
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
        # what a user may see of a kill: a click that got no answer, nothing else
        seen = run.killed_violations + fake.take_violations()
        assert all("no response" in v for v in seen), seen
    finally:
        await fake.close()
