"""The Presenter: how table changes reach Discord.

- **Board**: one public message per table. Each change renders the board at once (so what
  is shown is what was stored) and hands it to the table's publisher task, which sends only
  the newest rendering: quick consecutive CPU moves and rate-limited edits coalesce into
  one edit, and the board always converges to the latest state. A board older than
  ``REPOST_AFTER`` seconds (Discord refuses many edits of old messages) or deleted (404) is
  posted again as a new message.
- **Notifications**: an edit pings nobody, so a player whose turn comes gets a short channel
  message mentioning them; the table's previous such message is deleted first, so the
  channel holds at most one.
- **Hands**: each player's last hand interaction (ephemeral; its token lives 15 minutes) is
  kept per (table, user) and the hand is edited through it when it changes. Shortly before
  the token dies the hand is edited to say "open My hand again" and forgotten.

Nothing here raises for a Discord failure: it is logged and the next change retries.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.app.ports import Clock, PromptKind, TableChange
from bot.app.table import Table
from bot.i18n import lang_of, t
from goita_core.pieces import Kind

from . import render

if TYPE_CHECKING:
    from bot.client import GoitaBot

log = logging.getLogger(__name__)

#: re-post a board older than this (Discord limits edits of messages older than an hour)
REPOST_AFTER = 50 * 60.0
#: an interaction token lives 15 minutes; stop using it a little before
HAND_TOKEN_LIFE = 14 * 60.0
#: how often the hand sweeper looks for tokens about to die (real seconds)
SWEEP_EVERY = 30.0


@dataclass(eq=False)
class HandEntry:
    interaction: discord.Interaction[Any]
    opened_at: float
    table_id: int
    user_id: int
    lang: str
    #: the first click (block / face-down piece) and the table version it was made at
    first: Kind | None = None
    first_version: int = -1
    last_key: tuple[Any, ...] | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


@dataclass(eq=False)
class BoardJob:
    table: Table
    rendered: render.Rendered
    #: post a new message and leave the old one (a rematch keeps the last match's summary)
    fresh: bool = False
    #: rendered before the guild was known (start-up): render again once ready
    provisional: bool = False


class DiscordPresenter:
    def __init__(self, bot: GoitaBot, clock: Clock) -> None:
        self.bot = bot
        self.clock = clock
        self.turn_seconds = int(bot.settings.turn_timeout_seconds)
        self.lobby_minutes = max(1, round(bot.settings.lobby_idle_seconds / 60))
        #: external engines the lobby offers (EXTERNAL_ENGINES), in name order
        self.engines = sorted(bot.settings.external_engines)
        #: seconds between two edits of one board (more changes in between coalesce)
        self.min_edit_interval = 0.0 if bot.settings.cpu_move_delay_seconds == 0 else 1.0
        #: set by the game cog once the service exists: stores the board message id
        self.on_board_posted: Any = None
        self._pending: dict[int, BoardJob] = {}
        self._publishers: dict[int, asyncio.Task[None]] = {}
        #: table id -> (channel message id, seat, kind) of the last notification
        self._pings: dict[int, tuple[int, int, str]] = {}
        self._ping_locks: dict[int, asyncio.Lock] = {}
        self.hands: dict[tuple[int, int], HandEntry] = {}
        #: table id -> changes presented so far: a hand drawn before a change that landed
        #: while Discord took the hand is drawn again (see remember_hand)
        self._changes: dict[int, int] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._sweeper: asyncio.Task[None] | None = None

    # -- lifecycle ---------------------------------------------------------------------------
    def start(self) -> None:
        if self._sweeper is None:
            self._sweeper = asyncio.create_task(self._sweep_forever(), name="goita-sweeper")

    async def close(self) -> None:
        tasks = [*self._publishers.values(), *self._tasks]
        if self._sweeper is not None:
            tasks.append(self._sweeper)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    async def flush(self) -> None:
        """Wait until every pending board edit and hand update has been sent (tests)."""
        while True:
            busy = [t for t in (*self._publishers.values(), *self._tasks) if not t.done()]
            if not busy:
                return
            await asyncio.gather(*busy, return_exceptions=True)

    def _spawn(self, coro: Any, name: str) -> None:
        task = asyncio.create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- languages -----------------------------------------------------------------------------
    def board_lang(self, table: Table) -> str:
        guild = self.bot.get_guild(table.guild_id)
        return lang_of(guild.preferred_locale if guild is not None else None)

    # -- Presenter protocol ----------------------------------------------------------------------
    async def table_changed(self, table: Table, change: TableChange) -> None:
        self._changes[table.id] = self._changes.get(table.id, 0) + 1
        try:
            fresh = change.reason == "start" and table.match_no > 1
            self._queue_board(table, self.render_public(table), fresh=fresh)
            self.refresh_hands(table)
            ping = self._pings.get(table.id)
            if ping is not None and self._ping_done(table, ping[1], ping[2]):
                # the notified player has acted (or lost the turn): keep the channel clean
                self._spawn(self._clear_ping(table, only=ping[0]), "goita-unping")
        except Exception:
            log.exception("could not present a change of table %s", table.id)

    @staticmethod
    def _ping_done(table: Table, seat: int, kind: str) -> bool:
        """Has the notified player answered what the notification asked?"""
        if kind == "taken_over":
            occupant = table.seats[seat]
            return occupant is None or not occupant.away
        if kind == "goshi":
            match = table.match
            return match is None or match.round.phase != "goshi" or seat not in table.to_act()
        return seat not in table.to_act()

    async def prompt(self, table: Table, seat: int, kind: PromptKind) -> None:
        try:
            s = table.seats[seat]
            if s is None or s.user_id is None:
                return
            lang = lang_of(s.locale)
            mention = f"<@{s.user_id}>"
            secs = int(self.bot.settings.turn_warning_seconds)
            if kind == "timeout_warning":
                entry = self.hands.get((table.id, s.user_id))
                if entry is not None and self._token_alive(entry):
                    self._spawn(self._private_warning(entry, t("warn.timeout", entry.lang,
                                                               seconds=secs)), "goita-warn")
                    return
                text = t("ping.timeout_warning", lang, mention=mention, seconds=secs)
            elif kind == "goshi":
                text = t("ping.goshi", lang, mention=mention)
            elif kind == "taken_over":
                text = t("ping.taken_over", lang, mention=mention)
            else:
                text = t("ping.your_turn", lang, mention=mention)
            self._spawn(self._ping(table, seat, kind, s.user_id, text), "goita-ping")
        except Exception:
            log.exception("could not prompt seat %s of table %s", seat, table.id)

    async def table_closed(self, table: Table, reason: str) -> None:
        self._changes.pop(table.id, None)
        try:
            lang = self.board_lang(table)
            if table.status == "finished" and table.match is not None and table.match.over \
                    and not table.stopped_early:
                rendered = render.render_match_end(table, lang)
            else:
                minutes = self.lobby_minutes
                rendered = render.render_closed(table, reason, lang, minutes=minutes)
            self._queue_board(table, rendered)
            # last update of every open hand (it says the table ended), then forget them
            self.refresh_hands(table, last=True)
            self._spawn(self._clear_ping(table, closing=True), "goita-unping")
        except Exception:
            log.exception("could not present the end of table %s", table.id)

    # -- board ---------------------------------------------------------------------------------
    def render_public(self, table: Table) -> render.Rendered:
        lang = self.board_lang(table)
        if table.status == "lobby" or table.match is None:
            if table.status in ("lobby",):
                return render.render_lobby(table, lang, self.lobby_minutes, self.engines)
            return render.render_closed(table, table.close_reason or "other", lang,
                                        minutes=self.lobby_minutes)
        if table.status == "playing":
            return render.render_board(table, lang, self.turn_seconds)
        if table.status == "finished" and not table.stopped_early:
            return render.render_match_end(table, lang)
        return render.render_closed(table, table.close_reason or "other", lang)

    def _queue_board(self, table: Table, rendered: render.Rendered, fresh: bool = False
                     ) -> None:
        previous = self._pending.get(table.id)
        fresh = fresh or (previous is not None and previous.fresh)
        provisional = self.bot.get_guild(table.guild_id) is None
        self._pending[table.id] = BoardJob(table, rendered, fresh, provisional)
        task = self._publishers.get(table.id)
        if task is None or task.done():
            self._publishers[table.id] = asyncio.create_task(
                self._publish_loop(table.id), name=f"goita-board-{table.id}")

    async def _publish_loop(self, table_id: int) -> None:
        while (job := self._pending.pop(table_id, None)) is not None:
            try:
                if job.provisional:
                    # restored at start-up before the guild (and its language) was known
                    await self.bot.wait_until_ready()
                    if table_id in self._pending:
                        continue
                    job.rendered = self.render_public(job.table)
                await self._publish(job)
            except Exception:
                log.exception("could not update the board of table %s", table_id)
            if self.min_edit_interval and table_id in self._pending:
                await asyncio.sleep(self.min_edit_interval)
        if self._publishers.get(table_id) is asyncio.current_task():
            del self._publishers[table_id]  # nothing left to send: forget the task

    async def _publish(self, job: BoardJob) -> None:
        table = job.table
        channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        view = job.rendered.view()
        message_id = table.board_message_id
        posted_at = table.board_posted_at or 0.0
        now = self.clock.now()
        if job.fresh:
            message_id = None  # keep the old message as it is
        if message_id is not None and now - posted_at < REPOST_AFTER:
            try:
                await channel.get_partial_message(message_id).edit(
                    content=job.rendered.content, embed=job.rendered.embed, view=view)
                return
            except discord.NotFound:
                log.info("board %s of table %s is gone: posting it again", message_id, table.id)
                message_id = None
        # Post a new board (first time, too old, or deleted); then remove the old one.
        message = await channel.send(content=job.rendered.content, embed=job.rendered.embed,
                                     view=view if view is not None else discord.utils.MISSING)
        table.board_message_id = message.id
        table.board_posted_at = now
        if self.on_board_posted is not None:
            try:
                await self.on_board_posted(table.id, message.id, now)
            except Exception:
                log.exception("could not store the board message of table %s", table.id)
        if message_id is not None:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(message_id).delete()

    # -- notifications ---------------------------------------------------------------------------
    def _ping_lock(self, table_id: int) -> asyncio.Lock:
        return self._ping_locks.setdefault(table_id, asyncio.Lock())

    async def _ping(self, table: Table, seat: int, kind: str, user_id: int, text: str
                    ) -> None:
        async with self._ping_lock(table.id):
            await self._clear_ping_locked(table)
            channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
            try:
                message = await channel.send(
                    text, allowed_mentions=discord.AllowedMentions(
                        everyone=False, roles=False, users=[discord.Object(user_id)]))
            except discord.HTTPException:
                log.exception("could not notify user %s at table %s", user_id, table.id)
                return
            self._pings[table.id] = (message.id, seat, kind)
            if self._ping_done(table, seat, kind):  # answered while we were sending
                await self._clear_ping_locked(table)

    async def _clear_ping(self, table: Table, only: int | None = None,
                          closing: bool = False) -> None:
        async with self._ping_lock(table.id):
            current = self._pings.get(table.id)
            if only is None or (current is not None and current[0] == only):
                await self._clear_ping_locked(table)
        if closing:
            self._ping_locks.pop(table.id, None)

    async def _clear_ping_locked(self, table: Table) -> None:
        entry = self._pings.pop(table.id, None)
        if entry is None:
            return
        old = entry[0]
        channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(old).delete()

    async def _private_warning(self, entry: HandEntry, text: str) -> None:
        with contextlib.suppress(discord.HTTPException):
            await entry.interaction.followup.send(text, ephemeral=True)

    # -- hands -----------------------------------------------------------------------------------
    def _token_alive(self, entry: HandEntry) -> bool:
        return self.clock.now() - entry.opened_at < HAND_TOKEN_LIFE

    def change_count(self, table_id: int) -> int:
        """Changes of the table presented so far; give it to remember_hand() with the
        rendering it was taken with."""
        return self._changes.get(table_id, 0)

    def remember_hand(self, interaction: discord.Interaction[Any], table: Table,
                      first: Kind | None = None, rendered: render.Rendered | None = None,
                      seen: int | None = None, version: int | None = None) -> HandEntry:
        """Keep ``interaction`` as the way to edit this user's hand (the newest wins).

        ``seen``: change_count() when ``rendered`` was drawn. If the table changed since
        (while Discord took the answer, before this entry existed to be refreshed), the
        hand is drawn again now, or it would show the old state until the next change.
        ``version``: the table version ``first`` was picked at (default: the current one)."""
        lang = lang_of(interaction.locale)
        entry = HandEntry(interaction, self.clock.now(), table.id, interaction.user.id, lang,
                          first, -1 if first is None else table.version if version is None
                          else version,
                          rendered.key() if rendered is not None else None)
        old = self.hands.get((table.id, interaction.user.id))
        if old is not None:
            entry.lock = old.lock
        self.hands[(table.id, interaction.user.id)] = entry
        if seen is not None and seen != self.change_count(table.id):
            self._spawn(self._refresh_hand(table, entry, last=not table.live), "goita-hand")
        elif not table.live:
            # a click on an old hand of an ended table: it never changes again, and the
            # sweeper must not tell the player to open it again
            self.hands.pop((table.id, interaction.user.id), None)
        return entry

    def render_hand_for(self, table: Table, entry: HandEntry) -> render.Rendered | None:
        seat = table.seat_of(entry.user_id)
        if seat is None:
            return None
        first = entry.first if entry.first_version == table.version else None
        return render.render_hand(table, seat, entry.lang, first)

    def refresh_hands(self, table: Table, last: bool = False) -> None:
        for (table_id, _user), entry in list(self.hands.items()):
            if table_id == table.id:
                self._spawn(self._refresh_hand(table, entry, last), "goita-hand")

    async def _refresh_hand(self, table: Table, entry: HandEntry, last: bool = False) -> None:
        async with entry.lock:
            if self.hands.get((entry.table_id, entry.user_id)) is not entry:
                return  # a newer interaction took over
            try:
                await self._refresh_hand_locked(table, entry)
            finally:
                if last:
                    self.hands.pop((entry.table_id, entry.user_id), None)

    async def _refresh_hand_locked(self, table: Table, entry: HandEntry) -> None:
        rendered = self.render_hand_for(table, entry)
        if rendered is None:
            # no longer seated (/goita leave): the hand's buttons would only be refused
            self.hands.pop((entry.table_id, entry.user_id), None)
            if self._token_alive(entry):
                key = "leave.done" if table.live else "hand.closed"  # the last one left
                embed = discord.Embed(description=t(key, entry.lang),
                                      colour=render.COLOUR_ENDED)
                with contextlib.suppress(discord.HTTPException):
                    await entry.interaction.edit_original_response(content=None, embed=embed,
                                                                   view=None)
            return
        if rendered.key() == entry.last_key:
            return
        if not self._token_alive(entry):
            await self._expire(entry)
            return
        try:
            await entry.interaction.edit_original_response(
                content=rendered.content, embed=rendered.embed, view=rendered.view())
            entry.last_key = rendered.key()
        except discord.HTTPException as exc:
            log.info("hand of user %s can no longer be edited (%s)", entry.user_id, exc)
            self.hands.pop((entry.table_id, entry.user_id), None)

    async def _expire(self, entry: HandEntry) -> None:
        self.hands.pop((entry.table_id, entry.user_id), None)
        embed = discord.Embed(description=t("hand.expired", entry.lang),
                              colour=render.COLOUR_ENDED)
        with contextlib.suppress(discord.HTTPException):
            await entry.interaction.edit_original_response(content=None, embed=embed, view=None)

    async def sweep_hands(self) -> None:
        """Say "open My hand again" on hands whose token is about to die."""
        for entry in list(self.hands.values()):
            if not self._token_alive(entry):
                async with entry.lock:
                    if self.hands.get((entry.table_id, entry.user_id)) is entry:
                        await self._expire(entry)

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            try:
                await self.sweep_hands()
            except Exception:
                log.exception("hand sweep failed")
