"""The strongest computer player the rules core offers, with a fixed number of samples per
decision instead of a time budget, so its choice depends only on the seat's view and the
seed (never on the machine's load)."""

from __future__ import annotations

import inspect
from collections.abc import Callable

from goita_core.players import LEVELS, Player, make_player


def strongest_level() -> str:
    return "expert" if "expert" in LEVELS else "hard"


def strongest_player(seed: int, samples: int) -> Player:
    """The strongest level, searching ``samples`` sampled deals per decision."""
    level = strongest_level()
    factory: Callable[..., Player] = make_player
    if "options" in inspect.signature(factory).parameters:
        return factory(level, seed, options={"iterations": samples})
    # a make_player without options: the search player still counts samples when told to
    player = make_player(level, seed)
    if hasattr(player, "iterations"):
        setattr(player, "iterations", samples)  # noqa: B010 - not part of the Player API
    return player
