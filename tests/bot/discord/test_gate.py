"""The pause of a channel that refused the bot: it doubles with every refusal after a
pause ran out, up to half an hour, and ends with the first request the channel takes."""

from __future__ import annotations

from bot.discord.presenter.gate import FIRST_PAUSE, LONGEST_PAUSE, ChannelGate


class Clock:
    def __init__(self) -> None:
        self.time = 1000.0

    def now(self) -> float:
        return self.time


def test_refusals_pause_a_channel_longer_each_time_until_it_takes_a_request() -> None:
    clock = Clock()
    gate = ChannelGate(clock)
    assert not gate.closed(7)
    gate.refused(7)
    gate.refused(7)  # a request sent before the pause began: no longer pause
    assert gate.closed(7) and not gate.closed(8)
    clock.time += FIRST_PAUSE
    assert not gate.closed(7)
    pauses = []
    for _ in range(8):
        gate.refused(7)
        start = clock.time
        while gate.closed(7):
            clock.time += 1
        pauses.append(clock.time - start)
    assert pauses[:3] == [2 * FIRST_PAUSE, 4 * FIRST_PAUSE, 8 * FIRST_PAUSE]
    assert max(pauses) == pauses[-1] == LONGEST_PAUSE
    gate.passed(7)
    gate.refused(7)
    clock.time += FIRST_PAUSE
    assert not gate.closed(7)  # back to the first pause
