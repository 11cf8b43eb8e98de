"""The board's log: the service's narration lines (``Table.recent``) in words."""

from __future__ import annotations

from typing import Any

from bot.app.table import CPU_LEVELS, Table
from bot.i18n import has, t
from goita_core.pieces import parse_kind

from .common import clean, piece, seat_name, side_name, solo

LOG_LINES = 6


def _kanji_label(value: Any, lang: str) -> str:
    if isinstance(value, int) and 0 <= value < 8:
        return piece(value, lang)
    if isinstance(value, str):
        try:
            return piece(parse_kind(value), lang)
        except ValueError:
            return clean(value)
    return "?"


def _still_seated(table: Table, index: int, name: str) -> bool:
    """Does the one a line names (by seat and name) still sit at ``index``?"""
    if not 0 <= index < len(table.seats):
        return False
    seat = table.seats[index]
    return seat is not None and name in (seat.name, seat.former_name)


def _former_name(name: str, index: int, lang: str) -> str:
    """The name of one who no longer sits at ``index``: a CPU gets its localised name."""
    level = name[5:-1] if name.startswith("CPU (") and name.endswith(")") else None
    if level in CPU_LEVELS:
        return t("cpu.name", lang, n=index + 1, level=t(f"level.{level}", lang))
    return clean(name)


def line_text(table: Table, key: str, params: dict[str, Any], lang: str) -> str | None:
    """One narration line of the service (``Table.recent``) in words, or None if the key
    is not meant for the board. Names come from the seats (localised CPU names)."""
    p = dict(params)
    seats = len(table.seats)

    def name_of(value: Any) -> str:
        return seat_name(table, value, lang) if isinstance(value, int) and \
            0 <= value < seats else "?"

    if isinstance(p.get("seat"), int):
        recorded = p.get("name")
        if key == "log.cpu_took_seat" and recorded is not None:
            p["name"] = clean(str(recorded))  # "alice left", not "CPU 1 ← alice left"
        elif recorded is None or _still_seated(table, p["seat"], str(recorded)):
            p["name"] = name_of(p["seat"])
        else:  # e.g. "bob left" in the lobby, and a CPU sits there now
            p["name"] = _former_name(str(recorded), p["seat"], lang)
    elif "name" in p:
        p["name"] = clean(str(p["name"]))
    for k in ("attack", "block", "last"):
        if k in p and p[k] is not None:
            p[k] = _kanji_label(p[k], lang)
    if "holder" in p:
        p["holder_name"] = name_of(p["holder"])
    if "dealer" in p:
        p["dealer_name"] = name_of(p["dealer"])
    if isinstance(p.get("team"), int):
        p["team"] = side_name(table, p["team"], lang) if 0 <= p["team"] < seats else "?"
    if "from_seat" in p and "to_seat" in p:
        p["from_n"], p["to_n"] = int(p["from_seat"]) + 1, int(p["to_seat"]) + 1
    if key == "log.lead_again" and solo(table):
        key = "three.log.lead_again"  # two passes, not three
    if key == "log.goshi_decided":
        key += ".play_on" if p.get("play_on") else ".redeal"
    elif key == "log.round_won":
        special = p.get("special")
        if special:
            key += ".special"
            p["special"] = t(f"special.{special}", lang) if has(f"special.{special}") \
                else str(special)
        elif solo(table):
            key = "three.log.round_won"  # no team beside the name
        text = t(key, lang, **p)
        return text + (t("round.doubled", lang) if p.get("doubled") else "")
    if not has(key):
        return None
    return t(key, lang, **p)


def log_lines(table: Table, lang: str, count: int = LOG_LINES) -> list[str]:
    lines = [line_text(table, key, params, lang) for key, params in table.recent]
    return [line for line in lines if line][-count:]
