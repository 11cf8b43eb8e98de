"""Every button and menu the table's messages carry is routed by exactly one family, so no
button is dead and no click goes to the wrong handler."""

from __future__ import annotations

import re
from typing import Any

from bot.discord.game.buttons import ITEMS, HandButton, LobbyButton, MoveButton, StopButton
from bot.discord.render.components import ACTIONS, MENU_KINDS, ButtonId, MenuId
from bot.discord.stats.buttons import ITEMS as STATS_ITEMS
from bot.discord.stats.ids import (
    download_button,
    history_button,
    leaderboard_button,
    replay_button,
)


def routes(custom_id: str, families: tuple[Any, ...]) -> list[str]:
    """The families whose template matches ``custom_id`` (as discord.py matches them)."""
    return [f.__name__ for f in families
            if re.fullmatch(f.__discord_ui_compiled_template__, custom_id)]


def test_each_table_button_and_menu_has_exactly_one_family() -> None:
    expected = {"hand": HandButton, "stop": StopButton, "pick": MoveButton,
                "play": MoveButton, "back": MoveButton, "goshi": MoveButton}
    for action in ACTIONS:
        custom_id = ButtonId(action, 2**53, 10**9, "52").encode()
        assert routes(custom_id, ITEMS + STATS_ITEMS) == [
            expected.get(action, LobbyButton).__name__], action
    for kind in MENU_KINDS:
        assert routes(MenuId(kind, 7).encode(), ITEMS + STATS_ITEMS) == ["LobbyMenu"]


def test_each_stats_button_has_exactly_one_family() -> None:
    drawn = [leaderboard_button(1, "wins", 3, "x"), history_button(2, 0, "x"),
             download_button(3, "yaml", "x"), replay_button(4, 17, "o", "x")]
    found = [routes(b.custom_id or "", ITEMS + STATS_ITEMS) for b in drawn]
    assert found == [["LeaderboardButton"], ["HistoryButton"], ["DownloadButton"],
                     ["ReplayButton"]]


def test_a_malformed_id_matches_no_family() -> None:
    for bad in ("goita:fly:1:0:-", "goita:play:1:0:", "goita:swap:x", "gstats:dl:1:pdf"):
        assert routes(bad, ITEMS + STATS_ITEMS) == [], bad
    assert ButtonId.parse("goita:fly:1:0:-") is None and MenuId.parse("goita:swap:") is None
