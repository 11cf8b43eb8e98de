"""The layers hold: import-linter's contracts (``[tool.importlinter]`` in pyproject.toml)
are all kept, every one of them fails when its rule is broken, and the pure-rules contract
lists every module of the rules core."""

from __future__ import annotations

import os
import pkgutil
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import goita_core

ROOT = Path(__file__).resolve().parents[1]
LINT = ("import sys; from importlinter.cli import lint_imports_command; "
        "sys.exit(lint_imports_command())")


def contracts() -> list[dict[str, Any]]:
    with (ROOT / "pyproject.toml").open("rb") as f:
        found: list[dict[str, Any]] = tomllib.load(f)["tool"]["importlinter"]["contracts"]
    return found


def lint_imports(project: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` on the packages in ``project`` with its pyproject.toml."""
    env = {**os.environ, "PYTHONPATH": str(project)}
    return subprocess.run(
        [sys.executable, "-c", LINT, "--no-logo", "--no-cache",
         "--config", str(project / "pyproject.toml")],
        cwd=project, env=env, capture_output=True, text=True, timeout=120, check=False)


def test_every_import_contract_is_kept() -> None:
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    for contract in contracts():
        assert f"{contract['name']} KEPT" in result.stdout


def _append(path: Path, line: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")


def test_each_contract_fails_when_its_rule_is_broken(tmp_path: Path) -> None:
    """A copy of the project with one forbidden import per rule: every contract breaks,
    and the report names the offending import (so it is the copy that was checked)."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for package in ("goita_core", "bot"):
        shutil.copytree(ROOT / package, tmp_path / package, ignore=ignore)
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    _append(tmp_path / "goita_core/match.py", "import subprocess")  # the rules do I/O
    _append(tmp_path / "goita_core/pieces.py", "import bot.config")  # the core knows the bot
    # the app imports a store: a wrong layer, and a cycle (the stores import the app)
    _append(tmp_path / "bot/app/errors.py", "import bot.storage.db")
    # a cycle inside the adapter: the renderers import a feature that imports them
    _append(tmp_path / "bot/discord/render/common.py", "import bot.discord.game")
    _append(tmp_path / "bot/discord/archive.py", "import aiosqlite")  # a cog's own database
    _append(tmp_path / "bot/pictures/scene.py", "import bot.i18n")  # the pictures' own words

    result = lint_imports(tmp_path)

    assert result.returncode != 0, result.stdout
    for contract in contracts():
        assert f"{contract['name']} BROKEN" in result.stdout, result.stdout
    assert "goita_core.match -> subprocess" in result.stdout
    assert "goita_core.pieces -> bot.config" in result.stdout
    assert "bot.app.errors -> bot.storage.db" in result.stdout
    assert "bot.discord.archive -> aiosqlite" in result.stdout
    assert "bot.pictures.scene -> bot.i18n" in result.stdout


def _covered(module: str, expressions: list[str]) -> bool:
    for expression in expressions:
        if expression.endswith(".*"):
            parent, _, _ = module.rpartition(".")
            if parent == expression[:-2]:
                return True
        elif module == expression:
            return True
    return False


def test_the_pure_rules_contract_lists_every_module_of_the_rules_core() -> None:
    (pure,) = [c for c in contracts() if c["id"] == "pure-rules"]
    assert pure["as_packages"] is False  # so each listed module is exactly itself
    modules = ["goita_core"] + [
        info.name for info in pkgutil.walk_packages(goita_core.__path__, "goita_core.")]
    outside = {"goita_core.__main__", "goita_core.tools"}
    missing = [m for m in modules
               if not any(m == o or m.startswith(o + ".") for o in outside)
               and not _covered(m, pure["source_modules"])]
    assert not missing, f"add to the pure-rules contract in pyproject.toml: {missing}"
    assert "goita_core.kifu" in modules and "goita_core.players.hard" in modules
