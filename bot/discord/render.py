"""Renderers: the lobby, the board (with round and match end) and a player's hand.

Pure functions of a :class:`~bot.app.table.Table` and a language; no I/O. Hidden
information: the board is drawn from :func:`public_view` (no seat's face-down pieces until
the round is over, no hands); a hand is drawn from its owner's own ``SeatView``.

Everything stays within Discord's limits with the longest names (32 characters, every
character escaped) and full columns; ``tests/bot/discord/test_render.py`` checks that.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import discord

from bot.app.table import CPU_LEVELS, Table
from bot.i18n import has, t
from goita_core.actions import Action, Play
from goita_core.match import Match
from goita_core.pieces import KANJI, Kind, parse_kind
from goita_core.view import SeatView

from .buttons import SWAPS, GoitaButton, LobbySelect, button, frozen_view

# Colours: lobby blue, playing green, round over gold, ended grey.
COLOUR_LOBBY = 0x3B82F6
COLOUR_PLAYING = 0x16A34A
COLOUR_ROUND_OVER = 0xD97706
COLOUR_ENDED = 0x6B7280

FACE_DOWN = "■"
EMPTY = "・"
TURN_MARK = "▶ "
LOG_LINES = 6
FIELD_MAX = 1024
NAME_MAX = 32


@dataclass(slots=True)
class Rendered:
    """One message's content: what ``send``/``edit`` get."""

    embed: discord.Embed
    items: Sequence[GoitaButton | LobbySelect]
    content: str | None = None

    def view(self) -> discord.ui.View | None:
        return frozen_view(self.items) if self.items else None

    def key(self) -> tuple[Any, ...]:
        """Equal keys = identical messages (so an unchanged hand is not edited again)."""
        return (self.content, repr(self.embed.to_dict()),
                tuple(repr(i.to_component_dict()) for i in self.items))


# -- small pieces ------------------------------------------------------------------------
def piece(kind: Kind | int, lang: str) -> str:
    k = int(kind)
    name = t(f"piece.{k}", lang)
    # Japanese し is its own reading: "し" rather than "し（し）"
    return KANJI[k] if name == KANJI[k] else t("piece.label", lang, kanji=KANJI[k], name=name)


def clean(name: str) -> str:
    """A user-chosen name made safe for an embed: no markdown, no mentions, bounded."""
    text = discord.utils.escape_mentions(name.strip()[:NAME_MAX]) or "?"
    return discord.utils.escape_markdown(text)


def seat_name(table: Table, index: int, lang: str, plain: bool = False) -> str:
    """The seat's display name; ``plain`` for places without markdown (menu labels)."""
    seat = table.seats[index]
    tidy = (lambda n: n.strip()[:NAME_MAX] or "?") if plain else clean
    if seat is None:
        return t("lobby.empty", lang)
    if seat.kind == "cpu":
        cpu = t("cpu.name", lang, n=index + 1, level=t(f"level.{seat.level or 'normal'}", lang))
        if seat.former_name:
            return f"{cpu} ← {tidy(seat.former_name)}"
        return cpu
    if seat.kind == "engine":  # an operator-configured external program, not a person
        return t("engine.name", lang, name=tidy(seat.name))
    return tidy(seat.name)


def team_name(team: int, lang: str) -> str:
    return t(f"team.{team}", lang)


def deadline_of(table: Table, seat: int) -> str | None:
    """When ``seat``'s turn times out, as a Discord timestamp (a live countdown in every
    client), or None if the seat is not timed now."""
    deadline = table.deadlines.turn_deadline
    if deadline is None or seat not in table.timed_seats:
        return None
    return f"<t:{int(deadline)}:R>"


def public_view(match: Match) -> SeatView:
    """What everyone at the table may see: the view of seat 0 with seat 0's own face-down
    pieces hidden (while the round runs) and no hand."""
    view = match.view(0)
    if view.phase == "over":
        return replace(view, hand=(), legal=())
    other = match.view(1)  # hides seat 0's face-down pieces
    history = tuple(replace(a, first=None) if a.seat == 0 and a.lead else a
                    for a in view.history)
    return replace(view, hand=(), legal=(), played=(other.played[0], *view.played[1:]),
                   history=history)


