"""Playing at a table: the game's commands, buttons and menus (see :mod:`._cog`)."""

from ._cog import GameCog

__all__ = ["GameCog"]
