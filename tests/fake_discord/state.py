"""What one fake Discord knows and remembers: its world, its settings, its logs, and the
rules the bot broke.

``FakeDiscord`` is built in layers, one module each, each using only the layers below:
state -> gateway -> faults -> waiting -> world -> ratelimits -> rest -> store ->
routes_app -> routes_channels -> routes_interactions -> slash -> acting -> server.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

import yarl

from .attachments import FILE_SIZE_MAX, REQUEST_SIZE_MAX, FakeAttachment, Upload
from .clock import FakeClock, Snowflakes
from .users import FakeUser

if TYPE_CHECKING:
    from .guilds import FakeChannel, FakeGuild
    from .interactions import FakeInteraction
    from .messages import FakeMessage
    from .rest import Req
    from .server import FakeDiscord

Handler = Callable[["Req"], Awaitable[tuple[int, Any]]]

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
    #: the files the request uploaded (multipart ``files[n]`` parts), in order
    files: list[Upload] = field(default_factory=list)

    @property
    def key(self) -> str:
        return f"{self.method} {self.route}"


#: seconds a message create's nonce is remembered (Discord says "the past few minutes")
NONCE_WINDOW = 120.0


class FakeState:
    """The world, the settings a test may change, and what the fake saw."""

    def __init__(self, *, token: str = "fake-token", bot_name: str = "Goita") -> None:
        self.clock = FakeClock()
        self.ids = Snowflakes(self.clock)
        self.token = token
        self.bot_user = FakeUser(cast("FakeDiscord", self), self.ids.next(), bot_name, bot=True)
        self.app_id = self.bot_user.id
        self.users: dict[int, FakeUser] = {self.bot_user.id: self.bot_user}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        # message create with ``enforce_nonce``: (channel, author, nonce) -> (message id,
        # created at on the fake clock); a repeat within ``nonce_window`` returns that message
        self._nonces: dict[tuple[int, int, str], tuple[int, float]] = {}
        self.nonce_window = NONCE_WINDOW
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
        self.attachment_size_limit = FILE_SIZE_MAX  # per file
        self.request_size_limit = REQUEST_SIZE_MAX  # all files of one request
        # sharding: GET /gateway/bot recommends ``recommended_shards`` (None: one per
        # ``guilds_per_shard`` guilds); a session with more than ``max_guilds_per_session``
        # guilds is refused with 4011
        self.recommended_shards: int | None = None
        self.guilds_per_shard = 1000
        self.max_guilds_per_session = 2500
        self.max_concurrency = 1
        self.session_start_total = 1000
        self.session_starts = 0
        self.idle_timeout = 5.0
        self.idle_quiet = 0.0
        # an unanswered interaction fails early once the bot was idle this long
        # (instead of waiting out the whole response deadline)
        self.idle_fail_grace = 0.2
        self._last_activity = 0.0
        self.busy_task_prefixes: list[str] = list(BUSY_TASK_PREFIXES)
        self._inflight = 0
        self._dms: dict[int, FakeChannel] = {}
        self._files: dict[int, FakeAttachment] = {}
        self._routes: list[tuple[str, str, re.Pattern[str], Handler]] = []
        self.port = 0
        self._bots: list[Any] = []
        self._bot_tasks: dict[int, asyncio.Task[None]] = {}
        self._saved_globals: tuple[str, yarl.URL] | None = None

    @property
    def _bot(self) -> Any:
        """The (first) running bot, or None; a test may set a stand-in for a bot process."""
        return self._bots[0] if self._bots else None

    @_bot.setter
    def _bot(self, bot: Any) -> None:
        self._bots = [] if bot is None else [bot]

    @property
    def bot(self) -> Any:
        return self._bot

    @property
    def bots(self) -> list[Any]:
        """Every running bot (several sharded clients may run at once)."""
        return list(self._bots)

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    # ------------------------------------------------------------------ checks

    def _violate(self, text: str) -> None:
        self.violations.append(text)

    def _fail(self, inter: FakeInteraction, reason: str) -> None:
        """The user saw "This interaction failed"."""
        if inter.failed is not None:
            return
        inter.failed = reason
        what = f"/{inter.command_name}" if inter.command_name else repr(
            inter.data.get("custom_id"))
        self._violate(f"interaction {what} by {inter.user.name} failed "
                      f"(\"This interaction failed\"): {reason}")
        inter.answered.set()

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

    async def wait_for(self, predicate: Callable[[], bool], timeout: float = 5.0,
                       what: str = "condition") -> None:
        end = time.monotonic() + timeout
        while not predicate():
            if time.monotonic() > end:
                raise TimeoutError(f"timed out after {timeout} s waiting for {what}")
            await asyncio.sleep(0.002)
