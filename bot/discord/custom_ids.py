"""Bounds on the numbers a custom id carries.

A modified client can send any custom id that matches a button's pattern, so a number read
from one is never trusted: an id above what the stores hold (SQLite and PostgreSQL integers
are signed 64-bit) would raise ``OverflowError`` deep in a query. Such a click is refused
as an unknown (old) button before anything looks it up.
"""

from __future__ import annotations

#: the largest id a store holds (Discord snowflakes and table/match ids fit)
MAX_ID = 2**63 - 1


def fits(*numbers: int) -> bool:
    """True if every number is an id a store can hold."""
    return all(0 <= n <= MAX_ID for n in numbers)
