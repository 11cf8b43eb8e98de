"""Runtime settings, read from the environment and an optional `.env` file.

Every setting is named by its environment variable (upper case); tests construct
`Settings(discord_token="x", database_path=..., _env_file=None)` directly.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Annotated, Literal
from urllib.parse import urlsplit

from pydantic import (
    Field,
    SecretStr,
    ValidationError,
    ValidationInfo,
    field_validator,
)
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

DEFAULT_DATABASE_PATH = Path("./goita.sqlite3")

LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]

# Engine names are shown to players and typed in commands, so keep them short and plain.
_ENGINE_NAME = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,127}$")
#: environment variables that hold the bot's secrets: never passed to an engine
_SECRET_ENV = frozenset({"DISCORD_TOKEN", "DATABASE_URL"})

TOKEN_HELP = (
    "Set DISCORD_TOKEN in the environment or in a .env file in the working directory. "
    "Get a token from the Discord Developer Portal > Applications > (your app) > Bot > "
    "Reset Token."
)


class Settings(BaseSettings):
    """All operator-facing configuration of the bot."""

    model_config = SettingsConfigDict(
        env_file=".env",
        env_file_encoding="utf-8",
        # `DEV_GUILD_ID=` in .env (as in .env.example) means "not set", not "invalid int".
        env_ignore_empty=True,
        extra="ignore",
        case_sensitive=False,
    )

    discord_token: SecretStr
    database_path: Path = DEFAULT_DATABASE_PATH
    # postgresql://user:password@host:port/database selects the PostgreSQL store (several
    # bot processes share it); unset = SQLite at DATABASE_PATH. Secret: it holds a password.
    database_url: SecretStr | None = None
    # None = the shard count Discord recommends
    shard_count: int | None = Field(default=None, gt=0, le=100000)
    # the shards this process runs (None = all); parsed from "0,1" ourselves, see below
    shard_ids: Annotated[list[int] | None, NoDecode] = None
    # PostgreSQL: a process's claim on its shards lasts this long without renewal (it renews
    # every third of it); a new process waits up to 1.5 times this for a silent owner to go
    shard_lease_seconds: float = Field(default=30.0, ge=1, le=600)
    dev_guild_id: int | None = Field(default=None, gt=0)
    log_level: LogLevel = "INFO"

    turn_timeout_seconds: float = Field(default=60.0, gt=0, le=3600)
    turn_warning_seconds: float = Field(default=15.0, gt=0)
    cpu_move_delay_seconds: float = Field(default=1.5, ge=0, le=30)
    lobby_idle_seconds: float = Field(default=600.0, gt=0, le=86400)
    round_pause_seconds: float = Field(default=4.0, ge=0, le=60)
    away_close_seconds: float = Field(default=900.0, gt=0, le=86400)
    hard_cpu_budget_ms: int = Field(default=200, gt=0, le=10000)
    # the default of each server's "board pictures" setting (a server may change it)
    board_pictures: bool = True
    # processes that draw the pictures, so that drawing never takes the bot's own core
    # (0: a thread of the bot process draws them, for a one-core host)
    picture_workers: int = Field(default=1, ge=0, le=32)
    # name -> command line of an external engine process the operator allows to be seated.
    # NoDecode: we parse the JSON ourselves so a typo gives a sentence, not a SettingsError.
    external_engines: Annotated[dict[str, str], NoDecode] = Field(default_factory=dict)
    # Engine caps and environment (bot.app.tables.computer): engine seats per table and
    # engine processes in all; host environment names an engine may see besides PATH,
    # HOME and LANG (comma-separated; never the bot's secrets)
    max_engines_per_table: int = Field(default=3, ge=0, le=4)
    max_engines_total: int = Field(default=16, ge=0, le=10000)
    engine_pass_env: Annotated[list[str], NoDecode] = Field(default_factory=list)

    # Abuse limits (bot.app.tables.limits): live tables one user may sit at when opening
    # another; live tables per server (threads included); creations (/goita new, Rematch)
    # one user may make in a row, then one more per cooldown (0: no cooldown)
    max_tables_per_user: int = Field(default=3, ge=1, le=1000)
    max_tables_per_server: int = Field(default=50, ge=1, le=100000)
    table_create_burst: int = Field(default=3, ge=1, le=100)
    table_create_cooldown_seconds: float = Field(default=20.0, ge=0, le=3600)

    @field_validator("discord_token")
    @classmethod
    def _token_not_blank(cls, value: SecretStr) -> SecretStr:
        if not value.get_secret_value().strip():
            raise ValueError("must not be blank")
        return value

    @field_validator("database_url")
    @classmethod
    def _postgresql_url(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and not value.get_secret_value().startswith(
                ("postgresql://", "postgres://")):
            raise ValueError("must be a postgresql://user:password@host:port/database URL")
        return value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _parse_shard_ids(cls, value: object) -> object:
        if not isinstance(value, str):
            return value
        try:
            return [int(part) for part in value.split(",")]
        except ValueError:
            raise ValueError(
                "must be shard numbers separated by commas, like 0,1"
            ) from None

    @field_validator("shard_ids")
    @classmethod
    def _shard_ids_in_range(cls, value: list[int] | None,
                            info: ValidationInfo) -> list[int] | None:
        if value is None:
            return None
        count = info.data.get("shard_count")
        if count is None:
            raise ValueError("needs SHARD_COUNT, the total number of shards of all processes")
        if not value or len(set(value)) != len(value):
            raise ValueError("must list each shard once, like 0,1")
        if any(not 0 <= i < count for i in value):
            raise ValueError(f"must be shards 0 to {count - 1} (SHARD_COUNT is {count})")
        if set(value) != set(range(count)) and info.data.get("database_url") is None:
            raise ValueError("runs only some of the shards, which needs a DATABASE_URL "
                             "(PostgreSQL) shared with the processes running the others")
        return value

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper_log_level(cls, value: object) -> object:
        return value.strip().upper() if isinstance(value, str) else value

    @field_validator("external_engines", mode="before")
    @classmethod
    def _parse_engines_json(cls, value: object) -> object:
        if not isinstance(value, str):
            return value
        try:
            parsed = json.loads(value)
        except json.JSONDecodeError as exc:
            raise ValueError(
                'must be a JSON object like {"name": "command line"} '
                f"(JSON error: {exc.msg} at position {exc.pos})"
            ) from exc
        if not isinstance(parsed, dict) or not all(isinstance(v, str) for v in parsed.values()):
            raise ValueError('must be a JSON object like {"name": "command line"}')
        return parsed

    @field_validator("external_engines")
    @classmethod
    def _check_engines(cls, value: dict[str, str]) -> dict[str, str]:
        for name, command in value.items():
            if not _ENGINE_NAME.match(name):
                raise ValueError(f"engine name {name!r} must be 1-32 letters, digits, '-' or '_'")
            try:
                argv = shlex.split(command)
            except ValueError as exc:
                raise ValueError(f"command of engine {name!r} cannot be parsed: {exc}") from exc
            if not argv:
                raise ValueError(f"command of engine {name!r} is empty")
        return value

    @field_validator("engine_pass_env", mode="before")
    @classmethod
    def _parse_pass_env(cls, value: object) -> object:
        if not isinstance(value, str):
            return value
        return [part.strip() for part in value.split(",") if part.strip()]

    @field_validator("engine_pass_env")
    @classmethod
    def _check_pass_env(cls, value: list[str]) -> list[str]:
        for name in value:
            if not _ENV_NAME.match(name):
                raise ValueError(f"{name[:40]!r} is not an environment variable name; list "
                                 "names separated by commas, like GOITA_ENGINE_HOME,TZ")
            if name.upper() in _SECRET_ENV:
                raise ValueError(f"must not pass the bot's secret {name} to engines")
        return value

    @field_validator("turn_warning_seconds")
    @classmethod
    def _warning_before_timeout(cls, value: float, info: ValidationInfo) -> float:
        # A field validator (not a model one) so this is reported together with other bad
        # settings; turn_timeout_seconds is declared first, so it is already in info.data.
        timeout = info.data.get("turn_timeout_seconds")
        if timeout is not None and value >= timeout:
            raise ValueError(
                f"must be smaller than TURN_TIMEOUT_SECONDS (got {value:g} >= {timeout:g})"
            )
        return value

    def engine_argv(self, name: str) -> list[str]:
        """The argument vector of an allowed external engine (KeyError if not allowed)."""
        return shlex.split(self.external_engines[name])

    @property
    def uses_postgresql(self) -> bool:
        """Whether DATABASE_URL selects the PostgreSQL store (else SQLite at DATABASE_PATH)."""
        return self.database_url is not None

    @property
    def database_description(self) -> str:
        """Where the data is, for the log: the file, or the server (never the password)."""
        if self.database_url is None:
            return str(self.database_path)
        return describe_database_url(self.database_url.get_secret_value())

    @property
    def heartbeat_path(self) -> Path:
        """File the running bot touches periodically; read by `python -m bot.healthcheck`."""
        return heartbeat_path_for(self.database_path)


def heartbeat_path_for(database_path: Path) -> Path:
    return database_path.with_name(database_path.name + ".heartbeat")


def describe_database_url(url: str) -> str:
    """``postgresql://host:port/database`` of a connection URL: the password is never shown."""
    parts = urlsplit(url)
    try:
        port = str(parts.port or 5432)
    except ValueError:  # not a number: shown as it is, still without the password
        port = parts.netloc.rpartition("@")[2].rpartition(":")[2]
    return f"postgresql://{parts.hostname or 'localhost'}:{port}{parts.path or '/'}"


