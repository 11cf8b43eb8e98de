"""Starting the real bot (`python -m bot`) where it cannot write its database: one clear
sentence, no traceback, exit status 3, before connecting to Discord."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from bot.__main__ import EXIT_DATABASE
from tests.bot.test_restart_database import start_bot


def test_a_database_folder_that_cannot_be_created_stops_the_bot_clearly(
    tmp_path: Path
) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the folder should be")
    result = start_bot(tmp_path, blocker / "goita.sqlite3")
    assert result.returncode == EXIT_DATABASE, result.stderr
    assert f"the folder {blocker} for the database cannot be created" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_read_only_database_file_stops_the_bot_clearly(tmp_path: Path) -> None:
    db = tmp_path / "goita.sqlite3"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE t (x)")
    os.chmod(db, 0o444)
    before = db.read_bytes()
    result = start_bot(tmp_path, db)
    assert result.returncode == EXIT_DATABASE, result.stderr
    assert "is read-only (mode 0444)" in result.stderr
    assert "Traceback" not in result.stderr
    assert db.read_bytes() == before
