"""Search options read from the command line: a value model's file is read by the tools,
never by the players, and a file that is not a model is refused before any game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from goita_core.players.value import ValueModel
from goita_core.tools.arena import SideSpec, run_arena
from goita_core.tools.arena import main as arena_main
from goita_core.tools.options import search_options
from tests.goita_core.players.test_value import model_file, random_model


def test_the_arena_plays_a_value_model_from_its_file(tmp_path: Path) -> None:
    model = random_model(4, hidden=16)
    path = model_file(tmp_path / "value.json", model)
    read = search_options({"value_model": path, "value_mix": 0.5})
    assert isinstance(read["value_model"], ValueModel) and read["value_mix"] == 0.5
    assert read["value_model"].w1 == model.w1
    outcomes = run_arena(SideSpec("hard", budget_ms=5, options=json.dumps(
        {"value_model": path})), SideSpec("hard", budget_ms=5), rounds=1, seed=3)
    assert outcomes[0].a_ms


@pytest.mark.parametrize("options", [{"value_model": 3}, {"value_model": None,
                                                           "value_mix": 0}])
def test_the_arena_refuses_value_options_that_are_not_a_model_or_a_share(
        options: dict[str, object]) -> None:
    with pytest.raises(SystemExit) as exc:
        arena_main(["--a", "hard", "--b", "normal", "--a-options", json.dumps(options)])
    assert exc.value.code == 2


@pytest.mark.parametrize("content", ["{", "[1, 2]", '{"w1": []}', None])
def test_the_arena_refuses_a_file_that_is_not_a_value_model(
        tmp_path: Path, content: str | None) -> None:
    path = tmp_path / "value.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(SystemExit) as exc:
        arena_main(["--a", "hard", "--b", "normal", "--a-options",
                    json.dumps({"value_model": str(path)})])
    assert exc.value.code == 2
