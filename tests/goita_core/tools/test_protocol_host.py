"""The engine host against hostile engines: floods, huge and deep JSON, hung start-ups,
engines that never read, secrets in the environment, and tables that must not wait for
each other's engines."""

from __future__ import annotations

import asyncio
import json
import sys
import time
import tracemalloc
from pathlib import Path

import pytest

from goita_core import Round, RuleSet
from goita_core.tools.protocol import MAX_LINE, EngineHost, EnginePlayer
from tests.goita_core.fuzz.hostile import SCRIPTS, fake_spawn
from tests.goita_core.helpers import complete_deal

POLITE = ("import json, sys\n"
          "for line in sys.stdin:\n"
          "    msg = json.loads(line)\n"
          "    if msg['type'] == 'act':\n"
          "        {act}\n"
          "        answer = msg['legal'][0]\n"
          "    else:\n"
          "        answer = {{'ok': True, 'name': 'x'}}\n"
          "    print(json.dumps(answer), flush=True)\n")


def engine(tmp_path: Path, act: str = "pass", head: str = "") -> list[str]:
    script = tmp_path / "engine.py"
    script.write_text(head + POLITE.format(act=act), encoding="utf-8")
    return [sys.executable, str(script)]


def a_view(seat: int = 0) -> Round:
    return Round(RuleSet(), seat, complete_deal({}))


def test_a_flood_after_an_answer_is_dropped_reported_once_and_costs_nothing_later(
        tmp_path: Path) -> None:
    script = tmp_path / "chatty.py"
    script.write_text(POLITE.replace("flush=True)\n", "flush=True)\n"
                                     "    if msg['type'] == 'act':\n"
                                     "        sys.stdout.write('junk\\n' * 300_000)\n"
                                     "        sys.stdout.flush()\n").format(act="pass"))
    reports: list[str] = []
    player = EnginePlayer([sys.executable, str(script)], seat=0, on_incident=reports.append)
    try:
        rnd = a_view()
        for _ in range(3):
            time.sleep(0.3)  # the flood arrives between two decisions
            view = rnd.view(0)
            start = time.perf_counter()
            assert player.act(view) == view.legal[0]
            assert time.perf_counter() - start < 0.6  # stale lines are not scanned one by one
    finally:
        player.close()
    assert len(reports) == 1 and "lines nobody asked for" in reports[0]


def test_an_answer_line_of_200_mb_is_an_illegal_answer_in_bounded_memory(
        tmp_path: Path) -> None:
    act = ("if msg['round'] == 1:\n"
           "            for _ in range(200): sys.stdout.write('x' * 2**20)\n"
           "            sys.stdout.write('\\n'); sys.stdout.flush()\n"
           "            continue")
    reports: list[str] = []
    player = EnginePlayer(engine(tmp_path, act), seat=0, on_incident=reports.append,
                          time_ms=3000)
    tracemalloc.start()
    try:
        rnd = Round(RuleSet(), 0, complete_deal({}))
        view = rnd.view(0, round_no=1)
        assert player.act(view) in view.legal  # the safe move
        view = rnd.view(0, round_no=2)
        assert player.act(view) == view.legal[0]  # the engine's own again
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
        player.close()
    assert peak < 8 * 2**20, peak
    assert reports == [f"seat 0 (x): answer line longer than {MAX_LINE} bytes; a safe legal "
                       "move was played instead"]


@pytest.mark.parametrize("name", ["deep_json", "huge_int", "wrong_types", "wrong_decision",
                                  "not_object", "garbage", "closed_stdout"])
def test_a_malformed_answer_is_an_illegal_answer_reported_once(name: str) -> None:
    reports: list[str] = []
    player = EnginePlayer(["fake"], seat=0, time_ms=10, grace_ms=200,
                          on_incident=reports.append, spawn=fake_spawn(SCRIPTS[name]))
    try:
        view = a_view().view(0)
        for _ in range(2):
            assert player.act(view) in view.legal
    finally:
        player.close()
    assert len(reports) == 2 and all("safe legal move" in r for r in reports)
    assert all(len(r) < 300 for r in reports)


def test_a_broken_engine_is_reported_once_then_replaced_silently() -> None:
    reports: list[str] = []
    player = EnginePlayer(["fake"], seat=0, on_incident=reports.append, startup_timeout=0.05,
                          spawn=fake_spawn(SCRIPTS["silent_hello"]))
    view = a_view().view(0)
    for _ in range(8):
        assert player.act(view) in view.legal
    player.close()
    assert player.incidents == 8
    assert len(reports) == 5  # four start-ups that timed out, then giving up, once
    assert "timed out on hello" in reports[0] and "from now on" in reports[-1]


def test_a_hung_start_up_costs_at_most_the_start_up_timeout(tmp_path: Path) -> None:
    reports: list[str] = []
    player = EnginePlayer(engine(tmp_path, head="import time\ntime.sleep(60)\n"), seat=0,
                          startup_timeout=0.5, on_incident=reports.append)
    view = a_view().view(0)
    start = time.perf_counter()
    assert player.act(view) in view.legal
    assert time.perf_counter() - start < 1.5
    assert "timed out on hello" in reports[0]
    player.close()


def test_an_engine_that_never_reads_cannot_block_the_host(tmp_path: Path) -> None:
    script = tmp_path / "deaf.py"
    script.write_text("import json, sys, time\nsys.stdin.readline()\n"
                      "print(json.dumps({'ok': True}), flush=True)\ntime.sleep(60)\n")
    host = EngineHost([sys.executable, str(script)], seat=0)
    try:
        start = time.perf_counter()
        assert host.request({"type": "info", "pad": "x" * 4_000_000}, 0.5) is None
        assert time.perf_counter() - start < 2.0
        assert "does not read its input" in host.last_error
    finally:
        host.close()


