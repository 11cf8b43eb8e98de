"""Fuzz: 1,000 hostile engine sessions per run (garbage, floods, silence, closed pipes, huge
and deeply nested JSON, exits, bad hellos), in-process behind real pipes, several at once.
Every decision must be legal, every incident reported, and the host's memory bounded.
Bounded by count and by a time cap (a loaded machine runs fewer; the count is printed)."""

from __future__ import annotations

import random
import time
import tracemalloc
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait

from goita_core import Round, RuleSet
from goita_core.players import make_player
from goita_core.tools.protocol import EnginePlayer

from .hostile import ANSWERS, SCRIPTS, FakeEngine, Script, fake_spawn, flood_line, serving

SESSIONS = 1000
TIME_CAP = 25.0  # seconds
PARALLEL = 16
#: the host's own memory for 16 engines at once, floods included (64 KiB lines, 16 lines)
MEMORY_CAP = 48 * 1024 * 1024
ANSWERS_WRONG = {"garbage", "not_object", "deep_json", "huge_int", "wrong_types",
                 "wrong_decision", "illegal", "flood_line_4mb", "silence", "closed_stdout",
                 "exits", "no_newline", "flood_line_40mb"}


def mixed(seed: int) -> Script:
    """Each decision answered by another behaviour."""
    rng = random.Random(seed)
    names = sorted(ANSWERS)

    def on_act(engine: FakeEngine, msg: dict[str, object]) -> None:
        ANSWERS[rng.choice(names)](engine, msg)

    return serving(on_act)


SCRIPTS_ALL: dict[str, Script] = {**SCRIPTS, "flood_line_40mb": serving(flood_line(40))}


def session(index: int) -> tuple[str, int, list[str]]:
    rng = random.Random(index)
    name = rng.choice([*sorted(SCRIPTS_ALL), "mixed", "mixed"])
    if name == "flood_line_40mb" and index % 10:
        name = "flood_line_4mb"  # the 40 MB line: in about one session of a thousand
    script = mixed(index) if name == "mixed" else SCRIPTS_ALL[name]
    reports: list[str] = []
    # a polite engine answers at once: a generous grace and start-up time keep a loaded
    # machine (CI shares its cores) from timing it out
    polite = name == "polite"
    grace = 2000 if polite else rng.choice((20, 40))
    player = EnginePlayer(["hostile"], seat=0, time_ms=5, grace_ms=grace,
                          on_incident=reports.append, startup_timeout=5.0 if polite else 0.1,
                          spawn=fake_spawn(script))
    player.host.close_timeout = 0.05  # a silent engine would hold every session a second
    other = make_player("random", index)
    decisions = 0
    try:
        rnd = Round.deal(RuleSet(), rng.randrange(4), rng)
        while not rnd.over and decisions < 3:
            seat = rnd.to_act()[0]
            view = rnd.view(seat)
            if seat == 0:
                action = player.act(view)
                assert action in view.legal, (name, action)
                decisions += 1
            else:
                action = other.act(view)
            rnd.apply(seat, action)
        player.round_end(rnd, 0, 1)
    finally:
        player.close()
    assert all(isinstance(r, str) and len(r) < 400 for r in reports)
    # each incident once: decisions, round_end, one flood notice per process started
    assert len(reports) <= decisions + 1 + (player.host.restarts + 1), reports
    if name == "polite":
        assert reports == [], reports
    elif name in ANSWERS_WRONG and decisions:
        assert reports, name
    return name, decisions, reports


def test_a_thousand_hostile_engine_sessions() -> None:
    start = time.monotonic()
    tracemalloc.start()
    done: list[tuple[str, int, list[str]]] = []
    try:
        with ThreadPoolExecutor(PARALLEL) as pool:
            pending: set[Future[tuple[str, int, list[str]]]] = set()
            index = 0
            while (index < SESSIONS and time.monotonic() - start < TIME_CAP) or pending:
                while (len(pending) < PARALLEL and index < SESSIONS
                       and time.monotonic() - start < TIME_CAP):
                    pending.add(pool.submit(session, index))
                    index += 1
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                done += [f.result() for f in finished]
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    elapsed = time.monotonic() - start
    kinds = {name for name, _, _ in done}
    print(f"\n{len(done)} hostile engine sessions in {elapsed:.1f} s, "
          f"{sum(d for _, d, _ in done)} decisions, peak traced memory {peak / 2**20:.1f} MiB")
    assert len(done) >= min(SESSIONS, 200)  # the time cap stops a very loaded machine early
    assert len(kinds) >= 15
    assert peak < MEMORY_CAP
