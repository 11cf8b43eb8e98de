"""A fake Discord (REST + gateway) on 127.0.0.1 for running the real discord.py client.

One ``FakeDiscord`` is one Discord: its users, guilds, channels, messages, the
commands the bot synced, and the interactions users started. Scenario methods
(``add_guild``, ``FakeUser.run``/``click`` ...) drive it; the bot talks to it over
HTTP and a websocket exactly as it would to discord.com. The class is assembled from
layers, one module each (see ``state.py``); this one starts and stops the server and
the bots.
"""

from __future__ import annotations

import asyncio
from typing import Any

import yarl
from aiohttp import web

from .acting import ActingLayer
from .errors import ScenarioError
from .state import RestCall

__all__ = ["FakeDiscord", "RestCall"]


class _ExternalBot:
    """Stand-in for a bot process the fake cannot see into."""

    ws = None

    async def close(self) -> None:
        return None


def _is_sharded(bot: Any) -> bool:
    import discord

    return isinstance(bot, discord.AutoShardedClient)


class FakeDiscord(ActingLayer):
    """A whole fake Discord; see README.md for the scenario API."""

    def __init__(self, *, token: str = "fake-token", bot_name: str = "Goita") -> None:
        super().__init__(token=token, bot_name=bot_name)
        self._runner: web.AppRunner | None = None
        self._register_app_routes()
        self._register_channel_routes()
        self._register_interaction_routes()
        self.clock.on_advance(self._expire_pending)

    async def start(self) -> None:
        # the fake answers oversized uploads itself (413), as Discord does
        app = web.Application(client_max_size=4 * self.request_size_limit)
        app.router.add_get("/", self._gateway)
        app.router.add_get("/attachments/{file_id}/{filename}", self._serve_attachment)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None
        sockets = getattr(server, "sockets", None) or []
        self.port = int(sockets[0].getsockname()[1])

    async def close(self) -> None:
        if self._bot is not None:
            await self.stop_bot()
        for conn in list(self._conns):
            await conn.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        self._restore_globals()

    def _install_globals(self) -> None:
        import discord.gateway
        import discord.http

        if self._saved_globals is None:
            self._saved_globals = (discord.http.Route.BASE,
                                   discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
        discord.http.Route.BASE = self.api_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)

    def _restore_globals(self) -> None:
        import discord.gateway
        import discord.http

        if self._saved_globals is not None:
            base, gateway = self._saved_globals
            discord.http.Route.BASE = base
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = gateway
            self._saved_globals = None

    async def start_bot(self, bot: Any, *, timeout: float = 10.0,
                        skip_identify_wait: bool = True) -> Any:
        """Start a discord.py client against this fake and wait until it is ready.

        Several ``AutoShardedClient``s may run at once (each with its ``shard_ids``), as
        the processes of a sharded bot do; otherwise one bot at a time.
        ``skip_identify_wait`` removes discord.py's 5 s pause before a re-IDENTIFY
        (it paces Discord's identify limit; it is not bot logic) unless the bot's
        class overrides ``before_identify_hook`` itself.
        """
        if self._bots and not (_is_sharded(bot) and all(_is_sharded(b) for b in self._bots)):
            raise ScenarioError("a bot is already running; stop_bot() first")
        import discord

        if skip_identify_wait and type(bot).before_identify_hook is \
                discord.Client.before_identify_hook:
            async def no_wait(shard_id: int | None, *, initial: bool = False) -> None:
                return None

            bot.before_identify_hook = no_wait
        self._install_globals()
        self._bots.append(bot)
        task = asyncio.create_task(bot.start(self.token), name="fake-discord-bot")
        self._bot_tasks[id(bot)] = task
        ready = asyncio.create_task(bot.wait_until_ready())
        done, _ = await asyncio.wait({task, ready}, timeout=timeout,
                                     return_when=asyncio.FIRST_COMPLETED)
        if ready not in done:
            ready.cancel()
            exc = task.exception() if task.done() else None
            await self.stop_bot(bot, report=False)
            if exc is not None:
                raise exc
            raise TimeoutError(f"bot not ready after {timeout} s")
        await self.wait_idle()
        return bot

    async def stop_bot(self, bot: Any = None, *, report: bool = True) -> None:
        """Close the running bot(s) (as a process exit would): that one, or all of them;
        the fake keeps its state. If a bot's ``start()`` ended with an exception, that is
        a violation."""
        stopping = [b for b in self._bots if bot is None or b is bot]
        self._bots = [b for b in self._bots if b not in stopping]
        for each in stopping:
            await each.close()
            task = self._bot_tasks.pop(id(each), None)
            if task is not None:
                try:
                    await asyncio.wait_for(task, timeout=5)
                except Exception as exc:  # the bot's own failure, report it
                    if report:
                        self.violations.append(f"bot task ended with {exc!r}")
        if not self._bots:
            self._expected_shards.clear()
            for conn in list(self._conns):
                await conn.ws.close()

    def use_external_bot(self) -> None:
        """The bot runs in another process (pointed at ``api_base`` and ``gateway_url``):
        dispatch events and wait for answers as if it ran here. Idle detection then sees
        only REST traffic, so set ``idle_quiet`` and a shorter ``response_deadline``."""
        self._bots = [_ExternalBot()]
