"""The abuse limits, engine caps and engine environment settings: defaults, parsing and a
sentence for a bad value."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from bot.config import Settings, describe_validation_error


def settings(**values: object) -> Settings:
    return Settings(discord_token="x", _env_file=None, **values)  # type: ignore[arg-type]


def sentence_of(**values: object) -> str:
    with pytest.raises(ValidationError) as info:
        settings(**values)
    (sentence,) = describe_validation_error(info.value)
    return sentence


def test_defaults() -> None:
    s = settings()
    assert (s.max_tables_per_user, s.max_tables_per_server) == (3, 50)
    assert (s.table_create_burst, s.table_create_cooldown_seconds) == (3, 20.0)
    assert (s.max_engines_per_table, s.max_engines_total, s.engine_pass_env) == (3, 16, [])


def test_engine_pass_env_is_a_comma_separated_list(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ENGINE_PASS_ENV", "GOITA_BOOK, TZ ,")
    assert settings().engine_pass_env == ["GOITA_BOOK", "TZ"]


@pytest.mark.parametrize(("values", "expected"), [
    ({"engine_pass_env": "A B"}, "ENGINE_PASS_ENV 'A B' is not an environment variable name"),
    ({"engine_pass_env": "TZ,DISCORD_TOKEN"},
     "ENGINE_PASS_ENV must not pass the bot's secret DISCORD_TOKEN to engines."),
    ({"engine_pass_env": "database_url"}, "must not pass the bot's secret database_url"),
    ({"max_tables_per_user": 0}, "MAX_TABLES_PER_USER must be greater than or equal to 1"),
    ({"max_tables_per_server": "many"}, "MAX_TABLES_PER_SERVER must be a valid integer"),
    ({"table_create_cooldown_seconds": -1}, "TABLE_CREATE_COOLDOWN_SECONDS must be greater"),
    ({"max_engines_per_table": 5}, "MAX_ENGINES_PER_TABLE must be less than or equal to 4"),
    ({"max_engines_total": -1}, "MAX_ENGINES_TOTAL must be greater than or equal to 0"),
])
def test_a_bad_value_gives_one_sentence(values: dict[str, object], expected: str) -> None:
    sentence = sentence_of(**values)
    assert expected in sentence and sentence.endswith(".") and "\n" not in sentence
