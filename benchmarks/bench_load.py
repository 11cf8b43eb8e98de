"""Load: the real bot (one process, one core) against the project's fake Discord (this
process, the other core), many live tables of four human players clicking at a Poisson rate.

    .venv/bin/python -m benchmarks.bench_load --tables 500 --rate 150 --minutes 10
    .venv/bin/python -m benchmarks.bench_load --tables 500 --sweep 50,100,150,200 --minutes 1

Each move is what a player does: My hand on the board, then the piece (and the attack) in
the hand; a player who clicks My hand out of turn gets their hand too (that click counts).
Prints, per minute and for the whole run: acknowledgement latency p50 / p99 / max (real time
from INTERACTION_CREATE to the bot's first answer, as the fake measures it), answers after
Discord's 3 s, the bot process's CPU per click and its RSS. No assertions: figures only.

The bot is ``tests.bot.restart_child`` (the production ``bot.__main__`` pointed at the fake),
pinned to one core with ``sched_setaffinity``; the fake and the players run here on another.
Also printed: REST calls per click and the fake's own CPU (when it nears a core, the figures
measure the fake, not the bot), and why clicks failed. ``--profile FILE`` runs the bot under
cProfile (``python -m pstats FILE``). docs/PERFORMANCE.md has the figures and how to read them.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.bot.restart_child import on_gc_pause
from tests.fake_discord import FakeChannel, FakeDiscord, FakeMessage, FakeUser

ROOT = Path(__file__).resolve().parents[1]
TICK = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")
LATE = 3.0
TURN_MARK = "▶ "


def parse_id(custom_id: str | None) -> tuple[str, int, int, str] | None:
    parts = (custom_id or "").split(":")
    if len(parts) != 5 or parts[0] != "goita":
        return None
    return parts[1], int(parts[2]), int(parts[3]), parts[4]


def enabled(msg: FakeMessage) -> list[tuple[str, str]]:
    """(action, custom_id) of the message's enabled bot buttons."""
    out = []
    for button in msg.buttons:
        parsed = parse_id(button.custom_id)
        if parsed is not None and not button.disabled:
            out.append((parsed[0], button.custom_id or ""))
    return out


@dataclass
class Sample:
    at: float
    latency: float | None  # None: never answered (the interaction failed)
    late: bool
    kind: str = "?"


@dataclass
class Stats:
    samples: list[Sample] = field(default_factory=list)
    errors: int = 0
    #: clicks by button kind (hand, pick, play, goshi, rematch)
    kinds: dict[str, int] = field(default_factory=dict)
    #: why interactions failed, as the fake says (the user saw "This interaction failed")
    failures: dict[str, int] = field(default_factory=dict)

    def add(self, inter: Any) -> None:
        latency = inter.responded_after
        late = inter.failed is not None or latency is None or latency > LATE
        if inter.failed is not None:
            kind = (parse_id(inter.data.get("custom_id")) or ("?",))[0]
            why = f"{kind}: {str(inter.failed)[:60]}"
            self.failures[why] = self.failures.get(why, 0) + 1
        kind = (parse_id(inter.data.get("custom_id")) or ("?",))[0]
        self.samples.append(Sample(time.monotonic(), latency, late, kind))
        self.kinds[kind] = self.kinds.get(kind, 0) + 1

    def by_kind(self) -> str:
        """Answer latency p50 / p99 per kind of click."""
        out = []
        for kind in sorted(self.kinds):
            ms = sorted(1000 * s.latency for s in self.samples
                        if s.kind == kind and s.latency is not None)
            if ms:
                out.append(f"{kind} {ms[len(ms) // 2]:.0f} / "
                           f"{ms[min(len(ms) - 1, int(0.99 * len(ms)))]:.0f} ms")
        return ", ".join(out)

    def slowest(self, n: int) -> str:
        """The n slowest answers: kind, ms and seconds since the first click."""
        if not self.samples:
            return ""
        t0 = self.samples[0].at
        worst = sorted((s for s in self.samples if s.latency is not None),
                       key=lambda s: -(s.latency or 0.0))[:n]
        return ", ".join(f"{s.kind} {1000 * (s.latency or 0.0):.0f} ms at {s.at - t0:.1f} s"
                         for s in worst)


