"""The board: one public message per table.

Each change renders the board at once (so what is shown is what was stored) and hands it
to the table's publisher task, which sends only the newest rendering: quick consecutive
CPU moves and rate-limited edits coalesce into one edit, and the board always converges to
the latest state. A board older than ``REPOST_AFTER`` seconds (Discord refuses many edits
of old messages) or deleted (404) is posted again as a new message.

The board's picture (``board.png``, shown as the embed's image) is part of the same edit:
its scene is taken with the text, and it is drawn off the loop inside the publisher task,
so a picture never adds an edit and changes made while it is drawn coalesce as usual.

A channel that refuses the bot (403) pauses its boards (``gate.py``); one that no longer
exists (Unknown Channel) is reported to the service, which closes its tables.

A new board is sent with a nonce that names what it follows (the table, its match, the
board before it), so a send repeated after a restart (the previous process posted it but
died before its id was stored) gets back the message already posted instead of leaving a
second board in the channel; that message is then brought up to date. After a restart
longer than Discord keeps a nonce, a restored table without a stored board looks for one
among the channel's last messages first.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol

import discord

from bot.app.ports import Clock
from bot.app.table import Table
from bot.discord.render import Rendered
from bot.discord.render.components import ButtonId, MenuId
from bot.pictures import BoardScene

from . import pictures
from .gate import ChannelGate

log = logging.getLogger(__name__)

#: re-post a board older than this (Discord limits edits of messages older than an hour)
REPOST_AFTER = 50 * 60.0

#: a sent board created this long before the send began is one an earlier send with the
#: same nonce created (seconds; Discord's clock and ours may differ a little)
EARLIER_SEND_SLACK = 2.0

#: the channel's last messages searched for a board a dead process posted but never stored
UNSTORED_LOOK = 25

#: Discord's code for a channel that does not exist (deleted, or a thread of a deleted one)
UNKNOWN_CHANNEL = 10003


class BoardReports(Protocol):
    """What the publisher reports to the table service (which implements it)."""

    async def set_board_message(self, table_id: int, message_id: int | None,
                                posted_at: float | None) -> None:
        """A new board message was posted: store its id and when it was posted."""

    async def closed_board_shown(self, table_id: int, version: int) -> None:
        """The board showed a closed table's end at this version, or never can (the
        channel is gone or closed to the bot)."""

    async def channel_gone(self, channel_id: int) -> object:
        """The channel of a live table no longer exists: close its tables."""


class NoReports:
    """Reports to nobody (until the composition root connects the service)."""

    async def set_board_message(self, table_id: int, message_id: int | None,
                                posted_at: float | None) -> None:
        pass

    async def closed_board_shown(self, table_id: int, version: int) -> None:
        pass

    async def channel_gone(self, channel_id: int) -> object:
        return None


#: the scene of a table's board picture as it is now (None: no picture)
SceneOf = Callable[[Table], BoardScene | None]


@dataclass(eq=False)
class BoardJob:
    table: Table
    rendered: Rendered
    #: post a new message and leave the old one (a rematch keeps the last match's summary)
    fresh: bool = False
    #: rendered before the guild was known (start-up): render again once ready
    provisional: bool = False
    #: the picture's scene, taken with ``rendered``
    scene: BoardScene | None = None
    #: the table's version, and whether it was closed, when ``rendered`` was taken
    version: int = 0
    closing: bool = False
    #: restored at start-up: a new board the previous process posted but never stored may
    #: stand in the channel, to be taken back instead of posting another
    adopt: bool = False


def _tables_of(message: discord.Message) -> set[int]:
    """The tables the message's buttons and menus act on."""
    found: set[int] = set()
    for row in message.components:
        for item in getattr(row, "children", []):
            custom_id = getattr(item, "custom_id", None)
            parsed = ButtonId.parse(custom_id) or MenuId.parse(custom_id)
            if parsed is not None:
                found.add(parsed.table_id)
    return found


def board_nonce(table: Table) -> str:
    """The nonce of the table's next new board message: the same for every try to post
    that board (from the board it follows and the match), different for the next one."""
    posted_ms = round((table.board_posted_at or 0.0) * 1000)  # the same after a JSON trip
    key = f"{table.id}:{table.match_no}:{table.board_message_id or 0}:{posted_ms}"
    return "b" + hashlib.blake2b(key.encode(), digest_size=12).hexdigest()  # 25 characters


