"""The Fluent catalogs: one :class:`FluentBundle` per language, loaded from
``locales/<lang>/*.ftl`` (package data).

Message keys read like ``board.seat`` or ``special.goshi-pair``. A Fluent identifier cannot
hold a dot, so the files write a key's ``.`` as ``-`` and its ``-`` as ``--``
(``board-seat``, ``special-goshi--pair``): the mapping goes both ways. Messages whose id
starts with ``cmd-`` hold the command names and descriptions (see :mod:`.translator`);
terms (``-rules-pieces``) are building blocks of other messages, not keys.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

import discord
from fluent.runtime import FluentBundle, FluentResource
from fluent.runtime.types import FluentType, fluent_number
from fluent.syntax import ast
from fluent.syntax.visitor import Visitor

#: the catalog languages, English (the source and the fallback) first
LANGS = ("en", "ja", "es", "de", "fr", "ru")
COMMAND_PREFIX = "cmd-"


def lang_of(locale: str | discord.Locale | None) -> str:
    """The catalog language for a Discord locale such as "ja", "en-US", "es-419", "de"."""
    value = str(locale.value if isinstance(locale, discord.Locale) else (locale or ""))
    lang = value.lower().split("-")[0]
    return lang if lang in LANGS else "en"


def fluent_id(key: str) -> str:
    return key.replace("-", "--").replace(".", "-")


def key_of(fluent_id: str) -> str:
    return "-".join(part.replace("-", ".") for part in fluent_id.split("--"))


class CatalogError(ValueError):
    """A catalog file does not parse (a broken entry would otherwise be skipped)."""


def _folder(lang: str) -> Traversable:
    return resources.files(__package__).joinpath("locales", lang)


@cache
def _resources(lang: str) -> tuple[tuple[str, ast.Resource], ...]:
    """The parsed files of ``lang``, by name."""
    return tuple((f"{lang}/{entry.name}", FluentResource(entry.read_text(encoding="utf-8")))
                 for entry in sorted(_folder(lang).iterdir(), key=lambda e: e.name)
                 if entry.name.endswith(".ftl"))


@cache
def entries(lang: str) -> Mapping[str, ast.Message]:
    """Every message of ``lang`` by Fluent id (terms left out), parsed once."""
    found: dict[str, ast.Message] = {}
    for name, resource in _resources(lang):
        for item in resource.body:
            if isinstance(item, ast.Junk):
                text = (item.content or "").strip()[:80]
                raise CatalogError(f"{name}: cannot parse {text!r}")
            if isinstance(item, ast.Message):
                if item.id.name in found:
                    raise CatalogError(f"{name}: {item.id.name} is defined twice")
                found[item.id.name] = item
    return found


@cache
def bundle(lang: str) -> FluentBundle:
    # No Unicode isolation marks around values: Discord shows names as they are.
    result = FluentBundle([lang], use_isolating=False)
    for _name, resource in _resources(lang):
        result.add_resource(resource)
    return result


def fluent_args(params: Mapping[str, Any]) -> dict[str, FluentType | str]:
    """Whole numbers stay numbers (plural forms select on them) but print as the code
    gives them, without grouping ("1000", "#12345"); everything else prints as ``str()``."""
    return {name: fluent_number(value, useGrouping=False)
            if isinstance(value, int) and not isinstance(value, bool) else str(value)
            for name, value in params.items()}


def format_message(lang: str, fid: str, params: Mapping[str, Any]) -> tuple[str, list[Exception]]:
    """Message ``fid`` of ``lang`` with ``params``, and the errors met (unknown variable...)."""
    b = bundle(lang)
    value = b.get_message(fid).value
    if value is None:
        return fid, [KeyError(fid)]
    text, errors = b.format_pattern(value, fluent_args(params))
    return str(text), errors


class _Variables(Visitor):
    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:
        self.names.add(node.id.name)


def variables(lang: str, fid: str) -> set[str]:
    """The ``$variables`` message ``fid`` of ``lang`` uses, in any of its variants."""
    visitor = _Variables()
    visitor.visit(entries(lang)[fid])
    return visitor.names