def _trim(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _lines_within(lines: Sequence[str], limit: int, sep: str = "\n") -> str:
    """Join the LAST lines that fit in ``limit`` characters."""
    out: list[str] = []
    size = 0
    for line in reversed(lines):
        line = _trim(line, limit)
        if size + len(line) + len(sep) > limit:
            break
        out.append(line)
        size += len(line) + len(sep)
    return sep.join(reversed(out))


# -- lobby -----------------------------------------------------------------------------------
def render_lobby(table: Table, lang: str, lobby_minutes: int,
                 engines: Sequence[str] = ()) -> Rendered:
    """The lobby; ``engines`` are the external engines the operator configured (a menu to
    seat one appears only when there is at least one)."""
    host = next((s for s in table.seats if s is not None and s.user_id == table.host_id), None)
    host_name = clean(host.name) if host is not None else f"<@{table.host_id}>"
    lines = [t("lobby.host", lang, host=host_name), t("lobby.target", lang, target=table.target)]
    if table.rules.double_any_seventh:
        lines.append(t("lobby.house.double_any_seventh", lang))
    lines.append(t("lobby.teams", lang, team_a=team_name(0, lang), team_b=team_name(1, lang)))
    lines.append("")
    for i in range(len(table.seats)):
        lines.append(f"**{i + 1}.** {seat_name(table, i, lang)} · {team_name(i % 2, lang)}")
    embed = discord.Embed(title=t("lobby.title", lang), description="\n".join(lines),
                          colour=COLOUR_LOBBY)
    embed.set_footer(text=t("lobby.footer", lang, minutes=lobby_minutes))
    tid = table.id
    full = table.full
    items: list[GoitaButton | LobbySelect] = [
        button("join", tid, t("btn.join", lang), style=discord.ButtonStyle.primary,
               disabled=full, row=0),
        button("leave", tid, t("btn.leave", lang), row=0),
        button("start", tid, t("btn.start", lang), style=discord.ButtonStyle.success,
               disabled=not full, row=0),
        button("cancel", tid, t("btn.cancel", lang), style=discord.ButtonStyle.danger, row=0),
        *[button("cpu", tid, t(f"btn.cpu.{level}", lang), arg=level, disabled=full, row=1)
          for level in ("easy", "normal", "hard")],
        button("shuffle", tid, t("btn.shuffle", lang), row=1),
        LobbySelect("swap", tid, t("lobby.swap", lang),
                    [(t("lobby.swap_option", lang, a=a + 1, b=b + 1), f"{a}-{b}")
                     for a, b in SWAPS], row=2),
    ]
    removable = [(t("lobby.remove_option", lang, n=i + 1,
                    name=seat_name(table, i, lang, plain=True)),
                  str(i)) for i, s in enumerate(table.seats)
                 if s is not None and not (s.is_human and s.user_id == table.host_id)]
    if removable:
        items.append(LobbySelect("remove", tid, t("lobby.remove", lang), removable, row=3))
    if engines:  # the fifth and last row Discord allows
        items.append(LobbySelect("engine", tid, t("lobby.engine", lang),
                                 [(t("engine.name", lang, name=name), name)
                                  for name in engines[:25]], disabled=full, row=4))
    return Rendered(embed, items)


# -- board -----------------------------------------------------------------------------------
def _columns(played: Sequence[Any], lang: str) -> str:
    """Defence row over attack row, one column per play (at most 4)."""
    defence: list[str] = []
    attack: list[str] = []
    for i in range(0, len(played), 2):
        first, second = played[i], played[i + 1]
        defence.append(FACE_DOWN if first.kind is None else KANJI[first.kind])
        attack.append(KANJI[second.kind])
    if not defence:
        return t("board.nothing_played", lang)
    pad = max(0, 4 - len(defence))
    defence += [EMPTY] * pad
    attack += [EMPTY] * pad
    return (f"`{t('board.defence', lang)}` {' '.join(defence)}\n"
            f"`{t('board.attack', lang)}` {' '.join(attack)}")


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
        p["team"] = team_name(p["team"], lang)
    if "from_seat" in p and "to_seat" in p:
        p["from_n"], p["to_n"] = int(p["from_seat"]) + 1, int(p["to_seat"]) + 1
    if key == "log.goshi_decided":
        key += ".play_on" if p.get("play_on") else ".redeal"
    elif key == "log.round_won":
        special = p.get("special")
        if special:
            key += ".special"
            p["special"] = t(f"special.{special}", lang) if has(f"special.{special}") \
                else str(special)
        text = t(key, lang, **p)
        return text + (t("round.doubled", lang) if p.get("doubled") else "")
    if not has(key):
        return None
    return t(key, lang, **p)


def log_lines(table: Table, lang: str, count: int = LOG_LINES) -> list[str]:
    lines = [line_text(table, key, params, lang) for key, params in table.recent]
    return [line for line in lines if line][-count:]


def _result_lines(table: Table, view: SeatView, lang: str) -> list[str]:
    r = view.result
    if r is None:
        return []
    if r.kind == "redeal":
        return [t("round.redeal", lang)]
    assert r.seat is not None and r.team is not None
    name = seat_name(table, r.seat, lang)
    team = team_name(r.team, lang)
    if r.kind == "finish":
        assert r.last is not None
        line = t("round.finish", lang, name=name, team=team, piece=piece(r.last, lang),
                 points=r.points)
        if r.doubled:
            line += t("round.doubled", lang)
        lines = [line]
        if any(p.face_down for played in view.played for p in played):
            lines.append(t("round.revealed", lang))
        return lines
    key = "round.goshi_pair" if r.kind == "goshi-pair" else f"round.{r.kind}"
    return [t(key, lang, name=name, team=team, points=r.points)]


def _scores_line(table: Table, scores: Sequence[int], lang: str) -> str:
    a, b = [*scores, 0, 0][:2]
    return t("board.scores", lang, team_a=team_name(0, lang), a=a, team_b=team_name(1, lang),
             b=b, target=table.target)


def render_board(table: Table, lang: str, turn_seconds: int,
                 extra_lines: Sequence[str] = ()) -> Rendered:
    """The public board of a running (or just finished) match."""
    match = table.match
    if match is None:
        raise ValueError("the board needs a running match")
    if match.over and table.status != "playing":
        return render_match_end(table, lang)
    view = public_view(match)
    over = view.phase == "over"
    desc = [_scores_line(table, match.scores, lang)]
    if view.shi:
        desc += [t("log.shi", lang, name=seat_name(table, s, lang), count=c)
                 for s, c in view.shi]
    if over:
        desc += _result_lines(table, view, lang)
        if not match.over:
            desc.append(t("round.next", lang))
    elif view.phase == "goshi":
        desc += [t("board.goshi_wait", lang, name=seat_name(table, s, lang))
                 for s in view.goshi_pending]
    else:
        if view.attack is not None and view.attacker is not None:
            desc.append(t("board.attack_to_answer", lang, piece=piece(view.attack, lang),
                          name=seat_name(table, view.attacker, lang)))
            turn = t("board.turn", lang, name=seat_name(table, view.turn, lang))
        else:
            turn = t("board.turn_lead", lang, name=seat_name(table, view.turn, lang))
        when = deadline_of(table, view.turn)
        desc.append(turn + (t("board.deadline", lang, when=when) if when else ""))
    desc += list(extra_lines)
    colour = COLOUR_ROUND_OVER if over else COLOUR_PLAYING
    embed = discord.Embed(title=t("round.title" if over else "board.title", lang,
                                  round=match.round_no),
                          description=_trim("\n".join(desc), 4096), colour=colour)
    _seat_fields(embed, table, view, lang)
    recent = log_lines(table, lang)
    if recent:
        embed.add_field(name=t("board.last_moves", lang),
                        value=_lines_within(recent, FIELD_MAX), inline=False)
    embed.set_footer(text=t("board.footer", lang, seconds=turn_seconds))
    items = [button("hand", table.id, t("btn.hand", lang), style=discord.ButtonStyle.primary)]
    return Rendered(embed, items)


def _seat_fields(embed: discord.Embed, table: Table, view: SeatView, lang: str) -> None:
    """One field per seat: name, team, pieces left, and its played columns."""
    over = view.phase == "over"
    for s in range(len(table.seats)):
        seat = table.seats[s]
        tags = []
        if s == view.dealer:
            tags.append(t("seat.dealer", lang))
        if seat is not None and seat.away:
            tags.append(t("seat.away", lang))
        marker = TURN_MARK if (not over and view.phase == "play" and s == view.turn) else ""
        name = t("board.seat", lang, turn=marker, name=seat_name(table, s, lang),
                 team=team_name(s % 2, lang), left=view.hand_sizes[s],
                 tags="".join(f" · {tag}" for tag in tags))
        embed.add_field(name=_trim(name, 256), value=_columns(view.played[s], lang),
                        inline=False)


def render_match_end(table: Table, lang: str) -> Rendered:
    """Final scores, the players, a summary of the rounds, and Rematch."""
    match = table.match
    scores = match.scores if match is not None else [0, 0]
    a, b = [*scores, 0, 0][:2]
    names = {f"{k}{n}": seat_name(table, s, lang)
             for k, n, s in (("a", 1, 0), ("a", 2, 2), ("b", 1, 1), ("b", 2, 3))}
    desc: list[str] = []
    if match is not None and match.winner is not None and not table.stopped_early:
        desc.append(t("match.winner", lang, team=team_name(match.winner, lang),
                      team_a=team_name(0, lang), a=a, team_b=team_name(1, lang), b=b))
    else:
        desc.append(t("match.stopped", lang, team_a=team_name(0, lang), a=a,
                      team_b=team_name(1, lang), b=b))
    desc.append(t("match.players", lang, team_a=team_name(0, lang), team_b=team_name(1, lang),
                  **names))
    last: SeatView | None = None
    if match is not None and match.rounds:
        last = public_view(match)
        if last.phase == "over" and last.result is not None:
            desc.append("")
            desc += _result_lines(table, last, lang)
    embed = discord.Embed(title=t("match.title", lang), description=_trim("\n".join(desc), 4096),
                          colour=COLOUR_ENDED)
    if last is not None and last.phase == "over" and last.result is not None \
            and last.result.kind == "finish":
        # the last round's board, every face-down piece revealed (its board was replaced
        # by this summary at once, so nobody saw that round's reveal otherwise)
        _seat_fields(embed, table, last, lang)
    if match is not None and match.rounds:
        lines = [_round_line(table, n, r, lang) for n, r in enumerate(
            (rnd.result for rnd in match.rounds), start=1) if r is not None]
        text = _lines_within(lines, FIELD_MAX - 40)
        hidden = len(lines) - text.count("\n") - 1 if text else len(lines)
        if hidden > 0:
            text = t("match.more_rounds", lang, count=hidden) + "\n" + text
        if text:
            embed.add_field(name=t("match.rounds", lang), value=text, inline=False)
    items: list[GoitaButton | LobbySelect] = []
    if table.status == "finished" and match is not None and match.over:
        embed.set_footer(text=t("match.footer", lang))  # says what Rematch does
        items.append(button("rematch", table.id, t("btn.rematch", lang),
                            style=discord.ButtonStyle.success))
    return Rendered(embed, items)


def _round_line(table: Table, n: int, r: Any, lang: str) -> str:
    if r.kind == "redeal":
        return t("match.round_redeal", lang, n=n)
    name = seat_name(table, r.seat, lang)
    team = team_name(r.team, lang)
    if r.kind == "finish":
        return t("match.round_line", lang, n=n, team=team, points=r.points, name=name,
                 piece=KANJI[r.last] + (t("match.doubled", lang) if r.doubled else ""))
    return t("match.round_special", lang, n=n, team=team, points=r.points, name=name,
             special=t(f"special.{r.kind}", lang))


def render_closed(table: Table, reason: str, lang: str, **params: Any) -> Rendered:
    """The table's message once it has ended without a finished match (or any end when no
    match ran)."""
    if table.match is not None and table.match.rounds:
        rendered = render_match_end(table, lang)
        closed = closed_text(reason, lang, table, **params)
        rendered.embed.description = _trim(
            (rendered.embed.description or "") + "\n\n" + closed, 4096)
        return rendered
    embed = discord.Embed(title=t("lobby.title", lang),
                          description=closed_text(reason, lang, table, **params),
                          colour=COLOUR_ENDED)
    return Rendered(embed, [])


def closed_text(reason: str, lang: str, table: Table | None = None, **params: Any) -> str:
    key = f"closed.{reason}"
    if reason == "abandoned" and table is not None and not table.humans():
        key = "closed.left"  # the last human left; nobody was merely away
    if key not in ("closed.cancelled", "closed.idle", "closed.stopped", "closed.abandoned",
                   "closed.finished", "closed.empty", "closed.left"):
        key = "closed.other"
    if key == "closed.idle":
        params.setdefault("minutes", 10)
    return t(key, lang, **params)


# -- hand ------------------------------------------------------------------------------------
def hand_text(hand: Sequence[Kind], lang: str) -> str:
    if not hand:
        return t("hand.empty", lang)
    groups: list[str] = []
    for kind in sorted(set(hand)):
        n = hand.count(kind)
        groups.append(piece(kind, lang) + (f" ×{n}" if n > 1 else ""))
    return t("hand.pieces", lang, pieces=" · ".join(groups), count=len(hand))


def render_hand(table: Table, seat: int, lang: str, first: Kind | None = None,
                note: str | None = None) -> Rendered:
    """The ephemeral hand of ``seat``: its pieces and, on its turn, the legal moves in two
    clicks (first the block or face-down piece, or Pass; then the attack)."""
    match = table.match
    team = team_name(seat % 2, lang)
    lines: list[str] = []
    if note:
        lines.append(note)
    items: list[GoitaButton] = []
    if table.status == "lobby" or match is None:
        lines.append(t("hand.lobby", lang))
        embed = discord.Embed(title=t("hand.title", lang, team=team),
                              description="\n".join(lines), colour=COLOUR_LOBBY)
        return Rendered(embed, items)
    view = match.view(seat)
    occupant = table.seats[seat]
    away = occupant is not None and occupant.away
    lines.insert(0, hand_text(view.hand, lang))
    version = table.version
    tid = table.id
    if not table.live:
        lines.append(t("hand.closed", lang) if not match.over else t("hand.match_over", lang))
    elif view.phase == "over":
        lines.append(t("hand.match_over", lang) if match.over else t("hand.round_over", lang))
    elif view.phase == "goshi":
        if seat in view.goshi_pending:
            partner = (seat + 2) % 4
            lines.append(t("hand.goshi_prompt", lang, name=seat_name(table, partner, lang)))
            items += [
                button("goshi", tid, t("btn.play_on", lang), version=version, arg="1",
                       style=discord.ButtonStyle.success),
                button("goshi", tid, t("btn.redeal", lang), version=version, arg="0",
                       style=discord.ButtonStyle.danger),
            ]
            when = deadline_of(table, seat)  # the decision is timed like a move
            if when:
                lines.append(t("hand.deadline", lang, when=when))
        else:
            lines += [t("hand.goshi_wait", lang, name=seat_name(table, s, lang))
                      for s in view.goshi_pending]
    elif view.legal:
        items += _move_buttons(table, view, lang, first, lines)
        when = deadline_of(table, seat)
        if when:
            lines.append(t("hand.deadline", lang, when=when))
    elif not away:
        # Only whose turn it is: the board shows the rest, and a hand that changes on every
        # move would cost one edit per player per move.
        lines.append(t("hand.waiting", lang))
    if away and table.live and view.phase != "over":
        # timed out: a CPU plays the seat until the player opens My hand again
        lines.append(t("hand.away", lang))
    embed = discord.Embed(title=t("hand.title", lang, team=team),
                          description=_trim("\n".join(lines), 4096),
                          colour=COLOUR_PLAYING if view.legal else COLOUR_ENDED)
    return Rendered(embed, items)


def _move_buttons(table: Table, view: SeatView, lang: str, first: Kind | None,
                  lines: list[str]) -> list[GoitaButton]:
    tid, version = table.id, table.version
    plays: list[Play] = [a for a in view.legal if isinstance(a, Play)]
    firsts = sorted({p.first for p in plays})
    can_pass = any(a.is_pass for a in view.legal)
    leading = view.attack is None
    if first is not None and first not in firsts:
        first = None  # a stale first click: start over
    items: list[GoitaButton] = []
    if first is None:
        if leading:
            lines.append(t("hand.lead", lang))
        else:
            assert view.attacker is not None and view.attack is not None
            lines.append(t("hand.answer", lang, piece=piece(view.attack, lang),
                           name=seat_name(table, view.attacker, lang)))
        for i, kind in enumerate(firsts):
            items.append(button("pick", tid, piece(kind, lang), version=version,
                                arg=str(int(kind)), style=discord.ButtonStyle.primary,
                                row=i // 4))
        if can_pass:
            items.append(button("play", tid, t("btn.pass", lang), version=version, arg="p",
                                style=discord.ButtonStyle.secondary, row=2))
        return items
    label = t("hand.first_label.face_down" if leading else "hand.first_label.block", lang)
    lines.append(t("hand.choose_attack", lang, first_label=label, first=piece(first, lang)))
    seconds = {p.second for p in plays if p.first == first}
    rest = list(view.hand)
    rest.remove(first)
    shown = sorted(set(rest))
    for i, kind in enumerate(shown):
        legal = kind in seconds
        if not legal and kind != Kind.OU:
            continue  # only Ou is ever an illegal attack; never happens otherwise
        items.append(button("play", tid, piece(kind, lang), version=version,
                            arg=f"{int(first)}{int(kind)}", style=discord.ButtonStyle.success,
                            disabled=not legal, row=i // 4))
        if not legal:
            lines.append(t("hand.ou_locked", lang))
    items.append(button("back", tid, t("btn.back", lang), version=version, row=2))
    return items


def action_from_arg(arg: str) -> Action | None:
    """The action a "play" button stands for, or None if the arg is malformed."""
    from goita_core.actions import PASS

    if arg == "p":
        return PASS
    if len(arg) == 2 and arg.isdigit() and all(c in "01234567" for c in arg):
        return Play(int(arg[0]), int(arg[1]))
    return None
