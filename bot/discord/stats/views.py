"""What a stats command or click answers: the message and its buttons."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.app.replay import Replay, export_record
from bot.app.standings import LeaderboardPage, LeaderboardSort, StoredMatch
from bot.discord.archive import Archive
from bot.discord.learn.ids import review_open_button
from bot.discord.render.components import frozen_view
from bot.discord.replies import deny
from bot.i18n import t
from goita_core.kifu import KifuError, ReplayError

from .ids import Format, download_button, history_button, leaderboard_button, replay_button
from .render import Locale, history_line
from .replay import render_frame

log = logging.getLogger(__name__)

HISTORY_PAGE = 4  # matches per /goita history page: 4 rows of buttons + 1 row to page


def leaderboard_view(page: LeaderboardPage, locale: Locale) -> discord.ui.View:
    g, s, p = page.guild_id, page.sort, page.page
    other: LeaderboardSort = "wins" if s == "rating" else "rating"
    # previous / next carry distinct pages (p-1 or 0, p+1), so their ids never collide
    return frozen_view([
        leaderboard_button(g, s, max(p - 1, 0), t("stats.btn.prev", locale), disabled=p == 0),
        leaderboard_button(g, s, p + 1, t("stats.btn.next", locale),
                           disabled=p + 1 >= page.pages),
        leaderboard_button(g, other, 0, t(f"stats.btn.sort.{other}", locale),
                           style=discord.ButtonStyle.primary),
    ])


async def history_message(archive: Archive, guild_id: int, user_id: int, page: int,
                          locale: Locale, opponent: int | None = None
                          ) -> tuple[str, discord.ui.View]:
    """A page of the user's history (with ``opponent``: only matches against them)."""
    results = archive.results
    _, total = await results.recent_matches(guild_id, user_id, limit=1, opponent=opponent)
    pages = max(1, -(-total // HISTORY_PAGE))
    page = min(max(page, 0), pages - 1)
    matches, total = await results.recent_matches(guild_id, user_id, limit=HISTORY_PAGE,
                                                  offset=page * HISTORY_PAGE,
                                                  opponent=opponent)
    items: list[discord.ui.Item[Any]] = []
    mention = f"<@{opponent}>"
    if not matches:
        empty = t("stats.hist.empty", locale) if opponent is None \
            else t("stats.hist.none_against", locale, mention=mention)
        return empty, frozen_view(items)
    lines = [t("stats.hist.title", locale, page=page + 1, pages=pages, total=total)]
    if opponent is not None:
        lines.append(t("stats.hist.against", locale, mention=mention))
    for row, s in enumerate(matches):
        stored = await results.get_match(guild_id, s.id)
        assert stored is not None
        lines.append(history_line(s, stored, locale, hinted=await archive.hinted(s)))
        if stored.record_json:
            if s.players == 4:
                items.append(download_button(s.id, "yaml", t("stats.btn.yaml", locale, id=s.id),
                                             row=row))
            items.append(download_button(s.id, "json", t("stats.btn.json", locale, id=s.id),
                                         row=row))
            items.append(replay_button(s.id, 0, "o", t("stats.btn.replay", locale, id=s.id),
                                       row=row))
            items.append(review_open_button(s.id, t("learn.btn.review_match", locale, id=s.id),
                                            row=row))
    if pages > 1:  # the last row, below the matches' rows
        items.append(history_button(user_id, max(page - 1, 0), t("stats.btn.newer", locale),
                                    disabled=page == 0, row=HISTORY_PAGE, opponent=opponent))
        items.append(history_button(user_id, page + 1, t("stats.btn.older", locale),
                                    disabled=page + 1 >= pages, row=HISTORY_PAGE,
                                    opponent=opponent))
    return "\n".join(lines), frozen_view(items)


def export_file(stored: StoredMatch, fmt: Format) -> tuple[bytes, str]:
    """The match as a downloadable file: ごいたオンライン YAML kifu or the native JSON."""
    text = export_record(stored.record_json, fmt, stored.summary.names)
    return text.encode("utf-8"), f"goita-match-{stored.summary.id}.{fmt}"


def replay_message(stored: StoredMatch, rep: Replay, index: int,
                   locale: Locale) -> tuple[str, discord.ui.View]:
    index = min(max(index, 0), len(rep) - 1)
    starts = rep.round_starts()
    this_round = max(s for s in starts if s <= index)
    prev_round = max((s for s in starts if s < this_round), default=0) \
        if index == this_round else this_round
    next_round = min((s for s in starts if s > index), default=len(rep) - 1)
    m = stored.summary.id
    last = len(rep) - 1
    view = frozen_view([
        replay_button(m, prev_round, "r", t("stats.btn.round_back", locale),
                      disabled=index == 0),
        replay_button(m, max(index - 1, 0), "p", t("stats.btn.prev", locale),
                      disabled=index == 0),
        replay_button(m, min(index + 1, last), "n", t("stats.btn.next", locale),
                      disabled=index >= last),
        replay_button(m, next_round, "f", t("stats.btn.round_next", locale),
                      disabled=index >= last),
    ])
    return render_frame(stored, rep, index, locale), view


async def load_replay(interaction: discord.Interaction[Any], archive: Archive,
                      match_id: int) -> tuple[StoredMatch, Replay] | None:
    """The match's replay, or None after telling the user why there is none."""
    found = None
    if interaction.guild_id is not None:
        try:
            found = await archive.replay(interaction.guild_id, match_id)
        except (KifuError, ReplayError) as exc:
            log.warning("match %d does not replay: %s", match_id, exc)
            await deny(interaction, "stats.no_export", id=match_id)
            return None
    if found is None:
        await deny(interaction, "stats.no_match", id=match_id)
    return found
