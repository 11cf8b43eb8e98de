""":class:`DiscordPresenter`: the app's ``Presenter`` port implemented for Discord."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import discord

from bot.app.ports import Clock, DeliveryStore, PromptKind, TableChange
from bot.app.table import NOWHERE_TO_SHOW, Table
from bot.config import Settings
from bot.discord.render import (
    Rendered,
    render_board,
    render_closed,
    render_lobby,
    render_match_end,
)
from bot.i18n import lang_of, t
from bot.pictures import BoardScene
from goita_core.pieces import Kind

from . import pictures
from .board import BoardPublisher, BoardReports
from .hands import HandEntry, HandKeeper, board_note
from .journal import DeliveryJournal
from .pictures import HAND_FILE, attach, board_of, enabled, hand_files
from .pings import Pinger
from .tasks import Background

log = logging.getLogger(__name__)

#: how long a click's answer waits for its hand picture before it goes without it (a warm
#: worker draws a hand in about 1.5 ms; busy ones must not hold the answer back)
FIRST_PICTURE_WAIT = 0.01


class DiscordPresenter:
    """``delivery``: where the turn pings and open hands are kept so that a restart
    finishes their jobs (None: in memory only, forgotten by a restart)."""

    def __init__(self, client: discord.Client, clock: Clock, settings: Settings,
                 delivery: DeliveryStore | None = None) -> None:
        self.client = client
        self.clock = clock
        self.turn_seconds = int(settings.turn_timeout_seconds)
        self.warning_seconds = int(settings.turn_warning_seconds)
        self.lobby_minutes = max(1, round(settings.lobby_idle_seconds / 60))
        #: external engines the lobby offers (EXTERNAL_ENGINES), in name order
        self.engines = sorted(settings.external_engines)
        self._background = Background()
        self.board = BoardPublisher(client, clock, self.render_public,
                                    0.0 if settings.cpu_move_delay_seconds == 0 else 1.0,
                                    scene_of=self.board_scene)
        self.journal = DeliveryJournal(delivery, clock, self._background)
        self.pings = Pinger(client, self.journal, self.board.gate)
        self.hands = HandKeeper(client, clock, self._background, self.journal, self.board.gate)
        self._sweeper: asyncio.Task[None] | None = None

    def hand_note(self, table: Table, lang: str) -> str | None:
        """What a hand drawn now says above its pieces besides the game (the board cannot
        be updated)."""
        return board_note(self.board.gate, table, lang)

    def report_to(self, reports: BoardReports) -> None:
        """Where the board publisher reports posted boards, shown ends and channels gone
        (the table service)."""
        self.board.reports = reports

    @property
    def delivery(self) -> DeliveryStore | None:
        return self.journal.store

    @delivery.setter
    def delivery(self, store: DeliveryStore | None) -> None:
        self.journal.store = store

    # -- lifecycle ---------------------------------------------------------------------------
    def start(self) -> None:
        if self._sweeper is None:
            self._sweeper = asyncio.create_task(self.hands.sweep_forever(), name="goita-sweeper")

    async def close(self) -> None:
        extra = list(self.board.publishers.values())
        if self._sweeper is not None:
            extra.append(self._sweeper)
        await self._background.cancel(extra)
        await pictures.stop()

    async def flush(self) -> None:
        """Wait until every pending board edit and hand update has been sent (tests)."""
        while True:
            busy = [task for task in self.board.publishers.values() if not task.done()]
            busy += self._background.running()
            if not busy:
                return
            await asyncio.gather(*busy, return_exceptions=True)

    def board_lang(self, table: Table) -> str:
        """The table's board language (a server setting), else the server's locale."""
        if table.settings is not None and table.settings.board_language:
            return lang_of(table.settings.board_language)
        guild = self.client.get_guild(table.guild_id)
        return lang_of(guild.preferred_locale if guild is not None else None)

    def pace(self, table: Table) -> tuple[int, int]:
        """The table's turn time and warning in whole seconds (its own settings, else the
        operator's)."""
        own = table.settings
        if own is None:
            return self.turn_seconds, self.warning_seconds
        return int(own.turn_seconds), int(own.warning_seconds)

    # -- Presenter protocol ----------------------------------------------------------------------
    async def table_changed(self, table: Table, change: TableChange) -> None:
        self.hands.changed(table.id)
        if change.reason == "restored" and not table.live:
            # closed by a process that died before showing it: its pings and hands first
            # (what that process stored), then its end as table_closed shows it
            self._background.spawn(self._restore(table), "goita-restore-closed")
            return
        try:
            fresh = (change.reason == "start" and table.match_no > 1) or (
                change.reason == "restored" and _board_of_an_earlier_match(table))
            self.board.queue(table, self.render_public(table), fresh=fresh,
                             adopt=change.reason == "restored")
            if change.reason == "restored" and self.journal.store is not None:
                self._background.spawn(self._restore(table), "goita-hand-restore")
            self.hands.refresh(table)
            answered = self.pings.answered(table)
            if answered is not None:
                # the notified player has acted (or lost the turn): keep the channel clean
                self._background.spawn(self.pings.clear(table, only=answered), "goita-unping")
        except Exception:
            log.exception("could not present a change of table %s", table.id)

    async def prompt(self, table: Table, seat: int, kind: PromptKind) -> None:
        try:
            s = table.seats[seat]
            if s is None or s.user_id is None:
                return
            lang = lang_of(s.locale)
            mention = f"<@{s.user_id}>"
            secs = self.pace(table)[1]
            if kind == "timeout_warning":
                entry = self.hands.hands.get((table.id, s.user_id))
                if entry is not None and self.hands.token_alive(entry):
                    text = t("warn.timeout", entry.lang, seconds=secs)
                    self._background.spawn(self.hands.private_warning(entry, text),
                                           "goita-warn")
                    return
                text = t("ping.timeout_warning", lang, mention=mention, seconds=secs)
            elif kind == "goshi":
                text = t("ping.goshi", lang, mention=mention)
            elif kind == "taken_over":
                text = t("ping.taken_over", lang, mention=mention)
            else:
                text = t("ping.your_turn", lang, mention=mention)
            self._background.spawn(self.pings.ping(table, seat, kind, s.user_id, text),
                                   "goita-ping")
        except Exception:
            log.exception("could not prompt seat %s of table %s", seat, table.id)

    async def _restore(self, table: Table) -> None:
        """Finish what the previous process started at this table: its turn ping and its
        players' open hands; at a closed table, its end."""
        try:
            stored = await self.journal.stored(table.id)
            for hand in stored.hands:
                self.hands.restored(table, hand)
            for ping in stored.pings:
                await self.pings.restored(table, ping)
        except Exception:
            log.exception("could not restore the pings and hands of table %s", table.id)
        if not table.live:
            await self.table_closed(table, table.close_reason or "other")

    async def table_closed(self, table: Table, reason: str) -> None:
        self.hands.closed(table.id)
        self.journal.closed(table.id)
        try:
            # last update of every open hand (it says the table ended), then forget them
            self.hands.refresh(table, last=True)
            if reason in NOWHERE_TO_SHOW:
                self.pings.forget(table.id)  # its channel is gone: nothing to edit there
                return
            self.board.queue(table, self.render_public(table))
            self._background.spawn(self.pings.clear(table, closing=True), "goita-unping")
        except Exception:
            log.exception("could not present the end of table %s", table.id)

    def board_scene(self, table: Table) -> BoardScene | None:
        """The board picture's scene, in the board's language (None: no picture)."""
        return board_of(table, self.board_lang(table))

    def render_public(self, table: Table) -> Rendered:
        lang = self.board_lang(table)
        if table.status == "lobby" or table.match is None:
            if table.status == "lobby":
                return render_lobby(table, lang, self.lobby_minutes, self.engines)
            return render_closed(table, table.close_reason or "other", lang,
                                 minutes=self.lobby_minutes)
        if table.status == "playing":
            return render_board(table, lang, self.pace(table)[0])
        if table.status == "finished" and not table.stopped_early:
            return render_match_end(table, lang)
        return render_closed(table, table.close_reason or "other", lang,
                             minutes=self.lobby_minutes)

    # -- hands (for the game's clicks) -----------------------------------------------------------
    def change_count(self, table_id: int) -> int:
        """Changes of the table presented so far; give it to remember_hand() with the
        rendering it was taken with."""
        return self.hands.change_count(table_id)

    async def hand_answer(self, table: Table, seat: int, lang: str, first: Kind | None,
                          rendered: Rendered) -> tuple[discord.Embed, list[discord.File]]:
        """The embed and files of a hand about to be sent as a click's answer: with its
        picture when it is drawn within ``FIRST_PICTURE_WAIT`` (a few milliseconds
        normally), so the hand appears whole in one request; else without it, and
        remember_hand() adds it to the message once drawn (the answer must not wait on
        busy drawing workers)."""
        if not (table.live and enabled(table)):
            return rendered.embed, []
        drawing = asyncio.ensure_future(pictures.hand_png(table, seat, lang, first))
        try:
            # shielded: a drawing that takes longer still finishes, into the cache
            png = await asyncio.wait_for(asyncio.shield(drawing), FIRST_PICTURE_WAIT)
        except TimeoutError:
            return rendered.embed, []
        return attach(rendered.embed, png, HAND_FILE)

    def remember_hand(self, interaction: discord.Interaction[Any], table: Table,
                      first: Kind | None = None, rendered: Rendered | None = None,
                      seen: int | None = None, version: int | None = None,
                      message_id: int | None = None, pictured: bool = False) -> HandEntry:
        """Keep ``interaction`` as the way to edit this user's hand (the newest wins).

        ``seen``: change_count() when ``rendered`` was drawn. If the table changed since
        (while Discord took the answer, before this entry existed to be refreshed), the
        hand is drawn again now, or it would show the old state until the next change.
        ``version``: the table version ``first`` was picked at (default: the current one).
        ``message_id``: the hand's message, when the answer created it (My hand); else it
        is the clicked message, or learnt from the first edit. ``pictured``: the answer
        carried the hand's picture (hand_answer())."""
        entry = self.hands.remember(interaction, table, first, rendered, seen, version,
                                    message_id)
        if rendered is not None and not pictured and enabled(table) and table.live:
            # the caller sent ``rendered`` without its picture: add it to that message
            self._background.spawn(self._add_hand_picture(table, entry, rendered),
                                   "goita-hand-picture")
        return entry

    async def _add_hand_picture(self, table: Table, entry: HandEntry,
                                rendered: Rendered) -> None:
        async with entry.lock:
            if self.hands.hands.get((entry.table_id, entry.user_id)) is not entry \
                    or entry.last_key != rendered.key():
                return  # a newer hand took over, or a refresh drew it again with its picture
            embed, files = await hand_files(table, entry, rendered)
            if files:
                with contextlib.suppress(discord.HTTPException):
                    await entry.edit(rendered.content, embed, rendered.view(),
                                     attachments=files)

    def refresh_hands(self, table: Table) -> None:
        self.hands.refresh(table)

    async def sweep_hands(self) -> None:
        """Say "open My hand again" on hands whose token is about to die."""
        await self.hands.sweep()


def _board_of_an_earlier_match(table: Table) -> bool:
    """The board message was posted before the running match started: it is the summary of
    the match before (a restart came between a rematch and its new board), to be kept while
    a new board is posted, as the rematch would have."""
    return (table.status == "playing" and table.match_no > 1
            and table.board_posted_at is not None and table.started_at is not None
            and table.board_posted_at < table.started_at)
