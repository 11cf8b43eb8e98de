"""`python -m bot.healthcheck` with DATABASE_URL: healthy only while the PostgreSQL server
answers and the heartbeat (next to DATABASE_PATH) is fresh; no SQLite file is needed."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

from bot.healthcheck import check


def beat(db: Path, age: float = 0.0) -> None:
    heartbeat = db.with_name(db.name + ".heartbeat")
    heartbeat.write_text(f"{os.getpid()} {time.time():.0f}\n")
    stamp = time.time() - age
    os.utime(heartbeat, (stamp, stamp))


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_healthy_with_an_answering_server_and_a_fresh_heartbeat(
        tmp_path: Path, pg_url: str) -> None:
    db = tmp_path / "goita.sqlite3"  # only names the heartbeat: never created
    beat(db, age=5)
    assert check(db, 90, database_url=pg_url) is None
    beat(db, age=300)
    problem = check(db, 90, database_url=pg_url)
    assert problem is not None and "300 s old" in problem
    assert not db.exists()


def test_a_server_that_does_not_answer_is_unhealthy(tmp_path: Path) -> None:
    db = tmp_path / "goita.sqlite3"
    beat(db)
    port = closed_port()
    problem = check(db, 90, database_url=f"postgresql://goita:s3cret@127.0.0.1:{port}/goita")
    assert problem is not None
    assert f"PostgreSQL database postgresql://127.0.0.1:{port}/goita does not answer" in problem
    assert "s3cret" not in problem


def test_module_reads_database_url_from_environment(tmp_path: Path, pg_url: str) -> None:
    db = tmp_path / "goita.sqlite3"
    beat(db)
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "DATABASE_PATH": str(db),
           "DATABASE_URL": pg_url}
    ok = subprocess.run([sys.executable, "-m", "bot.healthcheck"], cwd=tmp_path, env=env,
                        capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0, ok.stderr
    env["DATABASE_URL"] = f"postgresql://goita@127.0.0.1:{closed_port()}/goita"
    bad = subprocess.run([sys.executable, "-m", "bot.healthcheck"], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 1 and "does not answer" in bad.stderr
