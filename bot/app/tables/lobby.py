"""The lobby and the table's life: open a table, take and arrange the seats (humans, CPUs,
engines), start, leave, cancel, stop, rematch.

A table has as many seats as its rules have players (``Table.players``): 4, or 3 in the
3-player variant.
"""

from __future__ import annotations

import logging
from typing import Any

from goita_core.rules import RuleSet

from ..errors import TableError
from ..ports import ChannelCheck, ChannelTaken, SeatKind, TableChange, UserRef
from ..table import CPU_LEVELS, Seat, Table, TableSettings
from .kernel import Outbox, StepResult
from .limits import TableLimits, server_limits
from .play import PlayRoom
from .timers import arm, operator_pace

log = logging.getLogger(__name__)


class LobbyRoom(PlayRoom):
    async def create_table(self, guild_id: int, channel_id: int, host: UserRef,
                           target: int | None = None, double_any_seventh: bool | None = None,
                           players: int = 4, limits: TableLimits | None = None,
                           parent_channel_id: int | None = None,
                           check_channel: ChannelCheck | None = None) -> Table:
        """Open a table; the server's settings give what is not chosen (target, house rule),
        its table limits and the pace the table keeps to its end. A channel the server does
        not allow is refused ("channel_not_allowed"); a thread counts as its parent channel.
        ``limits``: the abuse limits of this creation (None: the service's, with the
        server's own table limits where it set them). ``check_channel``: what the table
        would lack in the channel (the bot's permissions there); anything refuses it
        ("bot_permissions", ``missing``)."""
        use = limits or self.limits
        pace = None
        if self.server_settings is not None:
            server = await self.server_settings.for_guild(guild_id)
            if not server.allows_channel(channel_id) and (
                    parent_channel_id is None or not server.allows_channel(parent_channel_id)):
                raise TableError("channel_not_allowed", channels=list(server.channels))
            target = server.target if target is None else target
            if double_any_seventh is None:
                double_any_seventh = server.double_any_seventh
            pace = server.table_settings()
            if limits is None:
                use = server_limits(use, server.tables_per_user, server.tables_per_server)
        target = 150 if target is None else target
        try:
            RuleSet(players=players)
        except ValueError:
            raise TableError("bad_players", players=players) from None
        try:
            rules = RuleSet(players=players, target=target,
                            double_any_seventh=bool(double_any_seventh))
        except ValueError as exc:
            raise TableError("bad_target", target=target, message=str(exc)) from None
        out = Outbox()
        async with self._create_lock:
            existing = self.table_for_channel(channel_id)
            if existing is not None:
                raise _exists(existing)
            settings = pace or operator_pace(self.settings)
            _check_channel(check_channel, settings)
            now = self.clock.now()
            self._limiter.check(use, self.live_tables(), guild_id, host.id, now)
            table = Table(id=0, guild_id=guild_id, channel_id=channel_id, host_id=host.id,
                          rules=rules, created_at=now, updated_at=now, settings=settings)
            table.seats[0] = Seat("human", host.name, user_id=host.id, locale=host.locale)
            table.deadlines.lobby_expires_at = now + self.settings.lobby_idle_seconds
            line = table.add_line("log.join", seat=0, name=host.name)
            try:
                await self.store.create(table)
            except ChannelTaken:
                # another process (or a table this one did not load) holds the channel
                other = await self.store.live_table_in_channel(channel_id)
                raise TableError("table_exists", table_id=other, channel_id=channel_id,
                                 board_message_id=None) from None
            except Exception as exc:
                # a full disk, a read-only file: nothing was created
                log.error("could not store a new table in channel %d: %s", channel_id, exc)
                raise TableError("storage_unavailable") from exc
            self._tables[table.id] = table
            self._limiter.created(host.id, now, use)
            out.changed(table, TableChange(table.id, "created", lines=[line]))
        await self._finish(table, out)
        return table

    async def join(self, table_id: int, user: UserRef, seat: int | None = None) -> Table:
        def step(table: Table, out: Outbox) -> StepResult:
            _need_lobby(table)
            current = table.seat_of(user.id)
            if current is not None:
                raise TableError("already_seated", seat=current)
            index = _pick_seat(table, seat)
            table.seats[index] = Seat("human", user.name, user_id=user.id, locale=user.locale)
            self._lobby_changed(table, out, "log.join", seat=index, name=user.name)
            return None

        return await self._mutate(table_id, step)

    async def add_cpu(self, table_id: int, by: UserRef, level: str,
                      seat: int | None = None) -> Table:
        def step(table: Table, out: Outbox) -> StepResult:
            _need_lobby(table)
            if table.seat_of(by.id) is None and by.id != table.host_id:
                raise TableError("not_seated")
            engines = dict(self.settings.external_engines)
            kind: SeatKind
            if level in CPU_LEVELS:
                kind, name = "cpu", f"CPU ({level})"
            elif level in engines:
                kind, name = "engine", level
                self._check_engine_caps(table)
            else:
                raise TableError("bad_level", level=level,
                                 levels=[*CPU_LEVELS, *sorted(engines)])
            index = _pick_seat(table, seat)
            table.seats[index] = Seat(kind, name, level=level)
            self._lobby_changed(table, out, "log.cpu_added", seat=index, name=name)
            return None

        return await self._mutate(table_id, step)

    async def remove_seat(self, table_id: int, by: UserRef, seat: int) -> Table:
        def step(table: Table, out: Outbox) -> StepResult:
            _need_lobby(table)
            _need_host(table, by)
            _check_seat_index(table, seat)
            occupant = table.seats[seat]
            if occupant is None:
                raise TableError("bad_seat", seat=seat)
            if occupant.user_id == table.host_id and occupant.is_human:
                raise TableError("host_seat", seat=seat)
            table.seats[seat] = None
            self._lobby_changed(table, out, "log.seat_removed", seat=seat, name=occupant.name)
            return None

        return await self._mutate(table_id, step)

    async def shuffle_seats(self, table_id: int, by: UserRef) -> Table:
        def step(table: Table, out: Outbox) -> StepResult:
            _need_lobby(table)
            _need_host(table, by)
            seats = list(table.seats)
            self._rng.shuffle(seats)
            table.seats = seats
            self._lobby_changed(table, out, "log.shuffled")
            return None

        return await self._mutate(table_id, step)

    async def move_seat(self, table_id: int, by: UserRef, from_seat: int,
                        to_seat: int) -> Table:
        def step(table: Table, out: Outbox) -> StepResult:
            _need_lobby(table)
            _need_host(table, by)
            _check_seat_index(table, from_seat)
            _check_seat_index(table, to_seat)
            if table.seats[from_seat] is None:
                raise TableError("bad_seat", seat=from_seat)
            seats = table.seats
            seats[from_seat], seats[to_seat] = seats[to_seat], seats[from_seat]
            self._lobby_changed(table, out, "log.moved", from_seat=from_seat, to_seat=to_seat)
            return None

        return await self._mutate(table_id, step)

    async def leave(self, table_id: int, user: UserRef, lobby_only: bool = False) -> Table:
        def step(table: Table, out: Outbox) -> StepResult:
            if not table.live:
                raise TableError("not_playing")
            if lobby_only and table.status != "lobby":
                # the lobby's Leave button clicked as the match started: keep the seat
                raise TableError("not_in_lobby")
            index = table.seat_of(user.id)
            if index is None:
                raise TableError("not_seated")
            old = table.seat(index)
            if table.status == "lobby":
                table.seats[index] = None
                if not table.humans():
                    self._close(table, out, "empty")
                    return None
                _pass_host(table, user)
                self._lobby_changed(table, out, "log.leave", seat=index, name=old.name)
                return None
            # playing: a normal CPU takes the seat
            table.seats[index] = Seat("cpu", old.name, level="normal",
                                      former_user_id=old.user_id, former_name=old.name)
            line = table.add_line("log.cpu_took_seat", seat=index, name=old.name)
            if not table.humans():
                self._close(table, out, "abandoned", stopped_early=True)
                return None
            _pass_host(table, user)
            later = Outbox()
            arm(table, later, self.settings, self.clock.now())
            out.changed(table, TableChange(table.id, "left", lines=[line], seat=index,
                                           actor="system", version=table.version))
            out.items.extend(later.items)
            return None

        return await self._mutate(table_id, step)

    async def cancel(self, table_id: int, by: UserRef) -> Table:
        def step(table: Table, out: Outbox) -> StepResult:
            _need_lobby(table)
            _need_host(table, by)
            self._close(table, out, "cancelled")
            return None

        return await self._mutate(table_id, step)

    async def stop(self, table_id: int, by: UserRef, can_manage: bool = False,
                   lobby_only: bool = False) -> Table:
        """``lobby_only``: the host confirmed closing a lobby; a match started meanwhile is
        not stopped ("stop_started"), checked under the table's lock."""
        def step(table: Table, out: Outbox) -> StepResult:
            if not table.live:
                raise TableError("not_playing")
            if lobby_only and table.status != "lobby":
                raise TableError("stop_started")
            if by.id != table.host_id and not can_manage:
                raise TableError("not_host_or_manager")
            self._close(table, out, "stopped", stopped_early=table.status == "playing")
            return None

        return await self._mutate(table_id, step)

    async def channel_gone(self, channel_id: int) -> list[Table]:
        """The channel (or thread) of a live table was deleted: it closes ("channel_gone");
        a match in play ends as stopped (its rounds are kept, no rating changes)."""
        table = self.table_for_channel(channel_id)  # one live table per channel
        return await self._close_all([] if table is None else [table.id], "channel_gone")

    async def guild_gone(self, guild_id: int) -> list[Table]:
        """The bot was removed from the server: its live tables close ("bot_removed")."""
        return await self._close_all(
            [t.id for t in self.live_tables() if t.guild_id == guild_id], "bot_removed")

    async def _close_all(self, table_ids: list[int], reason: str) -> list[Table]:
        def step(table: Table, out: Outbox) -> StepResult:
            if not table.live:
                raise TableError("not_playing")  # closed meanwhile
            self._close(table, out, reason, stopped_early=table.status == "playing")
            return None

        closed = []
        for table_id in table_ids:
            try:
                closed.append(await self._mutate(table_id, step))
            except TableError:
                continue
            log.info("table %d closed: %s", table_id, reason)
        return closed

    async def start(self, table_id: int, by: UserRef) -> Table:
        def step(table: Table, out: Outbox) -> StepResult:
            _need_lobby(table)
            _need_host(table, by)
            seated = table.players - len(table.free_seats())
            if seated < table.players:
                raise TableError("need_four", seated=seated, players=table.players)
            return self._begin_match(table, out)

        return await self._mutate(table_id, step)

    async def rematch(self, table_id: int, by: UserRef,
                      where: tuple[int, int] | None = None,
                      limits: TableLimits | None = None,
                      check_channel: ChannelCheck | None = None,
                      after_match: int | None = None) -> Table:
        """``where``: the (guild, channel) of the click; a table elsewhere is refused
        ("wrong_table"), also one loaded again from the store. ``limits``: the abuse limits
        of this creation (None: the service's, with the server's own table limits).
        ``check_channel``: as for :meth:`create_table` (the new match's board is a new
        message). ``after_match``: the match the click's summary showed; once another
        match has followed it, the click is refused ("rematch_started")."""
        use = limits or self.limits
        if limits is None and where is not None and self.server_settings is not None:
            server = await self.server_settings.for_guild(where[0])
            use = server_limits(use, server.tables_per_user, server.tables_per_server)
        if table_id not in self._tables:
            loaded = await self.store.load(table_id)
            if loaded is None:
                raise TableError("no_table", table_id=table_id)
            self._tables.setdefault(table_id, loaded)

        async def step(table: Table, out: Outbox) -> StepResult:
            if where is not None and (table.guild_id, table.channel_id) != where:
                raise TableError("wrong_table")
            if after_match is not None and after_match != table.match_no:
                raise TableError("rematch_started")  # an older summary's button
            if table.status != "finished":
                raise TableError("not_finished")
            if table.seat_of(by.id) is None:
                raise TableError("not_seated")
            _check_channel(check_channel, table.settings or operator_pace(self.settings))
            other = self.table_for_channel(table.channel_id)
            if other is not None:
                raise _exists(other)
            self._limiter.check(use, self.live_tables(), table.guild_id, by.id,
                                self.clock.now(), replacing=table)
            if not table.result_recorded and self.results is not None:
                # the last result could not be stored before: try again, it is not lost
                if table.match is None:
                    await self._rebuild(table)
                await self._record_if_needed(table)
            for seat in table.seats:
                if seat is not None:
                    seat.away = False
            return self._begin_match(table, out)

        async with self._create_lock:  # counted with the creations of new tables
            table = await self._mutate(table_id, step)
        self._limiter.created(by.id, self.clock.now(), use)
        return table

    def _check_engine_caps(self, table: Table) -> None:
        """One more engine seat (one more process once the match starts) must fit the
        operator's caps: MAX_ENGINES_PER_TABLE and MAX_ENGINES_TOTAL over live tables."""
        per_table = self.settings.max_engines_per_table
        if sum(1 for s in table.seats if s is not None and s.kind == "engine") >= per_table:
            raise TableError("too_many_engines_table", limit=per_table)
        total = self.settings.max_engines_total
        seated = sum(1 for t in self.live_tables() for s in t.seats
                     if s is not None and s.kind == "engine")
        if seated >= total:
            raise TableError("too_many_engines_total", limit=total)

    def _lobby_changed(self, table: Table, out: Outbox, key: str, **params: Any) -> None:
        line = table.add_line(key, **params)
        table.deadlines.lobby_expires_at = self.clock.now() + self.settings.lobby_idle_seconds
        out.changed(table, TableChange(table.id, "lobby", lines=[line], actor="system",
                                       version=table.version))


