"""The board: one public message per table.

Each change renders the board at once (so what is shown is what was stored) and hands it
to the table's publisher task, which sends only the newest rendering: quick consecutive
CPU moves and rate-limited edits coalesce into one edit, and the board always converges to
the latest state. A board older than ``REPOST_AFTER`` seconds (Discord refuses many edits
of old messages) or deleted (404) is posted again as a new message.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import discord

from bot.app.ports import Clock
from bot.app.table import Table
from bot.discord.render import Rendered

log = logging.getLogger(__name__)

#: re-post a board older than this (Discord limits edits of messages older than an hour)
REPOST_AFTER = 50 * 60.0

#: stores a newly posted board's message id: (table id, message id, posted at)
BoardPosted = Callable[[int, int, float], Awaitable[None]]


@dataclass(eq=False)
class BoardJob:
    table: Table
    rendered: Rendered
    #: post a new message and leave the old one (a rematch keeps the last match's summary)
    fresh: bool = False
    #: rendered before the guild was known (start-up): render again once ready
    provisional: bool = False


class BoardPublisher:
    def __init__(self, client: discord.Client, clock: Clock,
                 render: Callable[[Table], Rendered], min_edit_interval: float) -> None:
        self.client = client
        self.clock = clock
        self.render = render
        #: seconds between two edits of one board (more changes in between coalesce)
        self.min_edit_interval = min_edit_interval
        #: set by the composition root once the service exists
        self.on_board_posted: BoardPosted | None = None
        self._pending: dict[int, BoardJob] = {}
        self.publishers: dict[int, asyncio.Task[None]] = {}

    def queue(self, table: Table, rendered: Rendered, fresh: bool = False) -> None:
        previous = self._pending.get(table.id)
        fresh = fresh or (previous is not None and previous.fresh)
        provisional = self.client.get_guild(table.guild_id) is None
        self._pending[table.id] = BoardJob(table, rendered, fresh, provisional)
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
                    if table_id in self._pending:
                        continue
                    job.rendered = self.render(job.table)
                await self._publish(job)
            except Exception:
                log.exception("could not update the board of table %s", table_id)
            if self.min_edit_interval and table_id in self._pending:
                await asyncio.sleep(self.min_edit_interval)
        if self.publishers.get(table_id) is asyncio.current_task():
            del self.publishers[table_id]  # nothing left to send: forget the task

    async def _publish(self, job: BoardJob) -> None:
        table = job.table
        channel = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
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
