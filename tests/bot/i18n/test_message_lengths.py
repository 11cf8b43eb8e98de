"""Every message, in every language, rendered with the longest values the bot can pass,
fits the Discord field it is shown in (German and Russian run long)."""

from __future__ import annotations

import pytest

from bot.i18n import LANGS, keys, placeholders, t
from tests.bot.i18n.i18n_samples import worst_params

BUTTON_LABEL = 80
OPTION_LABEL = 100
PLACEHOLDER = 150
TITLE = FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
DESCRIPTION = 4096
#: a form's title and its text inputs' labels
MODAL_TEXT = 45

#: where a message is shown; anything else is at most one embed field value
LIMITS = {
    "lobby.swap_option": OPTION_LABEL, "lobby.remove_option": OPTION_LABEL,
    "engine.name": OPTION_LABEL,
    "lobby.swap": PLACEHOLDER, "lobby.remove": PLACEHOLDER, "lobby.engine": PLACEHOLDER,
    "board.seat": FIELD_NAME, "board.last_moves": FIELD_NAME, "match.rounds": FIELD_NAME,
    "rules.text": DESCRIPTION,
    # the settings message: option labels, a form's title, its inputs' labels and hints
    "settings.all_channels": OPTION_LABEL, "settings.server_locale": OPTION_LABEL,
    "settings.no_role": OPTION_LABEL, "settings.limit.hint": OPTION_LABEL,
    "settings.form.game": MODAL_TEXT, "settings.form.limits": MODAL_TEXT,
    **{f"settings.field.{name}": MODAL_TEXT for name in (
        "target", "turn_seconds", "warning_seconds", "cpu_delay_seconds",
        "round_pause_seconds", "tables_per_user", "tables_per_server")},
    **{f"settings.field.{name}": OPTION_LABEL for name in (
        "double_any_seventh", "board_pictures", "hints_at_rated")},
}
PREFIX_LIMITS = (("btn.", BUTTON_LABEL), ("stats.btn.", BUTTON_LABEL),
                 ("settings.btn.", BUTTON_LABEL), ("settings.pick.", PLACEHOLDER),
                 ("stats.stats.", FIELD_NAME))
SUFFIX_LIMITS = ((".title", TITLE), (".footer", FOOTER), ("_value", FIELD_VALUE))
#: parameters that mean something shorter in one message ("a" and "b" are seat numbers here)
KEY_PARAMS = {"lobby.swap_option": {"a": 4, "b": 4}}


def limit_of(key: str) -> int:
    for suffix, limit in SUFFIX_LIMITS:
        if key.endswith(suffix):
            return limit
    for prefix, limit in PREFIX_LIMITS:
        if key.startswith(prefix):
            return limit
    return LIMITS.get(key, FIELD_VALUE)


@pytest.mark.parametrize("lang", LANGS)
def test_longest_rendering_fits_its_discord_field(lang: str) -> None:
    worst = worst_params(lang)
    too_long = {}
    for key in keys():
        missing = placeholders(key, lang) - set(worst)
        assert not missing, (key, missing)
        text = t(key, lang, **{**worst, **KEY_PARAMS.get(key, {})})
        if len(text) > limit_of(key):
            too_long[key] = (len(text), limit_of(key))
    assert not too_long, too_long


def test_the_limits_are_the_ones_discord_applies() -> None:
    assert limit_of("btn.redeal") == limit_of("stats.btn.replay") == 80
    assert limit_of("stats.stats.rating") == 256
    assert limit_of("stats.stats.rating_value") == 1024
    assert limit_of("board.footer") == 2048 and limit_of("hand.title") == 256
    assert limit_of("rules.text") == 4096 and limit_of("hand.answer") == 1024


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_leave_room_in_the_embed(lang: str) -> None:
    """The rules embed (title + description) stays well inside 6,000 characters, and the
    piece names carry their kanji."""
    text = t("rules.text", lang)
    assert len(text) + len(t("rules.title", lang)) <= 4096
    for kanji in "王飛角金銀馬香し":
        assert kanji in text, (lang, kanji)
