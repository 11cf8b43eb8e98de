"""Clicks and commands at a table turned into :class:`~bot.app.tables.TableService` calls.

This layer only translates: Discord interactions -> service calls, ``TableError`` codes ->
localised private messages. All game state changes go through the service; what a change
looks like reaches Discord through the presenter (the board edit), not the answer here.
"""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any

import discord

from bot.app.errors import TableError
from bot.app.ports import ChannelCheck
from bot.app.table import Table
from bot.discord.custom_ids import fits
from bot.discord.render import COLOUR_LOBBY, render_hand
from bot.discord.render.components import ButtonId, action_from_arg, button, frozen_view
from bot.discord.replies import excuse, say
from bot.discord.services import Services
from bot.i18n import lang_of, t
from goita_core.actions import PLAY_ON, REDEAL, Action
from goita_core.pieces import Kind

from .errors import error_text, user_ref
from .permissions import channel_check


class GameController:
    def __init__(self, services: Services) -> None:
        self.service = services.tables
        self.presenter = services.presenter

    async def fail(self, interaction: discord.Interaction[Any], exc: TableError) -> None:
        await say(interaction, error_text(exc, lang_of(interaction.locale)))

    async def guarded(self, interaction: discord.Interaction[Any], what: object,
                      work: Awaitable[None]) -> None:
        """Run a click's work: a refusal is told to the clicker, a bug is logged."""
        try:
            await work
        except TableError as exc:
            await self.fail(interaction, exc)
        except Exception as exc:
            await excuse(interaction, what, exc)

    def check_origin(self, interaction: discord.Interaction[Any], table_id: int, *,
                     from_ephemeral: bool = False) -> None:
        """Refuse a click whose custom id a modified client may have crafted: an id no
        store can hold, a table of another channel or server, a hand's button sent from a
        message that is not the clicker's ephemeral one. Nothing is looked up or changed."""
        if not fits(table_id):
            raise TableError("unknown_button")
        if from_ephemeral:
            message = interaction.message
            if message is None or not message.flags.ephemeral:
                raise TableError("not_from_hand")
        table = self.service.find(table_id)
        if table is not None and (table.guild_id != interaction.guild_id
                                  or table.channel_id != interaction.channel_id):
            raise TableError("wrong_table")

    # -- lobby and match end -------------------------------------------------------------------
    async def lobby_click(self, interaction: discord.Interaction[Any], bid: ButtonId) -> None:
        # Acknowledge at once (no visible change): the board edit shows the result.
        await interaction.response.defer()
        by = user_ref(interaction)
        s = self.service
        if bid.action == "join":
            await s.join(bid.table_id, by)
        elif bid.action == "leave":  # the lobby's button; /goita leave leaves a match
            await s.leave(bid.table_id, by, lobby_only=True)
        elif bid.action == "cpu":
            await s.add_cpu(bid.table_id, by, bid.arg)
        elif bid.action == "start":
            await s.start(bid.table_id, by)
        elif bid.action == "cancel":
            await s.cancel(bid.table_id, by)
        elif bid.action == "shuffle":
            await s.shuffle_seats(bid.table_id, by)
        elif bid.action == "rematch":
            try:
                # the match the summary showed (none on a button drawn before it said)
                after = int(bid.arg) if bid.arg.isdigit() else None
                await s.rematch(bid.table_id, by,
                                where=(interaction.guild_id or 0, interaction.channel_id or 0),
                                check_channel=self.channel_check(interaction),
                                after_match=after)
            except TableError as exc:
                table = s.find(bid.table_id)
                if exc.code == "not_finished" and table is not None and table.live:
                    # another player's click (or an older summary's button) started it
                    raise TableError("rematch_started") from None
                raise
        else:
            raise TableError("unknown_button")

    async def lobby_choice(self, interaction: discord.Interaction[Any], kind: str,
                           table_id: int, value: str) -> None:
        """A lobby menu: the host swaps two seats ("a-b") or frees one ("a"); anyone seated
        adds an external engine (its name; the service checks it is configured)."""
        if kind == "engine":
            await interaction.response.defer()
            await self.service.add_cpu(table_id, user_ref(interaction), value)
            return
        parts = value.split("-")
        if not value or not all(p.isascii() and p.isdigit() and len(p) <= 2 for p in parts) or \
                len(parts) != (2 if kind == "swap" else 1):
            raise TableError("bad_seat", seat=value)
        await interaction.response.defer()
        by = user_ref(interaction)
        if kind == "swap":
            await self.service.move_seat(table_id, by, int(parts[0]), int(parts[1]))
        else:
            await self.service.remove_seat(table_id, by, int(parts[0]))

    # -- the hand ------------------------------------------------------------------------------
    async def open_hand(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """Send the user's hand as a new ephemeral message (also takes an away seat back).

        Answered at once from the committed state; only while a step of the table runs (or
        to take an away seat back, a step itself) is the click acknowledged first and the
        hand sent once the step is stored."""
        lang = lang_of(interaction.locale)
        table = self.service.find(table_id)
        if table is not None and table.status == "lobby" \
                and table.seat_of(interaction.user.id) is not None:
            await say(interaction, t("hand.lobby", lang))
            return
        hv = self.service.hand_now(table_id, interaction.user.id)
        if hv is None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            hv = await self.service.hand(table_id, interaction.user.id)
        table = self.service.get(table_id)
        note = t("hand.back", lang) if hv.came_back else self.presenter.hand_note(table, lang)
        seen = self.presenter.change_count(table_id)
        rendered = render_hand(table, hv.seat, lang, note=note)
        embed, files = await self.presenter.hand_answer(table, hv.seat, lang, None, rendered)
        if interaction.response.is_done():
            message = await interaction.edit_original_response(
                embed=embed, view=rendered.view(), attachments=files)
            message_id: int | None = message.id
        else:
            sent = await interaction.response.send_message(
                embed=embed, view=rendered.view() or discord.utils.MISSING,
                files=files or discord.utils.MISSING, ephemeral=True)
            message_id = sent.message_id
        self.presenter.remember_hand(interaction, table, rendered=rendered, seen=seen,
                                     message_id=message_id, pictured=bool(files))

    async def move_click(self, interaction: discord.Interaction[Any], bid: ButtonId) -> None:
        """A button of the hand: the first click of a move (pick, back) redraws the hand;
        the second (play) and a 5-Shi decision (goshi) act."""
        if bid.action == "pick":
            if not bid.arg.isdigit() or not 0 <= int(bid.arg) < 8:
                raise TableError("unknown_button")
            await self._redraw(interaction, bid, Kind(int(bid.arg)))
        elif bid.action == "back":
            await self._redraw(interaction, bid, None)
        elif bid.action == "play":
            action = action_from_arg(bid.arg)
            if action is None:
                raise TableError("unknown_button")
            await self._act(interaction, bid, action)
        elif bid.action == "goshi":
            await self._act(interaction, bid, PLAY_ON if bid.arg == "1" else REDEAL)
        else:
            raise TableError("unknown_button")

    def _seated(self, interaction: discord.Interaction[Any], bid: ButtonId,
                action: Action | None = None) -> tuple[Table, int]:
        table = self.service.get(bid.table_id)
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise TableError("not_seated")
        self.service.check_version(table, bid.version, action)  # the service's stale rule
        return table, seat

    async def _redraw(self, interaction: discord.Interaction[Any], bid: ButtonId,
                      first: Kind | None) -> None:
        table, seat = self._seated(interaction, bid)
        seen = self.presenter.change_count(table.id)
        lang = lang_of(interaction.locale)
        rendered = render_hand(table, seat, lang, first,
                               note=self.presenter.hand_note(table, lang))
        embed, files = await self.presenter.hand_answer(table, seat, lang, first, rendered)
        # without a new picture the message keeps its old one until remember_hand() adds it
        await interaction.response.edit_message(
            content=None, embed=embed, view=rendered.view(),
            attachments=files or discord.utils.MISSING)
        self.presenter.remember_hand(interaction, table, first, rendered, seen, bid.version,
                                     pictured=bool(files))

    async def _act(self, interaction: discord.Interaction[Any], bid: ButtonId,
                   action: Action) -> None:
        table, _seat = self._seated(interaction, bid, action)  # cheap checks before acknowledging
        # Acknowledge first (the commit and the CPU pacing must not risk the 3 s limit);
        # the hand is then edited through this interaction by the presenter.
        await interaction.response.defer()
        entry = self.presenter.remember_hand(interaction, table)
        try:
            await self.service.act(bid.table_id, interaction.user.id, bid.version, action)
        except TableError:
            entry.last_key = None
            self.presenter.refresh_hands(self.service.get(bid.table_id))
            raise

    # -- stopping ------------------------------------------------------------------------------
    async def ask_stop(self, interaction: discord.Interaction[Any]) -> None:
        """/goita stop: the host (or a manager) is asked to confirm."""
        lang = lang_of(interaction.locale)
        table = self.channel_table(interaction)
        if interaction.user.id != table.host_id and not interaction.permissions.manage_messages:
            raise TableError("not_host_or_manager")
        # a lobby has no match to record as stopped; its confirm says so and stops only the
        # lobby (arg "lobby"): if the match starts meanwhile, the host is asked again
        lobby = table.status == "lobby"
        view = frozen_view([button("stop", table.id, t("btn.stop_confirm", lang),
                                   arg="lobby" if lobby else "-",
                                   style=discord.ButtonStyle.danger)])
        key = "stop.confirm_lobby" if lobby else "stop.confirm"
        await say(interaction, t(key, lang), view=view)

    async def confirm_stop(self, interaction: discord.Interaction[Any], bid: ButtonId) -> None:
        perms = interaction.permissions
        table = self.service.get(bid.table_id)
        if bid.arg == "lobby" and table.status != "lobby":
            raise TableError("stop_started")  # confirmed "close the lobby", not a match
        # Stopping records the match: acknowledge first so the 3 s limit is never at risk.
        await interaction.response.defer()
        await self.service.stop(bid.table_id, user_ref(interaction),
                                can_manage=bool(perms.manage_messages),
                                lobby_only=bid.arg == "lobby")
        await interaction.edit_original_response(
            content=t("stop.done", lang_of(interaction.locale)), embed=None, view=None)

    def channel_check(self, interaction: discord.Interaction[Any]) -> ChannelCheck:
        """What a new board would lack in the interaction's channel."""
        return channel_check(interaction, self.presenter.board.gate)

    # -- commands ------------------------------------------------------------------------------
    def channel_table(self, interaction: discord.Interaction[Any]) -> Table:
        table = self.service.table_for_channel(interaction.channel_id or 0)
        if table is None:
            raise TableError("no_table")
        return table

    async def new_table(self, interaction: discord.Interaction[Any], target: int | None,
                        double_any_seventh: bool | None, players: int = 4) -> None:
        """Open a table; what is not chosen comes from the server's settings."""
        lang = lang_of(interaction.locale)
        if interaction.guild_id is None or interaction.channel_id is None:
            await say(interaction, t("err.not_in_guild", lang))
            return
        # acknowledged before the server's settings are read and the table is stored: a
        # busy database must not cost the 3 s Discord gives the first answer
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            parent = getattr(interaction.channel, "parent_id", None)  # a thread's channel
            await self.service.create_table(interaction.guild_id, interaction.channel_id,
                                            user_ref(interaction), target, double_any_seventh,
                                            players, parent_channel_id=parent,
                                            check_channel=self.channel_check(interaction))
        except TableError as exc:
            if exc.code == "table_exists":
                exc.params.setdefault("guild_id", interaction.guild_id)
            raise
        await say(interaction, t("new.opened", lang))

    async def leave_table(self, interaction: discord.Interaction[Any]) -> None:
        table = self.channel_table(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)  # before the lock
        was_lobby = table.status == "lobby"
        table = await self.service.leave(table.id, user_ref(interaction))
        # the last human leaving closes the table: no CPU plays on for them
        plays_on = not was_lobby and table.live
        await say(interaction, t("leave.done" if plays_on else "lobby.left",
                                 lang_of(interaction.locale)))

    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        lang = lang_of(interaction.locale)
        embed = discord.Embed(title=t("rules.title", lang), description=t("rules.text", lang),
                              colour=COLOUR_LOBBY)
        await say(interaction, "", embed=embed)
