"""One frame of a replay: the step's narration, the scores and every seat's hand and
played pieces (all face up: the match is over).

The narration is the one narrator's (:func:`goita_core.narration.narrate`, kept in
``ReplayFrame.lines``); this module only gives its lines the replay's words."""

from __future__ import annotations

from typing import Any

from bot.app.replay import Replay, ReplayFrame
from bot.app.standings import StoredMatch
from bot.i18n import t
from goita_core.pieces import KANJI, Kind, parse_kind

from .render import Locale, lineup, pad, seat_name, width


def _piece(kind: Kind | str, locale: Locale) -> str:
    if isinstance(kind, str):
        kind = parse_kind(kind)
    return t("piece.label", locale, kanji=KANJI[kind], name=t(f"piece.{int(kind)}", locale))


def _line_text(key: str, p: dict[str, Any], names: tuple[str, ...],
               locale: Locale) -> str | None:
    """One line of the narrator (:func:`goita_core.narration.narrate`) in the replay's
    words, or None for a line the replay does not show."""
    seat = p.get("seat")
    name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
    if key == "log.led":
        attack = _piece(p["attack"], locale)
        if p.get("face_down") is None:
            return t("stats.rp.lead_up", locale, name=name, attack=attack)
        return t("stats.rp.lead", locale, name=name, down=_piece(p["face_down"], locale),
                 attack=attack)
    if key == "log.blocked":
        return t("stats.rp.block", locale, name=name, block=_piece(p["block"], locale),
                 attack=_piece(p["attack"], locale))
    if key == "log.passed":
        return t("stats.rp.pass", locale, name=name)
    if key == "log.shi":
        return t("stats.rp.shi", locale, name=name, count=p["count"])
    if key == "log.goshi_decided":
        return t("stats.rp.play_on" if p["play_on"] else "stats.rp.redeal_asked", locale,
                 name=name)
    if key == "log.redeal":
        return t("stats.rp.redeal", locale)
    if key == "log.round_won":
        text = t("stats.rp.round_won", locale, name=name, points=p["points"])
        if p["doubled"]:
            text += " " + t("stats.rp.doubled", locale)
        if p["special"]:
            text += f" [{p['special']}]"
        return text
    if key == "log.match_won":
        return t("stats.rp.match_won", locale,
                 scores=" – ".join(str(s) for s in p["scores"]))
    return None  # log.goshi_wait, log.lead_again: the next line says it


def render_frame(stored: StoredMatch, rep: Replay, index: int, locale: Locale) -> str:
    f: ReplayFrame = rep.frames[index]
    names = tuple(seat_name(stored, s, locale) for s in range(rep.players))
    rounds = rep.frames[-1].round_no
    head = t("stats.rp.head", locale, id=stored.summary.id, round=f.round_no, rounds=rounds,
             step=f.step, steps=f.steps)
    lines = [f"**{head}**"]
    if f.step == 0:
        lines.append(t("stats.rp.dealt", locale, name=names[f.dealer]))
    lines += [text for key, params in f.lines
              if (text := _line_text(key, params, names, locale))]
    lines.append(t("stats.rp.scores", locale, scores=" – ".join(
        f"{(t(f'team.{i}', locale) if rep.players == 4 else names[i])} {s}"
        for i, s in enumerate(f.scores))))
    lines.append(lineup(stored, locale))
    lines.append("```")
    name_width = max(width(n) for n in names)
    hand_width = 2 * max(len(h) for h in rep.frames[index - f.step].hands)
    for seat in range(rep.players):
        hand = "".join(KANJI[k] for k in f.hands[seat]) or "-"
        played = " ".join(f"[{KANJI[k]}]" if down else KANJI[k] for k, down in f.played[seat])
        marker = ">" if f.seat == seat else " "
        lines.append(f"{marker} {pad(names[seat], name_width)} | {pad(hand, hand_width)} | "
                     f"{played}".rstrip())
    lines.append("```")
    lines.append(t("stats.rp.legend", locale))
    return "\n".join(lines)