# -- validation ------------------------------------------------------------------------------
def _exists(table: Table) -> TableError:
    return TableError("table_exists", table_id=table.id, channel_id=table.channel_id,
                      board_message_id=table.board_message_id)


def _need_lobby(table: Table) -> None:
    if table.status != "lobby":
        raise TableError("not_in_lobby")


def _need_host(table: Table, by: UserRef) -> None:
    if by.id != table.host_id:
        raise TableError("not_host")


def _check_seat_index(table: Table, seat: int) -> None:
    if not table.valid_seat(seat):
        raise TableError("bad_seat", seat=seat)


def _pick_seat(table: Table, seat: int | None) -> int:
    if seat is None:
        free = table.free_seats()
        if not free:
            raise TableError("table_full", players=table.players)
        return free[0]
    _check_seat_index(table, seat)
    if table.seats[seat] is not None:
        raise TableError("seat_taken", seat=seat)
    return seat


def _pass_host(table: Table, leaving: UserRef) -> None:
    """The host left: the next seated human becomes the host."""
    if leaving.id == table.host_id:
        table.host_id = table.seat(table.humans()[0]).user_id or table.host_id


def _check_channel(check: ChannelCheck | None, settings: TableSettings) -> None:
    """Refuse a table the channel cannot show ("bot_permissions", ``missing``)."""
    missing = list(check(settings)) if check is not None else []
    if missing:
        raise TableError("bot_permissions", missing=missing)
