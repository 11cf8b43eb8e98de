"""Gateway faults a test provokes: dropped sockets, outages, RECONNECT, INVALID_SESSION."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from .errors import ScenarioError
from .gateway import OP_INVALID_SESSION, OP_RECONNECT, Conn, GatewayLayer


class FaultsLayer(GatewayLayer):
    async def drop_connection(self, code: int = 4000, *, shard_id: int | None = None) -> None:
        """Close the gateway websocket(s) from the server side (resumable): every
        connection, or only that shard's."""
        for conn in list(self._conns):
            if shard_id is not None and (conn.session is None
                                         or conn.session.shard.id != shard_id):
                continue
            conn.ready = False
            await conn.ws.close(code=code)
        self.gateway_log.append(f"DROP {code}" if shard_id is None
                                else f"DROP {code} shard {shard_id}")

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

    def _conn_of(self, shard_id: int | None) -> Conn:
        conn = self._live_conn(shard_id)
        if conn is None:
            raise ScenarioError("no live gateway connection"
                                + ("" if shard_id is None else f" for shard {shard_id}"))
        return conn

    async def send_reconnect(self, *, shard_id: int | None = None) -> None:
        """Send op 7 RECONNECT (to the newest connection, or that shard's); the bot closes
        and RESUMEs."""
        conn = self._conn_of(shard_id)
        conn.ready = False
        await conn.send({"op": OP_RECONNECT, "d": None})
        self.gateway_log.append("RECONNECT")

    async def invalidate_session(self, *, resumable: bool = False,
                                 shard_id: int | None = None) -> None:
        """Send op 9 INVALID_SESSION; with ``resumable=False`` the bot must IDENTIFY again."""
        conn = self._conn_of(shard_id)
        if conn.session is not None and not resumable:
            conn.session.resumable = False
        conn.ready = False
        await conn.send({"op": OP_INVALID_SESSION, "d": resumable})
        self.gateway_log.append(f"INVALID_SESSION {resumable}")

    def _all_connected(self) -> bool:
        live = {c.session.shard for c in self._live_conns() if c.session is not None}
        return bool(live) and self._expected_shards <= live

    async def wait_connected(self, timeout: float = 5.0) -> None:
        """Wait until the bot has a READY/RESUMED gateway session again, on every shard
        that had identified."""
        await self.wait_for(self._all_connected, timeout=timeout,
                            what="a live gateway session on every shard")
