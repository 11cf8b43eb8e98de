"""An in-memory LearnStore for the app-layer tests (the SQLite one is tested on its own)."""

from __future__ import annotations

from bot.app.learn.ports import LearnStore, ReviewKey
from bot.app.learn.review import Review
from bot.app.learn.tutorial import Progress


class MemoryLearnStore:
    def __init__(self) -> None:
        self.progress: dict[int, Progress] = {}
        self.reviews: dict[ReviewKey, Review] = {}
        self.hints: list[tuple[int, float, int, float]] = []
        self.saves = 0

    async def load_progress(self, user_id: int) -> Progress | None:
        return self.progress.get(user_id)

    async def save_progress(self, user_id: int, progress: Progress) -> None:
        self.saves += 1
        self.progress[user_id] = progress

    async def clear_progress(self, user_id: int) -> None:
        self.progress.pop(user_id, None)

    async def load_review(self, key: ReviewKey) -> Review | None:
        return self.reviews.get(key)

    async def save_review(self, key: ReviewKey, review: Review) -> None:
        self.reviews[key] = review

    async def record_hint(self, table_id: int, started_at: float, user_id: int, at: float
                          ) -> None:
        self.hints.append((table_id, started_at, user_id, at))

    async def hint_users(self, table_id: int, started_at: float) -> list[int]:
        seen: list[int] = []
        for t, m, u, _ in self.hints:
            if (t, m) == (table_id, started_at) and u not in seen:
                seen.append(u)
        return seen


def _typed(store: MemoryLearnStore) -> LearnStore:
    return store  # the fake must satisfy the port
