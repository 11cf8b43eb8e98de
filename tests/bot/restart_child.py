"""The real bot as a separate process against a fake Discord, for the kill -9 tests.

    python -m tests.bot.restart_child

runs ``bot.__main__.main()`` (settings from the environment as in production: DISCORD_TOKEN,
DATABASE_PATH or DATABASE_URL, SHARD_COUNT and SHARD_IDS, CPU_MOVE_DELAY_SECONDS, ...) after
pointing discord.py at the fake
(FAKE_API_BASE, FAKE_GATEWAY_URL) and making new matches' seeds fixed
(GOITA_TEST_SEED, then +1 per match) so a run can be compared with an uninterrupted one;
GOITA_GC_TRACE=1 prints the garbage collector's pauses to stderr (the load benchmark).
Nothing else is changed: the process is the production bot.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any


def main() -> int:
    import discord
    import discord.gateway
    import discord.http
    import yarl

    import bot.app.tables as tables_module
    import bot.client as client_module
    from bot import __main__ as bot_main

    discord.http.Route.BASE = os.environ["FAKE_API_BASE"]
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["FAKE_GATEWAY_URL"])

    next_seed = [int(os.environ.get("GOITA_TEST_SEED", "1000"))]

    def seed_source() -> int:
        seed = next_seed[0]
        next_seed[0] += 1
        return seed

    original_init = tables_module.TableService.__init__

    def init(self: Any, *args: Any, **kwargs: Any) -> None:
        kwargs["seed_source"] = seed_source
        original_init(self, *args, **kwargs)

    tables_module.TableService.__init__ = init  # type: ignore[method-assign]

    original_create = client_module.create_bot

    def create_bot(settings: Any, **kwargs: Any) -> Any:
        bot = original_create(settings, guild_ready_timeout=0.05, **kwargs)

        async def no_wait(shard_id: int | None, *, initial: bool = False) -> None:
            return None  # discord.py's 5 s identify pacing is not bot logic

        bot.before_identify_hook = no_wait  # type: ignore[method-assign]
        return bot

    client_module.create_bot = create_bot
    del discord
    if os.environ.get("GOITA_GC_TRACE"):
        trace_gc()
        count_objects_on_signal()
    return bot_main.main()


def count_objects_on_signal() -> None:
    """On SIGUSR1, collect the garbage, then print every kind of object the collector
    tracks with at least 50 of them (``objects N count:kind ...``): a heap that still
    grows shows which kind grows. With GOITA_TRACEMALLOC=FRAMES, also write a tracemalloc
    snapshot (compare two with ``Snapshot.compare_to``)."""
    import collections
    import gc
    import signal
    import tempfile
    import time
    import tracemalloc

    def dump(signum: int, frame: Any) -> None:
        started = time.perf_counter()
        gc.collect()
        full_ms = (time.perf_counter() - started) * 1000
        counts = collections.Counter(
            f"{type(o).__module__}.{type(o).__qualname__}" for o in gc.get_objects())
        top = " ".join(f"{n}:{name}" for name, n in counts.most_common() if n >= 50)
        print(f"objects {sum(counts.values())} blocks {sys.getallocatedblocks()} "
              f"full-gc {full_ms:.1f} ms frozen {gc.get_freeze_count()} {top}",
              file=sys.stderr, flush=True)
        kind = os.environ.get("GOITA_REFERRERS")  # e.g. _asyncio.Future: who holds them
        if kind:
            held = [o for o in gc.get_objects()
                    if f"{type(o).__module__}.{type(o).__qualname__}" == kind][:300]
            holders: collections.Counter[str] = collections.Counter()
            for o in held:
                for r in gc.get_referrers(o):
                    if r is held:
                        continue
                    name = type(r).__qualname__
                    if isinstance(r, (dict, list, tuple)):
                        name += " in " + ",".join(sorted(
                            type(rr).__qualname__ for rr in gc.get_referrers(r)
                            if rr is not held)[:3])
                    elif callable(getattr(r, "__qualname__", None)) is False:
                        name += " " + str(getattr(r, "__qualname__", ""))
                    holders[name] += 1
            print(f"referrers of {kind}: {holders.most_common(15)}", file=sys.stderr,
                  flush=True)
        i18n, hands = sys.modules.get("bot.i18n"), sys.modules.get("goita_core.hands")
        print(f"caches: formatted texts {len(getattr(i18n, '_FORMATTED', ()))}, legal "
              f"actions {len(getattr(hands, 'LEGAL_CACHE', ()))}", file=sys.stderr, flush=True)
        pictures = sys.modules.get("bot.discord.presenter.pictures")
        pool = getattr(pictures, "worker_pool", lambda: None)()
        if pool is not None:
            print(f"picture requests in hand {pool.outstanding()}, not asked for (workers "
                  f"behind) {getattr(pictures, 'skipped', {})}", file=sys.stderr, flush=True)
        if tracemalloc.is_tracing():
            dumped[0] += 1
            path = f"{tempfile.gettempdir()}/goita-heap-{os.getpid()}-{dumped[0]}.snap"
            tracemalloc.take_snapshot().dump(path)
            print(f"heap snapshot {path}", file=sys.stderr, flush=True)

    if os.environ.get("GOITA_TRACEMALLOC"):
        tracemalloc.start(int(os.environ["GOITA_TRACEMALLOC"]))
    dumped = [0]

    signal.signal(signal.SIGUSR1, dump)


def on_gc_pause(report: Callable[[int, float], None]) -> None:
    """Call ``report(generation, ms)`` after every garbage collection of this process,
    with how long it took (real time)."""
    import gc
    import time

    started = [0.0]

    def callback(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started[0] = time.perf_counter()
        else:
            report(info["generation"], (time.perf_counter() - started[0]) * 1000)

    gc.callbacks.append(callback)


def trace_gc() -> None:
    """Print every garbage collection of 1 ms or more to stderr (``gc-pause gen=G ms=M``):
    the load benchmark counts the pauses from the bot's log."""

    def report(generation: int, ms: float) -> None:
        if ms >= 1.0:
            print(f"gc-pause gen={generation} ms={ms:.1f}", file=sys.stderr, flush=True)

    on_gc_pause(report)

if __name__ == "__main__":
    sys.exit(main())
