"""`/goita leaderboard`, `/goita stats`, `/goita history`, `/goita replay` and the kifu
downloads: what the results repository (bot/storage/results.py) recorded, shown in Discord.

Every button is a ``discord.ui.DynamicItem`` whose custom_id carries all it needs, so the
buttons of old messages keep working after a restart::

    gstats:lb:<guild>:<rating|wins>:<page>      leaderboard page (anyone may page)
    gstats:hist:<user>:<page>                   the user's history page (ephemeral)
    gstats:dl:<match>:<yaml|json>               send the kifu / native record (ephemeral)
    gstats:rp:<match>:<frame>:<tag>             replay frame; tag keeps ids unique per message

A match is only ever looked up in the guild the click or command comes from.
"""

from __future__ import annotations

import io
import logging
import re
import unicodedata
from collections import OrderedDict
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.replay import Replay, ReplayFrame, build_replay, export_record
from bot.discord.commands import as_goita_bot, attach, detach
from bot.i18n import t
from bot.storage.results import (
    LeaderboardPage,
    LeaderboardSort,
    MatchSummary,
    PlayerStats,
    ResultsRepository,
    StoredMatch,
)
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
from goita_core.kifu import KifuError, ReplayError
from goita_core.pieces import KANJI, Kind

log = logging.getLogger(__name__)

HISTORY_PAGE = 4  # matches per /goita history page: 4 rows of buttons + 1 row to page
REPLAY_CACHE = 16  # replays kept built per bot
COG_NAME = "GoitaStats"

Locale = str | discord.Locale | None


# -- the cog: per-bot state ------------------------------------------------------------------
class StatsCog(commands.Cog, name=COG_NAME):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.repo: ResultsRepository | None = None
        self._own_db: Any = None
        self._replays: OrderedDict[int, Replay] = OrderedDict()

    async def cog_load(self) -> None:
        conn = getattr(self.bot, "db", None)
        if conn is None:
            # the game cog normally opens the database first; without it, open it here
            from bot.storage.db import open_database

            settings = getattr(self.bot, "settings", None)
            if settings is None:
                raise RuntimeError("the stats cog needs bot.db or bot.settings.database_path")
            conn = await open_database(settings.database_path)
            self._own_db = conn
            self.bot.db = conn  # type: ignore[attr-defined]
            add_hook = getattr(self.bot, "add_close_hook", None)
            if add_hook is not None:
                add_hook(self._close_db)
        existing = getattr(self.bot, "results", None)
        self.repo = existing if isinstance(existing, ResultsRepository) \
            else ResultsRepository(conn)
        if existing is None:
            self.bot.results = self.repo  # type: ignore[attr-defined]

    async def _close_db(self) -> None:
        if self._own_db is not None:
            await self._own_db.close()
            self._own_db = None

    def results(self) -> ResultsRepository:
        if self.repo is None:
            raise RuntimeError("the stats cog is not loaded")
        return self.repo

    async def replay(self, guild_id: int, match_id: int) -> tuple[StoredMatch, Replay] | None:
        """The stored match and its replay (built once, then cached); None if this guild
        has no such match. Raises KifuError if the match has no usable record."""
        stored = await self.results().get_match(guild_id, match_id)
        if stored is None:
            return None
        if not stored.record_json:
            raise KifuError("the match was recorded without its game record")
        rep = self._replays.get(match_id)
        if rep is None:
            rep = build_replay(stored.record_json, stored.summary.names)
            self._replays[match_id] = rep
            while len(self._replays) > REPLAY_CACHE:
                self._replays.popitem(last=False)
        else:
            self._replays.move_to_end(match_id)
        return stored, rep


def _cog(client: discord.Client) -> StatsCog:
    cog = as_goita_bot(client).get_cog(COG_NAME)
    if not isinstance(cog, StatsCog):
        raise RuntimeError("the stats cog is not loaded")
    return cog


# -- rendering ---------------------------------------------------------------------------------
def _team_label(summary: MatchSummary, team: int, locale: Locale) -> str:
    if summary.players == 4:
        return t(f"team.{team}", locale)
    return summary.names[team]


