"""What the learning features need from storage. The SQLite implementation is
:class:`bot.storage.learn.SqliteLearnStore`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from .review import Review
from .tutorial import Progress


@dataclass(frozen=True, slots=True)
class ReviewKey:
    """One seat's review of one recorded match. ``match`` names the match for the adapter
    (e.g. ``"<guild id>:<match id>"``); ``version`` is the analysis method's version, so a
    better method never serves an old cached review."""

    match: str
    seat: int
    version: int


class LearnStore(Protocol):
    async def load_progress(self, user_id: int) -> Progress | None:
        """The user's stored tutorial progress (None: never started, or unreadable)."""

    async def save_progress(self, user_id: int, progress: Progress) -> None: ...

    async def clear_progress(self, user_id: int) -> None: ...

    async def load_review(self, key: ReviewKey) -> Review | None: ...

    async def save_review(self, key: ReviewKey, review: Review) -> None: ...

    async def record_hint(self, table_id: int, started_at: float, user_id: int, at: float
                          ) -> None:
        """Note that ``user_id`` asked for a hint in the match the table started at
        ``started_at`` (``Table.started_at``: a match of a table is known by its start)."""

    async def hint_users(self, table_id: int, started_at: float) -> list[int]:
        """Who asked for hints in that match (first use first)."""
