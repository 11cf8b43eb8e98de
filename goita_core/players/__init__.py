"""Computer players. Every player implements :class:`Player` (``act(view) -> action``) and
sees only its seat's :class:`~goita_core.view.SeatView`.

``make_player(level, seed)`` builds one of :data:`LEVELS`:

- ``random``: uniform among legal actions;
- ``greedy``: a fixed yardstick (always blocks, attacks with its most-held kind);
- ``easy``: for beginners;
- ``normal``: heuristics of good players;
- ``hard``: Monte Carlo search over the hidden pieces, 200 ms per decision;
- ``expert``: the same search with 1 s per decision (analysis, hints, strong opponents);
- ``hard-v1``: the first hard player, kept as a yardstick for the arena.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import Player
from .normal import NormalPlayer
from .simple import EasyPlayer, GreedyPlayer, RandomPlayer

LEVELS: tuple[str, ...] = ("random", "greedy", "easy", "normal", "hard", "expert", "hard-v1")
#: the levels that search within a time budget
SEARCH_LEVELS: tuple[str, ...] = ("hard", "expert", "hard-v1")


def make_player(level: str, seed: int | None = None, budget_ms: int | None = None,
                clock: str = "wall", options: Mapping[str, object] | None = None) -> Player:
    """A computer player of ``level``. ``seed`` makes its random choices reproducible.
    For the search levels: ``budget_ms`` is the thinking time per decision (None: the
    level's own, see :func:`default_budget_ms`), measured in wall-clock time or, with
    ``clock="cpu"``, in the CPU time of the deciding thread; ``options`` are fields of
    :class:`~goita_core.players.settings.SearchSettings` (for measuring ideas; ValueError
    for a name that is not one)."""
    if level in SEARCH_LEVELS:
        from .hard import CLOCKS, HardPlayer
        from .settings import SearchSettings

        if clock not in CLOCKS:
            raise ValueError(f"unknown clock {clock!r}; choose one of {', '.join(CLOCKS)}")
        budget, kwargs = search_settings(level, budget_ms, options)
        return HardPlayer(seed, budget_ms=budget, settings=SearchSettings.from_options(kwargs),
                          clock=CLOCKS[clock], name=level)
    if options:
        raise ValueError(f"level {level!r} takes no options")
    if level == "random":
        return RandomPlayer(seed)
    if level == "greedy":
        return GreedyPlayer(seed)
    if level == "easy":
        return EasyPlayer(seed)
    if level == "normal":
        return NormalPlayer(seed)
    raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")


def search_settings(level: str, budget_ms: int | None = None,
                    options: Mapping[str, object] | None = None
                    ) -> tuple[int, dict[str, Any]]:
    """What a search level plays with: its budget per decision (``budget_ms``, else the
    level's own) and its settings with ``options`` over them (fields of
    :class:`~goita_core.players.settings.SearchSettings`). When the levels' defaults
    change, these tell runs of the same command apart."""
    from .hard import LEVEL_SETTINGS

    default_ms, settings = LEVEL_SETTINGS[level]
    return budget_ms or default_ms, {**settings, **(options or {})}


def default_budget_ms(level: str) -> int | None:
    """The thinking time per decision a search level uses by default (None: not a search
    level, it answers at once)."""
    return search_settings(level)[0] if level in SEARCH_LEVELS else None


__all__ = ["LEVELS", "SEARCH_LEVELS", "EasyPlayer", "GreedyPlayer", "NormalPlayer", "Player",
           "RandomPlayer", "default_budget_ms", "make_player", "search_settings"]
