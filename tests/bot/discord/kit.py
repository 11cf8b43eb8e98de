"""Helpers for the game's end-to-end scenarios through the fake Discord."""

from __future__ import annotations

import asyncio
import dataclasses
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.app.table import Table
from bot.app.tables import TableService
from bot.client import GoitaBot, create_bot
from bot.discord.presenter import DiscordPresenter
from bot.discord.render.components import ButtonId
from bot.discord.services import services_of
from goita_core.actions import Play
from goita_core.pieces import KANJI, Kind, parse_pieces
from tests.fake_discord import FakeChannel, FakeDiscord, FakeGuild, FakeMessage, FakeUser
from tests.fake_discord.interactions import MESSAGE_COMPONENT, FakeInteraction

BUSY_PREFIXES = ("goita-board-", "goita-hand", "goita-ping", "goita-unping", "goita-warn")

FAST = {
    "cpu_move_delay_seconds": 0.0,
    "round_pause_seconds": 0.0,
    "turn_timeout_seconds": 60.0,
    "turn_warning_seconds": 15.0,
    "hard_cpu_budget_ms": 10,
}


class FakeClockAdapter:
    """The bot's Clock on the fake's clock, so advancing the fake moves the table timers."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake

    def now(self) -> float:
        return self.fake.clock.time()


@dataclass
class World:
    fake: FakeDiscord
    guild: FakeGuild
    chan: FakeChannel
    bot: GoitaBot

    @property
    def service(self) -> TableService:
        return services_of(self.bot).tables

    @property
    def presenter(self) -> DiscordPresenter:
        return services_of(self.bot).presenter

    def table(self) -> Table:
        tables = [t for t in self.service._tables.values() if t.channel_id == self.chan.id]
        assert tables, "no table in the channel"
        return max(tables, key=lambda t: t.id)

    def board(self) -> FakeMessage:
        table = self.table()
        assert table.board_message_id is not None
        msg = self.fake.messages[table.board_message_id]
        return msg

    async def settle(self) -> None:
        """Let the table's timers run (CPU moves) and every Discord update land: until
        nothing is due and two rounds in a row changed nothing."""
        stable, last = 0, None
        while stable < 2:
            await self.service.tick()
            await self.presenter.flush()
            await self.fake.wait_idle()
            due = self.service.next_deadline()
            busy = (due is not None and due <= self.fake.clock.time()) or any(
                lock.locked() for lock in self.service._locks.values())
            tables = self.service._tables.values()
            state = tuple(sorted((t.id, t.version, t.status) for t in tables))
            stable = 0 if busy or state != last else stable + 1
            last = state
            if busy:
                await asyncio.sleep(0.005)

    async def advance(self, seconds: float) -> None:
        await self.fake.clock.advance(seconds)
        await self.settle()


async def make_world(fake: FakeDiscord, make_settings: Callable[..., Any], *,
                     guild_locale: str = "en-US", **settings: Any) -> World:
    guild = fake.add_guild("Noto", locale=guild_locale)
    chan = guild.add_text_channel("goita")
    bot = create_bot(make_settings(**{**FAST, **settings}), clock=FakeClockAdapter(fake),
                     guild_ready_timeout=0.05)
    fake.busy_task_prefixes = [*fake.busy_task_prefixes, *BUSY_PREFIXES]
    await fake.start_bot(bot)
    return World(fake, guild, chan, bot)


def member(world: World, name: str, locale: str = "en-US") -> FakeUser:
    return world.guild.add_member(world.fake.add_user(name, locale=locale))


def bid(custom_id: str) -> ButtonId:
    parsed = ButtonId.parse(custom_id)
    assert parsed is not None, custom_id
    return parsed


def action_buttons(msg: FakeMessage) -> list[Any]:
    """The enabled buttons that act at the table (not the private Hint)."""
    return [b for b in msg.buttons
            if not b.disabled and not (b.custom_id or "").startswith("glearn:")]


async def play_turn(world: World, user: FakeUser, rng: random.Random) -> None:
    """``user`` opens their hand and makes a random legal move by clicking."""
    result = await user.click(world.board(), custom_id=f"goita:hand:{world.table().id}:0:-")
    hand = result.reply
    buttons = action_buttons(hand)
    assert buttons, hand.text()
    choice = rng.choice(buttons)
    parsed = bid(choice.custom_id)
    await user.click(hand, custom_id=choice.custom_id)
    if parsed.action == "pick":
        seconds = [b for b in action_buttons(hand) if bid(b.custom_id).action == "play"]
        assert seconds, hand.text()
        await user.click(hand, custom_id=rng.choice(seconds).custom_id)
    await world.settle()


async def crafted(world: World, user: FakeUser, message: FakeMessage, custom_id: str,
                  values: list[str] | None = None) -> FakeInteraction:
    """``user``'s client sends a click with ``custom_id`` as if it were on ``message``: the
    bot receives the message carrying that component (the app must not rely on Discord's
    check of custom ids against the message)."""
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
    component: dict[str, Any] = {"type": 2, "style": 2, "label": "x", "custom_id": custom_id}
    if values is not None:
        data = {"custom_id": custom_id, "component_type": 3, "values": values}
        component = {"type": 3, "custom_id": custom_id,
                     "options": [{"label": v[:100], "value": v} for v in values]}
    seen = dataclasses.replace(message, components=[{"type": 1, "components": [component]}])
    inter = await world.fake._interact(user, message.channel, MESSAGE_COMPONENT, data,
                                       message=seen, settle=True)
    await world.settle()
    return inter


def kanji_in(text: str) -> set[str]:
    return set(re.findall("[し香馬銀金角飛王]", text))


def rig_deal(world: World, hands_from_dealer: list[str] | None = None,
             hands_by_seat: list[str] | None = None) -> None:
    """Make the service deal the given hands in the next round only (kanji strings)."""
    used = False

    def deal(table: Table, round_no: int) -> list[list[Kind]] | None:
        nonlocal used
        if used:
            return None
        used = True
        if hands_by_seat is not None:
            return [parse_pieces(h) for h in hands_by_seat]
        assert hands_from_dealer is not None and table.match is not None
        d = table.match.dealer
        n = table.players
        out: list[list[Kind]] = [[] for _ in range(n)]
        for i, h in enumerate(hands_from_dealer):
            out[(d + i) % n] = parse_pieces(h)
        return out

    world.service.deal_source = deal


async def open_table(world: World, host: FakeUser, *others: FakeUser | str,
                     target: int = 150, players: int = 4) -> FakeMessage:
    """``host`` runs /goita new; ``others`` join (users) or are added as CPUs (levels)."""
    if players == 4:
        await host.run(world.chan, "goita new", target=target)
    else:
        await host.run(world.chan, "goita new", target=target, players=players)
    await world.settle()
    lobby = world.board()
    tid = world.table().id
    for other in others:
        if isinstance(other, str):
            await host.click(lobby, custom_id=f"goita:cpu:{tid}:0:{other}")
        else:
            await other.click(lobby, custom_id=f"goita:join:{tid}:0:-")
    await world.settle()
    return lobby


async def play_until_over(world: World, players: dict[int, FakeUser], rng: random.Random,
                          limit: int = 600) -> int:
    """The seated humans (seat -> user) click random legal moves, CPUs move between, until
    the match ends; returns how many turns the humans played. Fails if it does not end."""
    turns = 0
    for _ in range(limit):
        table = world.table()
        if table.status != "playing":
            await world.settle()
            return turns
        seat = next((s for s in players if s in table.to_act()), None)
        if seat is None:
            await world.settle()
        else:
            await play_turn(world, players[seat], rng)
            turns += 1
    raise AssertionError("the match did not end")


async def start_table(world: World, host: FakeUser, *others: FakeUser | str,
                      target: int = 150, players: int = 4) -> FakeMessage:
    """:func:`open_table`, then the host clicks Start."""
    lobby = await open_table(world, host, *others, target=target, players=players)
    await host.click(lobby, "Start")
    await world.settle()
    return lobby


async def match_over(fake: FakeDiscord, make_settings: Callable[..., Any], seed: int
                     ) -> tuple[World, FakeUser, FakeUser, FakeMessage]:
    """alice and bob (seats 1 and 2) with two easy CPUs play a match to 50 points to its
    end: the world, alice, bob and the match's summary (the board with Rematch)."""
    world = await make_world(fake, make_settings)
    alice, bob = member(world, "alice"), member(world, "bob")
    await start_table(world, alice, bob, "easy", "easy", target=50)
    await play_until_over(world, {0: alice, 1: bob}, random.Random(seed))
    return world, alice, bob, world.board()


