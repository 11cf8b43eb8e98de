"""Channels that refused the bot (403: a permission taken away from it there): their board
and turn pings wait out a pause, doubling up to half an hour, instead of being tried at
every change. Discord restricts a bot, all of it and in every server, once it makes 10,000
requests answered 401, 403 or 429 within 10 minutes; a busy table in such a channel would
otherwise make one or two each second."""

from __future__ import annotations

from bot.app.ports import Clock

#: the first pause after a refusal, and the longest one (seconds)
FIRST_PAUSE = 60.0
LONGEST_PAUSE = 30 * 60.0


class ChannelGate:
    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        #: channel id -> (closed until, the pause that set it)
        self._closed: dict[int, tuple[float, float]] = {}

    def refused(self, channel_id: int) -> None:
        """The channel answered 403: pause it, twice as long as the last time (a refusal
        while the pause runs, of a request sent before it began, changes nothing)."""
        if self.closed(channel_id):
            return
        last = self._closed.get(channel_id)
        pause = FIRST_PAUSE if last is None else min(last[1] * 2, LONGEST_PAUSE)
        self._closed[channel_id] = (self.clock.now() + pause, pause)

    def passed(self, channel_id: int) -> None:
        """The channel took a request: no pause."""
        self._closed.pop(channel_id, None)

    def refusing(self, channel_id: int) -> bool:
        """Whether the channel refused the bot's last request there (paused or not)."""
        return channel_id in self._closed

    def closed(self, channel_id: int) -> bool:
        """Whether to skip the channel for now (it refused, and its pause runs)."""
        entry = self._closed.get(channel_id)
        return entry is not None and self.clock.now() < entry[0]
