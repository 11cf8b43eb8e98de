"""The search's settings: what JSON gives is made into the values the search reads, and a
setting no search could play with is refused when it is made."""

from __future__ import annotations

import json
from typing import Any

import pytest

from goita_core.players import make_player
from goita_core.players.hard import LEVEL_SETTINGS, HardPlayer
from goita_core.players.heuristics import DEFAULT_WEIGHTS
from goita_core.players.settings import SearchSettings
from goita_core.players.softpolicy import N_FEATURES


def test_options_from_json_become_the_settings_the_search_reads() -> None:
    odd = [w + 1.0 for w in DEFAULT_WEIGHTS]
    options = json.loads(json.dumps({"rollout_weights": odd, "iterations": 3,
                                     "rollout_policy": [0] * N_FEATURES}))
    settings = SearchSettings.from_options(options)
    assert settings.playout_weights == tuple(odd) and settings.weights == DEFAULT_WEIGHTS
    assert settings.rollout_policy == (0.0,) * N_FEATURES
    # without rollout weights the playouts play the candidates' weights
    assert SearchSettings(weights=tuple(odd)).playout_weights == tuple(odd)


def test_every_level_is_made_of_its_settings() -> None:
    for level, (budget, options) in LEVEL_SETTINGS.items():
        player = make_player(level, 1)
        assert isinstance(player, HardPlayer)
        assert player.budget_ms == budget
        for name, value in options.items():
            assert getattr(player.settings, name) == value
    # expert is hard's search with more time
    hard, expert = make_player("hard", 1), make_player("expert", 2)
    assert isinstance(hard, HardPlayer) and isinstance(expert, HardPlayer)
    assert hard.settings == expert.settings and expert.budget_ms == 5 * hard.budget_ms


@pytest.mark.parametrize(("options", "match"), [
    ({"iterations": 0}, "iterations"),
    ({"rollout_eps": 1.0}, "rollout_eps"),
    ({"eps_opp": -0.1}, "eps_opp"),
    ({"soft_eps": 1.5}, "soft_eps"),
    ({"value_mix": 0.0}, "value_mix"),
    ({"fd_draw": "mine"}, "fd_draw"),
    ({"weights": [1.0]}, "weights"),
    ({"rollout_weights": [1.0, 2.0]}, "rollout_weights"),
    ({"rollout_policy": [1.0]}, "rollout_policy"),
    ({"exact_pices": 14}, "unknown search option exact_pices"),
    ({"a": 1, "b": 2}, "unknown search options a, b"),
])
def test_a_setting_no_search_could_play_is_refused(options: dict[str, Any],
                                                   match: str) -> None:
    with pytest.raises(ValueError, match=match):
        SearchSettings.from_options(options)
    with pytest.raises(ValueError, match=match):
        make_player("hard", 1, options=options)


def test_settings_cannot_change_under_a_running_search() -> None:
    settings = SearchSettings()
    with pytest.raises(AttributeError):
        settings.lack = 1.0  # type: ignore[misc]
