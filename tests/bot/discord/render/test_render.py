"""Renderers with worst-case states stay within Discord's limits in both languages, and
the hand offers exactly the legal moves."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any

import discord
import pytest

import bot.i18n
from bot.app.table import Seat, Table
from bot.discord import render
from bot.discord.render.components import HINT_TEMPLATE, ButtonId, MenuId, action_from_arg
from goita_core.actions import PASS, Play
from goita_core.match import Match
from goita_core.pieces import Kind
from goita_core.rules import RuleSet
from tests.fake_discord.limits import validate_message

# 32 characters that markdown escaping doubles: the longest a name can get on a board.
LONG = "*_" * 16


@dataclass
class HandButton:
    bid: ButtonId  # what a click on it says
    item: discord.ui.Button[Any]


def hand_buttons(rendered: render.Rendered) -> list[HandButton]:
    """A hand's items (all buttons: a hand has no select menu), with their ids decoded;
    the private Hint (it changes nothing at the table) is left out."""
    out = []
    for item in rendered.items:
        assert isinstance(item, discord.ui.Button)
        if is_hint(item):
            continue
        bid = ButtonId.parse(item.custom_id)
        assert bid is not None, item.custom_id
        out.append(HandButton(bid, item))
    return out


def is_hint(item: discord.ui.Item[Any]) -> bool:
    return isinstance(item, discord.ui.Button) and \
        re.fullmatch(HINT_TEMPLATE, item.custom_id or "") is not None


def menu_kind(item: discord.ui.Item[Any]) -> str | None:
    """The kind of a lobby menu (None for a button)."""
    if not isinstance(item, discord.ui.Select):
        return None
    menu = MenuId.parse(item.custom_id)
    assert menu is not None, item.custom_id
    return menu.kind


@pytest.fixture(autouse=True)
def strict_catalog() -> Any:
    bot.i18n.STRICT = True
    yield
    bot.i18n.STRICT = False


def worst_table(target: int = 150) -> Table:
    table = Table(id=2**53, guild_id=1, channel_id=2, host_id=10,
                  rules=RuleSet(target=target, double_any_seventh=True), created_at=0.0)
    table.seats = [
        Seat("human", LONG, user_id=10, away=True),
        Seat("cpu", LONG, level="normal", former_user_id=11, former_name=LONG),
        Seat("human", LONG, user_id=12, away=True),
        Seat("cpu", LONG, level="hard", former_user_id=13, former_name=LONG),
    ]
    table.version = 10**9
    return table


def check(rendered: render.Rendered) -> None:
    view = rendered.view()
    payload: dict[str, Any] = {"content": rendered.content,
                               "embeds": [rendered.embed.to_dict()],
                               "components": view.to_components() if view else []}
    validate_message(payload, has_files=False, editing=False)


def fill_recent(table: Table) -> None:
    for seat in range(4):
        table.add_line("log.blocked", seat=seat, name=LONG, block="王", attack="飛")
        table.add_line("log.round_won", seat=seat, name=LONG, team=seat % 2, points=100,
                       doubled=True, last="王", special=None)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_state_of_random_matches_renders_within_limits(lang: str) -> None:
    for seed in range(3):
        table = worst_table()
        fill_recent(table)
        check(render.render_lobby(table, lang, 10))
        match = Match(table.rules, seed=seed)
        table.match = match
        table.status = "playing"
        rng = random.Random(seed)
        while not match.over:
            if match.round.over:
                check(render.render_board(table, lang, 60))
                match.next_round()
                continue
            check(render.render_board(table, lang, 60))
            seat = match.round.to_act()[0]
            check(render.render_hand(table, (seat + 1) % 4, lang))
            for item in hand_buttons(render.render_hand(table, seat, lang)):
                if item.bid.action == "pick":
                    check(render.render_hand(table, seat, lang, first=Kind(int(item.bid.arg))))
            match.apply(seat, rng.choice(match.round.legal_actions(seat)))
        table.status = "finished"
        check(render.render_match_end(table, lang))
        table.status, table.stopped_early = "cancelled", True
        check(render.render_closed(table, "stopped", lang))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_long_match_summary_is_trimmed_to_fit(lang: str) -> None:
    table = worst_table(target=1000)
    for seed in range(100):
        match = Match(table.rules, seed=seed)
        rng = random.Random(seed)
        while not match.over:
            if match.round.over:
                match.next_round()
                continue
            seat = match.round.to_act()[0]
            match.apply(seat, rng.choice(match.round.legal_actions(seat)))
        if match.round_no > 20:
            break
    assert match.round_no > 20
    table.match, table.status = match, "finished"
    rendered = render.render_match_end(table, lang)
    check(rendered)
    text = str(rendered.embed.to_dict())
    assert f"{match.round_no}. " in text  # the last round is always listed
    assert "…" in text  # earlier ones are summarised


def test_the_hand_offers_exactly_the_legal_moves_in_two_clicks() -> None:
    seen_disabled_ou = False
    for seed in range(30):
        table = worst_table()
        match = Match(table.rules, seed=seed)
        table.match, table.status = match, "playing"
        rng = random.Random(seed)
        while not match.round.over:
            seat = match.round.to_act()[0]
            legal = set(match.round.legal_actions(seat))
            offered: set[Any] = set()
            first_step = render.render_hand(table, seat, "en")
            assert sum(map(is_hint, first_step.items)) == 1  # a Hint on the player's turn
            for item in hand_buttons(first_step):
                if item.bid.action == "play":
                    offered.add(action_from_arg(item.bid.arg))
                    continue
                assert item.bid.action == "pick"
                second_step = render.render_hand(table, seat, "en", first=Kind(int(item.bid.arg)))
                for second in hand_buttons(second_step):
                    if second.bid.action == "back":
                        continue
                    action = action_from_arg(second.bid.arg)
                    if second.item.disabled:
                        assert isinstance(action, Play) and action.second == Kind.OU
                        assert action not in legal
                        seen_disabled_ou = True
                    else:
                        offered.add(action)
            assert offered == legal, (legal - offered, offered - legal)
            assert (PASS in offered) == (PASS in legal)
            # nobody else gets buttons
            for other in range(4):
                if other != seat and match.round.phase == "play":
                    assert not render.render_hand(table, other, "en").items
            match.apply(seat, rng.choice(sorted(legal, key=repr)))
    assert seen_disabled_ou


def test_the_public_board_never_shows_a_face_down_piece_before_the_round_ends() -> None:
    for seed in range(20):
        table = worst_table()
        match = Match(table.rules, seed=seed)
        table.match, table.status = match, "playing"
        rng = random.Random(seed)
        while not match.round.over:
            seat = match.round.to_act()[0]
            match.apply(seat, rng.choice(match.round.legal_actions(seat)))
            view = render.public_view(match)
            downs = sum(1 for s, a, lead in match.round.history if lead and not a.is_pass)
            if match.round.over:
                assert all(p.kind is not None for ps in view.played for p in ps)
                continue
            hidden = sum(1 for ps in view.played for p in ps if p.kind is None)
            assert hidden == downs
            board = str(render.render_board(table, "en", 60).embed.to_dict())
            assert board.count(render.FACE_DOWN) == downs


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_engine_seats_and_many_engines_fit_the_lobby_and_board(lang: str) -> None:
    # engine names are 1-32 of [A-Za-z0-9_-]; "_" is escaped on embeds (twice as long)
    engines = [f"{i:02d}" + "_" * 30 for i in range(30)]
    table = worst_table()
    table.seats[1] = Seat("engine", engines[0], level=engines[0])
    table.seats[3] = None
    lobby = render.render_lobby(table, lang, 10, engines)
    check(lobby)
    menu = lobby.items[-1]
    assert isinstance(menu, discord.ui.Select) and menu_kind(menu) == "engine"
    assert len(menu.options) == 25 and not menu.disabled
    assert menu.options[0].label == "⚙ " + engines[0]
    assert "**2.** ⚙ 00\\_\\_" in (lobby.embed.description or "")  # escaped markdown
    table.seats[3] = Seat("engine", engines[29], level=engines[29])
    full = render.render_lobby(table, lang, 10, engines)
    check(full)
    assert menu_kind(full.items[-1]) == "engine"
    assert full.items[-1].disabled  # full table: nothing more to seat
    assert not any(menu_kind(i) == "engine" for i in render.render_lobby(table, lang, 10).items)
    table.match, table.status = Match(table.rules, seed=1), "playing"
    board = render.render_board(table, lang, 60)
    check(board)
    assert str(board.embed.to_dict()).count("⚙ ") >= 2
