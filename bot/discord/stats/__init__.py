"""Stats, history, replays and kifu downloads of recorded matches (see :mod:`._cog`)."""

from ._cog import StatsCog

__all__ = ["StatsCog"]
