"""Hands: each player's last hand interaction (ephemeral; its token lives 15 minutes) is
kept per (table, user) and the hand is edited through it when it changes. Shortly before
the token dies the hand is edited to say "open My hand again" and forgotten.

Each hand whose message is known is journaled (its webhook token, message id and expiry),
so that after a restart it is edited through the interaction's webhook until the token
dies, as before the restart."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.app.ports import Clock, StoredHand
from bot.app.table import Table
from bot.discord.render import COLOUR_ENDED, Rendered, render_hand
from bot.i18n import lang_of, t
from goita_core.pieces import Kind

from .gate import ChannelGate
from .journal import DeliveryJournal
from .pictures import hand_files
from .tasks import Background

log = logging.getLogger(__name__)

#: an interaction token lives 15 minutes; stop using it a little before
HAND_TOKEN_LIFE = 14 * 60.0
#: how often the hand sweeper looks for tokens about to die (real seconds)
SWEEP_EVERY = 30.0
#: a newer token of the same hand message is journaled only if it lives this much longer
#: (the stored one still edits the message): one write per hand, not one per click
REJOURNAL_AFTER = 120.0


@dataclass(eq=False)
class HandEntry:
    #: the interaction the hand is edited through (None: restored, see ``webhook``)
    interaction: discord.Interaction[Any] | None
    opened_at: float
    table_id: int
    user_id: int
    lang: str
    #: the first click (block / face-down piece) and the table version it was made at
    first: Kind | None = None
    first_version: int = -1
    last_key: tuple[Any, ...] | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: the hand's ephemeral message, once known (needed to edit it after a restart)
    message_id: int | None = None
    #: the table version the hand was last drawn at
    drawn_version: int = -1
    #: a restored hand's interaction webhook (application id and token)
    webhook: discord.Webhook | None = None

    async def edit(self, content: str | None, embed: discord.Embed | None,
                   view: discord.ui.View | None,
                   attachments: list[discord.File] | None = None) -> bool:
        """Edit the hand (``attachments``: its files, [] drops them; None keeps them);
        True if its message id was learnt from the answer."""
        files: Any = discord.utils.MISSING if attachments is None else attachments
        if self.interaction is not None:
            message = await self.interaction.edit_original_response(
                content=content, embed=embed, view=view, attachments=files)
            if self.message_id is None and message is not None:
                self.message_id = message.id
                self.detach()
                return True
            return False
        assert self.webhook is not None and self.message_id is not None
        await self.webhook.edit_message(self.message_id, content=content, embed=embed,
                                        view=view, attachments=files)
        return False

    def detach(self) -> None:
        """Keep the interaction's webhook (its token) instead of the interaction, once the
        message id is known: an Interaction holds its message, member and payload (a few
        hundred objects), kept for up to 14 minutes per open hand, which the garbage
        collector would scan again and again; the webhook edits the same message."""
        interaction = self.interaction
        if interaction is None or self.message_id is None:
            return
        self.webhook = discord.Webhook.from_state(
            {"id": interaction.application_id, "type": 3, "token": interaction.token},
            interaction._state)
        self.interaction = None

    async def followup(self, text: str) -> None:
        if self.interaction is not None:
            await self.interaction.followup.send(text, ephemeral=True)
        elif self.webhook is not None:
            await self.webhook.send(text, ephemeral=True)

    def stored(self, application_id: int) -> StoredHand | None:
        """What the journal keeps of this hand (None while its message is unknown)."""
        if self.message_id is None:
            return None
        token = self.interaction.token if self.interaction is not None else \
            self.webhook.token if self.webhook is not None else None
        if token is None:
            return None
        return StoredHand(self.table_id, self.user_id, application_id, token,
                          self.message_id, self.opened_at + HAND_TOKEN_LIFE, self.lang,
                          self.drawn_version)


def hand_message_id(interaction: discord.Interaction[Any]) -> int | None:
    """The hand's message when the interaction is a click on it (an ephemeral message);
    None when it answered with a new message (My hand: the click was on the board)."""
    message = interaction.message
    if message is not None and message.flags.ephemeral:
        return message.id
    return None


def board_note(gate: ChannelGate, table: Table, lang: str) -> str | None:
    """The hand's word that the table's board cannot be updated (its channel refuses the
    bot), so that the players know why it stands still and that the hand still plays."""
    if table.live and gate.refusing(table.channel_id):
        return t("hand.board_blocked", lang)
    return None


class HandKeeper:
    def __init__(self, client: discord.Client, clock: Clock, background: Background,
                 journal: DeliveryJournal, gate: ChannelGate) -> None:
        self.client = client
        #: a hand says so while its table's channel refuses the bot
        self.gate = gate
        self.clock = clock
        self.background = background
        self.journal = journal
        self.hands: dict[tuple[int, int], HandEntry] = {}
        #: table id -> user id -> entry: the same entries as ``hands``, so that a change
        #: of one table visits its own hands only (never every open hand of the bot)
        self._by_table: dict[int, dict[int, HandEntry]] = {}
        #: table id -> changes presented so far: a hand drawn before a change that landed
        #: while Discord took the hand is drawn again (see remember)
        self._changes: dict[int, int] = {}
        #: (table id, user id) -> (message id, token expiry) of the journaled hand
        self._journaled: dict[tuple[int, int], tuple[int, float]] = {}

    def changed(self, table_id: int) -> None:
        self._changes[table_id] = self._changes.get(table_id, 0) + 1

    def closed(self, table_id: int) -> None:
        self._changes.pop(table_id, None)
        for key in [key for key in self._journaled if key[0] == table_id]:
            del self._journaled[key]  # the journal drops the table's rows

    def change_count(self, table_id: int) -> int:
        return self._changes.get(table_id, 0)

    def token_alive(self, entry: HandEntry) -> bool:
        return self.clock.now() - entry.opened_at < HAND_TOKEN_LIFE

    def remember(self, interaction: discord.Interaction[Any], table: Table,
                 first: Kind | None = None, rendered: Rendered | None = None,
                 seen: int | None = None, version: int | None = None,
                 message_id: int | None = None) -> HandEntry:
        lang = lang_of(interaction.locale)
        entry = HandEntry(interaction, self.clock.now(), table.id, interaction.user.id, lang,
                          first, -1 if first is None else table.version if version is None
                          else version,
                          rendered.key() if rendered is not None else None,
                          message_id=message_id or hand_message_id(interaction),
                          drawn_version=table.version)
        entry.detach()
        old = self.hands.get((table.id, interaction.user.id))
        if old is not None:
            entry.lock = old.lock
        self._put(entry)
        if seen is not None and seen != self.change_count(table.id):
            self._journal(entry)
            self.background.spawn(self._refresh(table, entry, last=not table.live),
                                  "goita-hand")
        elif not table.live:
            # a click on an old hand of an ended table: it never changes again, and the
            # sweeper must not tell the player to open it again
            self._forget(entry)
        else:
            self._journal(entry)
        return entry

    def restored(self, table: Table, stored: StoredHand) -> None:
        """A hand the previous process kept open: edited through its interaction's webhook
        while the token lives (unless the player opened a newer one since the restart)."""
        key = (table.id, stored.user_id)
        if key in self.hands or stored.expires_at <= self.clock.now():
            return
        webhook = discord.Webhook.from_state(
            {"id": stored.application_id, "type": 3, "token": stored.token},
            self.client._connection)
        entry = HandEntry(None, stored.expires_at - HAND_TOKEN_LIFE, table.id,
                          stored.user_id, stored.lang, message_id=stored.message_id,
                          drawn_version=stored.version, webhook=webhook)
        self._put(entry)
        self._journaled[key] = (stored.message_id, stored.expires_at)
        if stored.version == table.version:
            rendered = self.render_for(table, entry)
            entry.last_key = rendered.key() if rendered is not None else None
        else:
            self.background.spawn(self._refresh(table, entry), "goita-hand")

    def _journal(self, entry: HandEntry) -> None:
        """Keep the user's newest hand for a restart (unless a token of the same message
        that lives about as long is kept already)."""
        key = (entry.table_id, entry.user_id)
        user = self.client.user
        stored = entry.stored(self.client.application_id or (user.id if user else 0))
        kept = self._journaled.get(key)
        if stored is None:
            if kept is not None:  # a newer message whose id is not known yet
                del self._journaled[key]
                self.journal.hand(entry.table_id, entry.user_id, None)
            return
        if kept is not None and kept[0] == stored.message_id \
                and stored.expires_at - kept[1] < REJOURNAL_AFTER:
            return
        self._journaled[key] = (stored.message_id, stored.expires_at)
        self.journal.hand(entry.table_id, entry.user_id, stored)

    def _put(self, entry: HandEntry) -> None:
        self.hands[(entry.table_id, entry.user_id)] = entry
        self._by_table.setdefault(entry.table_id, {})[entry.user_id] = entry

    def _forget(self, entry: HandEntry) -> None:
        """Stop editing this hand (if it is still the user's newest)."""
        key = (entry.table_id, entry.user_id)
        if self.hands.get(key) is entry:
            del self.hands[key]
            of_table = self._by_table[entry.table_id]
            del of_table[entry.user_id]
            if not of_table:
                del self._by_table[entry.table_id]
            if self._journaled.pop(key, None) is not None:
                self.journal.hand(entry.table_id, entry.user_id, None)

    def refresh(self, table: Table, last: bool = False) -> None:
        for entry in list(self._by_table.get(table.id, {}).values()):
            self.background.spawn(self._refresh(table, entry, last), "goita-hand")

    def render_for(self, table: Table, entry: HandEntry) -> Rendered | None:
        seat = table.seat_of(entry.user_id)
        if seat is None:
            return None
        first = entry.first if entry.first_version == table.version else None
        return render_hand(table, seat, entry.lang, first,
                           note=board_note(self.gate, table, entry.lang))

    async def _refresh(self, table: Table, entry: HandEntry, last: bool = False) -> None:
        async with entry.lock:
            if self.hands.get((entry.table_id, entry.user_id)) is not entry:
                return  # a newer interaction took over
            try:
                await self._refresh_locked(table, entry)
            finally:
                if last:
                    self._forget(entry)

    async def _refresh_locked(self, table: Table, entry: HandEntry) -> None:
        rendered = self.render_for(table, entry)
        if rendered is None:
            # no longer seated (/goita leave): the hand's buttons would only be refused
            self._forget(entry)
            if self.token_alive(entry):
                key = "leave.done" if table.live else "hand.closed"  # the last one left
                embed = discord.Embed(description=t(key, entry.lang), colour=COLOUR_ENDED)
                with contextlib.suppress(discord.HTTPException):
                    await entry.edit(None, embed, None, attachments=[])
            return
        if rendered.key() == entry.last_key:
            return
        if not self.token_alive(entry):
            await self._expire(entry)
            return
        try:
            embed, files = await hand_files(table, entry, rendered)  # its picture, if any
            learnt = await entry.edit(rendered.content, embed, rendered.view(),
                                      attachments=files)
            entry.last_key = rendered.key()
            entry.drawn_version = table.version
            if learnt:
                self._journal(entry)  # the hand can now be edited after a restart
        except discord.HTTPException as exc:
            # the status only: the error's text may quote the webhook URL and its token
            log.info("hand of user %s can no longer be edited (HTTP %s)", entry.user_id,
                     exc.status)
            self._forget(entry)

    async def _expire(self, entry: HandEntry) -> None:
        self._forget(entry)
        embed = discord.Embed(description=t("hand.expired", entry.lang), colour=COLOUR_ENDED)
        with contextlib.suppress(discord.HTTPException):
            await entry.edit(None, embed, None, attachments=[])

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
            await entry.followup(text)
