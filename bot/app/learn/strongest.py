"""The strongest computer player the rules core offers, with a fixed number of samples per
decision instead of a time budget, so its choice depends only on the seat's view and the
seed (never on the machine's load)."""

from __future__ import annotations

from goita_core.players import Player, make_player
from goita_core.players.hard import HardPlayer
from goita_core.players.sampling import Sampler
from goita_core.view import SeatView

#: the level hints and reviews use: the search with the largest budget (``iterations``
#: replaces its clock here)
STRONGEST_LEVEL = "expert"


def strongest_player(seed: int, samples: int) -> Player:
    """The strongest level, searching ``samples`` sampled deals per decision."""
    return make_player(STRONGEST_LEVEL, seed, options={"iterations": samples})


def strongest_guesses(view: SeatView) -> Sampler:
    """The guesses the strongest level's search makes of what ``view`` does not show."""
    player = make_player(STRONGEST_LEVEL, 0)
    if not isinstance(player, HardPlayer):
        raise TypeError(f"the strongest level {STRONGEST_LEVEL!r} is not a search player")
    return player.sampler(view)
