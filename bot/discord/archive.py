"""Recorded matches as the stats commands read them: the results store plus a small cache
of built replays (building one replays the whole match through the rules)."""

from __future__ import annotations

from collections import OrderedDict

from bot.app.ports import ResultsStore
from bot.app.replay import Replay, build_replay
from bot.app.standings import MatchSummary, StoredMatch
from bot.app.tables.results import HintLedger
from goita_core.kifu import KifuError

#: replays kept built per bot
REPLAY_CACHE = 16


class Archive:
    def __init__(self, results: ResultsStore, cache_size: int = REPLAY_CACHE, *,
                 hints: HintLedger | None = None) -> None:
        self.results = results
        self.hints = hints
        self.cache_size = cache_size
        self._replays: OrderedDict[int, Replay] = OrderedDict()

    async def replay(self, guild_id: int, match_id: int) -> tuple[StoredMatch, Replay] | None:
        """The stored match and its replay (built once, then cached); None if this guild
        has no such match. Raises KifuError (or ReplayError) if the match has no usable
        record."""
        stored = await self.results.get_match(guild_id, match_id)
        if stored is None:
            return None
        if not stored.record_json:
            raise KifuError("the match was recorded without its game record")
        rep = self._replays.get(match_id)
        if rep is None:
            rep = build_replay(stored.record_json, stored.summary.names)
            self._replays[match_id] = rep
            while len(self._replays) > self.cache_size:
                self._replays.popitem(last=False)
        else:
            self._replays.move_to_end(match_id)
        return stored, rep

    async def hinted(self, match: MatchSummary) -> bool:
        """Whether someone asked for hints in the match (it was then not rated)."""
        if self.hints is None:
            return False
        return bool(await self.hints.hint_users(match.table_id, match.started_at))
