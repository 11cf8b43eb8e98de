"""The gateway websocket: HELLO, IDENTIFY (sharded or not), RESUME, heartbeats, and
dispatching each event to the session of the shard that owns it."""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Awaitable
from typing import Any

import aiohttp
from aiohttp import web

from .sharding import Shard, parse_shard
from .state import FakeState

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


class Session:
    """A gateway session: its events (for RESUME replay) and the connection it is on."""

    def __init__(self, session_id: str, intents: int, shard: Shard) -> None:
        self.id = session_id
        self.intents = intents
        self.shard = shard
        self.seq = 0
        self.events: list[dict[str, Any]] = []
        self.conn: Conn | None = None
        self.resumable = True


class Conn:
    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.lock = asyncio.Lock()
        self.session: Session | None = None
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


class GatewayLayer(FakeState):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._sessions: dict[str, Session] = {}
        self._conns: list[Conn] = []
        self._gate = asyncio.Event()
        self._gate.set()
        self._pending_dispatches: set[asyncio.Task[None]] = set()
        # shards that identified while the current bots run (wait_connected waits for them)
        self._expected_shards: set[Shard] = set()

    def _live_conns(self) -> list[Conn]:
        return [c for c in self._conns
                if c.ready and not c.ws.closed and c.session is not None]

    def _live_conn(self, shard_id: int | None = None) -> Conn | None:
        for conn in reversed(self._live_conns()):
            assert conn.session is not None
            if shard_id is None or conn.session.shard.id == shard_id:
                return conn
        return None

    def _live_session(self) -> Session | None:
        conn = self._live_conn()
        return conn.session if conn else None

    def _current_sessions(self) -> list[Session]:
        """The session of each running shard, connected or waiting to resume: for each
        shard the newest resumable one."""
        newest: dict[Shard, Session] = {}
        for session in self._sessions.values():
            if session.resumable:
                newest.pop(session.shard, None)  # keep the dict in identify order
                newest[session.shard] = session
        return list(newest.values())

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
        conn = Conn(ws)
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

    async def _gateway_op(self, conn: Conn, msg: dict[str, Any]) -> None:
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

    def _guilds_of(self, shard: Shard) -> list[int]:
        return [g for g in self.guilds if shard.owns(g)]

    async def _refuse(self, conn: Conn, code: int, reason: str, log: str) -> None:
        self.gateway_log.append(f"IDENTIFY refused: {log}")
        await conn.ws.close(code=code, message=reason.encode())

    async def _identify(self, conn: Conn, d: dict[str, Any]) -> None:
        if d.get("token") != self.token:
            await conn.ws.close(code=4004, message=b"Authentication failed.")
            return
        intents = int(d.get("intents") or 0)
        if intents & (INTENT_MEMBERS | INTENT_PRESENCES) and not self.allow_privileged_intents:
            await self._refuse(conn, 4014, "Disallowed intent(s).", "privileged intents")
            return
        shard = parse_shard(d.get("shard"))
        if shard is None:
            await self._refuse(conn, 4010, "Invalid shard.", f"invalid shard {d.get('shard')}")
            return
        guild_ids = self._guilds_of(shard)
        if len(guild_ids) > self.max_guilds_per_session:
            await self._refuse(conn, 4011, "Sharding required.",
                               f"sharding required ({len(guild_ids)} guilds on shard {shard})")
            return
        self.session_starts += 1
        session = Session(secrets.token_hex(16), intents, shard)
        self._sessions[session.id] = session
        self._expected_shards.add(shard)
        conn.session = session
        session.conn = conn
        self.gateway_log.append("IDENTIFY" if shard == Shard() else f"IDENTIFY shard {shard}")
        me = self.bot_user.payload() | {"verified": True, "mfa_enabled": False, "flags": 0,
                                        "bot": True}
        ready: dict[str, Any] = {
            "v": 10,
            "user": me,
            "guilds": [{"id": str(g), "unavailable": True} for g in guild_ids],
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
        }
        if d.get("shard") is not None:
            ready["shard"] = [shard.id, shard.count]
        await self._dispatch_to(session, "READY", ready)
        conn.ready = True
        for guild_id in guild_ids:
            await self._dispatch_to(session, "GUILD_CREATE", self.guilds[guild_id].payload())

    async def _resume(self, conn: Conn, d: dict[str, Any]) -> None:
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

    async def _dispatch_to(self, session: Session, event: str, data: dict[str, Any]) -> None:
        session.seq += 1
        payload = {"op": OP_DISPATCH, "t": event, "s": session.seq, "d": data}
        session.events.append(payload)
        conn = session.conn
        if conn is not None:
            await conn.send(payload)

    def _session_for(self, guild_id: int | None) -> Session | None:
        """The session that gets this guild's events (None: a DM, shard 0)."""
        for session in reversed(self._current_sessions()):
            if session.shard.owns(guild_id):
                return session
        return None

    async def _dispatch(self, event: str, data: dict[str, Any], *, guild_id: int | None,
                        intent: int = 0) -> None:
        if not self._bots:
            return
        session = self._session_for(guild_id)
        if session is None:
            return
        if intent and not session.intents & intent:
            return
        await self._dispatch_to(session, event, data)
