"""Every screen of the practice table (both clicks of every move) and every page of a
review fit Discord's limits in every language, with the strict catalog (no missing key or
parameter)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import bot.i18n
from bot.app.learn.review import Decision, Review, moments
from bot.app.learn.tutorial import Screen, Tutorial
from bot.app.standings import MatchSummary, StoredMatch
from bot.discord.learn.practice import render_screen
from bot.discord.learn.reviewing import review_page
from bot.discord.render.common import Rendered
from bot.i18n import LANGS
from goita_core.actions import PASS
from tests.bot.app.learn.records import recorded_match
from tests.bot.app.learn.test_tutorial import follow
from tests.fake_discord.limits import validate_message


@pytest.fixture(autouse=True)
def strict_catalog() -> Iterator[None]:
    bot.i18n.STRICT = True
    yield
    bot.i18n.STRICT = False


def check(content: str, embed: Any, view: Any) -> None:
    payload: dict[str, Any] = {"content": content,
                               "embeds": [embed.to_dict()] if embed is not None else [],
                               "components": view.to_components() if view else []}
    validate_message(payload, has_files=False, editing=False)


def check_rendered(rendered: Rendered) -> None:
    check("", rendered.embed, rendered.view())


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_every_practice_screen_fits(lang: str) -> None:
    screens: list[Screen] = follow(Tutorial())
    for screen in screens:
        check_rendered(render_screen(screen, 2**60, lang, note="✋ " + "x" * 300))
        if screen.view is not None and screen.waiting == "move":
            for kind in set(screen.view.hand):
                check_rendered(render_screen(screen, 2**60, lang, first=kind))


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_every_review_page_fits(lang: str) -> None:
    record = recorded_match(seed=2)
    found = list(moments(record, 1))
    decisions = tuple(Decision(m.round_no, m.step, m.played,
                               PASS if PASS in m.view.legal else m.played, -123.4, 45.6)
                      for m in found)
    review = Review(1, decisions)
    summary = MatchSummary(10**12, 1, 2, 3, 0.0, 1.0, 4, ("*_" * 16,) * 4,
                           ("human",) * 4, (150, 0), 0, False, False, False, 0, True, None)
    stored = StoredMatch(summary, {}, (), (), record)
    for index in range(len(decisions)):
        check(*review_page(stored, review, index, lang))
    check(*review_page(stored, Review(1, ()), 0, lang))
