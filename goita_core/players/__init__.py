"""Computer players. Every player implements :class:`Player` (``act(view) -> action``) and
sees only its seat's :class:`~goita_core.view.SeatView`.

``make_player(level, seed)`` builds one of :data:`LEVELS`:

- ``random``: uniform among legal actions;
- ``greedy``: a fixed yardstick (always blocks, attacks with its most-held kind);
- ``easy``: for beginners;
- ``normal``: heuristics of good players;
- ``hard``: Monte Carlo search over the hidden pieces, within a time budget.
"""

from __future__ import annotations

from .base import Player
from .normal import NormalPlayer
from .simple import EasyPlayer, GreedyPlayer, RandomPlayer

LEVELS: tuple[str, ...] = ("random", "greedy", "easy", "normal", "hard")


def make_player(level: str, seed: int | None = None, budget_ms: int = 200) -> Player:
    """A computer player of ``level``. ``seed`` makes its random choices reproducible;
    ``budget_ms`` is the hard player's thinking time per decision."""
    if level == "random":
        return RandomPlayer(seed)
    if level == "greedy":
        return GreedyPlayer(seed)
    if level == "easy":
        return EasyPlayer(seed)
    if level == "normal":
        return NormalPlayer(seed)
    if level == "hard":
        from .hard import HardPlayer

        return HardPlayer(seed, budget_ms=budget_ms)
    raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")


__all__ = ["LEVELS", "EasyPlayer", "GreedyPlayer", "NormalPlayer", "Player", "RandomPlayer",
           "make_player"]
