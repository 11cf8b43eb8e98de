"""The contract between the Discord-free application layer (``bot.app``) and its
surroundings: the clock, the store, and the presenter that the discord.py adapter implements.

The application layer never imports ``discord``. The adapter never changes game state except
by calling :class:`bot.app.service.TableService`.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol

if TYPE_CHECKING:
    from goita_core.events import Event

    from .table import Table

SeatKind = Literal["human", "cpu", "engine"]
TableStatus = Literal["lobby", "playing", "finished", "cancelled"]
#: what a private prompt is about
PromptKind = Literal["your_turn", "goshi", "timeout_warning", "taken_over"]


class Clock(Protocol):
    """Wall-clock seconds (``time.time``): deadlines are stored and survive restarts."""

    def now(self) -> float: ...


class SystemClock:
    def now(self) -> float:
        return time.time()


@dataclass(frozen=True, slots=True)
class UserRef:
    """A Discord user as the application layer knows it (ids only, no discord types)."""

    id: int
    name: str
    locale: str = "en-US"


@dataclass(slots=True)
class TableChange:
    """What happened at a table in one accepted step, for the presenter to render.

    ``events`` are the rules core's events (face-down pieces NOT yet hidden: the renderer
    must use ``Led.public()`` for anything but the leading player's own hand).
    ``lines`` are structured narration entries ``(message_key, params)`` for the board log.
    """

    table_id: int
    reason: str  # e.g. "lobby", "start", "move", "round_end", "match_end", "closed"
    events: Sequence[Event] = ()
    lines: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    # (added by the APP helper; reasons and actors are listed in bot/app/service.py)
    #: the seat that acted in this step, if any
    seat: int | None = None
    #: who acted: "human", "cpu", "timeout" (CPU for a timed-out human), "away", "system"
    actor: str = "system"
    #: Table.version right after this step (the custom-id counter)
    version: int = 0


class Presenter(Protocol):
    """Implemented by the discord adapter. Called after the change is durably stored.

    Calls must not raise for Discord failures (log them) and must not block for long: the
    service calls them outside the table lock.
    """

    async def table_changed(self, table: Table, change: TableChange) -> None:
        """Update (or post, or re-post) the table's public message."""

    async def prompt(self, table: Table, seat: int, kind: PromptKind) -> None:
        """Tell one seated human privately (and in a way Discord notifies) that something
        needs them: their turn, a 5-Shi decision, a timeout warning, a takeover."""

    async def table_closed(self, table: Table, reason: str) -> None:
        """The table ended (cancelled, stopped, idle, abandoned, finished)."""
