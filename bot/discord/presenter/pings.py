"""Notifications: an edit pings nobody, so a player whose turn comes gets a short channel
message mentioning them; the table's previous such message is deleted first, so the
channel holds at most one. Each ping is journaled, so that after a restart a stale one is
deleted and a standing one is still deleted once its player acts."""

from __future__ import annotations

import asyncio
import logging

import discord

from bot.app.ports import StoredPing
from bot.app.table import Table

from .gate import ChannelGate
from .journal import DeliveryJournal

log = logging.getLogger(__name__)


def ping_done(table: Table, seat: int, kind: str) -> bool:
    """Has the notified player answered what the notification asked?"""
    if kind == "taken_over":
        occupant = table.seats[seat]
        return occupant is None or not occupant.away
    if kind == "goshi":
        match = table.match
        return match is None or match.round.phase != "goshi" or seat not in table.to_act()
    return seat not in table.to_act()


class Pinger:
    def __init__(self, client: discord.Client, journal: DeliveryJournal,
                 gate: ChannelGate) -> None:
        self.client = client
        self.journal = journal
        #: channels that refused the bot get no ping while their pause runs
        self.gate = gate
        #: table id -> (channel message id, seat, kind) of the last notification
        self._pings: dict[int, tuple[int, int, str]] = {}
        self._locks: dict[int, asyncio.Lock] = {}

    def answered(self, table: Table) -> int | None:
        """The id of the table's notification once its player has acted (or lost the
        turn), to be cleared; None if there is none or it still stands."""
        ping = self._pings.get(table.id)
        if ping is not None and ping_done(table, ping[1], ping[2]):
            return ping[0]
        return None

    def _lock(self, table_id: int) -> asyncio.Lock:
        return self._locks.setdefault(table_id, asyncio.Lock())

    async def ping(self, table: Table, seat: int, kind: str, user_id: int, text: str) -> None:
        async with self._lock(table.id):
            current = self._pings.get(table.id)
            if current is not None and current[1:] == (seat, kind) \
                    and not ping_done(table, seat, kind):
                return  # the standing ping already asks this player for this
            await self._clear_locked(table)
            if self.gate.closed(table.channel_id):
                return
            channel = self.client.get_partial_messageable(table.channel_id,
                                                          guild_id=table.guild_id)
            try:
                message = await channel.send(
                    text, allowed_mentions=discord.AllowedMentions(
                        everyone=False, roles=False, users=[discord.Object(user_id)]))
            except discord.Forbidden as exc:
                log.warning("cannot notify user %s at table %s: %s", user_id, table.id, exc)
                self.gate.refused(table.channel_id)
                return
            except discord.HTTPException:
                log.exception("could not notify user %s at table %s", user_id, table.id)
                return
            self.gate.passed(table.channel_id)
            if ping_done(table, seat, kind):  # answered while we were sending
                await self._delete(table.channel_id, table.guild_id, message.id)
                return
            self._pings[table.id] = (message.id, seat, kind)
            self.journal.ping(table.id, StoredPing(table.id, table.channel_id, message.id,
                                                   seat, kind))

    async def clear(self, table: Table, only: int | None = None, closing: bool = False) -> None:
        async with self._lock(table.id):
            current = self._pings.get(table.id)
            if only is None or (current is not None and current[0] == only):
                await self._clear_locked(table)
        if closing:
            self._locks.pop(table.id, None)

    def forget(self, table_id: int) -> None:
        """The table closed where nothing can be deleted any more (its channel is gone)."""
        self._pings.pop(table_id, None)
        self._locks.pop(table_id, None)

    async def restored(self, table: Table, stored: StoredPing) -> None:
        """The ping the previous process left: deleted if answered (or replaced since the
        restart), else kept as the table's ping, to be deleted once its player acts."""
        async with self._lock(table.id):
            current = self._pings.get(table.id)
            if current is not None and current[0] == stored.message_id:
                return
            if current is None and not ping_done(table, stored.seat, stored.kind):
                self._pings[table.id] = (stored.message_id, stored.seat, stored.kind)
                return
            if current is None:
                self.journal.ping(table.id, None)
                await self.journal.written()
            await self._delete(stored.channel_id, table.guild_id, stored.message_id)

    async def _clear_locked(self, table: Table) -> None:
        entry = self._pings.pop(table.id, None)
        if entry is None:
            return
        self.journal.ping(table.id, None)
        if self.journal.store is None:
            await self._delete(table.channel_id, table.guild_id, entry[0])
        else:
            # deleted once the store forgot it, so that a restart never deletes it again
            # (Unknown Message); in the background, so the next ping need not wait
            self.journal.background.spawn(
                self._delete_when_written(table.channel_id, table.guild_id, entry[0]),
                "goita-unping")

    async def _delete_when_written(self, channel_id: int, guild_id: int,
                                   message_id: int) -> None:
        await self.journal.written()
        await self._delete(channel_id, guild_id, message_id)

    async def _delete(self, channel_id: int, guild_id: int, message_id: int) -> None:
        channel = self.client.get_partial_messageable(channel_id, guild_id=guild_id)
        try:
            await channel.get_partial_message(message_id).delete()
        except discord.Forbidden:
            self.gate.refused(channel_id)
        except discord.HTTPException:
            pass  # gone already
