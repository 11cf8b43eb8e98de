"""Sample parameters for the catalog tests: the counts that pick every plural form, and
the longest value each message parameter can get from the bot (worst case for Discord's
length limits)."""

from __future__ import annotations

from typing import Any

from fluent.syntax import ast
from fluent.syntax.visitor import Visitor

from bot.i18n import catalog, keys, t

#: 0, one, few (2-4, 22), many (5-20, 25, 111) and numbers past 100 in every language
COUNTS = (0, 1, 2, 3, 5, 11, 21, 22, 25, 101, 111)

#: a user name of 32 characters, each escaped for markdown by the renderer
NAME = "\\_" * 32
MENTION = "<@1234567890123456789>"
LINK = "https://discord.com/channels/1234567890123456789/1234567890123456789/1234567890123456789"
BIG = 1_000_000
MATCH_ID = 2**62


class _Selectors(Visitor):
    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_SelectExpression(self, node: ast.SelectExpression) -> None:
        if isinstance(node.selector, ast.VariableReference):
            self.names.add(node.selector.id.name)
        self.generic_visit(node)


def selectors(key: str, lang: str) -> set[str]:
    """The parameters message ``key`` of ``lang`` chooses a plural form by."""
    visitor = _Selectors()
    visitor.visit(catalog.entries(lang)[catalog.fluent_id(key)])
    return visitor.names


def exact_counts(key: str, lang: str) -> set[int]:
    """The counts message ``key`` of ``lang`` has a variant of their own for (``[0]``): such
    a variant may say the number in words ("no wrong move")."""
    found: set[int] = set()

    class Collect(Visitor):
        def visit_SelectExpression(self, node: ast.SelectExpression) -> None:
            found.update(int(v.key.value) for v in node.variants
                         if isinstance(v.key, ast.NumberLiteral))
            self.generic_visit(node)

    Collect().visit(catalog.entries(lang)[catalog.fluent_id(key)])
    return found


def plural_variants(lang: str) -> list[tuple[str, set[str], str]]:
    """(key, variant names, default variant) of every plural choice in ``lang``."""
    found: list[tuple[str, set[str], str]] = []

    class Collect(Visitor):
        def visit_SelectExpression(self, node: ast.SelectExpression) -> None:
            names = {v.key.name: v.default for v in node.variants
                     if isinstance(v.key, ast.Identifier)}
            found.append((key, set(names), next(n for n, d in names.items() if d)))
            self.generic_visit(node)

    for fid, message in catalog.entries(lang).items():
        key = catalog.key_of(fid)
        Collect().visit(message)
    return found


def _longest(lang: str, *keys: str, **params: Any) -> str:
    return max((t(key, lang, **params) for key in keys), key=len)


def worst_params(lang: str) -> dict[str, Any]:
    """The longest value of every message parameter, as the renderers build them."""
    piece = max((t("piece.label", lang, kanji="王", name=t(f"piece.{k}", lang))
                 for k in range(8)), key=len)
    team = _longest(lang, "team.0", "team.1")
    cpu = t("cpu.name", lang, n=4, level=_longest(lang, "level.easy", "level.normal",
                                                   "level.hard"))
    name = max(NAME, cpu, key=len)
    pair = f"{name} & {name}"
    lineup = t("stats.lineup", lang, ta=team, tb=team, a=pair, b=pair)
    numbers = dict.fromkeys(
        ("count", "left", "minutes", "seconds", "n", "rank", "players", "rated", "wins",
         "matches", "rounds", "points", "doubled", "page", "pages", "total", "round", "step",
         "steps", "target", "match_no", "from_n", "to_n", "blockers", "done", "ahead",
         "mistakes", "seated", "limit"), BIG)
    texts = {
        "name": name, "host": name, "holder_name": name, "dealer_name": name,
        "a1": name, "a2": name, "b1": name, "b2": name, "a": pair, "b": pair,
        "team": team, "team_a": team, "team_b": team, "ta": team, "tb": team,
        "piece": piece, "block": piece, "attack": piece, "last": piece, "first": piece,
        "down": piece, "second": piece, "attack_with": piece, "face_down": piece,
        "pair": piece, "kanji": "王",
        "seat": name, "who": name, "partner": name, "pieces": " · ".join([piece + " ×4"] * 8),
        "level": _longest(lang, "level.easy", "level.normal", "level.hard"),
        "rating": "-1234.5", "change": "+123.4", "pct": "100%", "fmt": "JSON",
        "when": "<t:1234567890:f>", "mention": MENTION, "link": LINK, "turn": "▶ ",
        "tags": f" · {t('seat.dealer', lang)} · {t('seat.away', lang)}",
        "extra": f" · {t('stats.lb.provisional', lang)} · "
                 f"{t('stats.lb.with_cpu', lang, n=BIG)}",
        "marks": f" · {t('stats.hist.with_cpu', lang)} · "
                 f"{t('stats.hist.rating', lang, change='+123.4')}",
        "lineup": lineup, "scores": f"{team} {BIG} – {team} {BIG}",
        "outcome": _longest(lang, "stats.hist.won", "stats.hist.lost", "stats.hist.stopped"),
        "special": _longest(lang, "special.hasshi", "special.nanashi", "special.rokushi",
                            "special.goshi-pair"),
        "first_label": _longest(lang, "hand.first_label.block",
                                "hand.first_label.face_down"),
    }
    # a server setting's name, and a refusal naming 25 allowed channels or a role
    texts["field"] = _longest(lang, *(k for k in keys() if k.startswith("settings.field.")))
    texts["channels"] = ", ".join(["<#1234567890123456789>"] * 25)
    texts["role"] = "<@&1234567890123456789>"
    # the bot's missing permissions when a table cannot open: all of them
    texts["missing"] = ", ".join(t(k, lang) for k in keys() if k.startswith("perm."))
    numbers.update(min=BIG, max=BIG)
    # a hint or review line: the longest move label and the longest reason of the catalog
    texts["move"] = _longest(lang, *(k for k in keys() if k.startswith("learn.move.")),
                             **texts)
    texts["reason"] = _longest(lang, *(k for k in keys() if k.startswith("learn.reason.")),
                               **numbers, **texts)
    return {**numbers, "id": MATCH_ID, **texts}
