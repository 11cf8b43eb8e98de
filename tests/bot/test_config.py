"""Settings: defaults, environment parsing, and one clear sentence per bad setting."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.config import Settings, describe_validation_error, token_missing

ENV_NAMES = [name.upper() for name in Settings.model_fields]


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No setting leaks in from the developer's environment or a .env in the cwd."""
    for name in ENV_NAMES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)


def errors_of(**kwargs: object) -> list[str]:
    with pytest.raises(ValidationError) as info:
        Settings(_env_file=None, **kwargs)  # type: ignore[arg-type]
    return describe_validation_error(info.value)


def test_defaults(tmp_path: Path) -> None:
    s = Settings(discord_token="x", database_path=tmp_path / "db.sqlite3", _env_file=None)
    assert s.discord_token.get_secret_value() == "x"
    assert s.database_path == tmp_path / "db.sqlite3"
    assert s.dev_guild_id is None
    assert s.log_level == "INFO"
    assert (s.turn_timeout_seconds, s.turn_warning_seconds) == (60, 15)
    assert (s.cpu_move_delay_seconds, s.round_pause_seconds) == (1.5, 4)
    assert (s.lobby_idle_seconds, s.away_close_seconds) == (600, 900)
    assert s.hard_cpu_budget_ms == 200
    assert s.external_engines == {}
    assert s.heartbeat_path == tmp_path / "db.sqlite3.heartbeat"
    assert Settings(discord_token="x", _env_file=None).database_path == Path("goita.sqlite3")


def test_token_is_never_shown() -> None:
    s = Settings(discord_token="super-secret-token", _env_file=None)
    assert "super-secret-token" not in repr(s)
    assert "super-secret-token" not in str(s.model_dump())


def test_reads_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "tok")
    monkeypatch.setenv("DATABASE_PATH", "/data/g.sqlite3")
    monkeypatch.setenv("DEV_GUILD_ID", "123456789012345678")
    monkeypatch.setenv("LOG_LEVEL", "debug")
    monkeypatch.setenv("TURN_TIMEOUT_SECONDS", "30")
    monkeypatch.setenv("TURN_WARNING_SECONDS", "5.5")
    monkeypatch.setenv("CPU_MOVE_DELAY_SECONDS", "0")
    monkeypatch.setenv("HARD_CPU_BUDGET_MS", "50")
    monkeypatch.setenv("EXTERNAL_ENGINES", '{"rnd": "python3 -m rnd --name \\"a b\\""}')
    s = Settings(_env_file=None)
    assert s.discord_token.get_secret_value() == "tok"
    assert s.database_path == Path("/data/g.sqlite3")
    assert s.dev_guild_id == 123456789012345678
    assert s.log_level == "DEBUG"
    assert (s.turn_timeout_seconds, s.turn_warning_seconds) == (30, 5.5)
    assert s.cpu_move_delay_seconds == 0
    assert s.hard_cpu_budget_ms == 50
    assert s.engine_argv("rnd") == ["python3", "-m", "rnd", "--name", "a b"]


def test_reads_dotenv_and_empty_values_mean_default(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text("DISCORD_TOKEN=from-file\nDEV_GUILD_ID=\nEXTERNAL_ENGINES=\nLOG_LEVEL=\n")
    s = Settings()  # cwd is tmp_path, so .env is read
    assert s.discord_token.get_secret_value() == "from-file"
    assert s.dev_guild_id is None
    assert s.external_engines == {}
    assert s.log_level == "INFO"


def test_env_example_is_valid_once_the_token_is_set(monkeypatch: pytest.MonkeyPatch) -> None:
    example = Path(__file__).resolve().parents[2] / ".env.example"
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    s = Settings(_env_file=example)
    assert s.turn_timeout_seconds == 60


def test_missing_token_says_what_to_set_and_where_to_get_it() -> None:
    with pytest.raises(ValidationError) as info:
        Settings(_env_file=None)
    assert token_missing(info.value)
    (sentence,) = describe_validation_error(info.value)
    assert "DISCORD_TOKEN" in sentence
    assert ".env" in sentence
    assert "Developer Portal" in sentence and "Reset Token" in sentence


def test_blank_token_is_rejected() -> None:
    assert errors_of(discord_token="   ") == ["DISCORD_TOKEN must not be blank."]


@pytest.mark.parametrize(
    ("field", "value", "expected"),
    [
        ("turn_timeout_seconds", 0, "TURN_TIMEOUT_SECONDS must be greater than 0 (got 0)."),
        ("turn_timeout_seconds", "soon", "TURN_TIMEOUT_SECONDS must be a valid number"),
        ("turn_warning_seconds", -1, "TURN_WARNING_SECONDS must be greater than 0 (got -1)."),
        ("cpu_move_delay_seconds", -0.5, "CPU_MOVE_DELAY_SECONDS must be greater than or equal"),
        ("lobby_idle_seconds", 0, "LOBBY_IDLE_SECONDS must be greater than 0"),
        ("round_pause_seconds", 61, "ROUND_PAUSE_SECONDS must be less than or equal to 60"),
        ("away_close_seconds", -5, "AWAY_CLOSE_SECONDS must be greater than 0"),
        ("hard_cpu_budget_ms", 0, "HARD_CPU_BUDGET_MS must be greater than 0"),
        ("dev_guild_id", "my-server", "DEV_GUILD_ID must be a valid integer"),
        ("log_level", "loud", "LOG_LEVEL must be 'DEBUG', 'INFO', 'WARNING', 'ERROR' or"),
        ("external_engines", "{oops", "EXTERNAL_ENGINES must be a JSON object"),
        ("external_engines", '["a"]', "EXTERNAL_ENGINES must be a JSON object"),
        ("external_engines", '{"bad name": "x"}', "engine name 'bad name' must be"),
        ("external_engines", '{"e": "  "}', "command of engine 'e' is empty"),
        ("external_engines", '{"e": "run \\"unclosed"}', "command of engine 'e' cannot be"),
    ],
)
def test_bad_value_gives_one_sentence(field: str, value: object, expected: str) -> None:
    (sentence,) = errors_of(discord_token="x", **{field: value})
    assert sentence.startswith(expected) or expected in sentence
    assert sentence.endswith(".")
    assert "\n" not in sentence
    assert "pydantic" not in sentence and "errors.pydantic.dev" not in sentence


def test_warning_must_be_shorter_than_timeout() -> None:
    (sentence,) = errors_of(discord_token="x", turn_timeout_seconds=10, turn_warning_seconds=10)
    assert sentence == (
        "TURN_WARNING_SECONDS must be smaller than TURN_TIMEOUT_SECONDS (got 10 >= 10)."
    )


def test_several_bad_settings_give_one_sentence_each() -> None:
    sentences = errors_of(turn_timeout_seconds=-1, hard_cpu_budget_ms="x", log_level="x")
    assert len(sentences) == 4
    assert [s.split()[0] for s in sentences] == [
        "DISCORD_TOKEN",
        "LOG_LEVEL",
        "TURN_TIMEOUT_SECONDS",
        "HARD_CPU_BUDGET_MS",
    ]


def test_a_wrong_token_value_is_not_echoed() -> None:
    sentences = errors_of(discord_token=12345)
    assert len(sentences) == 1 and "12345" not in sentences[0]
