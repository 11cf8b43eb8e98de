"""README, .ci/run, Dockerfile, .env.example and pyproject agree with each other and the code."""

from __future__ import annotations

import os
import re
import shlex
import stat
import tomllib
from pathlib import Path

from bot.config import Settings

ROOT = Path(__file__).resolve().parents[1]


def readme_command(marker: str) -> str:
    """The README line that starts with `python3 -m venv` and contains `marker`."""
    lines = [
        line.strip()
        for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
        if line.startswith("python3 -m venv") and marker in line
    ]
    assert len(lines) == 1, f"expected one README command containing {marker!r}: {lines}"
    return lines[0]


def pip_install_args(command: str) -> list[str]:
    """The targets of the first `pip install` in a shell command, options dropped."""
    for part in command.split("&&"):
        words = shlex.split(part)
        for i, word in enumerate(words):
            if word.endswith("pip") and words[i + 1 : i + 2] == ["install"]:
                return [w for w in words[i + 2 :] if not w.startswith("-") or w == "-e"]
    raise AssertionError(f"no pip install in {command!r}")


def dockerfile_run_lines() -> list[str]:
    text = (ROOT / "Dockerfile").read_text(encoding="utf-8").replace("\\\n", " ")
    return [line.strip()[4:] for line in text.splitlines() if line.strip().startswith("RUN ")]


def test_ci_runs_exactly_the_readme_test_command() -> None:
    test_command = readme_command("pytest")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ci.startswith("#!/usr/bin/env bash\n")
    assert "set -euo pipefail" in ci
    assert test_command in ci
    # Exit code 5 (no tests collected) must fail CI.
    assert re.search(r'"\$status" -eq 5', ci)
    assert os.stat(ROOT / ".ci" / "run").st_mode & stat.S_IXUSR


def test_readme_test_command_installs_the_test_extra() -> None:
    assert pip_install_args(readme_command("pytest")) == ["-e", ".[test]"]
    assert readme_command("pytest").endswith(".venv/bin/python -m pytest")


def test_dockerfile_installs_like_the_readme_run_command() -> None:
    run_command = readme_command("python -m bot")
    docker_installs = [line for line in dockerfile_run_lines() if "pip install" in line]
    assert len(docker_installs) == 1
    assert pip_install_args(docker_installs[0]) == pip_install_args(run_command) == ["."]


def test_dockerfile_basics() -> None:
    text = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    assert re.search(r"^FROM python:3\.11-slim", text, re.M)
    assert re.search(r"^USER (?!root)\S+", text, re.M)
    assert "DATABASE_PATH=/data/goita.sqlite3" in text
    assert re.search(r'^VOLUME \["/data"\]', text, re.M)
    assert 'CMD ["python", "-m", "bot.healthcheck"]' in text
    assert re.search(r'^CMD \["python", "-m", "bot"\]', text, re.M)
    # Everything the install needs is copied in (readme is part of the metadata).
    for needed in ("pyproject.toml", "README.md", "goita_core", "bot"):
        assert re.search(rf"^COPY .*\b{re.escape(needed)}\b", text, re.M), needed
    assert ".env" in (ROOT / ".dockerignore").read_text(encoding="utf-8").split()


def test_every_setting_is_in_env_example_and_readme() -> None:
    example = (ROOT / ".env.example").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for field in Settings.model_fields:
        name = field.upper()
        assert re.search(rf"^{name}=", example, re.M), f"{name} missing from .env.example"
        assert f"| `{name}` |" in readme, f"{name} missing from README's configuration table"


def test_invite_url_permission_integer() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    # View Channels, Send Messages, Embed Links, Attach Files, Read Message History,
    # Send Messages in Threads (Discord permission bit numbers).
    expected = sum(1 << bit for bit in (10, 11, 14, 15, 16, 38))
    (url,) = re.findall(r"https://discord\.com/oauth2/authorize\?\S+", readme)
    assert f"permissions={expected}" in url
    assert "scope=bot+applications.commands" in url


def test_pyproject_declares_the_distribution() -> None:
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    project = meta["project"]
    assert project["requires-python"] == ">=3.11"
    assert project["scripts"]["goita-bot"] == "bot.__main__:main"
    deps = " ".join(project["dependencies"])
    for dep in ("discord.py>=2.7.1", "aiosqlite", "pydantic-settings", "PyYAML"):
        assert dep in deps
    assert {"test", "dev"} <= set(project["optional-dependencies"])
    assert meta["tool"]["setuptools"]["packages"]["find"]["include"] == ["bot*", "goita_core*"]


def test_ci_starts_and_always_stops_a_postgresql_server() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "apt-get install -y postgresql" in ci
    start = ci.index('TEST_DATABASE_URL="$(python3 tests/pg_server.py start "$pgdir")"')
    assert ci.index(readme_command("pytest")) > start
    (trap,) = re.findall(r"^trap '(.*)' EXIT$", ci, re.M)
    assert 'python3 tests/pg_server.py stop "$pgdir"' in trap


def test_readme_scaled_command_and_compose_agree() -> None:
    import yaml

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "\nDISCORD_TOKEN=... docker compose up -d --build\n" in readme
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))
    services = compose["services"]
    assert services["postgres"]["image"].startswith("postgres:15")
    clusters = {name: s for name, s in services.items() if name.startswith("cluster-")}
    assert len(clusters) == 2
    settings = [Settings(**{k.lower(): v for k, v in s["environment"].items()
                            if k != "DISCORD_TOKEN"}, discord_token="x", _env_file=None)
                for s in clusters.values()]
    # every cluster is a PostgreSQL process; together they run each shard exactly once
    assert all(s.database_url is not None for s in settings)
    assert {s.shard_count for s in settings} == {2}
    assert sorted(i for s in settings for i in s.shard_ids or ()) == [0, 1]
    for s in clusters.values():
        assert s["build"] == "."
        assert s["depends_on"]["postgres"]["condition"] == "service_healthy"
    for setting in ("DATABASE_URL", "SHARD_COUNT", "SHARD_IDS"):
        assert re.search(rf"^{setting}=$", (ROOT / ".env.example").read_text(), re.M)


def test_asyncpg_is_a_dependency() -> None:
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert any(d.startswith("asyncpg") for d in meta["project"]["dependencies"])
