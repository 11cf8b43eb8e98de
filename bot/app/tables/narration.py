"""The board log: the table's events narrated (:func:`goita_core.narration.narrate`) with
the seats' names, and kept in ``Table.recent`` for the board's "last moves".

A face-down piece is never in a board line (the board is public)."""

from __future__ import annotations

from collections.abc import Sequence

from goita_core.events import Event
from goita_core.narration import Line, narrate

from ..table import Table


def event_lines(table: Table, events: Sequence[Event]) -> list[Line]:
    """Narrate ``events`` into the table's recent lines and return the new lines."""
    names = [s.name if s is not None else "?" for s in table.seats]
    lines: list[Line] = []
    for event in events:
        line = narrate(event, names)
        if line is not None:
            key, params = line
            lines.append(table.add_line(key, **params))
    return lines
