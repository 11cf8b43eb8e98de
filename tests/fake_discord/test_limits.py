"""Discord's payload limits, as the fake enforces them (unit level and through the bot)."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from tests.fake_discord.conftest import World
from tests.fake_discord.errors import ApiError
from tests.fake_discord.limits import (
    FLAG_COMPONENTS_V2,
    validate_commands,
    validate_message,
    validate_modal,
)


def button(custom_id: str, label: str = "ok", **extra: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id, **extra}


def row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def refused(payload: dict[str, Any], *, editing: bool = False) -> ApiError:
    with pytest.raises(ApiError) as info:
        validate_message(payload, has_files=False, editing=editing)
    return info.value


def test_content_limit_is_2000() -> None:
    validate_message({"content": "x" * 2000}, has_files=False, editing=False)
    error = refused({"content": "x" * 2001})
    assert (error.status, error.code) == (400, 50035)
    assert error.errors == {"content": {"_errors": [
        {"code": "BASE_TYPE_MAX_LENGTH", "message": "Must be 2000 or fewer in length."}]}}


def test_empty_message_is_refused_but_an_empty_edit_is_fine() -> None:
    assert refused({"content": ""}).code == 50006
    validate_message({"content": ""}, has_files=False, editing=True)
    validate_message({}, has_files=True, editing=False)


@pytest.mark.parametrize(("embed", "field"), [
    ({"title": "t" * 257}, "title"),
    ({"description": "d" * 4097}, "description"),
    ({"fields": [{"name": "n", "value": "v"}] * 26}, "fields"),
    ({"fields": [{"name": "n", "value": "v" * 1025}]}, "value"),
    ({"fields": [{"name": "n" * 257, "value": "v"}]}, "name"),
    ({"footer": {"text": "f" * 2049}}, "footer"),
])
def test_embed_field_limits(embed: dict[str, Any], field: str) -> None:
    error = refused({"embeds": [embed]})
    assert error.code == 50035 and field in str(error.errors)


def test_embed_limits_at_the_edge_pass() -> None:
    embed = {"title": "t" * 256, "description": "d" * 4096,
             "fields": [{"name": "n", "value": "v" * 1024}] * 1}
    validate_message({"embeds": [embed]}, has_files=False, editing=False)


def test_embeds_total_6000_and_at_most_10() -> None:
    big = {"description": "d" * 3001}
    assert "6000" in refused({"embeds": [big, big]}).errors.__repr__()
    assert refused({"embeds": [{"title": "t"}] * 11}).code == 50035


def test_component_layout_limits() -> None:
    five = row(*(button(f"b{i}") for i in range(5)))
    validate_message({"components": [five] * 1}, has_files=False, editing=False)
    assert refused({"components": [row(*(button(f"b{i}") for i in range(6)))]}).code == 50035
    rows = [row(button(f"r{i}")) for i in range(6)]
    assert refused({"components": rows}).code == 50035
    assert refused({"components": [button("loose")]}).code == 50035


def test_custom_id_length_and_uniqueness_per_message() -> None:
    validate_message({"components": [row(button("x" * 100))]}, has_files=False, editing=False)
    assert "custom_id" in str(refused({"components": [row(button("x" * 101))]}).errors)
    error = refused({"components": [row(button("same")), row(button("same", label="2"))]})
    assert "COMPONENT_CUSTOM_ID_DUPLICATED" in str(error.errors)


def test_button_label_limit_and_select_rules() -> None:
    assert "label" in str(refused({"components": [row(button("a", "l" * 81))]}).errors)
    select = {"type": 3, "custom_id": "s", "options": [{"label": "a", "value": "a"}]}
    assert refused({"components": [row(select, button("b"))]}).code == 50035
    many = {"type": 3, "custom_id": "s",
            "options": [{"label": str(i), "value": str(i)} for i in range(26)]}
    assert refused({"components": [row(many)]}).code == 50035


def test_components_v2_flag() -> None:
    layout = [{"type": 17, "components": [{"type": 10, "content": "board"},
                                           row(button("play"))]}]
    validate_message({"flags": FLAG_COMPONENTS_V2, "components": layout},
                     has_files=False, editing=False)
    error = refused({"flags": FLAG_COMPONENTS_V2, "components": layout, "content": "x"})
    assert error.code == 50035
    text = [{"type": 10, "content": "t" * 4001}]
    assert refused({"flags": FLAG_COMPONENTS_V2, "components": text}).code == 50035


def test_modal_limits() -> None:
    text_input = {"type": 4, "custom_id": "a", "label": "Answer", "style": 1}
    validate_modal({"title": "t" * 45, "custom_id": "m", "components": [row(text_input)]})
    with pytest.raises(ApiError):
        validate_modal({"title": "t" * 46, "custom_id": "m", "components": [row(text_input)]})
    with pytest.raises(ApiError):
        validate_modal({"title": "t", "custom_id": "m", "components": [row(text_input)] * 6})


def test_command_definitions_are_checked() -> None:
    good = {"name": "goita", "description": "Play", "options": [
        {"type": 1, "name": "new", "description": "New table", "options": [
            {"type": 4, "name": "target", "description": "Points", "required": True}]}]}
    validate_commands([good])
    with pytest.raises(ApiError):
        validate_commands([good | {"name": "Goita"}])
    with pytest.raises(ApiError):
        validate_commands([good, good])
    bad_order = {"name": "x", "description": "x", "options": [
        {"type": 3, "name": "a", "description": "a"},
        {"type": 3, "name": "b", "description": "b", "required": True}]}
    with pytest.raises(ApiError):
        validate_commands([bad_order])


async def test_limits_reach_the_bot_as_http_errors(world: World) -> None:
    async def hook(i: discord.Interaction) -> None:
        try:
            await i.response.send_message(embed=discord.Embed(title="t" * 257))
        except discord.HTTPException as exc:
            world.bot.errors.append(exc)
            await i.response.send_message("fallback")

    world.bot.hook = hook
    result = await world.alice.run(world.chan, "toy do")
    assert result.text() == "fallback"
    error = world.bot.errors[-1]
    assert isinstance(error, discord.HTTPException) and error.code == 50035
    assert "embeds.0.title" in str(error)
    assert any("50035" in v for v in world.fake.take_violations())
