"""Every learning button is routed by exactly one family (of all the bot's families)."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.game.buttons import ITEMS as GAME_ITEMS
from bot.discord.learn.buttons import ITEMS
from bot.discord.learn.ids import review_open_button, review_page_button, tutorial_button
from bot.discord.render.components import hint_button, review_table_button
from bot.discord.stats.buttons import ITEMS as STATS_ITEMS

ALL = GAME_ITEMS + STATS_ITEMS + ITEMS


def routes(custom_id: str) -> list[str]:
    return [f.__name__ for f in ALL
            if re.fullmatch(f.__discord_ui_compiled_template__, custom_id)]


def test_each_learning_button_has_exactly_one_family() -> None:
    drawn: list[tuple[discord.ui.Button[Any], str]] = [
        (hint_button(2**53, 10**9, "x"), "HintButton"),
        (review_table_button(7, 1_700_000_000.123, "x"), "ReviewTableButton"),
        (review_open_button(2**62, "x"), "ReviewOpenButton"),
        (review_page_button(5, 3, 40, "n", "x"), "ReviewPageButton"),
    ]
    for action, arg in (("pick", "7"), ("back", "-"), ("play", "p"), ("play", "52"),
                        ("goshi", "1"), ("go", "-"), ("again", "-")):
        drawn.append((tutorial_button(2**60, (1, 12), action, "x", arg=arg), "PracticeButton"))
    for button, family in drawn:
        assert len(button.custom_id or "") <= 100
        assert routes(button.custom_id or "") == [family], button.custom_id


def test_a_malformed_learning_id_matches_no_family() -> None:
    for bad in ("glearn:hint:1", "glearn:t:1:0.0:fly:-", "glearn:rv:1:x:0:p", "glearn:ro:"):
        assert routes(bad) == [], bad
