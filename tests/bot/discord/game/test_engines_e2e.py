"""External engines in the lobby, end to end through the fake Discord: the operator's
EXTERNAL_ENGINES appear in a lobby menu, a seated engine is shown as one and really plays
(our own engine, ``python -m goita_core.tools.engine``, as a separate process)."""

from __future__ import annotations

import random
import shlex
import sys
from collections.abc import Callable
from typing import Any

from goita_core.tools.protocol import EnginePlayer
from tests.bot.discord.kit import make_world, member, play_turn
from tests.fake_discord import FakeDiscord

OURS = shlex.join([sys.executable, "-m", "goita_core.tools.engine", "--level", "easy"])


def engine_menus(msg: Any) -> list[Any]:
    return [s for s in msg.selects if s.custom_id.startswith("goita:engine:")]


async def test_without_engines_the_lobby_has_no_engine_menu(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings)
    alice = member(world, "alice")
    await alice.run(world.chan, "goita new")
    await world.settle()
    lobby = world.board()
    assert engine_menus(lobby) == []
    assert [s.custom_id.split(":")[1] for s in lobby.selects] == ["swap"]
    assert "⚙" not in lobby.text()


async def test_an_engine_is_seated_from_the_lobby_and_plays_a_match(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    # time_ms 1000: the host waits 1.5 s before substituting a move (a slow CI machine)
    world = await make_world(fake_discord, make_settings, hard_cpu_budget_ms=1000,
                             external_engines={"ours": OURS, "zeta-bot": OURS})
    alice = member(world, "alice")
    await alice.run(world.chan, "goita new", target=50)
    await world.settle()
    lobby = world.board()
    tid = world.table().id
    [menu] = engine_menus(lobby)
    assert [(o.label, o.value) for o in menu.options] == [("⚙ ours", "ours"),
                                                          ("⚙ zeta-bot", "zeta-bot")]
    assert not menu.disabled
    await alice.select(lobby, ["ours"], custom_id=f"goita:engine:{tid}")
    await world.settle()
    table = world.table()
    seat = table.seats[1]
    assert seat is not None and (seat.kind, seat.level) == ("engine", "ours")
    assert "**2.** ⚙ ours" in lobby.text()  # seat 2 in the lobby's list
    await alice.click(lobby, "+ CPU easy")
    await alice.click(lobby, "+ CPU easy")
    await world.settle()
    [menu] = engine_menus(lobby)
    assert menu.disabled  # the table is full
    assert len(lobby.components) == 5  # every row Discord allows, none more
    await alice.click(lobby, "Start")
    await world.settle()

    rng = random.Random(3)
    engine: EnginePlayer | None = None
    for _ in range(400):
        table = world.table()
        if table.status != "playing":
            break
        if engine is None:
            player = world.service._engines.get((tid, 1))
            if isinstance(player, EnginePlayer):
                engine = player
                assert "⚙ ours" in world.board().text()  # the board names the engine seat
        if 0 in table.to_act():
            await play_turn(world, alice, rng)
        else:
            await world.settle()
    await world.settle()
    table = world.table()
    assert table.status == "finished"
    assert table.match is not None and max(table.match.scores) >= 50
    engine_moves = [e for e in await world.service.store.entries(tid)
                    if e.kind == "act" and e.seat == 1]
    assert engine_moves, "the engine seat never moved"
    # every move came from the engine process itself: no substituted move, and it
    # introduced itself as our engine
    assert engine is not None and engine.incidents == 0
    assert engine.host.name == "goita-discord easy"
    assert world.service._engines == {}  # its process was stopped with the table
    assert "⚙ ours" in world.board().text()  # the match summary names it too
