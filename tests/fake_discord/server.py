"""A fake Discord (REST + gateway) on 127.0.0.1 for running the real discord.py client.

One ``FakeDiscord`` is one Discord: its users, guilds, channels, messages, the
commands the bot synced, and the interactions users started. Scenario methods
(``add_guild``, ``FakeUser.run``/``click`` ...) drive it; the bot talks to it over
HTTP and a websocket exactly as it would to discord.com.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import yarl
from aiohttp import web

from . import errors as E
from .clock import FakeClock, Snowflakes
from .errors import ApiError
from .limits import (
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    FLAG_SUPPRESS_NOTIFICATIONS,
    validate_commands,
    validate_message,
    validate_modal,
)
from .models import (
    ALL_PERMISSIONS,
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    DM,
    MEMBER_PERMISSIONS,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    FakeChannel,
    FakeGuild,
    FakeInteraction,
    FakeMessage,
    FakeModal,
    FakeUser,
    ScenarioError,
    walk_components,
)

JsonBody = dict[str, Any] | list[Any] | None
Handler = Callable[["_Req"], Awaitable[tuple[int, Any]]]

# Gateway opcodes
OP_DISPATCH = 0
OP_HEARTBEAT = 1
OP_IDENTIFY = 2
OP_RESUME = 6
OP_RECONNECT = 7
OP_INVALID_SESSION = 9
OP_HELLO = 10
OP_HEARTBEAT_ACK = 11

INTENT_GUILDS = 1 << 0
INTENT_MEMBERS = 1 << 1
INTENT_PRESENCES = 1 << 8
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DM_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15

# Callback types allowed for each interaction type (Discord interaction docs)
_ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {4, 5, 9},
    MESSAGE_COMPONENT: {4, 5, 6, 7, 9},
    MODAL_SUBMIT: {4, 5, 6, 7},
    AUTOCOMPLETE: {8},
}

# Tasks discord.py names while it handles an event; the bot is busy while one runs.
BUSY_TASK_PREFIXES = (
    "discord.py: ",
    "CommandTree-invoker",
    "discord-ui-view-dispatch",
    "discord-ui-modal-dispatch",
    "discord-ui-dynamic-item-",
)


@dataclass
class RestCall:
    """One REST request the bot made, as the fake answered it."""

    method: str
    route: str  # template, e.g. "/channels/{channel_id}/messages"
    path: str
    status: int
    code: int | None = None  # Discord error code when the status is an error
    body: Any = None
    at: float = 0.0  # real monotonic time

    @property
    def key(self) -> str:
        return f"{self.method} {self.route}"


@dataclass
class _RateRule:
    limit: int
    per: float
    counts: dict[tuple[str, ...], tuple[float, int]] = field(default_factory=dict)


@dataclass
class _Forced429:
    times: int
    retry_after: float
    is_global: bool


@dataclass
class _Req:
    request: web.Request
    params: dict[str, str]
    body: JsonBody
    files: list[tuple[str, str, bytes]]  # (field name, filename, data)

    def json(self) -> dict[str, Any]:
        if not isinstance(self.body, dict):
            raise E.invalid_form([], "BASE_TYPE_BAD_TYPE", "Expected a JSON object")
        return self.body

    def int(self, name: str) -> int:
        try:
            return int(self.params[name])
        except ValueError:
            raise E.invalid_form([name], "NUMBER_TYPE_COERCE", "Value is not snowflake.") from None


class _Session:
    def __init__(self, session_id: str, intents: int) -> None:
        self.id = session_id
        self.intents = intents
        self.seq = 0
        self.events: list[dict[str, Any]] = []
        self.conn: _Conn | None = None
        self.resumable = True


class _Conn:
    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.lock = asyncio.Lock()
        self.session: _Session | None = None
        self.ready = False
        self.barriers: list[asyncio.Future[None]] = []
        self.heartbeats = 0
        self.barrier_seq = -1

    async def send(self, payload: dict[str, Any]) -> None:
        async with self.lock:
            if self.ws.closed:
                return
            try:
                # text frames, no zlib: discord.py parses str frames directly
                await self.ws.send_str(json.dumps(payload))
            except (ConnectionError, RuntimeError, aiohttp.ClientError):
                # the client went away mid-send (a killed bot process); dispatches stay in
                # the session buffer and are replayed if it RESUMEs
                self.ready = False


class _ExternalBot:
    """Stand-in for a bot process the fake cannot see into."""

    ws = None

    async def close(self) -> None:
        return None


def _compile(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", template)
    pattern = "".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>[^/]+)"
                      for i, part in enumerate(parts))
    return re.compile(pattern)


class FakeDiscord:
    """A whole fake Discord; see README.md for the scenario API."""

    def __init__(self, *, token: str = "fake-token", bot_name: str = "Goita") -> None:
        self.clock = FakeClock()
        self.ids = Snowflakes(self.clock)
        self.token = token
        self.bot_user = FakeUser(self, self.ids.next(), bot_name, bot=True)
        self.app_id = self.bot_user.id
        self.users: dict[int, FakeUser] = {self.bot_user.id: self.bot_user}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.interactions: list[FakeInteraction] = []
        self._by_id: dict[int, FakeInteraction] = {}
        self._by_token: dict[str, FakeInteraction] = {}
        self.rest_log: list[RestCall] = []
        self.gateway_log: list[str] = []
        self.heartbeats_received = 0
        self.violations: list[str] = []
        self.rate_limit_hits: list[RestCall] = []
        # Discord's rules, adjustable per test
        self.response_deadline = 3.0  # seconds (real and fake) to the first response
        self.token_lifetime = 15 * 60.0  # interaction token validity on the fake clock
        self.allow_privileged_intents = False
        self.idle_timeout = 5.0
        self.idle_quiet = 0.0
        # an unanswered interaction fails early once the bot was idle this long
        # (instead of waiting out the whole response deadline)
        self.idle_fail_grace = 0.2
        self._last_activity = 0.0
        self.busy_task_prefixes: list[str] = list(BUSY_TASK_PREFIXES)
        self._rate_rules: dict[str, _RateRule] = {}
        self._forced: dict[str, _Forced429] = {}
        self._sessions: dict[str, _Session] = {}
        self._conns: list[_Conn] = []
        self._inflight = 0
        self._dms: dict[int, FakeChannel] = {}
        self._files: dict[int, bytes] = {}
        self._routes: list[tuple[str, str, re.Pattern[str], Handler]] = []
        self._runner: web.AppRunner | None = None
        self.port = 0
        self._bot: Any = None
        self._bot_task: asyncio.Task[None] | None = None
        self._saved_globals: tuple[str, yarl.URL] | None = None
        self._gate = asyncio.Event()
        self._pending_dispatches: set[asyncio.Task[None]] = set()
        self._gate.set()
        self._register_routes()
        self.clock.on_advance(self._expire_pending)

    # ------------------------------------------------------------------ lifecycle

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/", self._gateway)
        app.router.add_get("/attachments/{file_id}/{filename}", self._attachment)
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

        ``skip_identify_wait`` removes discord.py's 5 s pause before a re-IDENTIFY
        (it paces Discord's identify limit; it is not bot logic) unless the bot's
        class overrides ``before_identify_hook`` itself.
        """
        if self._bot is not None:
            raise ScenarioError("a bot is already running; stop_bot() first")
        import discord

        if skip_identify_wait and type(bot).before_identify_hook is \
                discord.Client.before_identify_hook:
            async def no_wait(shard_id: int | None, *, initial: bool = False) -> None:
                return None

            bot.before_identify_hook = no_wait
        self._install_globals()
        self._bot = bot
        self._bot_task = asyncio.create_task(bot.start(self.token), name="fake-discord-bot")
        ready = asyncio.create_task(bot.wait_until_ready())
        done, _ = await asyncio.wait({self._bot_task, ready}, timeout=timeout,
                                     return_when=asyncio.FIRST_COMPLETED)
        if ready not in done:
            ready.cancel()
            task = self._bot_task
            exc = task.exception() if task.done() else None
            await self.stop_bot(report=False)
            if exc is not None:
                raise exc
            raise TimeoutError(f"bot not ready after {timeout} s")
        await self.wait_idle()
        return bot

    async def stop_bot(self, *, report: bool = True) -> None:
        """Close the running bot (as a process exit would); the fake keeps its state.

        If the bot's ``start()`` ended with an exception, that is a violation."""
        bot, task = self._bot, self._bot_task
        self._bot, self._bot_task = None, None
        if bot is None:
            return
        await bot.close()
        if task is not None:
            try:
                await asyncio.wait_for(task, timeout=5)
            except Exception as exc:  # the bot's own failure, report it
                if report:
                    self.violations.append(f"bot task ended with {exc!r}")
        for conn in list(self._conns):
            await conn.ws.close()

    @property
    def bot(self) -> Any:
        return self._bot

    def use_external_bot(self) -> None:
        """The bot runs in another process (pointed at ``api_base`` and ``gateway_url``):
        dispatch events and wait for answers as if it ran here. Idle detection then sees
        only REST traffic, so set ``idle_quiet`` and a shorter ``response_deadline``."""
        self._bot = _ExternalBot()

    # ------------------------------------------------------------------ world building

    def add_user(self, name: str, *, locale: str = "en-US", avatar: str | None = None,
                 global_name: str | None = None) -> FakeUser:
        user = FakeUser(self, self.ids.next(), name, locale=locale, avatar=avatar,
                        global_name=global_name)
        self.users[user.id] = user
        return user

    def add_guild(self, name: str, *, locale: str = "en-US",
                  owner: FakeUser | None = None) -> FakeGuild:
        guild = FakeGuild(self, self.ids.next(), name, locale=locale)
        guild.owner_id = owner.id if owner else self.bot_user.id
        self.guilds[guild.id] = guild
        if owner is not None:
            guild.add_member(owner)
        if self._live_session() is not None:
            self._spawn(self._dispatch("GUILD_CREATE", guild.payload()))
        return guild

    def register_channel(self, channel: FakeChannel, *, announce: bool) -> None:
        self.channels[channel.id] = channel
        if announce and channel.guild is not None and self._live_session() is not None:
            event = "THREAD_CREATE" if channel.is_thread else "CHANNEL_CREATE"
            payload = channel.payload()
            if channel.is_thread:
                payload["newly_created"] = True
            self._spawn(self._dispatch(event, payload))

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        channel = self._dms.get(user.id)
        if channel is None:
            channel = FakeChannel(self, self.ids.next(), f"dm-{user.name}", DM, recipient=user)
            self._dms[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    def user(self, name: str) -> FakeUser:
        for u in self.users.values():
            if u.name == name:
                return u
        raise ScenarioError(f"no user named {name!r}")

    # ------------------------------------------------------------------ rate limits & faults

    def rate_limit(self, route: str, *, limit: int, per: float) -> None:
        """Limit ``"METHOD /template"`` to ``limit`` requests per ``per`` real seconds
        (per channel/guild/webhook, like Discord's major parameters)."""
        self._check_route_key(route)
        self._rate_rules[route] = _RateRule(limit=limit, per=per)

    def realistic_rate_limits(self, *, scale: float = 1.0) -> None:
        """Discord's commonly observed per-channel message limit (5 per 5 s) on posting,
        editing and deleting channel messages, with the window multiplied by ``scale``
        (e.g. 0.02 keeps a test fast while still exercising the bot's pacing)."""
        for route in ("POST /channels/{channel_id}/messages",
                      "PATCH /channels/{channel_id}/messages/{message_id}",
                      "DELETE /channels/{channel_id}/messages/{message_id}"):
            self.rate_limit(route, limit=5, per=5.0 * scale)

    def inject_429(self, route: str, *, times: int = 1, retry_after: float = 0.05,
                   is_global: bool = False) -> None:
        """Answer the next ``times`` calls of ``route`` with 429 (+ Via, as Cloudflare-less
        Discord does) so the bot's retry is exercised."""
        self._check_route_key(route)
        self._forced[route] = _Forced429(times, retry_after, is_global)

    def _check_route_key(self, route: str) -> None:
        known = {f"{m} {t}" for m, t, _, _ in self._routes}
        if route not in known:
            raise ScenarioError(f"unknown route {route!r}; known: {sorted(known)}")

    async def drop_connection(self, code: int = 4000) -> None:
        """Close the gateway websocket from the server side (resumable)."""
        for conn in list(self._conns):
            conn.ready = False
            await conn.ws.close(code=code)
        self.gateway_log.append(f"DROP {code}")

    @contextlib.asynccontextmanager
    async def outage(self) -> AsyncIterator[None]:
        """Drop the gateway and keep new connections waiting for HELLO until the block
        ends; events of the block are buffered and replayed when the bot RESUMEs."""
        self._gate.clear()
        try:
            await self.drop_connection()
            yield
        finally:
            self._gate.set()
        await self.wait_connected()

    async def send_reconnect(self) -> None:
        """Send op 7 RECONNECT; the bot closes and RESUMEs."""
        conn = self._live_conn()
        if conn is None:
            raise ScenarioError("no live gateway connection")
        conn.ready = False
        await conn.send({"op": OP_RECONNECT, "d": None})
        self.gateway_log.append("RECONNECT")

    async def invalidate_session(self, *, resumable: bool = False) -> None:
        """Send op 9 INVALID_SESSION; with ``resumable=False`` the bot must IDENTIFY again."""
        conn = self._live_conn()
        if conn is None:
            raise ScenarioError("no live gateway connection")
        if conn.session is not None and not resumable:
            conn.session.resumable = False
        conn.ready = False
        await conn.send({"op": OP_INVALID_SESSION, "d": resumable})
        self.gateway_log.append(f"INVALID_SESSION {resumable}")

    async def wait_connected(self, timeout: float = 5.0) -> None:
        """Wait until the bot has a READY/RESUMED gateway session again."""
        await self.wait_for(lambda: self._live_conn() is not None, timeout=timeout,
                            what="a live gateway session")

    # ------------------------------------------------------------------ waiting

    async def wait_for(self, predicate: Callable[[], bool], timeout: float = 5.0,
                       what: str = "condition") -> None:
        end = time.monotonic() + timeout
        while not predicate():
            if time.monotonic() > end:
                raise TimeoutError(f"timed out after {timeout} s waiting for {what}")
            await asyncio.sleep(0.002)

    def _busy(self) -> list[str]:
        current = asyncio.current_task()
        busy = [f"{self._inflight} REST request(s) in flight"] if self._inflight else []
        for task in asyncio.all_tasks():
            if task is current or task.done():
                continue
            name = task.get_name()
            if name.startswith(tuple(self.busy_task_prefixes)):
                busy.append(name)
        return busy

    async def _barrier(self) -> None:
        """Wait until the bot has parsed every event sent so far, so the handler tasks
        for them exist. discord.py stores each event's ``s`` in ``ws.sequence`` and
        parses the event in the same synchronous step, so reading it is enough."""
        conn = self._live_conn()
        if conn is None or conn.session is None:
            return
        session = conn.session
        end = time.monotonic() + 1.0
        ws = getattr(self._bot, "ws", None)
        if ws is None or getattr(ws, "session_id", None) != session.id:
            await self._heartbeat_barrier(conn)
            return
        while (getattr(ws, "sequence", None) or 0) < session.seq and time.monotonic() < end:
            await asyncio.sleep(0.0005)

    async def _heartbeat_barrier(self, conn: _Conn) -> None:
        """Fallback round trip: the client answers op 1 after parsing earlier events.
        Used only once per batch of events: discord.py allows 110 gateway sends a minute."""
        assert conn.session is not None
        if conn.barrier_seq == conn.session.seq:
            return
        conn.barrier_seq = conn.session.seq
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        conn.barriers.append(fut)
        await conn.send({"op": OP_HEARTBEAT, "d": None})
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(fut, timeout=1.0)

    async def wait_idle(self, timeout: float | None = None, quiet: float | None = None) -> None:
        """Wait until the bot has processed every event, has no handler running and no
        REST request in flight (checked twice in a row), and, with ``quiet`` (default
        ``fake.idle_quiet``), made no REST call for that many seconds."""
        limit = self.idle_timeout if timeout is None else timeout
        quiet = self.idle_quiet if quiet is None else quiet
        end = time.monotonic() + limit
        calm = 0
        await self._flush_dispatches()
        while True:
            await self._barrier()
            await asyncio.sleep(0)
            busy = self._busy()
            calm = 0 if busy else calm + 1
            if calm >= 2:
                since = time.monotonic() - self._last_activity
                if since >= quiet:
                    return
                calm = 0
                await asyncio.sleep(quiet - since)
                continue
            if time.monotonic() > end:
                raise TimeoutError(f"bot still busy after {limit} s: {busy}")
            await asyncio.sleep(0.001)

    # ------------------------------------------------------------------ checks

    def take_violations(self) -> list[str]:
        """Return and clear the violations so far (for tests that provoke them)."""
        taken, self.violations = self.violations, []
        return taken

    def calls(self, route: str | None = None) -> list[RestCall]:
        """REST calls, optionally only those of ``"METHOD /template"``."""
        return [c for c in self.rest_log if route is None or c.key == route]

    def check(self) -> None:
        """Teardown check: raise AssertionError listing every rule the bot broke."""
        for inter in self.interactions:
            if inter.response_type is None and inter.failed is None:
                self._fail(inter, "never answered")
        if self.violations:
            lines = "\n  ".join(self.violations)
            count = len(self.violations)
            raise AssertionError(f"fake Discord saw {count} violation(s):\n  {lines}")

    def _violate(self, text: str) -> None:
        self.violations.append(text)

    # ------------------------------------------------------------------ gateway

    def _live_session(self) -> _Session | None:
        conn = self._live_conn()
        return conn.session if conn else None

    def _live_conn(self) -> _Conn | None:
        for conn in reversed(self._conns):
            if conn.ready and not conn.ws.closed and conn.session is not None:
                return conn
        return None

    def _spawn(self, coro: Awaitable[None]) -> None:
        """Dispatch from synchronous world building; acting and waiting flush these first."""
        async def run() -> None:
            await coro

        task = asyncio.get_running_loop().create_task(run())
        self._pending_dispatches.add(task)
        task.add_done_callback(self._pending_dispatches.discard)

    async def _flush_dispatches(self) -> None:
        while self._pending_dispatches:
            await asyncio.gather(*self._pending_dispatches)

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        conn = _Conn(ws)
        self._conns.append(conn)
        try:
            await self._gate.wait()
            await conn.send({"op": OP_HELLO, "d": {"heartbeat_interval": 41250}})
            async for msg in ws:
                if msg.type != aiohttp.WSMsgType.TEXT:
                    continue
                data = json.loads(msg.data)
                await self._gateway_op(conn, data)
        finally:
            conn.ready = False
            if conn.session is not None and conn.session.conn is conn:
                conn.session.conn = None
            self._conns.remove(conn)
        return ws

    async def _gateway_op(self, conn: _Conn, msg: dict[str, Any]) -> None:
        op = msg.get("op")
        d = msg.get("d") or {}
        if op == OP_HEARTBEAT:
            conn.heartbeats += 1
            self.heartbeats_received += 1
            barriers, conn.barriers = conn.barriers, []
            for fut in barriers:
                if not fut.done():
                    fut.set_result(None)
            await conn.send({"op": OP_HEARTBEAT_ACK})
        elif op == OP_IDENTIFY:
            await self._identify(conn, d)
        elif op == OP_RESUME:
            await self._resume(conn, d)
        else:
            self.gateway_log.append(f"op {op}")

    async def _identify(self, conn: _Conn, d: dict[str, Any]) -> None:
        if d.get("token") != self.token:
            await conn.ws.close(code=4004, message=b"Authentication failed.")
            return
        intents = int(d.get("intents") or 0)
        if intents & (INTENT_MEMBERS | INTENT_PRESENCES) and not self.allow_privileged_intents:
            await conn.ws.close(code=4014, message=b"Disallowed intent(s).")
            self.gateway_log.append("IDENTIFY refused: privileged intents")
            return
        session = _Session(secrets.token_hex(16), intents)
        self._sessions[session.id] = session
        conn.session = session
        session.conn = conn
        self.gateway_log.append("IDENTIFY")
        me = self.bot_user.payload() | {"verified": True, "mfa_enabled": False, "flags": 0,
                                        "bot": True}
        await self._dispatch_to(session, "READY", {
            "v": 10,
            "user": me,
            "guilds": [{"id": str(g), "unavailable": True} for g in self.guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.app_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
            "_trace": ["fake-discord"],
        })
        conn.ready = True
        for guild in self.guilds.values():
            await self._dispatch_to(session, "GUILD_CREATE", guild.payload())

    async def _resume(self, conn: _Conn, d: dict[str, Any]) -> None:
        session = self._sessions.get(str(d.get("session_id")))
        if session is None or not session.resumable or d.get("token") != self.token:
            self.gateway_log.append("RESUME refused")
            await conn.send({"op": OP_INVALID_SESSION, "d": False})
            return
        old = session.conn
        if old is not None and old is not conn:
            old.ready = False
            await old.ws.close(code=4000)
        conn.session = session
        session.conn = conn
        seq = int(d.get("seq") or 0)
        missed = [e for e in session.events if e["s"] > seq]
        self.gateway_log.append(f"RESUME replayed {len(missed)}")
        for event in missed:
            await conn.send(event)
        await self._dispatch_to(session, "RESUMED", {"_trace": ["fake-discord"]})
        conn.ready = True

    async def _dispatch_to(self, session: _Session, event: str, data: dict[str, Any]) -> None:
        session.seq += 1
        payload = {"op": OP_DISPATCH, "t": event, "s": session.seq, "d": data}
        session.events.append(payload)
        conn = session.conn
        if conn is not None:
            await conn.send(payload)

    def _current_session(self) -> _Session | None:
        """The session of the running bot, connected or waiting to resume."""
        for session in reversed(list(self._sessions.values())):
            if session.resumable:
                return session
        return None

    async def _dispatch(self, event: str, data: dict[str, Any], *, intent: int = 0) -> None:
        if self._bot is None:
            return
        session = self._current_session()
        if session is None:
            return
        if intent and not session.intents & intent:
            return
        await self._dispatch_to(session, event, data)

    # ------------------------------------------------------------------ REST plumbing

    def _route(self, method: str, template: str, handler: Handler) -> None:
        self._routes.append((method, template, _compile(template), handler))

    async def _read_body(
        self, request: web.Request
    ) -> tuple[JsonBody, list[tuple[str, str, bytes]]]:
        files: list[tuple[str, str, bytes]] = []
        if request.content_type.startswith("multipart/"):
            body: JsonBody = None
            reader = await request.multipart()
            while True:
                part = await reader.next()
                if part is None:
                    break
                if not isinstance(part, aiohttp.BodyPartReader):
                    continue
                if part.name == "payload_json":
                    body = json.loads(await part.text())
                else:
                    data = bytes(await part.read())
                    files.append((part.name or "", part.filename or "file", data))
            return body, files
        raw = await request.read()
        if not raw:
            return None, files
        return json.loads(raw), files

    def _rate_check(self, key: str, params: dict[str, str]) -> tuple[dict[str, str], float | None,
                                                                     bool]:
        """Headers to send, and retry_after when this call is refused with 429."""
        forced = self._forced.get(key)
        if forced is not None and forced.times > 0:
            forced.times -= 1
            return {}, forced.retry_after, forced.is_global
        rule = self._rate_rules.get(key)
        if rule is None:
            return {}, None, False
        major = tuple(params[k] for k in ("channel_id", "guild_id", "token") if k in params)
        now = time.monotonic()
        start, count = rule.counts.get(major, (now, 0))
        if now - start >= rule.per:
            start, count = now, 0
        reset_after = max(0.0, start + rule.per - now)
        bucket = f"fake-{abs(hash(key)) % 10**8}"
        headers = {"X-RateLimit-Limit": str(rule.limit), "X-RateLimit-Bucket": bucket,
                   "X-RateLimit-Reset-After": f"{reset_after:.3f}",
                   "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}"}
        if count >= rule.limit:
            headers["X-RateLimit-Remaining"] = "0"
            return headers, reset_after, False
        rule.counts[major] = (start, count + 1)
        headers["X-RateLimit-Remaining"] = str(rule.limit - count - 1)
        return headers, None, False

    async def _rest(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        found: tuple[str, Handler, dict[str, str]] | None = None
        for method, template, pattern, handler in self._routes:
            match = pattern.fullmatch(path)
            if match and method == request.method:
                found = (template, handler, match.groupdict())
                break
        if found is None:
            self._violate(f"REST call to an endpoint the fake does not know: "
                          f"{request.method} {path}")
            call = RestCall(request.method, "?", path, 404, 0, None, time.monotonic())
            self.rest_log.append(call)
            return self._json(404, {"message": "404: Not Found", "code": 0})
        template, handler, params = found
        key = f"{request.method} {template}"
        self._inflight += 1
        self._last_activity = time.monotonic()
        try:
            try:
                body, files = await self._read_body(request)
            except ValueError:
                raise ApiError(400, 50109, "The request body contains invalid JSON.") from None
            headers, retry_after, is_global = self._rate_check(key, params)
            call = RestCall(request.method, template, path, 0, None, body, time.monotonic())
            self.rest_log.append(call)
            if retry_after is not None:
                call.status = 429
                self.rate_limit_hits.append(call)
                headers.update({"Via": "1.1 google", "Retry-After": str(max(1, round(retry_after))),
                                "X-RateLimit-Scope": "global" if is_global else "user"})
                if is_global:
                    headers["X-RateLimit-Global"] = "true"
                return self._json(429, {"message": "You are being rate limited.",
                                        "retry_after": retry_after, "global": is_global}, headers)
            if not template.startswith(("/interactions/", "/webhooks/")):
                auth = request.headers.get("Authorization")
                if auth != f"Bot {self.token}":
                    raise ApiError(401, 0, "401: Unauthorized")
            try:
                status, result = await handler(_Req(request, params, body, files))
            except ApiError as exc:
                call.status, call.code = exc.status, exc.code
                self._violate(f"{key} -> {exc.status} {exc.code} {exc.message}"
                              + (f" {json.dumps(exc.errors)}" if exc.errors else ""))
                return self._json(exc.status, exc.body(), headers)
            call.status = status
            if status == 204:
                return web.Response(status=204, headers=headers)
            return self._json(status, result, headers)
        except ApiError as exc:
            self._violate(f"{key} -> {exc.status} {exc.code} {exc.message}")
            return self._json(exc.status, exc.body())
        finally:
            self._inflight -= 1
            self._last_activity = time.monotonic()

    @staticmethod
    def _json(status: int, data: Any, headers: dict[str, str] | None = None) -> web.Response:
        # exactly application/json: with a charset discord.py would hand the bot a str
        response = web.Response(status=status, body=json.dumps(data).encode(),
                                 headers=headers or {})
        response.headers["Content-Type"] = "application/json"
        return response

    async def _attachment(self, request: web.Request) -> web.Response:
        data = self._files.get(int(request.match_info["file_id"]))
        if data is None:
            return web.Response(status=404)
        return web.Response(body=data, content_type="application/octet-stream")

    # ------------------------------------------------------------------ routes

    def _register_routes(self) -> None:
        r = self._route
        r("GET", "/users/@me", self._get_me)
        r("GET", "/oauth2/applications/@me", self._get_application)
        r("GET", "/applications/@me", self._get_application)
        r("GET", "/gateway", self._get_gateway)
        r("GET", "/gateway/bot", self._get_gateway)
        for prefix in ("/applications/{application_id}",
                       "/applications/{application_id}/guilds/{guild_id}"):
            r("GET", prefix + "/commands", self._get_commands)
            r("PUT", prefix + "/commands", self._put_commands)
            r("POST", prefix + "/commands", self._post_command)
            r("GET", prefix + "/commands/{command_id}", self._get_command)
            r("PATCH", prefix + "/commands/{command_id}", self._patch_command)
            r("DELETE", prefix + "/commands/{command_id}", self._delete_command)
        r("POST", "/interactions/{interaction_id}/{token}/callback", self._callback)
        r("GET", "/webhooks/{application_id}/{token}/messages/@original", self._get_original)
        r("PATCH", "/webhooks/{application_id}/{token}/messages/@original", self._edit_original)
        r("DELETE", "/webhooks/{application_id}/{token}/messages/@original", self._delete_original)
        r("POST", "/webhooks/{application_id}/{token}", self._followup)
        r("GET", "/webhooks/{application_id}/{token}/messages/{message_id}", self._get_followup)
        r("PATCH", "/webhooks/{application_id}/{token}/messages/{message_id}",
          self._edit_followup)
        r("DELETE", "/webhooks/{application_id}/{token}/messages/{message_id}",
          self._delete_followup)
        r("GET", "/channels/{channel_id}", self._get_channel)
        r("PATCH", "/channels/{channel_id}", self._patch_channel)
        r("DELETE", "/channels/{channel_id}", self._delete_channel)
        r("GET", "/channels/{channel_id}/messages", self._get_messages)
        r("POST", "/channels/{channel_id}/messages", self._post_message)
        r("GET", "/channels/{channel_id}/messages/{message_id}", self._get_message)
        r("PATCH", "/channels/{channel_id}/messages/{message_id}", self._patch_message)
        r("DELETE", "/channels/{channel_id}/messages/{message_id}", self._delete_message)
        r("POST", "/channels/{channel_id}/typing", self._typing)
        r("POST", "/channels/{channel_id}/threads", self._create_thread)
        r("POST", "/channels/{channel_id}/messages/{message_id}/threads", self._create_thread)
        r("PUT", "/channels/{channel_id}/thread-members/{user_id}", self._add_thread_member)
        r("DELETE", "/channels/{channel_id}/thread-members/{user_id}",
          self._remove_thread_member)
        r("POST", "/users/@me/channels", self._create_dm)
        r("GET", "/users/{user_id}", self._get_user)
        r("GET", "/guilds/{guild_id}", self._get_guild)
        r("GET", "/guilds/{guild_id}/channels", self._get_guild_channels)
        r("GET", "/guilds/{guild_id}/members/{user_id}", self._get_member)

    # --- login

    async def _get_me(self, req: _Req) -> tuple[int, Any]:
        return 200, self.bot_user.payload() | {"verified": True, "mfa_enabled": False,
                                               "flags": 0, "bot": True}

    async def _get_application(self, req: _Req) -> tuple[int, Any]:
        owner = self.bot_user.payload() | {"bot": False, "username": "owner"}
        return 200, {
            "id": str(self.app_id), "name": self.bot_user.name, "icon": None,
            "description": "fake application", "bot_public": True,
            "bot_require_code_grant": False, "owner": owner, "team": None,
            "verify_key": "00" * 32, "flags": 0, "summary": "", "rpc_origins": [],
            "interactions_endpoint_url": None, "tags": [], "redirect_uris": [],
        }

    async def _get_gateway(self, req: _Req) -> tuple[int, Any]:
        return 200, {"url": self.gateway_url, "shards": 1, "session_start_limit": {
            "total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}}

    # --- commands

    def _command_list(self, req: _Req) -> list[dict[str, Any]]:
        if req.int("application_id") != self.app_id:
            raise ApiError(403, 50001, "Missing Access")
        if "guild_id" in req.params:
            guild_id = req.int("guild_id")
            if guild_id not in self.guilds:
                raise ApiError(403, 50001, "Missing Access")
            return self.guild_commands.setdefault(guild_id, [])
        return self.global_commands

    def _stored_command(self, data: dict[str, Any], req: _Req,
                        old: dict[str, Any] | None) -> dict[str, Any]:
        cmd = dict(data)
        cmd.setdefault("type", 1)
        cmd.setdefault("options", [])
        cmd.setdefault("description", "")
        cmd["id"] = old["id"] if old else str(self.ids.next())
        cmd["application_id"] = str(self.app_id)
        cmd["version"] = str(self.ids.next())
        cmd.setdefault("default_member_permissions", None)
        cmd.setdefault("nsfw", False)
        if "guild_id" in req.params:
            cmd["guild_id"] = req.params["guild_id"]
        return cmd

    async def _get_commands(self, req: _Req) -> tuple[int, Any]:
        return 200, self._command_list(req)

    async def _put_commands(self, req: _Req) -> tuple[int, Any]:
        commands = self._command_list(req)
        if not isinstance(req.body, list):
            raise E.invalid_form([], "BASE_TYPE_BAD_TYPE", "Expected a list")
        validate_commands(req.body)
        by_name = {(c["type"], c["name"]): c for c in commands}
        new = [self._stored_command(c, req, by_name.get((c.get("type", 1), c["name"])))
               for c in req.body]
        commands[:] = new
        return 200, new

    async def _post_command(self, req: _Req) -> tuple[int, Any]:
        commands = self._command_list(req)
        data = req.json()
        validate_commands([data])
        for i, c in enumerate(commands):
            if c["name"] == data["name"] and c["type"] == data.get("type", 1):
                commands[i] = self._stored_command(data, req, c)
                return 200, commands[i]
        commands.append(self._stored_command(data, req, None))
        return 201, commands[-1]

    def _find_command_by_id(self, req: _Req) -> tuple[list[dict[str, Any]], int]:
        commands = self._command_list(req)
        for i, c in enumerate(commands):
            if c["id"] == req.params["command_id"]:
                return commands, i
        raise ApiError(404, 10063, "Unknown application command")

    async def _get_command(self, req: _Req) -> tuple[int, Any]:
        commands, i = self._find_command_by_id(req)
        return 200, commands[i]

    async def _patch_command(self, req: _Req) -> tuple[int, Any]:
        commands, i = self._find_command_by_id(req)
        merged = commands[i] | req.json()
        validate_commands([merged])
        commands[i] = self._stored_command(merged, req, commands[i])
        return 200, commands[i]

    async def _delete_command(self, req: _Req) -> tuple[int, Any]:
        commands, i = self._find_command_by_id(req)
        del commands[i]
        return 204, None

    # --- messages (shared)

    def _attachments_from(self, payload: dict[str, Any], files: list[tuple[str, str, bytes]],
                          keep: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """New uploads plus the existing attachments the payload lists by id (edits)."""
        result: list[dict[str, Any]] = []
        for _, filename, data in files:
            file_id = self.ids.next()
            self._files[file_id] = data
            url = f"http://127.0.0.1:{self.port}/attachments/{file_id}/{filename}"
            result.append({"id": str(file_id), "filename": filename, "size": len(data),
                           "url": url, "proxy_url": url,
                           "content_type": "application/octet-stream"})
        listed = {str(a.get("id")) for a in payload.get("attachments") or []}
        result.extend(a for a in keep if str(a["id"]) in listed)
        return result

    def _new_message(self, channel: FakeChannel, payload: dict[str, Any],
                     files: list[tuple[str, str, bytes]], *, author: FakeUser,
                     interaction: FakeInteraction | None = None, flags_extra: int = 0,
                     msg_type: int = 0) -> FakeMessage:
        flags = (int(payload.get("flags") or 0) | flags_extra) & (
            FLAG_EPHEMERAL | FLAG_LOADING | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_COMPONENTS_V2 | 4)
        message = FakeMessage(
            self, self.ids.next(), channel, author,
            content=payload.get("content") or "",
            embeds=list(payload.get("embeds") or []),
            components=list(payload.get("components") or []),
            attachments=self._attachments_from(payload, files, []),
            flags=flags, type=msg_type, interaction=interaction,
            webhook_id=self.app_id if interaction is not None else None,
            created_at=self.clock.iso_now(),
            files=[(filename, data) for _, filename, data in files],
        )
        if flags & FLAG_EPHEMERAL:
            assert interaction is not None
            message.ephemeral_for = interaction.user.id
        channel.messages.append(message)
        self.messages[message.id] = message
        return message

    def _apply_edit(self, message: FakeMessage, payload: dict[str, Any],
                    files: list[tuple[str, str, bytes]]) -> None:
        message.history.append(message.snapshot())
        if "content" in payload:
            message.content = payload["content"] or ""
        if "embeds" in payload:
            message.embeds = list(payload["embeds"] or [])
        if "components" in payload:
            message.components = list(payload["components"] or [])
        if "attachments" in payload or files:
            message.attachments = self._attachments_from(payload, files, message.attachments)
        if "flags" in payload and payload["flags"] is not None:
            # only SUPPRESS_EMBEDS and COMPONENTS_V2 can change on edit
            keep = message.flags & ~(4 | FLAG_COMPONENTS_V2)
            message.flags = keep | (int(payload["flags"]) & (4 | FLAG_COMPONENTS_V2))
        message.flags &= ~FLAG_LOADING
        message.edits += 1
        message.edited_at = self.clock.iso_now()

    async def _announce_create(self, message: FakeMessage) -> None:
        if message.ephemeral:
            return
        intent = INTENT_DM_MESSAGES if message.channel.type == DM else INTENT_GUILD_MESSAGES
        session = self._current_session()
        payload = message.payload()
        if session is not None and not session.intents & INTENT_MESSAGE_CONTENT \
                and message.author.id != self.bot_user.id and message.channel.type != DM \
                and self.bot_user.mention not in message.content:
            payload.update(content="", embeds=[], components=[], attachments=[])
        if message.author.id != self.bot_user.id and message.channel.guild is not None:
            payload["member"] = message.channel.guild.member_payload(message.author,
                                                                    with_user=False)
        await self._dispatch("MESSAGE_CREATE", payload, intent=intent)

    async def _announce_update(self, message: FakeMessage) -> None:
        if message.ephemeral:
            return
        intent = INTENT_DM_MESSAGES if message.channel.type == DM else INTENT_GUILD_MESSAGES
        await self._dispatch("MESSAGE_UPDATE", message.payload(), intent=intent)

    async def _announce_delete(self, message: FakeMessage) -> None:
        if message.ephemeral:
            return
        intent = INTENT_DM_MESSAGES if message.channel.type == DM else INTENT_GUILD_MESSAGES
        data: dict[str, Any] = {"id": str(message.id), "channel_id": str(message.channel.id)}
        if message.channel.guild is not None:
            data["guild_id"] = str(message.channel.guild.id)
        await self._dispatch("MESSAGE_DELETE", data, intent=intent)

    # --- channels

    def _channel(self, req: _Req) -> FakeChannel:
        channel = self.channels.get(req.int("channel_id"))
        if channel is None or channel.deleted:
            raise E.unknown_channel()
        # permissions are not modelled: the bot may use every channel it knows
        return channel

    def _channel_message(self, req: _Req) -> tuple[FakeChannel, FakeMessage]:
        channel = self._channel(req)
        message = self.messages.get(req.int("message_id"))
        # ephemeral messages do not exist for the channel endpoints
        if message is None or message.deleted or message.channel is not channel \
                or message.ephemeral:
            raise E.unknown_message()
        return channel, message

    async def _get_channel(self, req: _Req) -> tuple[int, Any]:
        return 200, self._channel(req).payload()

    async def _patch_channel(self, req: _Req) -> tuple[int, Any]:
        channel = self._channel(req)
        data = req.json()
        if "name" in data:
            if not 1 <= len(data["name"] or "") <= 100:
                raise E.invalid_form(["name"], "BASE_TYPE_BAD_LENGTH",
                                     "Must be between 1 and 100 in length.")
            channel.name = data["name"]
        if channel.is_thread:
            channel.archived = bool(data.get("archived", channel.archived))
            channel.locked = bool(data.get("locked", channel.locked))
        event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
        await self._dispatch(event, channel.payload(), intent=INTENT_GUILDS)
        return 200, channel.payload()

    async def _delete_channel(self, req: _Req) -> tuple[int, Any]:
        channel = self._channel(req)
        channel.deleted = True
        event = "THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE"
        await self._dispatch(event, channel.payload(), intent=INTENT_GUILDS)
        return 200, channel.payload()

    async def _get_messages(self, req: _Req) -> tuple[int, Any]:
        channel = self._channel(req)
        query = req.request.query
        limit = int(query.get("limit", 50))
        if not 1 <= limit <= 100:
            raise E.invalid_form(["limit"], "NUMBER_TYPE_MAX", "int value should be <= 100")
        public = channel.public_messages()
        if "before" in query:
            public = [m for m in public if m.id < int(query["before"])]
        if "after" in query:
            public = [m for m in public if m.id > int(query["after"])]
            public = public[:limit]
        else:
            public = public[-limit:]
        return 200, [m.payload() for m in reversed(public)]

    def _check_can_post(self, channel: FakeChannel) -> None:
        if channel.is_thread and channel.locked:
            raise ApiError(403, 50083, "Thread is archived")
        if channel.is_thread and channel.archived:
            channel.archived = False  # sending unarchives an unlocked thread

    async def _post_message(self, req: _Req) -> tuple[int, Any]:
        channel = self._channel(req)
        payload = req.json()
        validate_message(payload, has_files=bool(req.files), editing=False)
        if int(payload.get("flags") or 0) & FLAG_EPHEMERAL:
            raise E.invalid_form(["flags"], "MESSAGE_FLAGS_INVALID",
                                 "Only interaction responses can be ephemeral")
        self._check_can_post(channel)
        message = self._new_message(channel, payload, req.files, author=self.bot_user,
                                     msg_type=19 if payload.get("message_reference") else 0)
        await self._announce_create(message)
        return 200, message.payload()

    async def _get_message(self, req: _Req) -> tuple[int, Any]:
        _, message = self._channel_message(req)
        return 200, message.payload()

    async def _patch_message(self, req: _Req) -> tuple[int, Any]:
        _, message = self._channel_message(req)
        if message.author.id != self.bot_user.id:
            raise E.cannot_edit_others()
        payload = req.json()
        validate_message(payload, has_files=bool(req.files), editing=True,
                         base_flags=message.flags & FLAG_COMPONENTS_V2)
        self._apply_edit(message, payload, req.files)
        await self._announce_update(message)
        return 200, message.payload()

    async def _delete_message(self, req: _Req) -> tuple[int, Any]:
        _, message = self._channel_message(req)
        message.deleted = True
        await self._announce_delete(message)
        return 204, None

    async def _typing(self, req: _Req) -> tuple[int, Any]:
        self._channel(req)
        return 204, None

    async def _create_thread(self, req: _Req) -> tuple[int, Any]:
        parent = self._channel(req)
        if parent.guild is None or parent.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        data = req.json()
        name = data.get("name") or ""
        if not 1 <= len(name) <= 100:
            raise E.invalid_form(["name"], "BASE_TYPE_BAD_LENGTH",
                                 "Must be between 1 and 100 in length.")
        private = "message_id" not in req.params and data.get("type", PRIVATE_THREAD) == \
            PRIVATE_THREAD
        if "message_id" in req.params:
            self._channel_message(req)
        thread = FakeChannel(self, self.ids.next(), name, PRIVATE_THREAD if private else
                             PUBLIC_THREAD, guild=parent.guild, parent=parent,
                             owner_id=self.bot_user.id)
        thread.thread_members.add(self.bot_user.id)
        parent.guild.channels.append(thread)
        self.register_channel(thread, announce=False)
        payload = thread.payload() | {"newly_created": True}
        await self._dispatch("THREAD_CREATE", payload, intent=INTENT_GUILDS)
        return 201, thread.payload()

    def _user_param(self, req: _Req) -> FakeUser:
        raw = req.params["user_id"]
        user = self.bot_user if raw == "@me" else self.users.get(req.int("user_id"))
        if user is None:
            raise E.unknown_user()
        return user

    async def _add_thread_member(self, req: _Req) -> tuple[int, Any]:
        thread = self._channel(req)
        if not thread.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        user = self._user_param(req)
        if thread.guild is not None and user.id not in thread.guild.members \
                and user.id != self.bot_user.id:
            raise E.unknown_member()
        thread.thread_members.add(user.id)
        return 204, None

    async def _remove_thread_member(self, req: _Req) -> tuple[int, Any]:
        thread = self._channel(req)
        user = self._user_param(req)
        thread.thread_members.discard(user.id)
        return 204, None

    async def _create_dm(self, req: _Req) -> tuple[int, Any]:
        user = self.users.get(int(req.json().get("recipient_id", 0)))
        if user is None or user.bot:
            raise E.unknown_user()
        return 200, self.dm_channel(user).payload()

    async def _get_user(self, req: _Req) -> tuple[int, Any]:
        return 200, self._user_param(req).payload()

    def _guild(self, req: _Req) -> FakeGuild:
        guild = self.guilds.get(req.int("guild_id"))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        return guild

    async def _get_guild(self, req: _Req) -> tuple[int, Any]:
        return 200, self._guild(req).payload()

    async def _get_guild_channels(self, req: _Req) -> tuple[int, Any]:
        guild = self._guild(req)
        return 200, [c.payload() for c in guild.channels if not c.is_thread and not c.deleted]

    async def _get_member(self, req: _Req) -> tuple[int, Any]:
        guild = self._guild(req)
        user = self._user_param(req)
        if user.id not in guild.members and user.id != self.bot_user.id:
            raise E.unknown_member()
        return 200, guild.member_payload(user)

    # --- interactions: responses

    def _elapsed(self, inter: FakeInteraction) -> float:
        return max(time.monotonic() - inter.created_mono,
                   self.clock.monotonic() - inter.created_fake)

    async def _callback(self, req: _Req) -> tuple[int, Any]:
        inter = self._by_id.get(req.int("interaction_id"))
        if inter is None or inter.token != req.params["token"]:
            raise E.unknown_interaction()
        if inter.response_type is not None:
            raise E.already_acknowledged()
        elapsed = self._elapsed(inter)
        if inter.failed is not None or elapsed > self.response_deadline:
            if inter.failed is None:
                self._fail(inter, f"first response after {elapsed:.2f} s")
            raise E.unknown_interaction()
        body = req.json()
        kind = int(body.get("type", 0))
        data = body.get("data") or {}
        allowed = set(_ALLOWED_CALLBACKS.get(inter.type, set()))
        if inter.type == MODAL_SUBMIT and inter.message is None:
            allowed -= {6, 7}
        if kind not in allowed:
            raise E.invalid_form(["type"], "INTERACTION_RESPONSE_TYPE_INVALID",
                                 f"Interaction response type {kind} is not valid for "
                                 f"interaction type {inter.type}")
        resource: dict[str, Any] = {"type": kind}
        if kind == 4:
            validate_message(data, has_files=bool(req.files), editing=False)
            inter.original = self._new_message(
                inter.channel, data, req.files, author=self.bot_user, interaction=inter,
                msg_type=20 if inter.type == APPLICATION_COMMAND else 0)
            await self._announce_create(inter.original)
        elif kind == 5:
            flags = int(data.get("flags") or 0) & FLAG_EPHEMERAL
            inter.ephemeral_defer = bool(flags)
            inter.original = self._new_message(
                inter.channel, {"flags": flags}, [], author=self.bot_user, interaction=inter,
                flags_extra=FLAG_LOADING,
                msg_type=20 if inter.type == APPLICATION_COMMAND else 0)
            await self._announce_create(inter.original)
        elif kind in (6, 7):
            assert inter.message is not None
            target = self.messages[inter.message.id]
            if target.deleted:
                raise E.unknown_message()
            if kind == 7:
                validate_message(data, has_files=bool(req.files), editing=True,
                                 base_flags=target.flags & FLAG_COMPONENTS_V2)
                self._apply_edit(target, data, req.files)
                await self._announce_update(target)
            inter.original = target
        elif kind == 8:
            choices = data.get("choices") or []
            if len(choices) > 25:
                raise E.invalid_form(["data", "choices"], "BASE_TYPE_MAX_LENGTH",
                                     "Must be 25 or fewer in length.")
            inter.autocomplete_choices = choices
        elif kind == 9:
            validate_modal(data)
            inter.modal = FakeModal(inter, data.get("custom_id", ""), data.get("title", ""),
                                    list(data.get("components") or []))
        inter.response_type = kind
        inter.responded_after = time.monotonic() - inter.created_mono
        inter.answered.set()
        if inter.original is not None and kind in (4, 5, 7):
            resource["message"] = inter.original.payload()
        if "with_response" not in req.request.query:
            return 204, None
        interaction_info: dict[str, Any] = {"id": str(inter.id), "type": inter.type}
        if inter.original is not None:
            interaction_info.update({
                "response_message_id": str(inter.original.id),
                "response_message_loading": inter.original.loading,
                "response_message_ephemeral": inter.original.ephemeral,
            })
        return 200, {"interaction": interaction_info, "resource": resource}

    def _token_interaction(self, req: _Req) -> FakeInteraction:
        if req.int("application_id") != self.app_id:
            raise E.unknown_webhook()
        inter = self._by_token.get(req.params["token"])
        if inter is None:
            raise E.unknown_webhook()
        if self.clock.monotonic() - inter.created_fake > self.token_lifetime:
            raise E.invalid_webhook_token()
        return inter

    def _original(self, req: _Req) -> tuple[FakeInteraction, FakeMessage]:
        inter = self._token_interaction(req)
        if inter.original is None or inter.original.deleted:
            raise E.unknown_message()
        return inter, inter.original

    async def _get_original(self, req: _Req) -> tuple[int, Any]:
        _, message = self._original(req)
        return 200, message.payload()

    async def _edit_original(self, req: _Req) -> tuple[int, Any]:
        _, message = self._original(req)
        payload = req.json()
        validate_message(payload, has_files=bool(req.files), editing=True,
                         base_flags=message.flags & FLAG_COMPONENTS_V2)
        self._apply_edit(message, payload, req.files)
        await self._announce_update(message)
        return 200, message.payload()

    async def _delete_original(self, req: _Req) -> tuple[int, Any]:
        _, message = self._original(req)
        message.deleted = True
        await self._announce_delete(message)
        return 204, None

    async def _followup(self, req: _Req) -> tuple[int, Any]:
        inter = self._token_interaction(req)
        if inter.response_type is None:
            raise E.unknown_webhook()
        payload = req.json()
        validate_message(payload, has_files=bool(req.files), editing=False)
        original = inter.original
        if inter.response_type == 5 and original is not None and original.loading \
                and not original.deleted:
            # Discord: the first followup after a deferred reply replaces the
            # "thinking" message and keeps the deferral's visibility
            edit = {k: v for k, v in payload.items() if k != "flags"}
            self._apply_edit(original, edit, req.files)
            original.edits -= 1  # the first content is not an edit for the user
            original.edited_at = None
            await self._announce_update(original)
            message = original
        else:
            message = self._new_message(inter.channel, payload, req.files,
                                        author=self.bot_user, interaction=inter)
            inter.followups.append(message)
            await self._announce_create(message)
        if req.request.query.get("wait", "false").lower() not in ("true", "1"):
            return 204, None
        return 200, message.payload()

    def _followup_message(self, req: _Req) -> FakeMessage:
        inter = self._token_interaction(req)
        message_id = req.int("message_id")
        for message in [*inter.followups, *([inter.original] if inter.original else [])]:
            if message.id == message_id and not message.deleted:
                return message
        raise E.unknown_message()

    async def _get_followup(self, req: _Req) -> tuple[int, Any]:
        return 200, self._followup_message(req).payload()

    async def _edit_followup(self, req: _Req) -> tuple[int, Any]:
        message = self._followup_message(req)
        payload = req.json()
        validate_message(payload, has_files=bool(req.files), editing=True,
                         base_flags=message.flags & FLAG_COMPONENTS_V2)
        self._apply_edit(message, payload, req.files)
        await self._announce_update(message)
        return 200, message.payload()

    async def _delete_followup(self, req: _Req) -> tuple[int, Any]:
        message = self._followup_message(req)
        message.deleted = True
        await self._announce_delete(message)
        return 204, None

    # ------------------------------------------------------------------ users acting

    def _fail(self, inter: FakeInteraction, reason: str) -> None:
        if inter.failed is not None:
            return
        inter.failed = reason
        what = f"/{inter.command_name}" if inter.command_name else repr(
            inter.data.get("custom_id"))
        self._violate(f"interaction {what} by {inter.user.name} failed "
                      f"(\"This interaction failed\"): {reason}")
        inter.answered.set()

    async def _expire_pending(self) -> None:
        for inter in self.interactions:
            if inter.response_type is None and inter.failed is None \
                    and self.clock.monotonic() - inter.created_fake > self.response_deadline:
                self._fail(inter, "no response within the deadline (fake clock)")

    def _check_sees(self, user: FakeUser, channel: FakeChannel) -> None:
        if not channel.visible_to(user):
            raise ScenarioError(f"{user.name} cannot see #{channel.name}")
        if channel.guild is not None and user.id not in channel.guild.members:
            raise ScenarioError(f"{user.name} is not a member of {channel.guild.name}")

    def _interaction_payload(self, inter: FakeInteraction) -> dict[str, Any]:
        channel = inter.channel
        payload: dict[str, Any] = {
            "id": str(inter.id),
            "application_id": str(self.app_id),
            "type": inter.type,
            "data": inter.data,
            "token": inter.token,
            "version": 1,
            "locale": inter.user.locale,
            "app_permissions": str(ALL_PERMISSIONS),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": 10 * 1024 * 1024,
            "channel_id": str(channel.id),
            "channel": channel.payload(),
        }
        guild = inter.guild
        if guild is not None:
            payload.update({
                "guild_id": str(guild.id),
                "guild": {"id": str(guild.id), "locale": guild.locale, "features": []},
                "guild_locale": guild.locale,
                "member": guild.member_payload(inter.user) | {
                    "permissions": str(MEMBER_PERMISSIONS)},
                "authorizing_integration_owners": {"0": str(guild.id)},
                "context": 0,
            })
        else:
            payload.update({"user": inter.user.payload(),
                            "authorizing_integration_owners": {"1": str(inter.user.id)},
                            "context": 1})
        if inter.message is not None:
            payload["message"] = inter.message.payload()
        return payload

    async def _interact(self, user: FakeUser, channel: FakeChannel, kind: int,
                        data: dict[str, Any], *, message: FakeMessage | None = None,
                        command_name: str = "", settle: bool) -> FakeInteraction:
        inter = FakeInteraction(
            id=self.ids.next(), token=f"itok-{secrets.token_urlsafe(24)}", type=kind, user=user,
            channel=channel, guild=channel.guild, data=data, created_mono=time.monotonic(),
            created_fake=self.clock.monotonic(), message=message, command_name=command_name)
        self.interactions.append(inter)
        self._by_id[inter.id] = inter
        self._by_token[inter.token] = inter
        if self._bot is None:
            self._fail(inter, "the bot is offline")
            return inter
        await self._flush_dispatches()
        await self._dispatch("INTERACTION_CREATE", self._interaction_payload(inter))
        await self._await_answer(inter)
        if settle:
            await self.wait_idle()
        return inter

    async def _await_answer(self, inter: FakeInteraction) -> None:
        deadline = inter.created_mono + self.response_deadline
        while not inter.answered.is_set():
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                self._fail(inter, f"no response within {self.response_deadline} s")
                return
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(inter.answered.wait(), timeout=min(remaining, 0.05))
                return
            # the bot finished everything and stayed idle without answering: it never will
            if self._live_conn() is not None:
                await self._barrier()
                if not self._busy() and not inter.answered.is_set():
                    grace = min(self.idle_fail_grace, max(0.0, deadline - time.monotonic()))
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(inter.answered.wait(), timeout=grace)
                        return
                    await self._barrier()
                    if not self._busy() and not inter.answered.is_set() and \
                            time.monotonic() - self._last_activity >= grace:
                        self._fail(inter, "the bot went idle without answering")
                        return

    def _find_command(self, channel: FakeChannel, name: str) -> dict[str, Any]:
        pools: list[list[dict[str, Any]]] = []
        if channel.guild is not None:
            pools.append(self.guild_commands.get(channel.guild.id, []))
        pools.append(self.global_commands)
        for pool in pools:
            for cmd in pool:
                if cmd["name"] == name and int(cmd.get("type", 1)) == 1:
                    return cmd
        known = sorted({c["name"] for pool in pools for c in pool})
        raise ScenarioError(f"no slash command /{name} synced for #{channel.name}; "
                            f"synced: {known}")

    def _option_value(self, spec: dict[str, Any], value: Any,
                      resolved: dict[str, dict[str, Any]], channel: FakeChannel) -> Any:
        kind = int(spec["type"])
        name = spec["name"]
        if kind == 3:
            if not isinstance(value, str):
                raise ScenarioError(f"option {name} takes a string, got {value!r}")
            if not spec.get("min_length", 0) <= len(value) <= spec.get("max_length", 6000):
                raise ScenarioError(f"option {name}: length out of range")
        elif kind == 4:
            if isinstance(value, bool) or not isinstance(value, int):
                raise ScenarioError(f"option {name} takes an integer, got {value!r}")
        elif kind == 10:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ScenarioError(f"option {name} takes a number, got {value!r}")
        elif kind == 5:
            if not isinstance(value, bool):
                raise ScenarioError(f"option {name} takes a boolean, got {value!r}")
        elif kind in (6, 9):
            if not isinstance(value, FakeUser):
                raise ScenarioError(f"option {name} takes a FakeUser, got {value!r}")
            resolved.setdefault("users", {})[str(value.id)] = value.payload()
            if channel.guild is not None and value.id in channel.guild.members:
                resolved.setdefault("members", {})[str(value.id)] = channel.guild.member_payload(
                    value, with_user=False) | {"permissions": str(MEMBER_PERMISSIONS)}
            return str(value.id)
        elif kind == 7:
            if not isinstance(value, FakeChannel):
                raise ScenarioError(f"option {name} takes a FakeChannel, got {value!r}")
            resolved.setdefault("channels", {})[str(value.id)] = value.payload() | {
                "permissions": str(MEMBER_PERMISSIONS)}
            return str(value.id)
        else:
            raise ScenarioError(f"option type {kind} not supported by the fake yet")
        if kind in (4, 10) and not spec.get("min_value", float("-inf")) <= value <= spec.get(
                "max_value", float("inf")):
            raise ScenarioError(f"option {name}={value} is outside the range Discord allows")
        choices = spec.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            raise ScenarioError(f"option {name}={value!r} is not one of the choices "
                                f"{[c['value'] for c in choices]}")
        return value

    def _build_options(self, specs: list[dict[str, Any]], given: dict[str, Any],
                       resolved: dict[str, dict[str, Any]],
                       channel: FakeChannel) -> list[dict[str, Any]]:
        by_name = {s["name"]: s for s in specs}
        out: list[dict[str, Any]] = []
        for key, value in given.items():
            spec = by_name.get(key) or by_name.get(key.replace("_", "-"))
            if spec is None or int(spec["type"]) in (1, 2):
                raise ScenarioError(f"no option {key!r}; options: {sorted(by_name)}")
            out.append({"name": spec["name"], "type": spec["type"],
                        "value": self._option_value(spec, value, resolved, channel)})
        named = {o["name"] for o in out}
        for spec in specs:
            if spec.get("required") and spec["name"] not in named:
                raise ScenarioError(f"option {spec['name']!r} is required")
        return out

    def _command_data(self, channel: FakeChannel, command: str, options: dict[str, Any],
                      focused: str | None = None,
                      partial: str = "") -> tuple[dict[str, Any], str]:
        words = command.strip().lstrip("/").split()
        if not words:
            raise ScenarioError("empty command")
        cmd = self._find_command(channel, words[0])
        contexts = cmd.get("contexts")
        context = 1 if channel.type == DM else 0
        if (channel.type == DM and cmd.get("dm_permission") is False) or (
                contexts is not None and context not in contexts):
            where = "DMs" if channel.type == DM else "servers"
            raise ScenarioError(f"/{words[0]} is not available in {where}")
        specs: list[dict[str, Any]] = cmd.get("options") or []
        path: list[dict[str, Any]] = []
        for word in words[1:]:
            sub = next((s for s in specs if s["name"] == word and int(s["type"]) in (1, 2)), None)
            if sub is None:
                raise ScenarioError(f"/{' '.join(words)}: no subcommand {word!r}")
            path.append(sub)
            specs = sub.get("options") or []
        if any(int(s["type"]) in (1, 2) for s in specs):
            raise ScenarioError(f"/{' '.join(words)} needs a subcommand: "
                                f"{[s['name'] for s in specs]}")
        resolved: dict[str, dict[str, Any]] = {}
        if focused is None:
            leaf = self._build_options(specs, options, resolved, channel)
        else:
            # while typing, Discord sends the options so far and the focused one as text
            spec = next((s for s in specs if s["name"] in (focused, focused.replace("_", "-"))),
                        None)
            if spec is None or not spec.get("autocomplete"):
                raise ScenarioError(f"option {focused!r} has no autocomplete")
            optional = [dict(s, required=False) for s in specs]
            leaf = self._build_options(optional, options, resolved, channel)
            leaf.append({"name": spec["name"], "type": spec["type"], "value": partial,
                         "focused": True})
        for sub in reversed(path):
            leaf = [{"name": sub["name"], "type": sub["type"], "options": leaf}]
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1,
                                "options": leaf}
        if resolved:
            data["resolved"] = resolved
        if "guild_id" in cmd:
            data["guild_id"] = cmd["guild_id"]
        return data, " ".join(words)

    async def run_command(self, user: FakeUser, channel: FakeChannel, command: str,
                          options: dict[str, Any], *, settle: bool) -> FakeInteraction:
        self._check_sees(user, channel)
        data, name = self._command_data(channel, command, options)
        return await self._interact(user, channel, APPLICATION_COMMAND, data,
                                    command_name=name, settle=settle)

    async def autocomplete(self, user: FakeUser, channel: FakeChannel, command: str,
                           focused: str, partial: str,
                           options: dict[str, Any]) -> list[dict[str, Any]]:
        self._check_sees(user, channel)
        data, name = self._command_data(channel, command, options, focused, partial)
        inter = await self._interact(user, channel, AUTOCOMPLETE, data, command_name=name,
                                     settle=True)
        return inter.autocomplete_choices or []

    def _actionable(self, user: FakeUser, message: FakeMessage) -> FakeMessage:
        current = self.messages.get(message.id)
        if current is None or current.deleted:
            raise ScenarioError(f"message {message.id} was deleted")
        self._check_sees(user, current.channel)
        if not current.visible_to(user):
            raise ScenarioError(f"{user.name} cannot see message {message.id} (ephemeral for "
                                f"someone else)")
        if current.loading:
            raise ScenarioError(f"message {message.id} is still loading")
        return current

    async def click(self, user: FakeUser, message: FakeMessage, *, label: str | None,
                    custom_id: str | None, settle: bool) -> FakeInteraction:
        if label is None and custom_id is None:
            raise ScenarioError("click needs a label or a custom_id")
        current = self._actionable(user, message)
        matches = [c for c in walk_components(current.components) if c.get("type") == 2
                   and ((custom_id is not None and c.get("custom_id") == custom_id)
                        or (custom_id is None and c.get("label") == label))]
        if not matches:
            raise ScenarioError(
                f"{user.name} found no button {label or custom_id!r} on message {current.id}; "
                f"buttons: {[b.label or b.custom_id for b in current.buttons]}")
        if len(matches) > 1:
            raise ScenarioError(f"several buttons labelled {label!r}; click by custom_id")
        button = matches[0]
        if button.get("disabled"):
            raise ScenarioError(f"button {label or custom_id!r} is disabled")
        if button.get("style") in (5, 6):
            raise ScenarioError("link and premium buttons do not send interactions")
        data = {"custom_id": button["custom_id"], "component_type": 2}
        return await self._interact(user, current.channel, MESSAGE_COMPONENT, data,
                                    message=current, settle=settle)

    async def select(self, user: FakeUser, message: FakeMessage, values: list[str], *,
                     custom_id: str | None, placeholder: str | None,
                     settle: bool) -> FakeInteraction:
        current = self._actionable(user, message)
        selects = [c for c in walk_components(current.components) if c.get("type") == 3]
        if custom_id is not None:
            selects = [c for c in selects if c.get("custom_id") == custom_id]
        if placeholder is not None:
            selects = [c for c in selects if c.get("placeholder") == placeholder]
        if len(selects) != 1:
            raise ScenarioError(f"expected one matching select menu on message {current.id}, "
                                f"found {len(selects)}")
        menu = selects[0]
        if menu.get("disabled"):
            raise ScenarioError("the select menu is disabled")
        options = menu.get("options") or []
        chosen: list[str] = []
        for v in values:
            option = next((o for o in options if o.get("value") == v), None) or next(
                (o for o in options if o.get("label") == v), None)
            if option is None:
                raise ScenarioError(f"no option {v!r}; options: "
                                    f"{[o.get('label') for o in options]}")
            chosen.append(option["value"])
        if not menu.get("min_values", 1) <= len(chosen) <= menu.get("max_values", 1):
            raise ScenarioError(f"pick between {menu.get('min_values', 1)} and "
                                f"{menu.get('max_values', 1)} options")
        data = {"custom_id": menu["custom_id"], "component_type": 3, "values": chosen}
        return await self._interact(user, current.channel, MESSAGE_COMPONENT, data,
                                    message=current, settle=settle)

    async def submit_modal(self, user: FakeUser, modal: FakeModal, values: dict[str, str], *,
                           settle: bool) -> FakeInteraction:
        origin = modal.interaction
        if origin.user is not user:
            raise ScenarioError(f"the modal was shown to {origin.user.name}, not {user.name}")
        labels = modal.inputs
        by_id: dict[str, str] = {}
        for key, value in values.items():
            if key in labels:
                by_id[key] = value
            else:
                ids = [cid for cid, label in labels.items() if label == key]
                if len(ids) != 1:
                    raise ScenarioError(f"no text input {key!r}; inputs: {labels}")
                by_id[ids[0]] = value

        def answer(c: dict[str, Any]) -> dict[str, Any]:
            if c.get("type") != 4:
                return {"type": c.get("type"), "custom_id": c.get("custom_id"),
                        "values": []}
            value = by_id.get(c["custom_id"], "")
            if c.get("required", True) and not value:
                raise ScenarioError(f"text input {c['custom_id']!r} is required")
            if not c.get("min_length", 0) <= len(value) <= c.get("max_length", 4000):
                raise ScenarioError(f"text input {c['custom_id']!r}: length out of range")
            return {"type": 4, "custom_id": c["custom_id"], "value": value}

        components: list[dict[str, Any]] = []
        for top in modal.components:
            if top.get("type") == 1:
                components.append({"type": 1, "components": [answer(c) for c in
                                                             top.get("components") or []]})
            elif top.get("type") == 18:
                components.append({"type": 18, "id": top.get("id"),
                                   "component": answer(top["component"])})
            else:
                components.append({"type": top.get("type"), "id": top.get("id")})
        data = {"custom_id": modal.custom_id, "components": components}
        message = origin.message
        if message is not None:
            message = self.messages.get(message.id)
        return await self._interact(user, origin.channel, MODAL_SUBMIT, data, message=message,
                                    settle=settle)

    async def user_message(self, user: FakeUser, channel: FakeChannel,
                           content: str) -> FakeMessage:
        self._check_sees(user, channel)
        message = self._new_message(channel, {"content": content}, [], author=user)
        await self._announce_create(message)
        await self.wait_idle()
        return message

