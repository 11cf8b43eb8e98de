"""Timers are data: ``Table.deadlines`` (wall-clock seconds, stored with the table).

:func:`arm` sets them for what a table waits for now (a CPU move, a human's turn, the next
round, the close of a table everyone left); :func:`resume_timers` moves them on after a
restart. The clock room (:mod:`bot.app.tables.clock`) runs whatever falls due.
"""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING, Protocol

from ..ports import PromptKind
from ..table import Deadlines, Table, TableSettings

if TYPE_CHECKING:
    from .kernel import Outbox


class TimingSettings(Protocol):
    """The subset of :class:`bot.config.Settings` the service reads."""

    @property
    def turn_timeout_seconds(self) -> float: ...
    @property
    def turn_warning_seconds(self) -> float: ...
    @property
    def cpu_move_delay_seconds(self) -> float: ...
    @property
    def lobby_idle_seconds(self) -> float: ...
    @property
    def round_pause_seconds(self) -> float: ...
    @property
    def away_close_seconds(self) -> float: ...
    @property
    def hard_cpu_budget_ms(self) -> int: ...
    @property
    def external_engines(self) -> dict[str, str]: ...
    @property
    def max_engines_per_table(self) -> int: ...
    @property
    def max_engines_total(self) -> int: ...
    @property
    def engine_pass_env(self) -> list[str]: ...


def pace_of(table: Table, settings: TimingSettings) -> TableSettings:
    """The table's own settings; the operator's for a table stored before tables kept
    their own."""
    return table.settings if table.settings is not None else operator_pace(settings)


def operator_pace(settings: TimingSettings) -> TableSettings:
    """The operator's settings as a table's own (tables of a service without servers'
    settings)."""
    return TableSettings(turn_seconds=settings.turn_timeout_seconds,
                         warning_seconds=settings.turn_warning_seconds,
                         cpu_delay_seconds=settings.cpu_move_delay_seconds,
                         round_pause_seconds=settings.round_pause_seconds)


def arm(table: Table, out: Outbox, settings: TimingSettings, now: float,
        quiet: int | None = None) -> None:
    """Set the timers for what the table waits for now, at the table's own pace; prompt
    humans whose turn starts (except ``quiet``, who is looking at their hand already). A
    running turn timer is kept while the same humans are to act."""
    d = table.deadlines
    s = settings
    pace = pace_of(table, settings)
    humans = table.humans()
    if humans and all(table.seat(i).away for i in humans):
        if d.away_close_at is None:
            d.away_close_at = now + s.away_close_seconds
    else:
        d.away_close_at = None
    match = table.match
    if table.status != "playing" or match is None or match.over:
        d.clear_turn()
        d.next_round_at = None
        table.timed_seats = ()
        return
    if match.awaiting_next_round:
        d.clear_turn()
        table.timed_seats = ()
        if d.next_round_at is None:
            d.next_round_at = now + pace.round_pause_seconds
        return
    d.next_round_at = None
    actors = match.round.to_act()
    auto = [i for i in actors if not table.seat(i).present]
    present = [i for i in actors if table.seat(i).present]
    if auto:
        if d.cpu_due_at is None:
            d.cpu_due_at = now + pace.cpu_delay_seconds
    else:
        d.cpu_due_at = None
    if not present:
        d.turn_deadline = d.warn_at = None
        table.timed_seats = ()
        return
    if not set(present) <= set(table.timed_seats) or d.turn_deadline is None:
        d.turn_deadline = now + pace.turn_seconds
        d.warn_at = d.turn_deadline - pace.warning_seconds
        fresh = [i for i in present if i not in table.timed_seats]
        kind: PromptKind = "goshi" if match.round.phase == "goshi" else "your_turn"
        for i in fresh:
            if i != quiet:
                out.prompt(table, i, kind)
    table.timed_seats = tuple(present)


def resume_timers(table: Table, now: float) -> None:
    """Timers do not run while the bot is down: every armed deadline is moved on by the
    time since the table's last stored change (a lower bound of the downtime, as the bot
    may have run a while after it), so each keeps the time it had left then; overdue ones
    run at once."""
    downtime = now - table.updated_at
    if downtime <= 0:
        return
    d = table.deadlines
    for f in fields(Deadlines):
        at = getattr(d, f.name)
        if at is not None:
            setattr(d, f.name, max(now, at + downtime))
