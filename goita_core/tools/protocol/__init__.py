"""The engine protocol (docs/ENGINE_PROTOCOL.md): line-delimited JSON between a host (the
arena, the bot) and an engine process that plays one seat.

- :mod:`.messages`: both directions' message building and parsing (pure);
- :mod:`.streams`: bounded pipes to an engine process (reader, writer, spawning);
- :mod:`.host`: :class:`EngineHost` runs an engine, :class:`EnginePlayer` plays a seat
  through it and substitutes a safe legal move whenever the engine misbehaves.

Unlike the players, this package does I/O (a subprocess and threads); nothing else in
``goita_core`` imports it except the arena and the engine entry point.
"""

from .host import EngineHost, EnginePlayer, parse_answer
from .messages import (
    HIDDEN,
    PROTOCOL_VERSION,
    ProtocolError,
    act_message,
    goshi_message,
    round_end_message,
    round_from_end_message,
    view_from_message,
)
from .streams import BASE_ENV, MAX_BACKLOG, MAX_LINE, LineReader, Pipes, engine_env

__all__ = [
    "BASE_ENV",
    "HIDDEN",
    "MAX_BACKLOG",
    "MAX_LINE",
    "PROTOCOL_VERSION",
    "EngineHost",
    "EnginePlayer",
    "LineReader",
    "Pipes",
    "ProtocolError",
    "act_message",
    "engine_env",
    "goshi_message",
    "parse_answer",
    "round_end_message",
    "round_from_end_message",
    "view_from_message",
]