class BoardPublisher:
    def __init__(self, client: discord.Client, clock: Clock,
                 render: Callable[[Table], Rendered], min_edit_interval: float,
                 scene_of: SceneOf | None = None) -> None:
        self.client = client
        #: channels that refused the bot wait (shared with the turn pings)
        self.gate = ChannelGate(clock)
        self.clock = clock
        self.render = render
        self.scene_of: SceneOf = scene_of or (lambda _table: None)
        #: seconds between two edits of one board (more changes in between coalesce)
        self.min_edit_interval = min_edit_interval
        #: set by the composition root once the service exists
        self.reports: BoardReports = NoReports()
        self._pending: dict[int, BoardJob] = {}
        self.publishers: dict[int, asyncio.Task[None]] = {}

    def queue(self, table: Table, rendered: Rendered, fresh: bool = False,
              adopt: bool = False) -> None:
        previous = self._pending.get(table.id)
        fresh = fresh or (previous is not None and previous.fresh)
        adopt = adopt or (previous is not None and previous.adopt)
        provisional = self.client.get_guild(table.guild_id) is None
        self._pending[table.id] = BoardJob(table, rendered, fresh, provisional,
                                           self.scene_of(table), table.version,
                                           not table.live, adopt)
        task = self.publishers.get(table.id)
        if task is None or task.done():
            self.publishers[table.id] = asyncio.create_task(
                self._publish_loop(table.id), name=f"goita-board-{table.id}")

    async def _publish_loop(self, table_id: int) -> None:
        while (job := self._pending.pop(table_id, None)) is not None:
            try:
                if job.provisional:
                    # restored at start-up before the guild (and its language) was known
                    await self.client.wait_until_ready()
                    newer = self._pending.get(table_id)
                    if newer is not None:
                        newer.fresh = newer.fresh or job.fresh  # still a new message
                        newer.adopt = newer.adopt or job.adopt
                        continue
                    job.rendered = self.render(job.table)
                    job.scene = self.scene_of(job.table)
                if self.gate.closed(job.table.channel_id):
                    # refused lately: the next change after the pause brings it up to date
                    continue
                await self._publish(job)
                self.gate.passed(job.table.channel_id)
                shown = True
            except (discord.Forbidden, discord.NotFound) as exc:
                # the channel is gone (its tables close) or closed to the bot (it waits out
                # a pause): not an error of this board to try again at once
                log.warning("cannot show the board of table %s: %s", table_id, exc)
                shown = True
                if isinstance(exc, discord.Forbidden):
                    self.gate.refused(job.table.channel_id)
                if exc.code == UNKNOWN_CHANNEL and job.table.live:
                    await self._report(self.reports.channel_gone(job.table.channel_id),
                                       table_id)
            except Exception:
                log.exception("could not update the board of table %s", table_id)
                shown = False
            if shown and job.closing:
                await self._report(self.reports.closed_board_shown(table_id, job.version),
                                   table_id)
            if self.min_edit_interval and table_id in self._pending:
                await asyncio.sleep(self.min_edit_interval)
        if self.publishers.get(table_id) is asyncio.current_task():
            del self.publishers[table_id]  # nothing left to send: forget the task

    async def _publish(self, job: BoardJob) -> None:
        table = job.table
        channel = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        view = job.rendered.view()
        png = await pictures.board_png(job.scene)

        def attach() -> tuple[discord.Embed, list[discord.File]]:
            # the embed and a new file for each request (a sent file has been read); an
            # edit always lists its files: a board without a picture drops the old one
            return pictures.attach(job.rendered.embed, png, pictures.BOARD_FILE)

        embed, files = attach()
        message_id = table.board_message_id
        posted_at = table.board_posted_at or 0.0
        now = self.clock.now()
        if job.fresh:
            message_id = None  # keep the old message as it is
        if message_id is not None and now - posted_at < REPOST_AFTER:
            try:
                await channel.get_partial_message(message_id).edit(
                    content=job.rendered.content, embed=embed, view=view, attachments=files)
                return
            except discord.NotFound as exc:
                if exc.code == UNKNOWN_CHANNEL:
                    raise  # not the message: the whole channel is gone
                log.info("board %s of table %s is gone: posting it again", message_id, table.id)
                message_id = None
                embed, files = attach()
        # Post a new board (first time, too old, or deleted); then remove the old one.
        found = None
        if job.adopt and (table.board_message_id is None or job.fresh):
            found = await self._posted_unstored(channel, table)
        message = found or await channel.send(
            content=job.rendered.content, embed=embed,
            view=view if view is not None else discord.utils.MISSING,
            files=files or discord.utils.MISSING, nonce=board_nonce(table))
        created = message.created_at.timestamp()
        earlier = created < now - EARLIER_SEND_SLACK
        table.board_message_id = message.id
        table.board_posted_at = created if earlier else now
        await self._report(self.reports.set_board_message(table.id, message.id,
                                                          table.board_posted_at), table.id)
        if earlier:
            # posted by a process that died before storing its id: show what is now
            log.info("board %s of table %s was posted before a restart: updating it",
                     message.id, table.id)
            embed, files = attach()
            await message.edit(content=job.rendered.content, embed=embed, view=view,
                               attachments=files)
        if message_id is not None:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(message_id).delete()

    async def _posted_unstored(self, channel: discord.PartialMessageable,
                               table: Table) -> discord.Message | None:
        """The board of ``table`` that a process posted but died before storing, found
        among the channel's last messages: the bot's, newer than the board the store
        knows, with the table's buttons (for a restart longer than Discord keeps a nonce).
        Without Read Message History there is none to find."""
        me = self.client.user
        since = table.board_posted_at or 0.0
        try:
            async for message in channel.history(limit=UNSTORED_LOOK):
                if me is not None and message.author.id == me.id \
                        and message.id != table.board_message_id \
                        and message.created_at.timestamp() > since \
                        and table.id in _tables_of(message):
                    return message
        except discord.HTTPException as exc:
            log.info("cannot look for an unstored board of table %s: %s", table.id, exc)
        return None

    async def _report(self, report: Awaitable[object], table_id: int) -> None:
        """Tell the service something of a table's board; a failure is logged, never
        raised into the publishing."""
        try:
            await report
        except Exception:
            log.exception("could not report the board of table %s to the service", table_id)
