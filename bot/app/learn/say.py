"""A message for the learner: a catalog key and its parameters, rendered by the adapter.

Parameters are ``int``, ``str`` or :class:`~goita_core.pieces.Kind`; the adapter shows a
``Kind`` as the piece's label in the reader's language and a ``seat`` as who sits there.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from goita_core.pieces import Kind

Param = int | str | Kind


@dataclass(frozen=True, slots=True)
class Say:
    key: str
    params: Mapping[str, Param] = field(default_factory=dict)


def say(key: str, **params: Param) -> Say:
    return Say(key, params)
