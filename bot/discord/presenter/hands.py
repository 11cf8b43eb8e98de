"""Hands: each player's last hand interaction (ephemeral; its token lives 15 minutes) is
kept per (table, user) and the hand is edited through it when it changes. Shortly before
the token dies the hand is edited to say "open My hand again" and forgotten."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.app.ports import Clock
from bot.app.table import Table
from bot.discord.render import COLOUR_ENDED, Rendered, render_hand
from bot.i18n import lang_of, t
from goita_core.pieces import Kind

from .pictures import hand_files
from .tasks import Background

log = logging.getLogger(__name__)

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


class HandKeeper:
    def __init__(self, clock: Clock, background: Background) -> None:
        self.clock = clock
        self.background = background
        self.hands: dict[tuple[int, int], HandEntry] = {}
        #: table id -> changes presented so far: a hand drawn before a change that landed
        #: while Discord took the hand is drawn again (see remember)
        self._changes: dict[int, int] = {}

    def changed(self, table_id: int) -> None:
        self._changes[table_id] = self._changes.get(table_id, 0) + 1

    def closed(self, table_id: int) -> None:
        self._changes.pop(table_id, None)

    def change_count(self, table_id: int) -> int:
        return self._changes.get(table_id, 0)

    def token_alive(self, entry: HandEntry) -> bool:
        return self.clock.now() - entry.opened_at < HAND_TOKEN_LIFE

    def remember(self, interaction: discord.Interaction[Any], table: Table,
                 first: Kind | None = None, rendered: Rendered | None = None,
                 seen: int | None = None, version: int | None = None) -> HandEntry:
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
            self.background.spawn(self._refresh(table, entry, last=not table.live),
                                  "goita-hand")
        elif not table.live:
            # a click on an old hand of an ended table: it never changes again, and the
            # sweeper must not tell the player to open it again
            self.hands.pop((table.id, interaction.user.id), None)
        return entry

    def refresh(self, table: Table, last: bool = False) -> None:
        for (table_id, _user), entry in list(self.hands.items()):
            if table_id == table.id:
                self.background.spawn(self._refresh(table, entry, last), "goita-hand")

    @staticmethod
    def render_for(table: Table, entry: HandEntry) -> Rendered | None:
        seat = table.seat_of(entry.user_id)
        if seat is None:
            return None
        first = entry.first if entry.first_version == table.version else None
        return render_hand(table, seat, entry.lang, first)

    async def _refresh(self, table: Table, entry: HandEntry, last: bool = False) -> None:
        async with entry.lock:
            if self.hands.get((entry.table_id, entry.user_id)) is not entry:
                return  # a newer interaction took over
            try:
                await self._refresh_locked(table, entry)
            finally:
                if last:
                    self.hands.pop((entry.table_id, entry.user_id), None)

    async def _refresh_locked(self, table: Table, entry: HandEntry) -> None:
        rendered = self.render_for(table, entry)
        if rendered is None:
            # no longer seated (/goita leave): the hand's buttons would only be refused
            self.hands.pop((entry.table_id, entry.user_id), None)
            if self.token_alive(entry):
                key = "leave.done" if table.live else "hand.closed"  # the last one left
                embed = discord.Embed(description=t(key, entry.lang), colour=COLOUR_ENDED)
                with contextlib.suppress(discord.HTTPException):
                    await entry.interaction.edit_original_response(content=None, embed=embed,
                                                                   view=None, attachments=[])
            return
        if rendered.key() == entry.last_key:
            return
        if not self.token_alive(entry):
            await self._expire(entry)
            return
        try:
            embed, files = await hand_files(table, entry, rendered)  # its picture, if any
            await entry.interaction.edit_original_response(
                content=rendered.content, embed=embed, view=rendered.view(), attachments=files)
            entry.last_key = rendered.key()
        except discord.HTTPException as exc:
            log.info("hand of user %s can no longer be edited (%s)", entry.user_id, exc)
            self.hands.pop((entry.table_id, entry.user_id), None)

    async def _expire(self, entry: HandEntry) -> None:
        self.hands.pop((entry.table_id, entry.user_id), None)
        embed = discord.Embed(description=t("hand.expired", entry.lang), colour=COLOUR_ENDED)
        with contextlib.suppress(discord.HTTPException):
            await entry.interaction.edit_original_response(content=None, embed=embed, view=None,
                                                           attachments=[])

    async def sweep(self) -> None:
        """Say "open My hand again" on hands whose token is about to die."""
        for entry in list(self.hands.values()):
            if not self.token_alive(entry):
                async with entry.lock:
                    if self.hands.get((entry.table_id, entry.user_id)) is entry:
                        await self._expire(entry)

    async def sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            try:
                await self.sweep()
            except Exception:
                log.exception("hand sweep failed")

    async def private_warning(self, entry: HandEntry, text: str) -> None:
        with contextlib.suppress(discord.HTTPException):
            await entry.interaction.followup.send(text, ephemeral=True)
