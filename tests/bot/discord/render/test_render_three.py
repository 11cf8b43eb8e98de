"""The renderers at a 3-player table: three seats, no teams, three scores, within Discord's
limits in every language."""

from __future__ import annotations

import random
from typing import Any

import pytest

import bot.i18n
from bot.app.errors import TableError
from bot.app.table import Seat, Table
from bot.discord import render
from bot.discord.game.errors import error_text
from goita_core.match import Match
from goita_core.rules import RuleSet
from tests.bot.discord.render.test_render import LONG, check

LANGS = ["en", "ja", "es", "de", "fr", "ru"]


@pytest.fixture(autouse=True)
def strict_catalog() -> Any:
    bot.i18n.STRICT = True
    yield
    bot.i18n.STRICT = False


def three_table(target: int = 150) -> Table:
    table = Table(id=2**53, guild_id=1, channel_id=2, host_id=10,
                  rules=RuleSet(players=3, target=target), created_at=0.0)
    table.seats = [
        Seat("human", LONG, user_id=10, away=True),
        Seat("cpu", LONG, level="normal", former_user_id=11, former_name=LONG),
        Seat("human", "carol", user_id=12),
    ]
    table.version = 10**9
    return table


def play_out(table: Table, seed: int, lang: str) -> Match:
    match = Match(table.rules, seed=seed)
    table.match, table.status = match, "playing"
    rng = random.Random(seed)
    while not match.over:
        check(render.render_board(table, lang, 60))
        if match.round.over:
            match.next_round()
            continue
        seat = match.round.to_act()[0]
        check(render.render_hand(table, seat, lang))
        match.apply(seat, rng.choice(match.round.legal_actions(seat)))
    return match


@pytest.mark.parametrize("lang", LANGS)
def test_a_3_player_match_renders_for_three_in_every_language(lang: str) -> None:
    table = three_table()
    lobby = render.render_lobby(table, lang, 10)
    check(lobby)
    swaps = [o.value for item in lobby.items for o in getattr(item, "options", [])
             if "-" in o.value]
    assert swaps == ["0-1", "0-2", "1-2"]
    table.add_line("log.round_won", seat=2, name="carol", team=2, points=40, doubled=True,
                   last="飛", special=None)
    table.add_line("log.lead_again", seat=1, name=LONG)
    table.add_line("log.match_won", team=2, scores=[10, 20, 150])
    match = play_out(table, 3, lang)
    table.status = "finished"
    end = render.render_match_end(table, lang)
    check(end)
    text = str(end.embed.to_dict())
    assert "carol" in text and str(max(match.scores)) in text
    assert bot.i18n.t("team.0", lang) not in text
    table.status, table.stopped_early = "cancelled", True
    check(render.render_closed(table, "stopped", lang))


def test_the_board_names_players_not_teams() -> None:
    table = three_table(target=50)
    table.seats[1] = Seat("human", "bob", user_id=11)
    table.add_line("log.round_won", seat=2, name="carol", team=2, points=40, doubled=False,
                   last="飛", special=None)
    table.add_line("log.lead_again", seat=1, name="bob")
    table.add_line("log.match_won", team=2, scores=[10, 20, 50])
    match = Match(table.rules, seed=1)
    table.match, table.status = match, "playing"
    text = str(render.render_board(table, "en", 60).embed.to_dict())
    scores = " · ".join(f"{n} **{s}**" for n, s in zip(["\\\\*\\\\_" * 16, "bob", "carol"],
                                                         match.scores, strict=True))
    assert f"{scores} · first to 50" in text
    assert "carol went out with 飛 Hisha: +40" in text
    assert "Two passes: bob leads again" in text
    assert "carol wins the match" in text
    assert "10 left" in text and "Team" not in text
    hand = render.render_hand(table, 2, "en").embed.title
    assert hand == "Your hand"


def test_a_full_3_player_table_says_three_seats() -> None:
    assert error_text(TableError("table_full", players=3), "en") == "All three seats are taken."
    assert error_text(TableError("table_full", players=4), "en") == "All four seats are taken."
    assert error_text(TableError("table_full", players=3), "de") == \
        "Alle drei Plätze sind besetzt."
