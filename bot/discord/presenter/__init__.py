"""The Presenter: how table changes reach Discord.

- **Board** (:mod:`.board`): one public message per table, edits coalesced, re-posted
  when too old or deleted.
- **Notifications** (:mod:`.pings`): at most one channel message per table mentioning the
  player it waits for.
- **Hands** (:mod:`.hands`): each player's ephemeral hand, edited through their last
  interaction while its token lives.

Nothing here raises for a Discord failure: it is logged and the next change retries.
"""

from .board import REPOST_AFTER
from .hands import HAND_TOKEN_LIFE, HandEntry
from .presenter import DiscordPresenter

__all__ = ["HAND_TOKEN_LIFE", "REPOST_AFTER", "DiscordPresenter", "HandEntry"]
