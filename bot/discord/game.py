"""The game cog: `/goita new|hand|leave|stop|rules`, every button click, and the wiring of
the database, the :class:`~bot.app.service.TableService` and the Discord presenter.

This layer only translates: Discord interactions -> service calls, ``TableError`` codes ->
localised private messages. All game state changes go through the service.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.errors import TableError
from bot.app.ports import Clock, SystemClock, UserRef
from bot.app.service import TableService
from bot.app.table import Table
from bot.i18n import has, lang_of, t
from bot.storage.db import open_database
from bot.storage.tables import TableRepository
from goita_core.actions import PLAY_ON, REDEAL
from goita_core.pieces import Kind

from . import render
from .buttons import ButtonId, GoitaButton, LobbySelect, button, frozen_view
from .commands import as_goita_bot, attach, detach
from .presenter import DiscordPresenter

if TYPE_CHECKING:
    from bot.client import GoitaBot

log = logging.getLogger(__name__)

#: buttons whose click changes the table and is answered by the (separate) board edit
_LOBBY_ACTIONS = frozenset({"join", "leave", "cpu", "start", "cancel", "shuffle", "rematch"})


def user_ref(interaction: discord.Interaction[Any]) -> UserRef:
    user = interaction.user
    return UserRef(id=user.id, name=user.display_name, locale=str(interaction.locale.value))


def error_text(exc: TableError, lang: str) -> str:
    code = exc.code
    if code == "table_exists":
        return t("new.exists", lang, link=board_link(exc.params))
    if has(f"err.{code}"):
        return t(f"err.{code}", lang, **exc.params)
    if code.startswith("illegal."):
        return t("err.illegal", lang)
    log.warning("no message for table error %r", code)
    return t("err.generic", lang)


def board_link(params: dict[str, Any]) -> str:
    channel = params.get("channel_id")
    message = params.get("board_message_id")
    guild = params.get("guild_id")
    if channel and message and guild:
        return f"https://discord.com/channels/{guild}/{channel}/{message}"
    return f"<#{channel}>" if channel else ""


class GameController:
    """Handles every click and command; one per bot."""

    def __init__(self, bot: GoitaBot, service: TableService, presenter: DiscordPresenter
                 ) -> None:
        self.bot = bot
        self.service = service
        self.presenter = presenter

    # -- replies -------------------------------------------------------------------------------
    @staticmethod
    async def say(interaction: discord.Interaction[Any], text: str, *,
                  embed: discord.Embed | None = None,
                  view: discord.ui.View | None = None) -> None:
        """A private answer, whether or not the interaction was already acknowledged."""
        kwargs: dict[str, Any] = {"ephemeral": True}
        if embed is not None:
            kwargs["embed"] = embed
        if view is not None:
            kwargs["view"] = view
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, **kwargs)
            else:
                await interaction.response.send_message(text, **kwargs)
        except discord.HTTPException:
            log.exception("could not answer interaction %s", interaction.id)

    async def fail(self, interaction: discord.Interaction[Any], exc: TableError) -> None:
        await self.say(interaction, error_text(exc, lang_of(interaction.locale)))

    # -- buttons -------------------------------------------------------------------------------
    async def on_button(self, interaction: discord.Interaction[Any], bid: ButtonId) -> None:
        try:
            handler = getattr(self, f"_click_{bid.action}")
            await handler(interaction, bid)
        except TableError as exc:
            await self.fail(interaction, exc)
        except Exception:
            log.exception("button %s failed", bid)
            await self.say(interaction, t("err.internal", lang_of(interaction.locale)))

    async def on_select(self, interaction: discord.Interaction[Any], kind: str,
                        table_id: int, value: str) -> None:
        """A lobby menu: the host swaps two seats ("a-b") or frees one ("a"); anyone seated
        adds an external engine (its name; the service checks it is configured)."""
        try:
            if kind == "engine":
                await interaction.response.defer()
                await self.service.add_cpu(table_id, user_ref(interaction), value)
                return
            parts = value.split("-")
            if not value or not all(p.isdigit() for p in parts) or \
                    len(parts) != (2 if kind == "swap" else 1):
                raise TableError("bad_seat", seat=value)
            await interaction.response.defer()
            by = user_ref(interaction)
            if kind == "swap":
                await self.service.move_seat(table_id, by, int(parts[0]), int(parts[1]))
            else:
                await self.service.remove_seat(table_id, by, int(parts[0]))
        except TableError as exc:
            await self.fail(interaction, exc)
        except Exception:
            log.exception("lobby menu %s failed", kind)
            await self.say(interaction, t("err.internal", lang_of(interaction.locale)))

    async def _lobby_action(self, interaction: discord.Interaction[Any], bid: ButtonId) -> None:
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
                await s.rematch(bid.table_id, by)
            except TableError as exc:
                table = s.find(bid.table_id)
                if exc.code == "not_finished" and table is not None and table.live:
                    # another player's click (or an older summary's button) started it
                    raise TableError("rematch_started") from None
                raise

    _click_join = _click_leave = _click_cpu = _lobby_action
    _click_start = _click_cancel = _click_shuffle = _click_rematch = _lobby_action

    async def _click_hand(self, interaction: discord.Interaction[Any], bid: ButtonId) -> None:
        await self.open_hand(interaction, bid.table_id)

    async def open_hand(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """Send the user's hand as a new ephemeral message (also takes an away seat back)."""
        lang = lang_of(interaction.locale)
        table = self.service.find(table_id)
        if table is not None and table.status == "lobby" \
                and table.seat_of(interaction.user.id) is not None:
            await self.say(interaction, t("hand.lobby", lang))
            return
        hv = await self.service.hand(table_id, interaction.user.id)
        table = self.service.get(table_id)
        note = t("hand.back", lang) if hv.came_back else None
        seen = self.presenter.change_count(table_id)
        rendered = render.render_hand(table, hv.seat, lang, note=note)
        await interaction.response.send_message(
            embed=rendered.embed, view=rendered.view() or discord.utils.MISSING, ephemeral=True)
        self.presenter.remember_hand(interaction, table, rendered=rendered, seen=seen)

    def _seated(self, interaction: discord.Interaction[Any], bid: ButtonId) -> tuple[Table, int]:
        table = self.service.get(bid.table_id)
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise TableError("not_seated")
        if bid.version != table.version:
            raise TableError("stale", version=table.version)
        return table, seat

    async def _redraw(self, interaction: discord.Interaction[Any], bid: ButtonId,
                      first: Kind | None) -> None:
        table, seat = self._seated(interaction, bid)
        seen = self.presenter.change_count(table.id)
        rendered = render.render_hand(table, seat, lang_of(interaction.locale), first)
        await interaction.response.edit_message(content=None, embed=rendered.embed,
                                                view=rendered.view())
        self.presenter.remember_hand(interaction, table, first, rendered, seen, bid.version)

    async def _click_pick(self, interaction: discord.Interaction[Any], bid: ButtonId) -> None:
        if not bid.arg.isdigit() or not 0 <= int(bid.arg) < 8:
            raise TableError("unknown_button")
        await self._redraw(interaction, bid, Kind(int(bid.arg)))

    async def _click_back(self, interaction: discord.Interaction[Any], bid: ButtonId) -> None:
        await self._redraw(interaction, bid, None)

    async def _click_play(self, interaction: discord.Interaction[Any], bid: ButtonId) -> None:
        action = render.action_from_arg(bid.arg)
        if action is None:
            raise TableError("unknown_button")
        await self._act(interaction, bid, action)

    async def _click_goshi(self, interaction: discord.Interaction[Any], bid: ButtonId) -> None:
        await self._act(interaction, bid, PLAY_ON if bid.arg == "1" else REDEAL)

    async def _act(self, interaction: discord.Interaction[Any], bid: ButtonId,
                   action: Any) -> None:
        table, _seat = self._seated(interaction, bid)  # cheap checks before acknowledging
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

    async def _click_stop(self, interaction: discord.Interaction[Any], bid: ButtonId) -> None:
        perms = interaction.permissions
        table = self.service.get(bid.table_id)
        if bid.arg == "lobby" and table.status != "lobby":
            raise TableError("stop_started")  # confirmed "close the lobby", not a match
        # Stopping records the match: acknowledge first so the 3 s limit is never at risk.
        await interaction.response.defer()
        await self.service.stop(bid.table_id, user_ref(interaction),
                                can_manage=bool(perms.manage_messages))
        await interaction.edit_original_response(
            content=t("stop.done", lang_of(interaction.locale)), embed=None, view=None)

    # -- commands ------------------------------------------------------------------------------
    def channel_table(self, interaction: discord.Interaction[Any]) -> Table:
        table = self.service.table_for_channel(interaction.channel_id or 0)
        if table is None:
            raise TableError("no_table")
        return table

    async def cmd_new(self, interaction: discord.Interaction[Any], target: int,
                      double_any_seventh: bool) -> None:
        lang = lang_of(interaction.locale)
        if interaction.guild_id is None or interaction.channel_id is None:
            await self.say(interaction, t("err.not_in_guild", lang))
            return
        try:
            await self.service.create_table(interaction.guild_id, interaction.channel_id,
                                            user_ref(interaction), target, double_any_seventh)
        except TableError as exc:
            if exc.code == "table_exists":
                exc.params.setdefault("guild_id", interaction.guild_id)
            await self.fail(interaction, exc)
            return
        await self.say(interaction, t("new.opened", lang))

    async def cmd_hand(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await self.open_hand(interaction, self.channel_table(interaction).id)
        except TableError as exc:
            await self.fail(interaction, exc)

    async def cmd_leave(self, interaction: discord.Interaction[Any]) -> None:
        lang = lang_of(interaction.locale)
        try:
            table = self.channel_table(interaction)
            was_lobby = table.status == "lobby"
            table = await self.service.leave(table.id, user_ref(interaction))
        except TableError as exc:
            await self.fail(interaction, exc)
            return
        # the last human leaving closes the table: no CPU plays on for them
        plays_on = not was_lobby and table.live
        await self.say(interaction, t("leave.done" if plays_on else "lobby.left", lang))

    async def cmd_stop(self, interaction: discord.Interaction[Any]) -> None:
        lang = lang_of(interaction.locale)
        try:
            table = self.channel_table(interaction)
        except TableError as exc:
            await self.fail(interaction, exc)
            return
        if interaction.user.id != table.host_id and not interaction.permissions.manage_messages:
            await self.fail(interaction, TableError("not_host_or_manager"))
            return
        # a lobby has no match to record as stopped; its confirm says so and stops only the
        # lobby (arg "lobby"): if the match starts meanwhile, the host is asked again
        lobby = table.status == "lobby"
        view = frozen_view([button("stop", table.id, t("btn.stop_confirm", lang),
                                   arg="lobby" if lobby else "-",
                                   style=discord.ButtonStyle.danger)])
        key = "stop.confirm_lobby" if lobby else "stop.confirm"
        await self.say(interaction, t(key, lang), view=view)

    async def cmd_rules(self, interaction: discord.Interaction[Any]) -> None:
        lang = lang_of(interaction.locale)
        embed = discord.Embed(title=t("rules.title", lang), description=t("rules.text", lang),
                              colour=render.COLOUR_LOBBY)
        await self.say(interaction, "", embed=embed)


# -- slash commands (functions attached to the shared /goita group) ----------------------------
def _controller(interaction: discord.Interaction[Any]) -> GameController:
    bot = as_goita_bot(interaction.client)
    controller = getattr(bot, "goita_controller", None)
    if not isinstance(controller, GameController):
        raise RuntimeError("the game cog is not loaded")
    return controller


@app_commands.command(name="new", description="Open a Goita table in this channel")
@app_commands.describe(
    target="Points a team needs to win (50-1000, default 150)",
    double_any_seventh="House rule: 7th and 8th of the same kind always double",
)
async def new(interaction: discord.Interaction[Any],
              target: app_commands.Range[int, 50, 1000] = 150,
              double_any_seventh: bool = False) -> None:
    await _controller(interaction).cmd_new(interaction, target, double_any_seventh)


@app_commands.command(name="hand",
                      description="Show your hand at this channel's table (only to you)")
async def hand(interaction: discord.Interaction[Any]) -> None:
    await _controller(interaction).cmd_hand(interaction)


@app_commands.command(name="leave",
                      description="Leave this channel's table (a CPU takes your seat)")
async def leave(interaction: discord.Interaction[Any]) -> None:
    await _controller(interaction).cmd_leave(interaction)


@app_commands.command(name="stop",
                      description="End this channel's table (host or Manage Messages)")
async def stop(interaction: discord.Interaction[Any]) -> None:
    await _controller(interaction).cmd_stop(interaction)


@app_commands.command(name="rules", description="The rules of Goita, short and private")
async def rules(interaction: discord.Interaction[Any]) -> None:
    await _controller(interaction).cmd_rules(interaction)


COMMANDS: tuple[app_commands.Command[Any, ..., Any], ...] = (new, hand, leave, stop, rules)


class GameCog(commands.Cog):
    def __init__(self, bot: GoitaBot) -> None:
        self.bot = bot
        self.service: TableService | None = None
        self.presenter: DiscordPresenter | None = None

    async def cog_load(self) -> None:
        bot = self.bot
        conn = getattr(bot, "db", None)
        if conn is None:
            conn = await open_database(bot.settings.database_path)
            bot.db = conn  # type: ignore[attr-defined]
            bot.add_close_hook(conn.close)
        clock: Clock = getattr(bot, "clock", None) or SystemClock()
        presenter = DiscordPresenter(bot, clock)
        results: Any = None
        try:
            from bot.storage.results import ResultsRepository

            results = ResultsRepository(conn)
        except ImportError:  # pragma: no cover - results are optional
            results = None
        service = TableService(TableRepository(conn), clock, presenter, bot.settings,
                               results=results)
        presenter.on_board_posted = service.set_board_message
        self.service, self.presenter = service, presenter
        bot.tables = service  # type: ignore[attr-defined]
        bot.goita_controller = GameController(bot, service, presenter)  # type: ignore[attr-defined]
        bot.add_dynamic_items(GoitaButton, LobbySelect)
        presenter.start()
        await service.restore()
        service.start_driver()

    async def cog_unload(self) -> None:
        if self.service is not None:
            await self.service.stop_driver()
        if self.presenter is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.presenter.flush(), 2.0)
            await self.presenter.close()
        self.bot.remove_dynamic_items(GoitaButton, LobbySelect)
        with contextlib.suppress(AttributeError):
            del self.bot.goita_controller  # type: ignore[attr-defined]


async def setup(bot: commands.Bot) -> None:
    goita_bot = as_goita_bot(bot)
    await bot.add_cog(GameCog(goita_bot))
    attach(*COMMANDS)


async def teardown(bot: commands.Bot) -> None:
    detach(*COMMANDS)