def test_the_engine_sees_only_the_allowed_environment(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "secret-token")
    monkeypatch.setenv("GOITA_ENGINE_KEY", "for-the-engine")
    out = tmp_path / "env.json"
    head = f"import json, os\njson.dump(dict(os.environ), open({str(out)!r}, 'w'))\n"
    player = EnginePlayer(engine(tmp_path, head=head), seat=0,
                          pass_env=["GOITA_ENGINE_KEY"])
    try:
        view = a_view().view(0)
        assert player.act(view) == view.legal[0]
    finally:
        player.close()
    seen = json.loads(out.read_text())
    assert seen.get("GOITA_ENGINE_KEY") == "for-the-engine"
    assert "DISCORD_TOKEN" not in seen
    assert set(seen) <= {"PATH", "HOME", "LANG", "GOITA_ENGINE_KEY", "LC_CTYPE"}


async def test_one_tables_hung_engine_does_not_delay_another_tables_engine() -> None:
    hung = EnginePlayer(["fake"], seat=0, time_ms=1500, grace_ms=0,
                        spawn=fake_spawn(SCRIPTS["silence"]))
    quick = EnginePlayer(["fake"], seat=0, spawn=fake_spawn(SCRIPTS["polite"]))
    view = a_view().view(0)
    try:
        start = time.perf_counter()
        slow_task = asyncio.create_task(hung.act_async(view))
        await asyncio.sleep(0.05)
        assert await quick.act_async(view) == view.legal[0]
        assert time.perf_counter() - start < 0.8 and not slow_task.done()
        assert await slow_task in view.legal  # substituted when its own time was up
        assert time.perf_counter() - start < hung.max_wait + 1
    finally:
        await hung.close_async()
        await quick.close_async()


BAD_ENGINES = {
    "garbage": "print('hello there', flush=True)",
    "illegal": "print(json.dumps({'action': 'play', 'first': '王', 'second': '王'}), flush=True)",
    "crash": "sys.exit(3)",
    "slow": "time.sleep(30)",
    "not_object": "print('[1, 2]', flush=True)",
    # within the 64 KiB line limit, so the JSON parser itself meets them
    "deep_json": "print('[' * 30000 + ']' * 30000, flush=True)",
    "huge_int": "print('{\"action\": \"pass\", \"n\": ' + '9' * 50000 + '}', flush=True)",
    "wrong_types": "print(json.dumps({'action': 'play', 'first': ['x'], 'second': {}}), "
                   "flush=True)",
}


def bad_engine(tmp_path: Path, behaviour: str) -> list[str]:
    """An engine that says hello properly, then misbehaves on every act."""
    script = tmp_path / f"{behaviour}.py"
    script.write_text(
        "import json, sys, time\n"
        "for line in sys.stdin:\n"
        "    msg = json.loads(line)\n"
        "    if msg['type'] == 'hello':\n"
        "        print(json.dumps({'ok': True, 'name': 'bad'}), flush=True)\n"
        "    elif msg['type'] in ('act', 'goshi'):\n"
        f"        {BAD_ENGINES[behaviour]}\n"
        "    else:\n"
        "        print(json.dumps({'ok': True}), flush=True)\n",
        encoding="utf-8")
    return [sys.executable, str(script)]


@pytest.mark.parametrize("behaviour", sorted(BAD_ENGINES))
def test_a_misbehaving_engine_never_stalls_the_game(tmp_path: Path, behaviour: str) -> None:
    reports: list[str] = []
    player = EnginePlayer(bad_engine(tmp_path, behaviour), seat=0, time_ms=50, grace_ms=150,
                          on_incident=reports.append)
    try:
        rnd = Round(RuleSet(), 0, complete_deal({}))
        start = time.perf_counter()
        for _ in range(2):
            view = rnd.view(0)
            assert player.act(view) in view.legal
        # each decision waits at most time_ms + grace_ms (plus an engine restart)
        assert time.perf_counter() - start < 6
        assert len(reports) == 2 and all("safe legal move" in r for r in reports)
    finally:
        player.close()


def test_an_engine_that_cannot_start_is_replaced(tmp_path: Path) -> None:
    reports: list[str] = []
    player = EnginePlayer([str(tmp_path / "missing-engine")], seat=1, on_incident=reports.append)
    rnd = Round(RuleSet(), 1, complete_deal({}))
    view = rnd.view(1)
    assert player.act(view) in view.legal
    assert "cannot start" in reports[0]
    player.close()


def test_an_engine_answering_twice_does_not_shift_later_answers(tmp_path: Path) -> None:
    script = tmp_path / "chatty.py"
    script.write_text(
        "import json, sys\n"
        "for line in sys.stdin:\n"
        "    msg = json.loads(line)\n"
        "    if msg['type'] == 'hello':\n"
        "        print(json.dumps({'ok': True, 'name': 'chatty'}), flush=True)\n"
        "    elif msg['type'] == 'act':\n"
        "        print(json.dumps(msg['legal'][0]), flush=True)\n"
        "        print(json.dumps({'action': 'play', 'first': '王', 'second': '王'}), flush=True)\n"
        "    else:\n"
        "        print(json.dumps({'ok': True}), flush=True)\n",
        encoding="utf-8")
    reports: list[str] = []
    player = EnginePlayer([sys.executable, str(script)], seat=0, on_incident=reports.append)
    try:
        rnd = Round(RuleSet(), 0, complete_deal({}))
        for _ in range(3):
            view = rnd.view(0)
            assert player.act(view) == view.legal[0]
            time.sleep(0.05)  # let the extra line arrive
        assert reports == []
    finally:
        player.close()
