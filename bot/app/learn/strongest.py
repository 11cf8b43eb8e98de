"""The strongest computer player the rules core offers, with a fixed number of samples per
decision instead of a time budget, so its choice depends only on the seat's view and the
seed (never on the machine's load)."""

from __future__ import annotations

from goita_core.players import Player, make_player

#: the level hints and reviews use: the search with the largest budget (``iterations``
#: replaces its clock here)
STRONGEST_LEVEL = "expert"


def strongest_player(seed: int, samples: int) -> Player:
    """The strongest level, searching ``samples`` sampled deals per decision."""
    return make_player(STRONGEST_LEVEL, seed, options={"iterations": samples})
