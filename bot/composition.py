"""The composition root: the one place that builds the bot's parts and gives them to each
other. Loaded by `GoitaBot.setup_hook` as a discord.py extension (`bot.client.EXTENSIONS`).

One SQLite connection serves both stores; the table service gets the table store, the
results store and the presenter; `Services` (the service, the presenter and the results
behind `Archive`) goes to `GoitaBot.services` and to the game cog. The database is closed by
a close hook, after the cogs have unloaded (the table service's timers stopped, the
presenter's last edits sent).
"""

from __future__ import annotations

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
from bot.discord.services import Services
from bot.discord.settings import SettingsCog
from bot.discord.stats import StatsCog
from bot.storage.db import open_database
from bot.storage.delivery import SqliteDeliveryStore
from bot.storage.learn import SqliteLearnStore
from bot.storage.results import SqliteResultsStore
from bot.storage.settings import SqliteSettingsStore
from bot.storage.tables import SqliteTableStore


async def assemble(bot: GoitaBot) -> Services:
    """Open the database, build the stores, the service and the presenter, and add the
    cogs (loading GameCog restores the live tables)."""
    conn = await open_database(bot.settings.database_path)
    bot.add_close_hook(conn.close)
    results = SqliteResultsStore(conn)
    presenter = DiscordPresenter(bot, bot.clock, bot.settings, SqliteDeliveryStore(conn))
    s = bot.settings
    limits = TableLimits(s.max_tables_per_user, s.max_tables_per_server,
                         s.table_create_cooldown_seconds, s.table_create_burst)
    # the operator's settings are each server's defaults and limits
    server_settings = ServerSettingsService(SqliteSettingsStore(conn), SettingsPolicy.of(
        s, max_tables_per_user=s.max_tables_per_user,
        max_tables_per_server=s.max_tables_per_server,
        board_pictures=getattr(s, "board_pictures", True)))
    tables = TableService(SqliteTableStore(conn), bot.clock, presenter, s, results=results,
                          limits=limits, server_settings=server_settings)
    presenter.on_board_posted = tables.set_board_message

    async def hints_allowed(guild_id: int) -> bool:
        return (await server_settings.for_guild(guild_id)).hints_at_rated

    # hints, reviews, /goita learn
    learning = Learning.build(SqliteLearnStore(conn), hints_allowed=hints_allowed)
    tables.hint_ledger = learning.store
    services = Services(tables=tables, presenter=presenter,
                        archive=Archive(results, hints=learning.store), learn=learning,
                        settings=server_settings)
    bot.services = services
    await bot.add_cog(MetaCog())
    await bot.add_cog(GameCog(bot, services))
    await bot.add_cog(StatsCog(bot))
    await bot.add_cog(LearnCog(bot))
    await bot.add_cog(SettingsCog(bot))
    return services


async def setup(bot: commands.Bot) -> None:
    if not isinstance(bot, GoitaBot):
        raise TypeError(f"the Goita extensions need a GoitaBot, got {type(bot).__name__}")
    await assemble(bot)
