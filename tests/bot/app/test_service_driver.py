"""The driver task stops when asked, whatever woke it at the same moment (bot shutdown)."""

from __future__ import annotations

import asyncio

from tests.bot.app.kit import ALICE, Rig, rig

__all__ = ["rig"]


async def test_stop_driver_returns_when_a_change_woke_the_driver_just_before(rig: Rig) -> None:
    service = rig.service
    service.start_driver()
    await asyncio.sleep(0.01)  # the driver sleeps until a deadline or a wake-up
    # A change wakes the driver and the shutdown cancels it in the same loop iteration.
    # (asyncio.wait_for on Python 3.11 swallowed that cancellation: shutdown hung forever.)
    await service.create_table(1, 500, ALICE)
    stop = asyncio.create_task(service.stop_driver())
    done, _ = await asyncio.wait({stop}, timeout=5)
    assert stop in done, "stop_driver() hangs: the driver ignored its cancellation"
    await stop
    # and the driver really stopped: a later stop and a fresh start both work
    await service.stop_driver()
    service.start_driver()
    await asyncio.sleep(0.01)
    await asyncio.wait_for(service.stop_driver(), 5)
