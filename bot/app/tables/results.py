"""Results: a finished (or stopped) match is handed to the :class:`~bot.app.ports.ResultsStore`
once, as a :class:`~bot.app.records.FinishedMatch` with its native match record.

A result that cannot be stored is not lost: ``Table.result_recorded`` stays false, and the
rematch and the next start-up (``restore``) try again.
"""

from __future__ import annotations

import logging
from typing import Protocol

from goita_core.kifu import MatchRecord
from goita_core.match import Match

from ..records import FinishedMatch, SeatRecord, summarize_rounds
from ..table import Table
from .computer import ComputerRoom

log = logging.getLogger(__name__)


class HintLedger(Protocol):
    """Who asked for hints in a match (``bot.app.learn.ports.LearnStore`` is one)."""

    async def hint_users(self, table_id: int, started_at: float) -> list[int]: ...


class ResultsRoom(ComputerRoom):
    #: where hint use is noted (set by the composition root); a match with hints is not rated
    hint_ledger: HintLedger | None = None

    async def _after_commit(self, table: Table) -> None:
        await super()._after_commit(table)
        await self._record_if_needed(table)

    async def _record_if_needed(self, table: Table) -> None:
        """Hand a finished (or stopped) match to the results store, once."""
        if self.results is None or table.result_recorded or table.match is None:
            return
        if not (table.status == "finished"
                or (table.status == "cancelled" and table.stopped_early)):
            return
        try:
            finished = await self._finished_match(table)
            await self.results.record_match(finished)
        except Exception:
            log.exception("could not record the result of table %d", table.id)
            return
        table.result_recorded = True
        await self.store.save(table)

    async def _finished_match(self, table: Table) -> FinishedMatch:
        match = table.match
        assert match is not None and table.started_at is not None
        seats = []
        for i, s in enumerate(table.seats):
            assert s is not None
            seats.append(SeatRecord(i, s.kind, s.user_id if s.is_human else None, s.name,
                                    s.level))
        entries = await self.store.entries(table.id, table.match_no)
        injected = any(e.hands is not None for e in entries)
        hinted = [] if self.hint_ledger is None else \
            await self.hint_ledger.hint_users(table.id, table.started_at)
        return FinishedMatch(
            guild_id=table.guild_id,
            channel_id=table.channel_id,
            table_id=table.id,
            started_at=table.started_at,
            finished_at=table.finished_at or self.clock.now(),
            rules=table.rules.to_json(),
            seats=seats,
            scores=list(match.scores),
            winner_team=match.winner,
            stopped_early=table.status != "finished",
            rounds=summarize_rounds(match),
            record_json=record_json(table, match, injected),
            hint_users=hinted,
        )


def record_json(table: Table, match: Match, injected: bool) -> str:
    """The match's native record (goita_core.kifu JSON) with the seats' names."""
    names = [s.name if s is not None else "?" for s in table.seats]
    record = MatchRecord.from_match(match, players=names)
    if injected:
        record.seed = None  # the hands are in the record; the seed would not give them
    return record.dumps()
