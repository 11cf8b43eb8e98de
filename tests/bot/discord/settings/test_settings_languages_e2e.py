"""/goita settings in each language the bot speaks: the message, both forms and a refused
value are in the admin's language and within Discord's limits (German and Russian labels
are long; the fake refuses a message or form over a limit)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bot.discord.settings.ids import button_id
from bot.i18n import t
from tests.bot.discord.kit import make_world, member
from tests.bot.discord.settings.test_settings_e2e import MANAGE_GUILD
from tests.fake_discord import FakeDiscord

LOCALES = {"en": "en-US", "ja": "ja", "es": "es-ES", "de": "de", "fr": "fr", "ru": "ru"}


@pytest.mark.parametrize("lang", LOCALES)
async def test_the_settings_speak_the_admins_language_within_discords_limits(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any], lang: str
) -> None:
    world = await make_world(fake_discord, make_settings)
    boss = member(world, "boss", locale=LOCALES[lang])
    world.guild.give_role(boss, world.guild.add_role("Admins", MANAGE_GUILD))
    shown = (await boss.run(world.chan, "goita settings")).reply
    assert shown.ephemeral_for == boss.id
    text = shown.text()
    assert t("settings.field.board_pictures", lang) in text
    assert t("settings.field.target", lang) in text
    for what in ("game", "limits"):
        form = (await boss.click(shown, custom_id=button_id(what, world.guild.id))).modal
        assert form is not None
        if what == "game":
            answer = await boss.submit(form, {"target": "7"})  # out of range: one sentence
            refused = answer.reply.text()
            assert t("settings.bad.range", lang, field=t("settings.field.target", lang),
                     min=50, max=1000) in refused
            assert t("settings.unchanged", lang) in refused
    await world.settle()
    if lang != "en":  # no English left in what the admin saw
        seen = "\n".join(m.text() for m in boss.sees(world.chan))
        for english in ("Target score", "Board pictures", "Nothing was changed"):
            assert english not in seen, english
    assert not fake_discord.take_violations()
