"""The composition root: the one place that builds the bot's parts and gives them to each
other. Loaded by `GoitaBot.setup_hook` as a discord.py extension (`bot.client.EXTENSIONS`).

The stores come from one backend (`bot.storage.stores.Stores`): SQLite at DATABASE_PATH by
default, PostgreSQL when DATABASE_URL is set. On PostgreSQL this process first claims the
leases of its gateway shards (and stops, saying who holds them, if another process keeps
them); it then drives only the tables of its shards' servers, and a background task renews
the leases: a shard lost to another process has its tables let go, a shard taken over has
them restored (`TableService.let_go` / `restore`).

The table service gets the table store, the results store and the presenter; `Services`
(the service, the presenter and the results behind `Archive`) goes to `GoitaBot.services`
and to the game cog. The database is closed (and the leases given up) by a close hook,
after the cogs have unloaded (the table service's timers stopped, the presenter's last edits
sent).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import cast

from discord.ext import commands

from bot.app.learn.suite import Learning
from bot.app.settings import ServerSettingsService, SettingsPolicy
from bot.app.tables import TableLimits, TableService
from bot.client import GoitaBot
from bot.discord.archive import Archive
from bot.discord.game import GameCog
from bot.discord.learn import LearnCog
from bot.discord.meta import MetaCog
from bot.discord.presenter import DiscordPresenter
from bot.discord.presenter import pictures as picture_drawing
from bot.discord.services import Services
from bot.discord.settings import SettingsCog
from bot.discord.stats import StatsCog
from bot.storage.postgres.leases import ShardLeases, ShardSet, shard_of
from bot.storage.postgres.stores import open_postgres_stores
from bot.storage.sqlite_stores import open_sqlite_stores
from bot.storage.stores import Stores

log = logging.getLogger(__name__)

#: a new process waits this many lease lifetimes for a silent previous owner to go
CLAIM_WAIT_LEASES = 1.5


async def open_stores(bot: GoitaBot) -> Stores:
    """The stores DATABASE_URL selects; on PostgreSQL with this process's shards claimed
    (the shard count Discord recommends when SHARD_COUNT is not set, kept for the gateway)."""
    s = bot.settings
    if s.database_url is None:
        return await open_sqlite_stores(s.database_path)
    if bot.shard_count is None:
        bot.shard_count, _url, _limits = await bot.http.get_bot_gateway()
    shards = ShardSet.of(bot.shard_count, bot.shard_ids)
    return await open_postgres_stores(
        s.database_url.get_secret_value(), shards, lease_seconds=s.shard_lease_seconds,
        claim_wait=s.shard_lease_seconds * CLAIM_WAIT_LEASES)


async def assemble(bot: GoitaBot) -> Services:
    """Open the stores, build the service and the presenter, and add the cogs (loading
    GameCog restores the live tables of this process's servers)."""
    stores = await open_stores(bot)
    bot.add_close_hook(stores.close)
    presenter = DiscordPresenter(bot, bot.clock, bot.settings, stores.delivery)
    # the drawing processes start now, before any click waits on them (close stops them)
    await picture_drawing.start(bot.settings.picture_workers)
    s = bot.settings
    limits = TableLimits(s.max_tables_per_user, s.max_tables_per_server,
                         s.table_create_cooldown_seconds, s.table_create_burst)
    # the operator's settings are each server's defaults and limits
    server_settings = ServerSettingsService(stores.settings, SettingsPolicy.of(
        s, max_tables_per_user=s.max_tables_per_user,
        max_tables_per_server=s.max_tables_per_server,
        board_pictures=s.board_pictures))
    tables = TableService(stores.tables, bot.clock, presenter, s, results=stores.results,
                          limits=limits, server_settings=server_settings)
    presenter.report_to(tables)

    async def hints_allowed(guild_id: int) -> bool:
        return (await server_settings.for_guild(guild_id)).hints_at_rated

    # hints, reviews, /goita learn
    learning = Learning.build(stores.learn, hints_allowed=hints_allowed)
    tables.hint_ledger = learning.store
    services = Services(tables=tables, presenter=presenter,
                        archive=Archive(stores.results, hints=learning.store), learn=learning,
                        settings=server_settings)
    bot.services = services
    # the cogs are typed for a commands.Bot; they use only what AutoShardedBot shares with it
    plain = cast(commands.Bot, bot)
    await bot.add_cog(MetaCog())
    await bot.add_cog(GameCog(plain, services))
    await bot.add_cog(StatsCog(plain))
    await bot.add_cog(LearnCog(plain))
    await bot.add_cog(SettingsCog(plain))
    if stores.leases is not None:
        await bot.add_cog(ShardLeaseCog(stores.leases, tables))
    return services


class ShardLeaseCog(commands.Cog, name="ShardLeases"):
    """Renews this process's shard leases in the background: a shard lost to another
    process has its tables let go, a shard (re)gained has them restored. Defined here, so
    it is the first part removed on close (with this extension): no lease changes hands
    while the table service stops; the stores' close hook then releases them."""

    def __init__(self, leases: ShardLeases, tables: TableService) -> None:
        self.leases = leases
        self.tables = tables
        self._task: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        log.info("Driving the tables of shard(s) %s of %d",
                 ",".join(map(str, sorted(self.leases.held))), self.leases.shards.count)
        self._task = asyncio.create_task(self.leases.maintain(self.changed),
                                         name="goita-shard-leases")

    async def cog_unload(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def changed(self, gained: frozenset[int], lost: frozenset[int]) -> None:
        try:
            await self._hand_over(gained, lost)
        except Exception:  # the renewals must go on
            log.exception("Could not hand over the tables of shards gained %s, lost %s",
                          sorted(gained), sorted(lost))

    async def _hand_over(self, gained: frozenset[int], lost: frozenset[int]) -> None:
        count = self.leases.shards.count
        if lost:
            log.warning("Lost the lease of shard(s) %s to another process: no longer "
                        "driving their tables", ",".join(map(str, sorted(lost))))
            await self.tables.let_go(lambda guild_id: shard_of(guild_id, count) in lost)
        if gained:
            restored = await self.tables.restore(
                lambda guild_id: shard_of(guild_id, count) in gained)
            log.warning("Took over shard(s) %s: %d live table(s) restored",
                        ",".join(map(str, sorted(gained))), len(restored))


async def setup(bot: commands.Bot) -> None:
    if not isinstance(bot, GoitaBot):
        raise TypeError(f"the Goita extensions need a GoitaBot, got {type(bot).__name__}")
    await assemble(bot)
