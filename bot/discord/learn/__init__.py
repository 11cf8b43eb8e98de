"""Learning Goita in Discord: the guided first game (``/goita learn``), the hand's Hint and
the review of recorded matches (``/goita review``); see :mod:`._cog`."""

from ._cog import LearnCog

__all__ = ["LearnCog"]