def visible_kanji(world: World, user: FakeUser) -> set[str]:
    return kanji_in("\n".join(m.text() for m in user.sees(world.chan)))


def public_kinds(table: Table) -> set[str]:
    """Kanji of every piece laid face up in the current round (ground truth from the
    engine, independent of the renderer)."""
    assert table.match is not None
    out: set[str] = set()
    for _seat, action, lead in table.match.round.history:
        if isinstance(action, Play):
            if not lead:
                out.add(KANJI[action.first])
            out.add(KANJI[action.second])
    return out


def check_hidden(world: World, users: dict[int, FakeUser], initial: dict[int, str]) -> None:
    """Nobody sees a piece kind they do not hold and that was not laid face up, while the
    round runs (the kinds are dealt so that this has teeth)."""
    table = world.table()
    assert table.match is not None
    if table.match.round.over:
        return
    shown = public_kinds(table)
    for seat, user in users.items():
        allowed = kanji_in(initial[seat]) | shown
        seen = visible_kanji(world, user)
        if not seen <= allowed:
            bad = [m.text() for m in user.sees(world.chan) if kanji_in(m.text()) - allowed]
            raise AssertionError((user.name, seen - allowed, bad))


def everything_seen(world: World, user: FakeUser) -> list[str]:
    """Every version of every message ``user`` could see in the channel (public ones and
    their own ephemerals, including edited-away versions and deleted messages)."""
    out: list[str] = []
    for msg in world.chan.messages:
        if msg.ephemeral_for not in (None, user.id):
            continue
        for version in [*msg.history, msg.snapshot()]:
            out.append(str(version))
    return out


def check_hidden_history(world: World, users: dict[int, FakeUser], initial: dict[int, str],
                         round_over_marker: str) -> None:
    """Over the whole round: every version a user saw before the round ended shows only
    their own pieces and pieces laid face up."""
    table = world.table()
    shown = public_kinds(table)
    for seat, user in users.items():
        allowed = kanji_in(initial[seat]) | shown
        for text in everything_seen(world, user):
            if round_over_marker in text:
                continue  # the round's end reveals everything
            leaked = kanji_in(text) - allowed
            assert not leaked, (user.name, leaked, text[:300])
