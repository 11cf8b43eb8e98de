"""The learning services together, as the composition root builds them and the adapter
reaches them (``Services.learn``), with the one policy the adapter asks about: whether a
server allows hints at its rated tables."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from .ports import LearnStore
from .reviews import ReviewService
from .services import HintService, TutorialService

#: guild id -> whether hints may be asked for at that server's rated tables
HintsAllowed = Callable[[int], Awaitable[bool]]


async def hints_always_allowed(guild_id: int) -> bool:
    """The default: hints are allowed everywhere (a match with hints is not rated)."""
    return True


@dataclass(frozen=True, slots=True)
class Learning:
    store: LearnStore
    tutorial: TutorialService
    hints: HintService
    reviews: ReviewService
    hints_allowed: HintsAllowed = hints_always_allowed

    @classmethod
    def build(cls, store: LearnStore, hints_allowed: HintsAllowed = hints_always_allowed
              ) -> Learning:
        return cls(store, TutorialService(store), HintService(store), ReviewService(store),
                   hints_allowed)
