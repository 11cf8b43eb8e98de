"""Errors of the application layer: a stable code (a message-catalog key) plus parameters.

The discord adapter translates ``TableError.code`` (with ``params``) into the user's
language; nothing here is user-facing text. Codes are listed in :mod:`bot.app.tables`.
"""

from __future__ import annotations

from typing import Any


class TableError(Exception):
    """A refused request. The table is left exactly as it was."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code, params)
        self.code = code
        self.params: dict[str, Any] = params

    def __str__(self) -> str:
        if not self.params:
            return self.code
        detail = ", ".join(f"{k}={v!r}" for k, v in sorted(self.params.items()))
        return f"{self.code} ({detail})"