def describe_validation_error(exc: ValidationError) -> list[str]:
    """One plain sentence per bad setting, named by its environment variable."""
    sentences: list[str] = []
    for error in exc.errors(include_url=False):
        loc = [str(part) for part in error["loc"]]
        if not loc:
            # Cross-field check (model validator): its message already names the settings.
            message = error["msg"].removeprefix("Value error, ")
            sentences.append(message[0].upper() + message[1:] + ".")
            continue
        name = loc[0].upper()
        if name == "DISCORD_TOKEN" and error["type"] == "missing":
            sentences.append(f"DISCORD_TOKEN is not set. {TOKEN_HELP}")
            continue
        if error["type"] == "missing":
            sentences.append(f"{name} is required.")
            continue
        message = error["msg"]
        detail = f" (in {'.'.join(loc[1:])})" if len(loc) > 1 else ""
        if error["type"] == "value_error":
            # Our own validators: the message is complete, and may not echo the input.
            message = message.removeprefix("Value error, ")
            shown = ""
        else:
            message = message.replace("Input should be", "must be")
            # Never echo a secret, not even a wrong one.
            shown = "" if name == "DISCORD_TOKEN" else f" (got {error['input']!r})"
        sentences.append(f"{name}{detail} {_lower_first(message)}{shown}.")
    return sentences


def _lower_first(text: str) -> str:
    if text[:1].isupper() and not text[:2].isupper():
        return text[0].lower() + text[1:]
    return text


def token_missing(exc: ValidationError) -> bool:
    return any(
        e["type"] == "missing" and tuple(e["loc"]) == ("discord_token",) for e in exc.errors()
    )
