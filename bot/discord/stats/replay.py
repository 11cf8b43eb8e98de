"""One frame of a replay: the step's narration, the scores and every seat's hand and
played pieces (all face up: the match is over)."""

from __future__ import annotations

from bot.app.replay import Replay, ReplayFrame
from bot.app.standings import StoredMatch
from bot.i18n import t
from goita_core.events import (
    Blocked,
    Event,
    GoshiDecided,
    Led,
    MatchWon,
    Passed,
    Redeal,
    RoundWon,
    ShiDeclared,
)
from goita_core.pieces import KANJI, Kind

from .render import Locale, lineup, pad, seat_name, width


def _piece(kind: Kind, locale: Locale) -> str:
    return t("piece.label", locale, kanji=KANJI[kind], name=t(f"piece.{int(kind)}", locale))


def _narrate(ev: Event, names: tuple[str, ...], locale: Locale) -> str | None:
    if isinstance(ev, Led):
        if ev.face_down is None:
            return t("stats.rp.lead_up", locale, name=names[ev.seat],
                     attack=_piece(ev.attack, locale))
        return t("stats.rp.lead", locale, name=names[ev.seat],
                 down=_piece(ev.face_down, locale), attack=_piece(ev.attack, locale))
    if isinstance(ev, Blocked):
        return t("stats.rp.block", locale, name=names[ev.seat], block=_piece(ev.block, locale),
                 attack=_piece(ev.attack, locale))
    if isinstance(ev, Passed):
        return t("stats.rp.pass", locale, name=names[ev.seat])
    if isinstance(ev, ShiDeclared):
        return t("stats.rp.shi", locale, name=names[ev.seat], count=ev.count)
    if isinstance(ev, GoshiDecided):
        return t("stats.rp.play_on" if ev.play_on else "stats.rp.redeal_asked", locale,
                 name=names[ev.seat])
    if isinstance(ev, Redeal):
        return t("stats.rp.redeal", locale)
    if isinstance(ev, RoundWon):
        text = t("stats.rp.round_won", locale, name=names[ev.seat], points=ev.points)
        if ev.doubled:
            text += " " + t("stats.rp.doubled", locale)
        if ev.special:
            text += f" [{ev.special}]"
        return text
    if isinstance(ev, MatchWon):
        return t("stats.rp.match_won", locale,
                 scores=" – ".join(str(s) for s in ev.scores))
    return None


def render_frame(stored: StoredMatch, rep: Replay, index: int, locale: Locale) -> str:
    f: ReplayFrame = rep.frames[index]
    names = tuple(seat_name(stored, s, locale) for s in range(rep.players))
    rounds = rep.frames[-1].round_no
    head = t("stats.rp.head", locale, id=stored.summary.id, round=f.round_no, rounds=rounds,
             step=f.step, steps=f.steps)
    lines = [f"**{head}**"]
    if f.step == 0:
        lines.append(t("stats.rp.dealt", locale, name=names[f.dealer]))
    lines += [text for ev in f.events if (text := _narrate(ev, names, locale))]
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
