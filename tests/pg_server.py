"""A private, throw-away PostgreSQL server for the tests and the benchmarks (stdlib only).

The server runs from the Debian/Ubuntu PostgreSQL binaries (``/usr/lib/postgresql/N/bin``,
or ``initdb`` on the PATH) with its data directory in a temporary folder, listens on
127.0.0.1 only (a free port) and trusts local connections. PostgreSQL refuses to run as
root, so under root (CI) it runs as the ``postgres`` user through ``runuser``.

Also a command line, used by ``.ci/run`` so that a killed test run cannot leave it behind::

    python3 tests/pg_server.py start DIR   # prints the server's URL
    python3 tests/pg_server.py stop DIR
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

INSTALL_HELP = (
    "the tests need PostgreSQL's server binaries (Debian/Ubuntu: apt-get install -y "
    "postgresql) or TEST_DATABASE_URL=postgresql://... pointing at a server where the "
    "user may create databases"
)


class ServerError(Exception):
    """The private server cannot be started."""


def bin_dir() -> Path:
    """Where ``initdb``, ``pg_ctl`` and ``postgres`` are; the newest installed version wins."""
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                        key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit()
                        else 0)
    if candidates:
        return Path(candidates[-1]).parent
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent
    raise ServerError(INSTALL_HELP)


def _as_server_user() -> list[str]:
    """The command prefix that runs the server's binaries as a non-root user."""
    if os.geteuid() != 0:
        return []
    if shutil.which("runuser") is None:
        raise ServerError("running as root needs runuser to start PostgreSQL as 'postgres'")
    try:
        import pwd

        pwd.getpwnam("postgres")
    except KeyError as exc:
        raise ServerError("running as root needs a 'postgres' user to run the server "
                          "(the Debian postgresql package creates it)") from exc
    return ["runuser", "-u", "postgres", "--"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass(frozen=True, slots=True)
class Server:
    directory: Path
    port: int

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    @property
    def data(self) -> Path:
        return self.directory / "data"


def start(directory: Path, *, fsync: bool = False) -> Server:
    """initdb and start a server in ``directory`` (created if missing).

    ``fsync=False`` (tests) keeps every commit's semantics but skips flushing to disk: a
    killed bot process loses nothing either way, only an OS crash could."""
    binaries = bin_dir()
    prefix = _as_server_user()
    directory.mkdir(parents=True, exist_ok=True)
    if prefix:
        shutil.chown(directory, "postgres", "postgres")
    server = Server(directory, _free_port())
    _run([*prefix, str(binaries / "initdb"), "-D", str(server.data), "-U", "postgres",
          "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"])
    options = (f"-c listen_addresses=127.0.0.1 -c port={server.port} "
               f"-c unix_socket_directories={directory} -c fsync={'on' if fsync else 'off'} "
               "-c max_connections=200")
    _run([*prefix, str(binaries / "pg_ctl"), "-D", str(server.data), "-l",
          str(directory / "server.log"), "-o", options, "-w", "-t", "60", "start"])
    (directory / "url").write_text(server.url, encoding="utf-8")
    return server


def stop(directory: Path) -> None:
    """Stop the server of ``directory`` if it runs; never raises."""
    data = directory / "data"
    if not (data / "postmaster.pid").exists():
        return
    with contextlib.suppress(ServerError, subprocess.TimeoutExpired, OSError):
        subprocess.run([*_as_server_user(), str(bin_dir() / "pg_ctl"), "-D", str(data),
                        "-m", "fast", "-w", "-t", "60", "stop"],
                       check=False, capture_output=True, timeout=90)


def _run(argv: list[str]) -> None:
    done = subprocess.run(argv, capture_output=True, text=True, timeout=120, check=False)
    if done.returncode != 0:
        raise ServerError(f"{' '.join(argv[:4])} ... failed: {done.stderr.strip()}")


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("start", "stop"):
        print("usage: pg_server.py start|stop DIR", file=sys.stderr)
        return 2
    directory = Path(argv[1]).resolve()
    if argv[0] == "stop":
        stop(directory)
        return 0
    try:
        print(start(directory).url)
    except ServerError as exc:
        print(f"cannot start PostgreSQL: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
