"""The bounded pipes to an engine: lines cut at the limit, a bounded backlog whose excess
is counted, stale output thrown away, writes that give up at their deadline."""

from __future__ import annotations

import os
import time

import pytest

from goita_core.tools.protocol import BASE_ENV, LineReader, engine_env
from goita_core.tools.protocol.streams import WriteTimeout, pump, write_all


def soon() -> float:
    return time.monotonic() + 1.0


def test_lines_are_split_across_chunks_and_the_last_one_ends_with_the_stream() -> None:
    reader = LineReader()
    for chunk in (b'{"a"', b': 1}\n{"b": 2}\n{"c', b'": 3}'):
        reader.feed(chunk)
    reader.close()
    assert [line.text() for line in iter(lambda: reader.get(soon()), None)] == [
        '{"a": 1}', '{"b": 2}', '{"c": 3}']
    assert reader.closed and reader.get(soon()) is None


def test_a_line_longer_than_the_limit_keeps_only_its_start() -> None:
    reader = LineReader(max_line=10)
    for _ in range(1000):  # 1 MB without a newline: memory stays at the limit
        reader.feed(b"x" * 1000)
    assert len(reader._partial) == 10
    reader.feed(b"tail\nnext\n")
    first, second = reader.get(soon()), reader.get(soon())
    assert first is not None and first.truncated and first.data == b"x" * 10
    assert second is not None and not second.truncated and second.data == b"next"


def test_a_flood_of_lines_keeps_the_first_ones_and_counts_the_rest() -> None:
    reader = LineReader(backlog=4)
    reader.feed(b"answer\n" + b"junk\n" * 1_000_000)
    assert reader.dropped == 1_000_000 - 3
    line = reader.get(soon())
    assert line is not None and line.data == b"answer"
    assert reader.discard() == 3  # stale lines go in O(backlog)
    assert reader.get(time.monotonic()) is None


def test_a_log_tail_keeps_the_newest_lines() -> None:
    reader = LineReader(max_line=8, backlog=3, keep_newest=True)
    reader.feed(b"".join(b"line %d\n" % i for i in range(100)))
    reader.feed(b"a very long last line\n")
    assert reader.tail() == ["line 98", "line 99", "a very l"]


def test_pump_reads_a_descriptor_to_its_end() -> None:
    r, w = os.pipe()
    reader = LineReader()
    thread = pump(r, reader)
    os.write(w, b"one\ntwo")
    os.close(w)
    thread.join(2)
    assert [line.text() for line in iter(lambda: reader.get(soon()), None)] == ["one", "two"]


def test_a_write_to_an_engine_that_does_not_read_gives_up_at_its_deadline() -> None:
    r, w = os.pipe()
    os.set_blocking(w, False)
    start = time.monotonic()
    with pytest.raises(WriteTimeout):
        write_all(w, b"x" * 10_000_000, start + 0.2)
    assert time.monotonic() - start < 1.0
    os.close(r)
    with pytest.raises(BrokenPipeError):
        write_all(w, b"x", time.monotonic() + 0.2)
    os.close(w)


def test_the_engine_environment_is_an_allow_list() -> None:
    host_env = {"PATH": "/bin", "HOME": "/home/bot", "LANG": "C.UTF-8",
                "DISCORD_TOKEN": "secret", "GOITA_ENGINE_KEY": "k"}
    assert engine_env((), host_env) == {"PATH": "/bin", "HOME": "/home/bot", "LANG": "C.UTF-8"}
    assert engine_env(["GOITA_ENGINE_KEY", "UNSET"], host_env)["GOITA_ENGINE_KEY"] == "k"
    assert "DISCORD_TOKEN" not in engine_env(["GOITA_ENGINE_KEY"], host_env)
    assert BASE_ENV == ("PATH", "HOME", "LANG")
