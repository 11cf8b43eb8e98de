"""Gateway sharding as Discord does it: which session gets which guild's events.

A bot in many guilds opens several gateway sessions ("shards"), each IDENTIFYing with
``shard: [shard_id, shard_count]``. Discord sends a guild's events only to shard
``(guild_id >> 22) % shard_count`` and direct messages only to shard 0.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Shard:
    id: int = 0
    count: int = 1

    def owns(self, guild_id: int | None) -> bool:
        """Whether this shard gets the events of that guild (None: a DM, shard 0)."""
        if guild_id is None:
            return self.id == 0
        return shard_of(guild_id, self.count) == self.id

    def __str__(self) -> str:
        return f"[{self.id}, {self.count}]"


def shard_of(guild_id: int, shard_count: int) -> int:
    return (guild_id >> 22) % shard_count


def parse_shard(value: Any) -> Shard | None:
    """The IDENTIFY's ``shard`` field; None when it is invalid (close code 4010)."""
    if value is None:
        return Shard()
    if not isinstance(value, list) or len(value) != 2 or \
            not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        return None
    shard_id, count = value
    if count < 1 or not 0 <= shard_id < count:
        return None
    return Shard(shard_id, count)


def recommended_shards(guild_count: int, guilds_per_shard: int) -> int:
    return max(1, math.ceil(guild_count / guilds_per_shard))
