"""The leaderboard, a player's stats and the history's lines, as Discord shows them."""

from __future__ import annotations

import unicodedata

import discord

from bot.app.standings import (
    LeaderboardEntry,
    LeaderboardPage,
    MatchSummary,
    PlayerStats,
    ServerAverages,
    StoredMatch,
)
from bot.i18n import t

Locale = str | discord.Locale | None


def team_label(summary: MatchSummary, team: int, locale: Locale) -> str:
    if summary.players == 4:
        return t(f"team.{team}", locale)
    return summary.names[team]


def seat_name(stored: StoredMatch, seat: int, locale: Locale) -> str:
    s = stored.seats[seat]
    if s.kind == "cpu":
        # numbered by seat, as on the table's board ("CPU 4 (hard)" sits in seat 4)
        return t("cpu.name", locale, n=seat + 1,
                 level=t(f"level.{s.level or 'normal'}", locale))
    if s.kind == "engine":  # as on the board: "⚙ name"
        return t("engine.name", locale, name=s.name)
    return s.name


def width(text: str) -> int:
    """Columns ``text`` takes in a monospace block (kanji and kana take two)."""
    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text)


def pad(text: str, columns: int) -> str:
    return text + " " * max(0, columns - width(text))


def lineup(stored: StoredMatch, locale: Locale) -> str:
    n = stored.summary.players
    if n == 4:
        a = " & ".join(seat_name(stored, s, locale) for s in (0, 2))
        b = " & ".join(seat_name(stored, s, locale) for s in (1, 3))
        return t("stats.lineup", locale, a=a, b=b, ta=t("team.0", locale),
                 tb=t("team.1", locale))
    return " / ".join(seat_name(stored, s, locale) for s in range(n))


def scores(summary: MatchSummary, locale: Locale) -> str:
    return " – ".join(
        f"{team_label(summary, team, locale)} {score}"
        for team, score in enumerate(summary.scores)
    )


def render_leaderboard(page: LeaderboardPage, locale: Locale,
                       me: LeaderboardEntry | None = None) -> discord.Embed:
    """One page; ``me`` (the caller's line) is added when the caller is not on it."""
    title = t("stats.lb.title", locale)
    sort_name = t(f"stats.lb.sort.{page.sort}", locale)
    if not page.entries:
        desc = t("stats.lb.empty", locale)
    else:
        lines = []
        for e in page.entries:
            extra = []
            if e.rated_matches < 3:
                extra.append(t("stats.lb.provisional", locale))
            if e.matches_cpu:
                extra.append(t("stats.lb.with_cpu", locale, n=e.matches_cpu))
            lines.append(t(
                "stats.lb.line", locale, rank=e.rank, name=discord.utils.escape_markdown(e.name),
                rating=f"{e.rating:.1f}", wins=e.wins, matches=e.matches,
                extra=(" · " + " · ".join(extra)) if extra else "",
            ))
        desc = "\n".join(lines)
    embed = discord.Embed(title=f"{title} · {sort_name}", description=desc)
    if me is not None and all(e.user_id != me.user_id for e in page.entries):
        embed.add_field(name=t("stats.lb.you", locale),
                        value=t("stats.lb.you_value", locale, rank=me.rank,
                                rating=f"{me.rating:.1f}", wins=me.wins))
    embed.set_footer(text=t("stats.lb.footer", locale, page=page.page + 1, pages=page.pages,
                            total=page.total))
    return embed


def render_stats(st: PlayerStats, locale: Locale,
                 average: ServerAverages | None = None) -> discord.Embed:
    """A player's numbers, and the server's average player beside them."""
    embed = discord.Embed(title=t("stats.stats.title", locale, name=st.name))
    embed.add_field(name=t("stats.stats.rating", locale),
                    value=t("stats.stats.rating_value", locale, rating=f"{st.rating:.1f}",
                            rank=st.rank, players=st.players, rated=st.rated_matches))
    pct = f"{100 * st.wins / st.matches:.0f}%" if st.matches else "–"
    embed.add_field(name=t("stats.stats.matches", locale),
                    value=t("stats.stats.matches_value", locale, matches=st.matches,
                            wins=st.wins, pct=pct))
    embed.add_field(name=t("stats.stats.with_cpu", locale),
                    value=t("stats.stats.with_cpu_value", locale, matches=st.matches_cpu,
                            wins=st.wins_cpu))
    embed.add_field(name=t("stats.stats.rounds", locale),
                    value=t("stats.stats.rounds_value", locale, rounds=st.rounds_won,
                            points=st.points, doubled=st.doubled))
    embed.add_field(name=t("stats.stats.shi", locale), value=str(st.shi_hands))
    embed.add_field(name=t("stats.stats.stopped", locale), value=str(st.stopped))
    embed.add_field(name=t("stats.stats.form", locale),
                    value=" ".join(st.form) if st.form else "–", inline=False)
    if average is not None:
        avg_pct = "–" if average.win_pct is None else f"{100 * average.win_pct:.0f}%"
        embed.add_field(name=t("stats.stats.average", locale), inline=False,
                        value=t("stats.stats.average_value", locale,
                                rating=f"{average.rating:.1f}",
                                change=f"{st.rating - average.rating:+.1f}", pct=avg_pct,
                                matches=f"{average.matches:.1f}", players=average.players))
    embed.set_footer(text=t("stats.stats.footer", locale))
    return embed


def history_line(s: MatchSummary, stored: StoredMatch, locale: Locale,
                 hinted: bool = False) -> str:
    if s.stopped_early:
        outcome = t("stats.hist.stopped", locale)
    else:
        outcome = t("stats.hist.won" if s.won else "stats.hist.lost", locale)
    marks = []
    if s.with_cpu:
        marks.append(t("stats.hist.with_cpu", locale))
    if hinted:
        marks.append(t("learn.hist.hinted", locale))
    if s.rating_change is not None:
        marks.append(t("stats.hist.rating", locale, change=f"{s.rating_change:+.1f}"))
    return t("stats.hist.line", locale, id=s.id, when=f"<t:{int(s.finished_at)}:f>",
             outcome=outcome, scores=scores(s, locale), lineup=lineup(stored, locale),
             marks=(" · " + " · ".join(marks)) if marks else "")
