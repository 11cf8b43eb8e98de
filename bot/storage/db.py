"""Opening the SQLite database and applying migrations.

Migrations are the files ``migrations/NNN_name.sql`` applied in order; the schema version is
SQLite's ``PRAGMA user_version`` (= the NNN of the last applied file). Each file runs in one
transaction, so a failed migration leaves the previous version intact.

The stores share the bot's one connection: :func:`transaction` serialises their write
transactions, since two coroutines must not interleave BEGIN/COMMIT on one connection.
:class:`GroupCommit` writes the steps of many tables in one of them.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import sqlite3
import stat
import weakref
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Generic, TypeVar

import aiosqlite

_Item = TypeVar("_Item")
_T = TypeVar("_T")

_MIGRATION_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")

_LOCKS: weakref.WeakKeyDictionary[aiosqlite.Connection, asyncio.Lock] = (
    weakref.WeakKeyDictionary()
)


class DatabaseError(Exception):
    """The database cannot be used (unreadable, not SQLite, or from a newer version)."""


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sql: str


def migrations() -> list[Migration]:
    found: list[Migration] = []
    for entry in resources.files("bot.storage.migrations").iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append(Migration(int(match.group(1)), entry.name, entry.read_text("utf-8")))
    found.sort(key=lambda m: m.version)
    versions = [m.version for m in found]
    if versions != list(range(1, len(found) + 1)):
        raise DatabaseError(f"migration numbers must run 1, 2, 3 ... without gaps: {versions}")
    return found


async def open_database(path: Path | str, *, upto: int | None = None) -> aiosqlite.Connection:
    """Open (creating if missing) and migrate the database; WAL mode and a busy timeout.

    An existing file that is not a readable SQLite database raises :class:`DatabaseError`
    and is never overwritten. ``upto`` stops at a migration version (for upgrade tests).
    """
    path = Path(path)
    if str(path) != ":memory:":
        _prepare_file(path)
    try:
        conn = await aiosqlite.connect(path, isolation_level=None)
    except sqlite3.Error as exc:
        raise DatabaseError(f"cannot open the database {path}: {exc}") from exc
    try:
        conn.row_factory = aiosqlite.Row
        await conn.execute("PRAGMA busy_timeout = 5000")
        await conn.execute("PRAGMA foreign_keys = ON")
        # refuse a database from a newer bot before changing anything in it
        await _check_not_newer(conn)
        await conn.execute("PRAGMA journal_mode = WAL")
        # NORMAL in WAL mode: a committed move survives a killed or crashed process (the
        # restart tests kill -9 the bot); only a power loss may undo the last commits. FULL
        # measured 3.0 ms per committed step against 0.8 ms (benchmarks/bench_tables.py), and
        # one connection must keep up with every table's moves.
        await conn.execute("PRAGMA synchronous = NORMAL")
        await _migrate(conn, upto)
        await _check_writable(conn, path)
        if str(path) != ":memory:":
            _private(path)
    except sqlite3.DatabaseError as exc:
        await conn.close()
        raise DatabaseError(
            f"{path} is not a usable Goita database ({exc}); it was left untouched. "
            "Move it away or set DATABASE_PATH to another file."
        ) from exc
    except BaseException:
        await conn.close()
        raise
    return conn


def _prepare_file(path: Path) -> None:
    """Make sure the database can live at ``path`` (one sentence if not): its folder exists
    or can be created and is writable, an existing file is writable; a new file is created
    readable by the bot's user only (0600: it holds user ids, names and game records),
    and SQLite gives its -wal and -shm files the same mode."""
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DatabaseError(f"the folder {folder} for the database cannot be created "
                            f"({exc.strerror or exc}); create it or set DATABASE_PATH "
                            "to a file in a folder the bot can write") from exc
    if not folder.is_dir():
        raise DatabaseError(f"{folder} is not a folder; set DATABASE_PATH to a file in a "
                            "folder the bot can write")
    if path.exists():
        if path.is_dir():
            raise DatabaseError(f"{path} is a folder, not a database file; set "
                                "DATABASE_PATH to a file")
        if not os.access(path, os.W_OK) or not path.stat().st_mode & stat.S_IWUSR:
            mode = stat.S_IMODE(path.stat().st_mode)
            raise DatabaseError(f"the database file {path} is read-only (mode {mode:04o}); "
                                "make it writable by the bot's user")
        return
    if not os.access(folder, os.W_OK | os.X_OK):
        raise DatabaseError(f"the folder {folder} is not writable by the bot's user, so "
                            "the database cannot be created there")
    try:
        os.close(os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        pass  # another process created it meanwhile
    except OSError as exc:
        raise DatabaseError(f"the database file {path} cannot be created "
                            f"({exc.strerror or exc})") from exc


def _private(path: Path) -> None:
    """The -wal and -shm files of a 0600 database are 0600 too (SQLite copies the
    database's mode; this covers files left by an older version)."""
    if stat.S_IMODE(path.stat().st_mode) & 0o077:
        return  # the operator chose a wider mode for the database itself
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        with contextlib.suppress(OSError):
            if stat.S_IMODE(side.stat().st_mode) & 0o077:
                os.chmod(side, 0o600)


async def _check_writable(conn: aiosqlite.Connection, path: Path) -> None:
    """A write transaction must start: a read-only file or mount fails here, at start-up,
    and not at the first save."""
    try:
        await conn.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as exc:
        raise DatabaseError(f"the database {path} cannot be written ({exc}); make the file "
                            "and its folder writable by the bot's user") from exc
    await conn.execute("ROLLBACK")


async def schema_version(conn: aiosqlite.Connection) -> int:
    async with conn.execute("PRAGMA user_version") as cur:
        row = await cur.fetchone()
    return int(row[0]) if row else 0


async def _check_not_newer(conn: aiosqlite.Connection) -> None:
    current = await schema_version(conn)
    known = migrations()
    latest = known[-1].version if known else 0
    if current > latest:
        raise DatabaseError(
            f"the database is at schema version {current}, newer than this bot knows "
            f"({latest}); upgrade the bot instead of using an older one"
        )


async def _migrate(conn: aiosqlite.Connection, upto: int | None) -> None:
    current = await schema_version(conn)
    known = migrations()
    for migration in known:
        if migration.version <= current or (upto is not None and migration.version > upto):
            continue
        # executescript commits any open transaction first; wrap the file in its own
        try:
            await conn.executescript(
                f"BEGIN;\n{migration.sql}\nPRAGMA user_version = {migration.version};\nCOMMIT;"
            )
        except sqlite3.Error:
            if conn.in_transaction:
                await conn.rollback()
            raise


def _lock_of(conn: aiosqlite.Connection) -> asyncio.Lock:
    lock = _LOCKS.get(conn)
    if lock is None:
        lock = _LOCKS[conn] = asyncio.Lock()
    return lock


@asynccontextmanager
async def transaction(conn: aiosqlite.Connection) -> AsyncIterator[aiosqlite.Connection]:
    """One write transaction on ``conn`` (``BEGIN IMMEDIATE``): committed on success, rolled
    back on any error, and serialised with every other store's transactions on ``conn``."""
    async with _lock_of(conn):
        await conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
        except BaseException:
            await conn.rollback()
            raise
        await conn.commit()


async def run_transaction(conn: aiosqlite.Connection,
                          work: Callable[[sqlite3.Connection], _T]) -> _T:
    """``work(db)`` in one write transaction, as :func:`transaction` does, but in a single
    hand-off to the connection's thread: BEGIN, the statements and COMMIT (or ROLLBACK)
    run there together. Each hand-off wakes that thread and passes the GIL back and forth
    (about 0.1-0.6 ms under load), so a hot write path pays it once instead of per
    statement. ``work`` runs on that thread: it must not touch the event loop."""
    async with _lock_of(conn):
        # aiosqlite's own way of running a call on its thread (every public method uses
        # it); the public API has no call that runs several statements in one hand-off
        result: _T = await conn._execute(  # type: ignore[no-untyped-call]
            _in_transaction, conn._conn, work)
        return result


def _in_transaction(db: sqlite3.Connection, work: Callable[[sqlite3.Connection], _T]) -> _T:
    db.execute("BEGIN IMMEDIATE")
    try:
        result = work(db)
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
    return result


class GroupCommit(Generic[_Item]):
    """Group commit: writes queued by many coroutines go to the database together, in one
    transaction, each caller awaiting its own write's COMMIT.

    A batch is what queued while the previous one was written, so under load one
    transaction (one hand-off to the database thread: :func:`run_transaction`) carries
    many writes, and when idle a write goes alone at once. ``write(db, items)`` runs inside
    the transaction, on the database thread.
    A batch that breaks a constraint is tried again write by write, so only the
    conflicting write fails (its caller gets the IntegrityError); any other failure (a full
    disk, a read-only file) fails every write of the batch with that error, as if each had
    been saved alone.
    """

    def __init__(self, conn: aiosqlite.Connection,
                 write: Callable[[sqlite3.Connection, Sequence[_Item]], None],
                 name: str = "sqlite-group-commit") -> None:
        self.conn = conn
        self._write = write
        self._name = name
        self._queue: list[tuple[_Item, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def submit(self, item: _Item) -> None:
        """Queue ``item`` and return once it is committed (raise what writing it raised).
        A caller cancelled meanwhile does not take its write back: it may be committed."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.append((item, done))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._drain(), name=self._name)
        try:
            await asyncio.shield(done)
        except asyncio.CancelledError:
            # nobody reads the outcome now; do not let asyncio report it as unread
            done.add_done_callback(_read)
            raise

    async def _drain(self) -> None:
        while self._queue:
            batch, self._queue = self._queue, []
            try:
                await self._commit([item for item, _ in batch])
            except sqlite3.IntegrityError as exc:
                if len(batch) == 1:
                    _settle(batch[0][1], exc)
                    continue
                for item, done in batch:  # alone, so only the conflicting ones fail
                    try:
                        await self._commit([item])
                    except Exception as alone:
                        _settle(done, alone)
                    else:
                        _settle(done, None)
            except Exception as exc:  # a full disk, a read-only file: the batch failed
                for _, done in batch:
                    _settle(done, exc)
            except BaseException as exc:  # cancelled (the loop closes): nobody waits forever
                for _, done in [*batch, *self._queue]:
                    _settle(done, exc)
                raise
            else:
                for _, done in batch:
                    _settle(done, None)

    async def _commit(self, items: Sequence[_Item]) -> None:
        await run_transaction(self.conn, lambda db: self._write(db, items))


def _read(done: asyncio.Future[None]) -> None:
    if not done.cancelled():
        done.exception()


def _settle(done: asyncio.Future[None], exc: BaseException | None) -> None:
    if done.done():
        return
    if exc is None:
        done.set_result(None)
    elif isinstance(exc, asyncio.CancelledError):
        done.cancel()
    else:
        done.set_exception(exc)
