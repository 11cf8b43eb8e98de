"""The database file on disk: created private (0600, with its -wal and -shm files), and a
place the bot cannot write is refused at start-up with one sentence."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from bot.storage.db import DatabaseError, open_database


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@contextmanager
def umask(value: int) -> Iterator[None]:
    old = os.umask(value)
    try:
        yield
    finally:
        os.umask(old)


@pytest.mark.parametrize("mask", [0o022, 0o000], ids=["umask022", "umask000"])
async def test_a_new_database_and_its_wal_and_shm_files_are_private(
    tmp_path: Path, mask: int
) -> None:
    db = tmp_path / "data" / "goita.sqlite3"
    with umask(mask):
        conn = await open_database(db)
        try:
            await conn.execute("CREATE TABLE probe (x)")  # a write: the WAL is in use
            files = [db, db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm")]
            assert all(f.exists() for f in files)
            assert [mode(f) for f in files] == [0o600, 0o600, 0o600]
        finally:
            await conn.close()


async def test_an_existing_databases_mode_is_kept(tmp_path: Path) -> None:
    db = tmp_path / "goita.sqlite3"
    conn = await open_database(db)
    await conn.close()
    os.chmod(db, 0o640)  # the operator's choice (e.g. a backup group)
    conn = await open_database(db)
    await conn.close()
    assert mode(db) == 0o640


async def test_a_folder_that_cannot_be_created_is_one_sentence(tmp_path: Path) -> None:
    blocker = tmp_path / "notafolder"
    blocker.write_text("x")
    with pytest.raises(DatabaseError) as info:
        await open_database(blocker / "sub" / "goita.sqlite3")
    text = str(info.value)
    assert f"the folder {blocker / 'sub'} for the database cannot be created" in text
    assert "\n" not in text


async def test_a_read_only_database_file_is_refused_and_left_untouched(tmp_path: Path) -> None:
    db = tmp_path / "goita.sqlite3"
    conn = await open_database(db)
    await conn.close()
    os.chmod(db, 0o444)
    before = db.read_bytes()
    with pytest.raises(DatabaseError) as info:
        await open_database(db)
    assert f"the database file {db} is read-only (mode 0444)" in str(info.value)
    assert db.read_bytes() == before
