"""``/goita review <match>`` and the Review button of ``/goita history``: the caller's
decisions in a recorded match, the move played against the best move found, biggest
mistakes first, one decision per page with the position as the caller saw it then.

The analysis runs in :class:`~bot.app.learn.reviews.ReviewService` (off the event loop,
queued, one per user, cached); while it runs, the answer shows a progress line that
updates ("Analysing move 12 of 41…")."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.app.learn.review import Review, position
from bot.app.learn.reviews import ReviewProgress, ReviewRefused
from bot.app.learn.suite import Learning
from bot.app.standings import StoredMatch
from bot.discord.archive import Archive
from bot.discord.render.common import COLOUR_PLAYING, clean, trim
from bot.discord.render.components import frozen_view
from bot.discord.replies import say
from bot.i18n import lang_of, t
from goita_core.kifu import KifuError, ReplayError

from .ids import review_page_button
from .practice import table_lines
from .words import move_words, points

log = logging.getLogger(__name__)


def match_key(guild_id: int, match_id: int) -> str:
    return f"{guild_id}:{match_id}"


def seat_of(stored: StoredMatch, user_id: int) -> int | None:
    """The user's seat in the match (their first, if they sat twice)."""
    return next((s.seat for s in stored.seats if s.user_id == user_id), None)


async def _stored(interaction: discord.Interaction[Any], archive: Archive, match_id: int,
                  lang: str) -> tuple[StoredMatch, int] | None:
    """The match and the caller's seat, or None after saying why there is no review."""
    stored = None
    if interaction.guild_id is not None:
        stored = await archive.results.get_match(interaction.guild_id, match_id)
    if stored is None:
        await say(interaction, t("learn.review.not_found", lang, id=match_id))
        return None
    seat = seat_of(stored, interaction.user.id)
    if seat is None:
        await say(interaction, t("learn.review.not_player", lang, id=match_id))
        return None
    if not stored.record_json:
        await say(interaction, t("learn.review.bad_record", lang, id=match_id))
        return None
    return stored, seat


async def review_table_match(interaction: discord.Interaction[Any], archive: Archive,
                             table_id: int, started_ms: int) -> int | None:
    """The recorded match a match summary sums up, among the caller's recent ones (None
    after saying that they have no such match)."""
    if interaction.guild_id is not None:
        matches, _ = await archive.results.recent_matches(interaction.guild_id,
                                                          interaction.user.id, limit=25)
        for s in matches:
            if s.table_id == table_id and round(s.started_at * 1000) == started_ms:
                return s.id
    await say(interaction, t("learn.review.not_recorded", lang_of(interaction.locale)))
    return None


def progress_text(report: ReviewProgress, lang: str) -> str:
    if report.waiting_ahead > 0:
        return t("learn.review.queued", lang, ahead=report.waiting_ahead)
    if report.total == 0:
        return t("learn.review.starting", lang)
    return t("learn.review.progress", lang, done=report.done, total=report.total)


async def start_review(interaction: discord.Interaction[Any], archive: Archive,
                       learning: Learning, match_id: int) -> None:
    """Answer at once (privately), then edit that answer with the progress and, at the
    end, with the first (biggest) mistake."""
    lang = lang_of(interaction.locale)
    found = await _stored(interaction, archive, match_id, lang)
    if found is None:
        return
    stored, seat = found
    assert interaction.guild_id is not None
    key = match_key(interaction.guild_id, match_id)
    review = await learning.reviews.cached(key, seat)
    if review is None:
        if learning.reviews.busy(interaction.user.id):
            await say(interaction, t("learn.review.busy", lang))
            return
        await interaction.response.send_message(t("learn.review.starting", lang),
                                                ephemeral=True)

        async def show(report: ReviewProgress) -> None:
            await interaction.edit_original_response(content=progress_text(report, lang))

        try:
            review = await learning.reviews.review(interaction.user.id, key,
                                                   stored.record_json, seat, show)
        except ReviewRefused as exc:
            await interaction.edit_original_response(
                content=t(f"learn.review.{exc.code}", lang))
            return
        except (KifuError, ReplayError, ValueError) as exc:
            log.warning("match %d cannot be reviewed: %s", match_id, exc)
            await interaction.edit_original_response(
                content=t("learn.review.bad_record", lang, id=match_id))
            return
    content, embed, view = review_page(stored, review, 0, lang)
    if interaction.response.is_done():
        await interaction.edit_original_response(content=content, embed=embed, view=view)
    else:
        await interaction.response.send_message(
            content, embed=embed or discord.utils.MISSING, view=view, ephemeral=True)


async def review_page_click(interaction: discord.Interaction[Any], archive: Archive,
                            learning: Learning, match_id: int, seat: int, index: int) -> None:
    lang = lang_of(interaction.locale)
    found = await _stored(interaction, archive, match_id, lang)
    if found is None:
        return
    stored, mine = found
    if mine != seat:
        await say(interaction, t("learn.review.not_player", lang, id=match_id))
        return
    assert interaction.guild_id is not None
    review = await learning.reviews.cached(match_key(interaction.guild_id, match_id), seat)
    if review is None:
        await say(interaction, t("learn.review.gone", lang, id=match_id))
        return
    content, embed, view = review_page(stored, review, index, lang)
    await interaction.response.edit_message(content=content, embed=embed, view=view)


def review_page(stored: StoredMatch, review: Review, index: int, lang: str
                ) -> tuple[str, discord.Embed | None, discord.ui.View]:
    """One decision of the review (``index`` 0 = the biggest mistake), with the position
    from the reviewed seat's view only, and Previous / Next."""
    match_id = stored.summary.id
    total = len(review.decisions)
    if total == 0:
        return t("learn.review.none", lang, id=match_id), None, frozen_view([])
    index = min(max(index, 0), total - 1)
    d = review.decisions[index]
    names = stored.summary.names

    def name(s: int) -> str:
        return clean(names[s]) if 0 <= s < len(names) else "?"

    view = position(stored.record_json, review.seat, d.round_no, d.step)
    leading = view.must_lead or view.attack is None
    lines = [t("learn.review.total", lang, count=total, points=f"{review.lost:.1f}"), "",
             f"**{t('learn.review.where', lang, round=d.round_no, step=d.step)}**"]
    lines += table_lines(view, lang, name)
    lines.append("")
    if d.played is d.best:
        lines.append(t("learn.review.agrees", lang, points=points(d.played_points)))
    else:
        lines.append(t("learn.review.played", lang, move=move_words(d.played, lang, leading),
                       points=points(d.played_points)))
        lines.append(t("learn.review.best", lang, move=move_words(d.best, lang, leading),
                       points=points(d.best_points)))
        if d.loss > 0:
            lines.append(t("learn.review.loss", lang, points=f"{d.loss:.1f}"))
    embed = discord.Embed(title=t("learn.review.title", lang, id=match_id, n=index + 1,
                                  total=total),
                          description=trim("\n".join(lines), 4096), colour=COLOUR_PLAYING)
    buttons = frozen_view([
        review_page_button(match_id, review.seat, max(index - 1, 0), "p",
                           t("learn.btn.previous", lang), disabled=index == 0),
        review_page_button(match_id, review.seat, min(index + 1, total - 1), "n",
                           t("learn.btn.next", lang), disabled=index >= total - 1),
    ])
    return "", embed, buttons