@dataclass
class TableRun:
    channel: FakeChannel
    users: list[FakeUser]
    board: FakeMessage | None = None
    table_id: int = 0
    #: an open hand and the button kinds its player clicks next
    hand: tuple[FakeUser, FakeMessage, tuple[str, ...]] | None = None
    busy: bool = False


class Load:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.fake = FakeDiscord()
        self.rng = random.Random(args.seed)
        self.stats = Stats()
        self.tables: list[TableRun] = []
        self.proc: asyncio.subprocess.Process | None = None
        #: set-up interactions that failed (e.g. /goita new answered after 3 s)
        self.setup_failures = 0
        self.tmp = tempfile.TemporaryDirectory()
        #: the bot's stderr (kept after the run with --log)
        self.log_path = args.log or Path(self.tmp.name) / "bot.log"
        self.log = self.log_path.open("w")
        self.log_read = 0  # how far gc_pauses() has read the log

    # -- set-up ---------------------------------------------------------------------------

    def build_world(self) -> None:
        per_guild = 20
        for i in range(self.args.tables):
            if i % per_guild == 0:
                guild = self.fake.add_guild(f"Noto {i // per_guild}", locale="en-US")
            chan = guild.add_text_channel(f"goita-{i}")
            users = [guild.add_member(self.fake.add_user(f"t{i}s{s}")) for s in range(4)]
            self.tables.append(TableRun(chan, users))

    async def start_bot(self) -> None:
        db = Path(self.tmp.name) / "load.sqlite3"
        env = dict(
            os.environ, FAKE_API_BASE=self.fake.api_base, FAKE_GATEWAY_URL=self.fake.gateway_url,
            DISCORD_TOKEN=self.fake.token, DATABASE_PATH=str(db), LOG_LEVEL="WARNING",
            TURN_TIMEOUT_SECONDS="3600", TURN_WARNING_SECONDS="60",
            ROUND_PAUSE_SECONDS=str(self.args.round_pause), PYTHONPATH=str(ROOT),
            GOITA_GC_TRACE="1")
        self.fake.use_external_bot()
        self.fake.idle_quiet = 0.05
        # a busy bot looks idle between its REST calls: only Discord's 3 s rule fails a click
        self.fake.idle_fail_grace = LATE
        # the fake's idle check of a bot in another process is a gateway heartbeat round
        # trip, which discord.py answers through its 110-sends-a-minute limiter: at 150
        # clicks/s that limiter would stall the bot's gateway reader for up to a minute.
        # Clicks here wait for the answer only, so the check is switched off.
        self.fake._barrier = _no_barrier  # type: ignore[method-assign]
        profile = ["-m", "cProfile", "-o", self.args.profile] if self.args.profile else []
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, *profile, "-m", "tests.bot.restart_child", env=env, cwd=ROOT,
            stdout=asyncio.subprocess.DEVNULL, stderr=self.log)
        if self.args.pin:
            os.sched_setaffinity(self.proc.pid, {1})
            with contextlib.suppress(OSError):  # not this process's raised priority
                os.setpriority(os.PRIO_PROCESS, self.proc.pid, 0)
        await self.fake.wait_for(lambda: self.fake._live_session() is not None,
                                 timeout=60, what="the bot process to connect")
        await self.fake.wait_idle(quiet=0.5)
        self.pin_helpers()

    async def open_table(self, run: TableRun, gate: asyncio.Semaphore) -> None:
        """/goita new, three joins, Start; a set-up click that failed (the bot answered
        after 3 s, as a busy one may) is counted and made again."""
        async with gate:
            host = run.users[0]
            board = None
            for _ in range(5):
                inter = await host.run(run.channel, "goita new", settle=False)
                if inter.failed is not None:
                    self.setup_failures += 1
                board = await self._board_of(run.channel, 20.0 if inter.failed is None else 5.0)
                if board is not None:
                    break
            if board is None:
                seen = [(m.text()[:200], m.ephemeral_for) for m in run.channel.messages]
                raise RuntimeError(f"no lobby in {run.channel.name}: {seen}")
            hand_id = next(b.custom_id for b in board.buttons
                           if (parse_id(b.custom_id) or ("",))[0] == "join")
            parsed = parse_id(hand_id)
            assert parsed is not None
            run.board, run.table_id = board, parsed[1]
            for _ in range(5):
                for user in run.users[1:]:
                    if user.name not in board.text():
                        inter = await user.click(
                            board, custom_id=f"goita:join:{run.table_id}:0:-", settle=False)
                        self.setup_failures += inter.failed is not None
                # the board shows Start once the joins are on it (edits lag while 500 open)
                for _ in range(500):
                    if any(a == "start" for a, _ in enabled(board)):
                        break
                    await asyncio.sleep(0.02)
                else:
                    continue
                break
            await host.click(board, custom_id=f"goita:start:{run.table_id}:0:-", settle=False)

    async def _board_of(self, chan: FakeChannel, seconds: float) -> FakeMessage | None:
        for _ in range(int(seconds / 0.02)):
            public = chan.public_messages()
            if public and public[-1].buttons:
                return public[-1]
            await asyncio.sleep(0.02)
        return None

    # -- one click ------------------------------------------------------------------------

    def mover(self, run: TableRun) -> FakeUser:
        assert run.board is not None
        text = run.board.text()
        for user in run.users:
            if TURN_MARK + user.name in text:
                return user
        return self.rng.choice(run.users)

    async def click(self, run: TableRun) -> None:
        """The table's next single click: My hand, then a move in that hand (a piece, then
        its attack, as two clicks), as a player does."""
        assert run.board is not None
        if run.hand is not None:
            user, hand, wanted = run.hand
            run.hand = None
            moves = [(a, cid) for a, cid in enabled(hand) if a in wanted]
            if moves:
                action, cid = self.rng.choice(moves)
                inter = await user.click(hand, custom_id=cid, settle=False)
                self.stats.add(inter)
                if action == "pick" and not inter.failed:
                    run.hand = (user, hand, ("play",))
                return
        rematch = [cid for action, cid in enabled(run.board) if action == "rematch"]
        if rematch:
            self.stats.add(await run.users[0].click(run.board, custom_id=rematch[0],
                                                    settle=False))
            return
        user = self.mover(run)
        inter = await user.click(run.board, custom_id=f"goita:hand:{run.table_id}:0:-",
                                 settle=False)
        self.stats.add(inter)
        if not inter.failed and inter.original is not None:
            run.hand = (user, inter.original, ("pick", "play", "goshi"))

    # -- the run --------------------------------------------------------------------------

    async def worker(self, tokens: asyncio.Queue[None], stop: float) -> None:
        while time.monotonic() < stop:
            await tokens.get()
            # a player does not click twice at once: the click goes to another table
            run = next((r for r in (self.rng.choice(self.tables) for _ in range(20))
                        if r.board is not None and not r.busy), None)
            if run is None:
                continue
            run.busy = True
            try:
                await self.click(run)
            except Exception:  # a click refused by the fake (a stale message, ...)
                self.stats.errors += 1
            finally:
                run.busy = False

    async def arrivals(self, rate: float, tokens: asyncio.Queue[None], stop: float) -> None:
        nxt = time.monotonic()
        while nxt < stop:
            nxt += self.rng.expovariate(rate)
            await asyncio.sleep(max(0.0, nxt - time.monotonic()))
            tokens.put_nowait(None)

    def proc_figures(self) -> tuple[float, float]:
        """(CPU seconds, RSS MiB) of the bot process."""
        assert self.proc is not None
        with open(f"/proc/{self.proc.pid}/statm") as f:
            rss = int(f.read().split()[1]) * PAGE / 2**20
        return cpu_of(self.proc.pid), rss

    def helpers_cpu(self) -> float:
        """CPU seconds of the bot's descendant processes alive now (picture workers)."""
        return sum(cpu_of(pid) for pid in self.helper_pids())

    def pin_helpers(self) -> None:
        """The bot's picture workers inherit its core: they go to the fake's core, so that
        the bot's own core is what the figures measure (when that core nears its limit,
        the fake's answers slow down: the figures can only look worse for it)."""
        if self.args.pin:
            for pid in self.helper_pids():
                with contextlib.suppress(OSError):
                    os.sched_setaffinity(pid, {0})

    def helper_pids(self) -> list[int]:
        """The bot's descendant processes alive now (picture workers, their server)."""
        assert self.proc is not None
        children: dict[int, list[int]] = {}
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    with open(f"/proc/{entry}/stat") as f:
                        ppid = int(f.read().rsplit(")", 1)[1].split()[1])
                except (OSError, ValueError, IndexError):
                    continue
                children.setdefault(ppid, []).append(int(entry))
        found, todo = [], list(children.get(self.proc.pid, []))
        while todo:
            pid = todo.pop()
            todo += children.get(pid, [])
            found.append(pid)
        return found

    def gc_pauses(self) -> list[tuple[int, float]]:
        """(generation, ms) of the bot's collections of 1 ms or more logged since the last
        call (GOITA_GC_TRACE)."""
        pauses = []
        with self.log_path.open() as f:
            f.seek(self.log_read)
            for line in f:
                if line.startswith("gc-pause gen="):
                    gen, ms = line.split()[1:3]
                    pauses.append((int(gen[4:]), float(ms[3:])))
            self.log_read = f.tell()
        return pauses

    async def phase(self, rate: float, seconds: float, label: str) -> dict[str, Any]:
        tokens: asyncio.Queue[None] = asyncio.Queue()
        stop = time.monotonic() + seconds
        first = len(self.stats.samples)
        cpu0, _ = self.proc_figures()
        helpers0 = self.helpers_cpu()
        self.gc_pauses()
        pauses: list[tuple[int, float]] = []
        own0 = time.process_time()
        rest0 = len(self.fake.rest_log)
        workers = [asyncio.create_task(self.worker(tokens, stop)) for _ in range(64)]
        feeder = asyncio.create_task(self.arrivals(rate, tokens, stop))
        minute_start, minute_cpu, minute_first = time.monotonic(), cpu0, first
        while time.monotonic() < stop:
            await asyncio.sleep(min(60.0, max(0.1, stop - time.monotonic())))
            cpu, rss = self.proc_figures()
            now = time.monotonic()
            row = summarize(self.stats.samples[minute_first:], now - minute_start,
                            cpu - minute_cpu)
            self.pin_helpers()  # a worker that died was replaced
            minute_pauses = self.gc_pauses()
            pauses += minute_pauses
            print(f"  {label} minute: {fmt(row)} rss {rss:.0f} MB, {fmt_gc(minute_pauses)}",
                  flush=True)
            minute_start, minute_cpu, minute_first = now, cpu, len(self.stats.samples)
        feeder.cancel()
        for w in workers:
            w.cancel()
        await asyncio.gather(feeder, *workers, return_exceptions=True)
        cpu, rss = self.proc_figures()
        total = summarize(self.stats.samples[first:], seconds, cpu - cpu0)
        clicks = max(1, total["clicks"])
        pauses += self.gc_pauses()
        routes: dict[str, int] = {}
        for call in self.fake.rest_log[rest0:]:
            routes[call.key] = routes.get(call.key, 0) + 1
        moves = max(1, sum(1 for x in self.stats.samples[first:] if x.kind == "play"))
        total.update(rest_per_move={route: round(count / moves, 2) for route, count in
                                    sorted(routes.items(), key=lambda kv: -kv[1])},
                     rate=rate, rss_mb=round(rss, 1), label=label,
                     helpers_cpu_ms_per_click=round(
                         (self.helpers_cpu() - helpers0) * 1000 / clicks, 2),
                     gc_pauses=len(pauses), gc_full=sum(g == 2 for g, _ in pauses),
                     gc_max_ms=max((ms for _, ms in pauses), default=0.0),
                     rest_per_click=round((len(self.fake.rest_log) - rest0) / clicks, 2),
                     fake_cpu_share=round((time.process_time() - own0) / seconds, 2))
        return total

    @staticmethod
    def before_other_sessions() -> None:
        """With Linux's autogroup scheduling, niceness orders processes within one session
        only: every other session (another terminal's ``nice 19`` job) gets a fair share of
        a core all the same, and took it from the picture workers here. Ask for this
        session's share to count first (root only; said when it cannot)."""
        path = Path("/proc/self/autogroup")
        if not path.exists():
            return
        try:
            path.write_text("-10")
        except OSError as exc:
            print(f"note: other sessions share these cores at equal weight ({exc})")

    async def run(self) -> list[dict[str, Any]]:
        if self.args.pin:
            os.sched_setaffinity(0, {0})
            # the picture workers share this core: the fake answers first, so that their
            # drawing shows in the bot's figures, not as a slow fake
            with contextlib.suppress(OSError):
                os.setpriority(os.PRIO_PROCESS, 0, -5)
            self.before_other_sessions()
        await self.fake.start()
        self.build_world()
        await self.start_bot()
        t0 = time.monotonic()
        gate = asyncio.Semaphore(self.args.open_at_once)
        await asyncio.gather(*(self.open_table(run, gate) for run in self.tables))
        await asyncio.sleep(1.0)
        print(f"{len(self.tables)} tables open and started in {time.monotonic() - t0:.1f} s "
              f"({self.setup_failures} failed set-up interactions tried again)", flush=True)
        keeper = asyncio.create_task(self.keep_heap_small())
        self.stats = Stats()
        results = []
        rates = self.args.sweep or [self.args.rate]
        try:
            for rate in rates:
                results.append(await self.phase(rate, self.args.minutes * 60, f"{rate:g}/s"))
        finally:
            keeper.cancel()
        return results

    async def keep_heap_small(self) -> None:
        """The fake keeps every REST call, interaction and message: over minutes its heap
        grows to millions of objects, and a full collection of it stalled this process
        (the fake and the players) for up to a second, which the figures would count as
        the bot's latency. Every few seconds the objects alive are frozen (moved out of
        the collector's view), so each collection sees only the last seconds' objects.
        Cyclic garbage among frozen objects is never freed: bounded by the run's length."""
        gc.collect()
        while True:
            gc.freeze()
            await asyncio.sleep(5.0)

    async def close(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.terminate()
            await self.proc.wait()
        self.fake.take_violations()
        await self.fake.close()
        self.log.close()
        if self.args.show_log:
            print(self.log_path.read_text()[-4000:])
        self.tmp.cleanup()


async def _no_barrier() -> None:
    return None


def summarize(samples: list[Sample], seconds: float, cpu: float) -> dict[str, Any]:
    answered = sorted(s.latency * 1000 for s in samples if s.latency is not None)
    n = len(samples)

    def pct(p: float) -> float:
        if not answered:
            return float("nan")
        return answered[min(len(answered) - 1, int(p * len(answered)))]

    return {
        "clicks": n,
        "clicks_per_s": round(n / seconds, 1) if seconds else 0.0,
        "p50_ms": round(statistics.median(answered), 1) if answered else None,
        "p99_ms": round(pct(0.99), 1),
        "max_ms": round(answered[-1], 1) if answered else None,
        "late": sum(s.late for s in samples),
        "cpu_ms_per_click": round(cpu * 1000 / n, 2) if n else None,
    }


#: this process's (the fake's and the players') collections of 10 ms or more, in ms
HARNESS_PAUSES: list[float] = []


def _time_harness_gc() -> None:
    def report(_generation: int, ms: float) -> None:
        if ms >= 10:
            HARNESS_PAUSES.append(ms)

    on_gc_pause(report)


def cpu_of(pid: int) -> float:
    """CPU seconds (user + system) of a process; 0 once it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK


def fmt_gc(pauses: list[tuple[int, float]]) -> str:
    full = [ms for g, ms in pauses if g == 2]
    worst = max((ms for _, ms in pauses), default=0.0)
    return (f"gc pauses >= 1 ms: {len(pauses)} ({len(full)} full), "
            f"longest {worst:.0f} ms")


def fmt(row: dict[str, Any]) -> str:
    return (f"{row['clicks']} clicks ({row['clicks_per_s']}/s), ack p50 {row['p50_ms']} / "
            f"p99 {row['p99_ms']} / max {row['max_ms']} ms, late {row['late']}, "
            f"bot CPU {row['cpu_ms_per_click']} ms/click")


async def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_load")
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--rate", type=float, default=150.0, help="clicks per second")
    parser.add_argument("--sweep", type=lambda s: [float(x) for x in s.split(",")],
                        help="several rates, one phase each (for the saturation point)")
    parser.add_argument("--minutes", type=float, default=10.0, help="per phase")
    parser.add_argument("--round-pause", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--open-at-once", type=int, default=8,
                        help="tables opened at the same time during set-up")
    parser.add_argument("--no-pin", dest="pin", action="store_false",
                        help="do not pin the bot and the fake to separate cores")
    parser.add_argument("--profile", metavar="FILE",
                        help="run the bot under cProfile, stats to FILE (pstats) at its exit")
    parser.add_argument("--show-log", action="store_true", help="print the bot's stderr tail")
    parser.add_argument("--log", type=Path, default=None, metavar="FILE",
                        help="write the bot's stderr to FILE and keep it (GC pauses; with "
                        "kill -USR1, counts of objects)")
    parser.add_argument("--json", action="store_true", help="print one JSON line per phase")
    args = parser.parse_args()
    _time_harness_gc()
    load = Load(args)
    try:
        results = await load.run()
    finally:
        await load.close()
    for row in results:
        print(json.dumps(row) if args.json else f"{row['label']}: {fmt(row)}, "
              f"rss {row['rss_mb']} MB, {row['rest_per_click']} REST calls per click, "
              f"fake Discord CPU {row['fake_cpu_share']:.0%} of a core, "
              f"picture workers' CPU {row['helpers_cpu_ms_per_click']} ms/click, "
              f"gc pauses >= 1 ms {row['gc_pauses']} ({row['gc_full']} full), "
              f"longest {row['gc_max_ms']:.0f} ms")
    print(f"clicks by kind {load.stats.kinds}, clicks the fake refused {load.stats.errors}")
    for row in results:
        print(f"{row['label']} REST calls per move (a play click): " + ", ".join(
            f"{route} {count}" for route, count in row["rest_per_move"].items()))
    print(f"answer p50 / p99 by kind: {load.stats.by_kind()}")
    print(f"slowest answers: {load.stats.slowest(12)}")
    print(f"the harness's own gc pauses >= 10 ms (counted as latency if long): "
          f"{len(HARNESS_PAUSES)}, longest {max(HARNESS_PAUSES, default=0.0):.0f} ms")
    if load.stats.failures:
        print(f"failed interactions by reason {load.stats.failures}")


if __name__ == "__main__":
    asyncio.run(main())
