"""Counts take each language's plural forms (CLDR rules, through Fluent)."""

from __future__ import annotations

import babel
import pytest

from bot.i18n import LANGS, t
from tests.bot.i18n.i18n_samples import plural_variants

RUSSIAN = {1: "1 фишка", 2: "2 фишки", 5: "5 фишек", 11: "11 фишек", 21: "21 фишка",
           22: "22 фишки", 25: "25 фишек"}


@pytest.mark.parametrize(("n", "form"), sorted(RUSSIAN.items()))
def test_russian_has_three_forms(n: int, form: str) -> None:
    assert t("hand.pieces", "ru", pieces="Пешка (し)", count=n) == f"Пешка (し) ({form})"
    assert t("board.seat", "ru", turn="", name="Аня", team="Команда А", left=n, tags="") \
        == f"Аня · Команда А · {form}"


def test_russian_forms_of_other_words() -> None:
    minutes = [t("closed.idle", "ru", minutes=n).split(" за ")[1] for n in (1, 3, 10, 21)]
    assert minutes == ["1 минуту.", "3 минуты.", "10 минут.", "21 минуту."]
    points = [t("stats.rp.round_won", "ru", name="Аня", points=n) for n in (1, 40, 100, 22)]
    assert [p.split(": ")[1] for p in points] == ["1 очко.", "40 очков.", "100 очков.",
                                                  "22 очка."]


def test_two_counts_in_one_message_each_take_their_own_form() -> None:
    line = t("stats.lb.line", "ru", rank=1, name="Аня", rating="25.0", wins=1, matches=22,
             extra="")
    assert line.endswith("1 победа / 22 партии")
    line = t("stats.lb.line", "de", rank=1, name="Anna", rating="25.0", wins=1, matches=2,
             extra="")
    assert line.endswith("1 Sieg / 2 Partien")


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("en", "(1 piece)", "(2 pieces)"),
    ("es", "(1 ficha)", "(2 fichas)"),
    ("de", "(1 Stein)", "(2 Steine)"),
    ("fr", "(1 pièce)", "(2 pièces)"),
    ("ja", "（1枚）", "（2枚）"),
])
def test_one_and_more_in_the_other_languages(lang: str, one: str, two: str) -> None:
    assert t("hand.pieces", lang, pieces="x", count=1).endswith(one)
    assert t("hand.pieces", lang, pieces="x", count=2).endswith(two)


def test_french_counts_zero_as_singular() -> None:
    assert t("board.seat", "fr", turn="", name="Léa", team="Équipe A", left=0, tags="") \
        .endswith("0 pièce")


@pytest.mark.parametrize("lang", LANGS)
def test_every_plural_choice_names_real_forms_of_its_language(lang: str) -> None:
    """A variant named [few] in German, or a Russian choice without [few], would show the
    wrong form for some numbers."""
    rule = babel.Locale.parse(lang).plural_form
    forms = set(rule.tags) | {"other"}
    integer_forms = {rule(n) for n in range(0, 1000)}
    for key, variants, default in plural_variants(lang):
        assert variants <= forms, (lang, key, variants - forms)
        # the default variant stands for the forms left out: only one may be left out
        assert integer_forms - {default} <= variants, (lang, key, integer_forms - variants)
    if lang == "ru":
        assert integer_forms == {"one", "few", "many"}
