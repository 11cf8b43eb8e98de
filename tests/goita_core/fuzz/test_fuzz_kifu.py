"""Fuzz: 20,000 records mutated from the 124 real okifu records (text edits with hostile
tokens, and field-level edits of both the YAML kifu and the native JSON record), read and
replayed. The only errors allowed are KifuError and ReplayError; a record that reads must
write and read back the same; memory stays bounded. Seeded: a failure names its case and
is reproduced by ``case(seed)``. Bounded by count and by a time cap."""

from __future__ import annotations

import json
import random
import resource
import time
import tracemalloc
from pathlib import Path
from typing import Any

import yaml

from goita_core.kifu import (
    Kifu,
    KifuError,
    MatchRecord,
    ReplayError,
    dump_kifu_yaml,
    load_record,
    parse_kifu_yaml,
    replay_kifu,
)

OKIFU = Path(__file__).parent.parent / "fixtures" / "okifu"
TEXTS = [p.read_text(encoding="utf-8-sig") for p in sorted(OKIFU.glob("*.yaml"))]
DATA = [yaml.safe_load(t) for t in TEXTS]


def _native(text: str) -> dict[str, Any] | None:
    try:
        return MatchRecord.from_kifu(parse_kifu_yaml(text)).to_json()
    except ReplayError:
        return None


NATIVE = [n for n in (_native(t) for t in TEXTS[:40]) if n is not None]

CASES = 20_000
TIME_CAP = 25.0  # seconds
MEMORY_CAP = 32 * 1024 * 1024
MEASURE_EVERY = 20

TOKENS = ["²", "--1", "٣", "1" * 5000, "-0", "+7", "1e999", ".nan", "~", "null", "true",
          "&a", "*a", "<<: *a", "!!python/object/apply:os.system ['x']", "!!binary AAAA",
          "!!timestamp 2001-02-30", "[" * 40, "]", "{", "}", ":", "- ", "\t", "\x00", "'",
          '"', "\\", "\ufeff", "\u2028", "玉", "王", "歩", "し" * 40, "p4", "version: 9",
          "log: 3", "? ", "|", ">", "%YAML 1.1\n---\n", "\n", "#", ",", "9" * 25]
HOSTILE_VALUES: list[Any] = [None, True, -1, 4, 2**70, 10**25, 1.5, float("inf"), "", "²",
                             "--1", "1" * 5000, "し" * 100, "王王王王王王王王王", [], {},
                             [[[[[]]]]], ["1", "し"], {"p0": "x"}, "0", "3", "-20", "香"]


def _mutate_text(text: str, rng: random.Random) -> str:
    n = len(text)
    i, j = sorted(rng.randrange(n + 1) for _ in range(2))
    op = rng.randrange(6)
    if op == 0:
        return text[:i] + rng.choice(TOKENS) + text[i:]
    if op == 1:
        return text[:i] + rng.choice(TOKENS) + text[min(n, i + rng.randrange(1, 8)):]
    if op == 2:
        return text[:i] + text[j:]
    if op == 3:
        return text[:j] + text[i:j] + text[j:]
    if op == 4:
        return text[:i]
    return text[:i] + chr(rng.choice((rng.randrange(32, 127), rng.randrange(0x3040, 0x9fff),
                                      rng.randrange(0, 32)))) + text[i + 1:]


def _mutate_data(data: Any, rng: random.Random, depth: int = 0) -> Any:
    """A copy of ``data`` with one value (at a random place) replaced, removed or grown."""
    if isinstance(data, dict) and data and (depth < 2 or rng.random() < 0.7):
        key = rng.choice(list(data))
        out = dict(data)
        if rng.random() < 0.1:
            del out[key]
        else:
            out[key] = _mutate_data(data[key], rng, depth + 1)
        return out
    if isinstance(data, list) and data and (depth < 2 or rng.random() < 0.7):
        k = rng.randrange(len(data))
        out_l = list(data)
        r = rng.random()
        if r < 0.1:
            del out_l[k]
        elif r < 0.2:
            out_l.insert(k, out_l[k])
        else:
            out_l[k] = _mutate_data(data[k], rng, depth + 1)
        return out_l
    return rng.choice(HOSTILE_VALUES)


def case(seed: int) -> str:
    """The text of fuzz case ``seed``."""
    rng = random.Random(seed)
    kind = rng.randrange(3)
    if kind == 0:
        text = rng.choice(TEXTS)
        for _ in range(rng.choice((1, 1, 2, 4))):
            text = _mutate_text(text, rng)
        return text
    source = rng.choice(DATA) if kind == 1 else rng.choice(NATIVE)
    data = source
    for _ in range(rng.choice((1, 1, 2, 3))):
        data = _mutate_data(data, rng)
    return json.dumps(data, ensure_ascii=False)


def check(text: str, rng: random.Random) -> str:
    """Read and replay ``text``; what happened (an exception other than the documented
    ones propagates and fails the test)."""
    try:
        record = load_record(text.encode())
        if isinstance(record, Kifu):
            if record.rounds:
                again = parse_kifu_yaml(dump_kifu_yaml(record))
                assert again == record, "a kifu that reads must write and read back the same"
            replay_kifu(record, strict=rng.random() < 0.5)
            MatchRecord.from_kifu(record)
        else:
            record.replay_report()
            if record.rules.players == 4:
                record.to_kifu_yaml()
            assert MatchRecord.loads(record.dumps()) == record
        return "ok"
    except KifuError:
        return "malformed"
    except ReplayError:
        return "illegal"


def run_case(seed: int) -> str:
    try:
        return check(case(seed), random.Random(seed))
    except Exception as exc:
        raise AssertionError(f"case({seed}) raised {type(exc).__name__}: "
                             f"{str(exc)[:200]}") from exc


def test_twenty_thousand_mutated_records() -> None:
    start = time.monotonic()
    outcomes: dict[str, int] = {}
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    peak = 0
    seed = 0
    while seed < CASES and time.monotonic() - start < TIME_CAP:
        if seed % MEASURE_EVERY:
            what = run_case(seed)
        else:  # tracing slows reading fivefold: a sample of the cases is measured
            tracemalloc.start()
            try:
                what = run_case(seed)
                peak = max(peak, tracemalloc.get_traced_memory()[1])
            finally:
                tracemalloc.stop()
        outcomes[what] = outcomes.get(what, 0) + 1
        seed += 1
    rss_growth = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss_before
    print(f"\n{seed} mutated records in {time.monotonic() - start:.1f} s: {outcomes}, "
          f"peak traced memory of a case {peak / 2**20:.2f} MiB, "
          f"process peak grew by {rss_growth / 1024:.1f} MiB")
    assert seed >= min(CASES, 2000)  # the time cap stops a very loaded machine early
    assert all(outcomes.get(k, 0) > 0 for k in ("ok", "malformed", "illegal"))
    assert peak < MEMORY_CAP
    assert rss_growth * 1024 < 4 * MEMORY_CAP
