"""Goita Discord bot: application layer and discord.py adapter.

`create_bot` is imported lazily so that `bot.config`, `bot.healthcheck` and the
no-token path of `python -m bot` do not pay for importing discord.py.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.client import create_bot

try:
    __version__ = version("goita-discord")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0+unknown"

__all__ = ["__version__", "create_bot"]


def __getattr__(name: str) -> Any:
    if name == "create_bot":
        from bot.client import create_bot

        return create_bot
    raise AttributeError(f"module 'bot' has no attribute {name!r}")