def _seat_name(stored: StoredMatch, seat: int, locale: Locale) -> str:
    s = stored.seats[seat]
    if s.kind == "cpu":
        # numbered by seat, as on the table's board ("CPU 4 (hard)" sits in seat 4)
        return t("cpu.name", locale, n=seat + 1,
                 level=t(f"level.{s.level or 'normal'}", locale))
    if s.kind == "engine":  # as on the board: "⚙ name"
        return t("engine.name", locale, name=s.name)
    return s.name


def _width(text: str) -> int:
    """Columns ``text`` takes in a monospace block (kanji and kana take two)."""
    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text)


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - _width(text))


def _lineup(stored: StoredMatch, locale: Locale) -> str:
    n = stored.summary.players
    if n == 4:
        a = " & ".join(_seat_name(stored, s, locale) for s in (0, 2))
        b = " & ".join(_seat_name(stored, s, locale) for s in (1, 3))
        return t("stats.lineup", locale, a=a, b=b, ta=t("team.0", locale),
                 tb=t("team.1", locale))
    return " / ".join(_seat_name(stored, s, locale) for s in range(n))


def _scores(summary: MatchSummary, locale: Locale) -> str:
    return " – ".join(
        f"{_team_label(summary, team, locale)} {score}"
        for team, score in enumerate(summary.scores)
    )


def render_leaderboard(page: LeaderboardPage, locale: Locale) -> discord.Embed:
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
    embed.set_footer(text=t("stats.lb.footer", locale, page=page.page + 1, pages=page.pages,
                            total=page.total))
    return embed


class LeaderboardButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"gstats:lb:(?P<guild>[0-9]{1,20}):(?P<sort>rating|wins):(?P<page>[0-9]{1,6})",
):
    def __init__(self, guild_id: int, sort: LeaderboardSort, page: int, label: str = "?",
                 disabled: bool = False,
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        self.guild_id, self.sort, self.page = guild_id, sort, page
        super().__init__(discord.ui.Button(
            label=label, style=style, disabled=disabled,
            custom_id=f"gstats:lb:{guild_id}:{sort}:{page}"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> LeaderboardButton:
        sort: LeaderboardSort = "wins" if match["sort"] == "wins" else "rating"
        return cls(int(match["guild"]), sort, int(match["page"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.guild_id != self.guild_id:
            await _deny(interaction, "stats.wrong_guild")
            return
        page = await _cog(interaction.client).results().leaderboard(
            self.guild_id, self.sort, self.page)
        await interaction.response.edit_message(
            embed=render_leaderboard(page, interaction.locale),
            view=leaderboard_view(page, interaction.locale))


def leaderboard_view(page: LeaderboardPage, locale: Locale) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    g, s, p = page.guild_id, page.sort, page.page
    # previous / next carry distinct pages (p-1 or 0, p+1), so their ids never collide
    view.add_item(LeaderboardButton(g, s, max(p - 1, 0), t("stats.btn.prev", locale),
                                    disabled=p == 0))
    view.add_item(LeaderboardButton(g, s, p + 1, t("stats.btn.next", locale),
                                    disabled=p + 1 >= page.pages))
    other: LeaderboardSort = "wins" if s == "rating" else "rating"
    view.add_item(LeaderboardButton(g, other, 0, t(f"stats.btn.sort.{other}", locale),
                                    style=discord.ButtonStyle.primary))
    return view


def render_stats(st: PlayerStats, locale: Locale) -> discord.Embed:
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
    embed.set_footer(text=t("stats.stats.footer", locale))
    return embed


def _history_line(s: MatchSummary, stored: StoredMatch, locale: Locale) -> str:
    if s.stopped_early:
        outcome = t("stats.hist.stopped", locale)
    else:
        outcome = t("stats.hist.won" if s.won else "stats.hist.lost", locale)
    marks = []
    if s.with_cpu:
        marks.append(t("stats.hist.with_cpu", locale))
    if s.rating_change is not None:
        marks.append(t("stats.hist.rating", locale, change=f"{s.rating_change:+.1f}"))
    return t("stats.hist.line", locale, id=s.id, when=f"<t:{int(s.finished_at)}:f>",
             outcome=outcome, scores=_scores(s, locale), lineup=_lineup(stored, locale),
             marks=(" · " + " · ".join(marks)) if marks else "")


class HistoryButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"gstats:hist:(?P<user>[0-9]{1,20}):(?P<page>[0-9]{1,6})",
):
    def __init__(self, user_id: int, page: int, label: str = "?",
                 disabled: bool = False, row: int | None = None) -> None:
        self.user_id, self.page = user_id, page
        super().__init__(discord.ui.Button(label=label, disabled=disabled, row=row,
                                           custom_id=f"gstats:hist:{user_id}:{page}"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> HistoryButton:
        return cls(int(match["user"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.guild_id is None:
            await _deny(interaction, "stats.wrong_guild")
            return
        if interaction.user.id != self.user_id:  # one's history is one's own
            await _deny(interaction, "stats.not_yours")
            return
        content, view = await history_message(
            _cog(interaction.client), interaction.guild_id, self.user_id, self.page,
            interaction.locale)
        await interaction.response.edit_message(content=content, view=view)


class DownloadButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"gstats:dl:(?P<match>[0-9]{1,19}):(?P<fmt>yaml|json)",
):
    def __init__(self, match_id: int, fmt: Literal["yaml", "json"], label: str = "?",
                 row: int | None = None) -> None:
        self.match_id, self.fmt = match_id, fmt
        super().__init__(discord.ui.Button(label=label, row=row,
                                           custom_id=f"gstats:dl:{match_id}:{fmt}"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> DownloadButton:
        return cls(int(match["match"]), "yaml" if match["fmt"] == "yaml" else "json")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        locale = interaction.locale
        stored = None
        if interaction.guild_id is not None:
            stored = await _cog(interaction.client).results().get_match(
                interaction.guild_id, self.match_id)
        if stored is None or not stored.record_json:
            await _deny(interaction, "stats.no_match", id=self.match_id)
            return
        try:
            data, filename = export_file(stored, self.fmt)
        except (KifuError, ReplayError) as exc:
            log.warning("match %d cannot be exported as %s: %s", self.match_id, self.fmt, exc)
            await _deny(interaction, "stats.no_export", id=self.match_id)
            return
        await interaction.response.send_message(
            t("stats.dl.sent", locale, id=self.match_id, fmt=self.fmt.upper()),
            file=discord.File(io.BytesIO(data), filename=filename), ephemeral=True)


def export_file(stored: StoredMatch, fmt: Literal["yaml", "json"]) -> tuple[bytes, str]:
    """The match as a downloadable file: ごいたオンライン YAML kifu or the native JSON."""
    text = export_record(stored.record_json, fmt, stored.summary.names)
    return text.encode("utf-8"), f"goita-match-{stored.summary.id}.{fmt}"


async def history_message(
    cog: StatsCog, guild_id: int, user_id: int, page: int, locale: Locale,
) -> tuple[str, discord.ui.View]:
    repo = cog.results()
    _, total = await repo.recent_matches(guild_id, user_id, limit=1)
    pages = max(1, -(-total // HISTORY_PAGE))
    page = min(max(page, 0), pages - 1)
    matches, total = await repo.recent_matches(guild_id, user_id, limit=HISTORY_PAGE,
                                               offset=page * HISTORY_PAGE)
    view = discord.ui.View(timeout=None)
    if not matches:
        return t("stats.hist.empty", locale), view
    lines = [t("stats.hist.title", locale, page=page + 1, pages=pages, total=total)]
    for row, s in enumerate(matches):
        stored = await repo.get_match(guild_id, s.id)
        assert stored is not None
        lines.append(_history_line(s, stored, locale))
        if stored.record_json:
            if s.players == 4:
                view.add_item(DownloadButton(s.id, "yaml",
                                             t("stats.btn.yaml", locale, id=s.id), row=row))
            view.add_item(DownloadButton(s.id, "json", t("stats.btn.json", locale, id=s.id),
                                         row=row))
            view.add_item(ReplayButton(s.id, 0, "o", t("stats.btn.replay", locale, id=s.id),
                                       row=row))
    if pages > 1:  # the last row, below the matches' rows
        view.add_item(HistoryButton(user_id, max(page - 1, 0), t("stats.btn.newer", locale),
                                    disabled=page == 0, row=HISTORY_PAGE))
        view.add_item(HistoryButton(user_id, page + 1, t("stats.btn.older", locale),
                                    disabled=page + 1 >= pages, row=HISTORY_PAGE))
    return "\n".join(lines), view


# -- replay ------------------------------------------------------------------------------------
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
    names = tuple(_seat_name(stored, s, locale) for s in range(rep.players))
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
    lines.append(_lineup(stored, locale))
    lines.append("```")
    name_width = max(_width(n) for n in names)
    hand_width = 2 * max(len(h) for h in rep.frames[index - f.step].hands)
    for seat in range(rep.players):
        hand = "".join(KANJI[k] for k in f.hands[seat]) or "-"
        played = " ".join(f"[{KANJI[k]}]" if down else KANJI[k] for k, down in f.played[seat])
        marker = ">" if f.seat == seat else " "
        lines.append(f"{marker} {_pad(names[seat], name_width)} | {_pad(hand, hand_width)} | "
                     f"{played}".rstrip())
    lines.append("```")
    lines.append(t("stats.rp.legend", locale))
    return "\n".join(lines)


class ReplayButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"gstats:rp:(?P<match>[0-9]{1,19}):(?P<frame>[0-9]{1,6}):(?P<tag>[a-z])",
):
    """Open a replay ("o", sends a new ephemeral message) or move within one (edits it)."""

    def __init__(self, match_id: int, frame: int, tag: str, label: str = "?",
                 disabled: bool = False, row: int | None = None) -> None:
        self.match_id, self.frame, self.tag = match_id, frame, tag
        super().__init__(discord.ui.Button(
            label=label, disabled=disabled, row=row,
            custom_id=f"gstats:rp:{match_id}:{frame}:{tag}"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> ReplayButton:
        return cls(int(match["match"]), int(match["frame"]), match["tag"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        found = await _load_replay(interaction, self.match_id)
        if found is None:
            return
        stored, rep = found
        content, view = replay_message(stored, rep, self.frame, interaction.locale)
        if self.tag == "o":
            await interaction.response.send_message(content, view=view, ephemeral=True)
        else:
            await interaction.response.edit_message(content=content, view=view)


def replay_message(stored: StoredMatch, rep: Replay, index: int,
                   locale: Locale) -> tuple[str, discord.ui.View]:
    index = min(max(index, 0), len(rep) - 1)
    starts = rep.round_starts()
    this_round = max(s for s in starts if s <= index)
    prev_round = max((s for s in starts if s < this_round), default=0) \
        if index == this_round else this_round
    next_round = min((s for s in starts if s > index), default=len(rep) - 1)
    m = stored.summary.id
    view = discord.ui.View(timeout=None)
    last = len(rep) - 1
    view.add_item(ReplayButton(m, prev_round, "r", t("stats.btn.round_back", locale),
                               disabled=index == 0))
    view.add_item(ReplayButton(m, max(index - 1, 0), "p", t("stats.btn.prev", locale),
                               disabled=index == 0))
    view.add_item(ReplayButton(m, min(index + 1, last), "n", t("stats.btn.next", locale),
                               disabled=index >= last))
    view.add_item(ReplayButton(m, next_round, "f", t("stats.btn.round_next", locale),
                               disabled=index >= last))
    return render_frame(stored, rep, index, locale), view


async def _load_replay(interaction: discord.Interaction[Any],
                       match_id: int) -> tuple[StoredMatch, Replay] | None:
    found = None
    if interaction.guild_id is not None:
        try:
            found = await _cog(interaction.client).replay(interaction.guild_id, match_id)
        except (KifuError, ReplayError) as exc:
            log.warning("match %d does not replay: %s", match_id, exc)
            await _deny(interaction, "stats.no_export", id=match_id)
            return None
    if found is None:
        await _deny(interaction, "stats.no_match", id=match_id)
    return found


async def _deny(interaction: discord.Interaction[Any], key: str, **params: Any) -> None:
    await interaction.response.send_message(t(key, interaction.locale, **params),
                                            ephemeral=True)


# -- slash commands ----------------------------------------------------------------------------
@app_commands.command(name="leaderboard", description="This server's best Goita players")
@app_commands.describe(sort="Order by rating (default) or by matches won")
@app_commands.choices(sort=[app_commands.Choice(name="rating", value="rating"),
                            app_commands.Choice(name="wins", value="wins")])
async def leaderboard(interaction: discord.Interaction,
                      sort: app_commands.Choice[str] | None = None) -> None:
    if interaction.guild_id is None:
        await _deny(interaction, "stats.wrong_guild")
        return
    order: LeaderboardSort = "wins" if sort is not None and sort.value == "wins" else "rating"
    page = await _cog(interaction.client).results().leaderboard(interaction.guild_id, order)
    await interaction.response.send_message(
        embed=render_leaderboard(page, interaction.locale),
        view=leaderboard_view(page, interaction.locale))


@app_commands.command(name="stats", description="A player's Goita numbers on this server")
@app_commands.describe(user="Whose numbers (default: yours)")
async def stats(interaction: discord.Interaction, user: discord.User | None = None) -> None:
    if interaction.guild_id is None:
        await _deny(interaction, "stats.wrong_guild")
        return
    who = user or interaction.user
    st = await _cog(interaction.client).results().player_stats(interaction.guild_id, who.id)
    if st is None:
        await _deny(interaction, "stats.no_stats", name=who.display_name)
        return
    await interaction.response.send_message(embed=render_stats(st, interaction.locale))


@app_commands.command(name="history", description="Your recent Goita matches on this server")
async def history(interaction: discord.Interaction) -> None:
    if interaction.guild_id is None:
        await _deny(interaction, "stats.wrong_guild")
        return
    content, view = await history_message(_cog(interaction.client), interaction.guild_id,
                                          interaction.user.id, 0, interaction.locale)
    await interaction.response.send_message(content, view=view, ephemeral=True)


@app_commands.command(name="replay", description="Replay a finished match move by move")
@app_commands.describe(match="The match number (see /goita history)")
async def replay(interaction: discord.Interaction,
                 match: app_commands.Range[int, 1, 2**62]) -> None:
    found = await _load_replay(interaction, match)
    if found is None:
        return
    stored, rep = found
    content, view = replay_message(stored, rep, 0, interaction.locale)
    await interaction.response.send_message(content, view=view, ephemeral=True)


@replay.autocomplete("match")
async def _replay_choices(interaction: discord.Interaction,
                          current: str) -> list[app_commands.Choice[int]]:
    if interaction.guild_id is None:
        return []
    matches, _ = await _cog(interaction.client).results().recent_matches(
        interaction.guild_id, interaction.user.id, limit=25)
    out = []
    for s in matches:
        if current and not str(s.id).startswith(current.strip().lstrip("#")):
            continue
        label = f"#{s.id} · " + " – ".join(str(x) for x in s.scores) + " · " + \
            " / ".join(s.names)
        out.append(app_commands.Choice(name=label[:100], value=s.id))
    return out


COMMANDS: tuple[app_commands.Command[Any, ..., Any], ...] = (leaderboard, stats, history, replay)
ITEMS = (LeaderboardButton, HistoryButton, DownloadButton, ReplayButton)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(StatsCog(bot))
    bot.add_dynamic_items(*ITEMS)
    attach(*COMMANDS)


async def teardown(bot: commands.Bot) -> None:
    detach(*COMMANDS)
    bot.remove_dynamic_items(*ITEMS)
