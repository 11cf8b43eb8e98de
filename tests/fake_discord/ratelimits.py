"""Rate limits: per-route buckets with X-RateLimit headers, and injected 429s."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from .errors import ScenarioError
from .world import WorldLayer


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


class RateLimitLayer(WorldLayer):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._rate_rules: dict[str, _RateRule] = {}
        self._forced: dict[str, _Forced429] = {}

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
