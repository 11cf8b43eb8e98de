"""`python -m bot.healthcheck`: healthy only with an openable database and a fresh heartbeat."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.healthcheck import check, main


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "goita.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE t (x)")
    conn.close()
    return path


def beat(db: Path, age: float = 0.0) -> None:
    heartbeat = db.with_name(db.name + ".heartbeat")
    heartbeat.write_text(f"{os.getpid()} {time.time():.0f}\n")
    stamp = time.time() - age
    os.utime(heartbeat, (stamp, stamp))


def test_healthy_with_database_and_fresh_heartbeat(db: Path) -> None:
    beat(db, age=5)
    assert check(db, max_age_seconds=90) is None
    assert main(["--database", str(db)]) == 0


def test_stale_heartbeat_is_unhealthy(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    beat(db, age=300)
    assert main(["--database", str(db), "--max-age", "90"]) == 1
    assert "300 s old" in capsys.readouterr().err


def test_missing_heartbeat_is_unhealthy(db: Path) -> None:
    problem = check(db, max_age_seconds=90)
    assert problem is not None and "heartbeat" in problem


def test_missing_database_is_unhealthy_and_not_created(tmp_path: Path) -> None:
    db = tmp_path / "nope.sqlite3"
    beat(db)
    problem = check(db, max_age_seconds=90)
    assert problem is not None and "does not exist" in problem
    assert not db.exists()


def test_file_that_is_not_a_database_is_unhealthy(tmp_path: Path) -> None:
    db = tmp_path / "goita.sqlite3"
    db.write_bytes(b"this is not sqlite, just some text padding it out" * 20)
    beat(db)
    problem = check(db, max_age_seconds=90)
    assert problem is not None and "does not open" in problem


def test_module_reads_database_path_from_environment(db: Path, tmp_path: Path) -> None:
    beat(db)
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "DATABASE_PATH": str(db)}
    ok = subprocess.run(
        [sys.executable, "-m", "bot.healthcheck"], cwd=tmp_path, env=env, capture_output=True
    )
    assert ok.returncode == 0, ok.stderr
    env["DATABASE_PATH"] = str(tmp_path / "other.sqlite3")
    bad = subprocess.run(
        [sys.executable, "-m", "bot.healthcheck"], cwd=tmp_path, env=env, capture_output=True
    )
    assert bad.returncode == 1
