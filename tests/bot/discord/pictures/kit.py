"""Helpers for the picture scenarios: which scene each uploaded PNG was drawn from, the
board's requests as the fake logged them, and a match played on the fake clock so that
every step is presented before the next one (the board edits are then the same in every
run, pictures or not)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.discord.presenter import pictures
from bot.pictures import BoardScene, HandScene
from goita_core.actions import Play
from goita_core.match import Match
from tests.bot.discord.kit import World, action_buttons, bid, member
from tests.fake_discord import FakeMessage, FakeUser
from tests.fake_discord.state import RestCall

SEED = 20261203
BOARD_ROUTES = ("POST /channels/{channel_id}/messages",
                "PATCH /channels/{channel_id}/messages/{message_id}")
#: a hand is edited through its interaction's webhook: the answer itself, or by message id
HAND_ROUTES = ("PATCH /webhooks/{application_id}/{token}/messages/@original",
               "PATCH /webhooks/{application_id}/{token}/messages/{message_id}")
MANAGE_GUILD = 1 << 5
#: seconds between two computer steps, on the fake clock (see play_stepwise)
STEP = 30.0


@dataclass
class Drawn:
    """Every picture the bot drew: PNG bytes -> the scenes drawn to them."""

    boards: dict[bytes, list[BoardScene]] = field(default_factory=dict)
    hands: dict[bytes, list[HandScene]] = field(default_factory=dict)


def record_drawings(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    """Record the scene of every picture the presenter draws (its renderers wrapped)."""
    drawn = Drawn()
    board = getattr(pictures, "render_board")  # noqa: B009 - the module's own reference
    hand = getattr(pictures, "draw_hand")  # noqa: B009

    def wrap(real: Callable[[Any], bytes], into: dict[bytes, list[Any]],
             ) -> Callable[[Any], bytes]:
        def draw(scene: Any) -> bytes:
            png = real(scene)
            into.setdefault(png, []).append(scene)
            return png
        return draw

    monkeypatch.setattr(pictures, "render_board", wrap(board, drawn.boards))
    monkeypatch.setattr(pictures, "draw_hand", wrap(hand, drawn.hands))
    return drawn


def channel_writes(world: World) -> list[RestCall]:
    """Every message the bot posted or edited in the world's channel, in order."""
    prefix = f"/channels/{world.chan.id}/messages"
    return [c for c in world.fake.rest_log
            if c.key in BOARD_ROUTES and c.path.startswith(prefix) and c.status == 200]


def board_writes(world: World) -> list[RestCall]:
    """The posts and edits of the running match's board (its embed titled with a round)."""
    return [c for c in channel_writes(world)
            if isinstance(c.body, dict) and c.body.get("embeds")
            and "round" in str(c.body["embeds"][0].get("title", ""))]


def image_link(call: RestCall) -> str | None:
    embeds = call.body.get("embeds") if isinstance(call.body, dict) else None
    image = embeds[0].get("image") if embeds else None
    return image.get("url") if isinstance(image, dict) else None


def admin(world: World, name: str) -> FakeUser:
    user = member(world, name)
    world.guild.give_role(user, world.guild.add_role("Admins", MANAGE_GUILD))
    return user


async def set_flags(world: World, user: FakeUser, flags: list[str]) -> None:
    """``user`` turns on exactly ``flags`` of the server's yes/no settings."""
    shown = (await user.run(world.chan, "goita settings")).reply
    await user.select(shown, flags, placeholder="House rule and board options")
    await world.settle()


async def open_match(world: World, host: FakeUser, *cpus: str, players: int = 4,
                     target: int = 150) -> None:
    world.service.seed_source = lambda: SEED
    options: dict[str, Any] = {"target": target}
    if players != 4:
        options["players"] = players
    await host.run(world.chan, "goita new", **options)
    await world.settle()
    lobby = world.board()
    for level in cpus:
        await host.click(lobby, custom_id=f"goita:cpu:{world.table().id}:0:{level}")
    await host.click(lobby, "Start")
    await world.settle()


async def take_turn(world: World, user: FakeUser, rng: random.Random) -> FakeMessage:
    """``user`` opens their hand and clicks a random legal move; returns the hand."""
    opened = await user.click(world.board(), custom_id=f"goita:hand:{world.table().id}:0:-")
    hand = opened.reply
    await world.settle()
    choice = rng.choice(action_buttons(hand))
    await user.click(hand, custom_id=choice.custom_id)
    await world.settle()
    if bid(choice.custom_id).action == "pick":
        seconds = [b for b in action_buttons(hand) if bid(b.custom_id).action == "play"]
        await user.click(hand, custom_id=rng.choice(seconds).custom_id)
        await world.settle()
    return hand


async def play_stepwise(world: World, user: FakeUser, rng: random.Random,
                        limit: int = 2000) -> list[FakeMessage]:
    """``user`` plays their turns, the computers one step per ``STEP`` seconds pushed on
    the fake clock (their delay: they never move by themselves meanwhile), until the
    match ends; returns every hand message ``user`` opened."""
    hands: list[FakeMessage] = []
    for _ in range(limit):
        table = world.table()
        if table.status != "playing":
            return hands
        seat = table.seat_of(user.id)
        if seat is not None and seat in table.to_act():
            hands.append(await take_turn(world, user, rng))
        else:
            await world.advance(STEP)
    raise AssertionError("the match did not end")


def true_columns(match: Match, round_no: int) -> list[list[tuple[int, bool, int]]]:
    """Per seat, every play of round ``round_no``: (defence, laid face down, attack). From
    the engine's record, independent of the pictures."""
    rnd = match.rounds[round_no - 1]
    columns: list[list[tuple[int, bool, int]]] = [[] for _ in range(match.rules.players)]
    for seat, action, lead in rnd.history:
        if isinstance(action, Play):
            columns[seat].append((int(action.first), lead, int(action.second)))
    return columns


def check_public(scene: BoardScene, match: Match) -> None:
    """A board picture shows exactly the pieces laid so far, every face-down one as its
    back, until the round is over; only a picture of the whole round (every play made)
    turns them over."""
    truth = true_columns(match, scene.round_no)
    for seat, shown in enumerate(scene.seats):
        real = truth[seat][:len(shown.plays)]
        drawn = [(d.kind, d.revealed, a.kind) for d, a in shown.plays]
        expected: list[tuple[int | None, bool, int]]
        if scene.over:
            assert len(shown.plays) == len(truth[seat]), (scene.round_no, seat)
            expected = [(first, down, second) for first, down, second in real]
        else:
            expected = [(None if down else first, False, second) for first, down, second in real]
        assert drawn == expected, (scene.round_no, scene.over, seat, drawn, truth[seat])
