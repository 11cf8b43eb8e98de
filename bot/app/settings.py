"""Server settings: how each Discord server runs its tables, within the operator's bounds.

A server stores only what it changed (:class:`SettingsStore` holds those values as a JSON
object); everything else follows the operator's environment settings, which are the
defaults and the limits (:class:`SettingsPolicy`). Values a server stored that the
operator's limits no longer allow are left out (the default applies) until changed.

Every change is validated as a whole: each bad value gives one :class:`Problem` (a
catalog key and its parameters, never user-facing text) and nothing is stored.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any, Protocol

from .ports import SettingsStore
from .table import TableSettings

#: the languages a board can be shown in (None: the server's locale)
BOARD_LANGUAGES: tuple[str, ...] = ("en", "ja", "es", "de", "fr", "ru")
TARGET_RANGE = (50, 1000)
TURN_RANGE = (10.0, 3600.0)
CPU_DELAY_RANGE = (0.0, 30.0)
ROUND_PAUSE_RANGE = (0.0, 60.0)
#: table limits when the operator sets no maximum
LIMIT_CAP = 1000
#: at most this many channels in the allow-list (a select menu's 25 options)
MAX_CHANNELS = 25

INT_FIELDS = ("target", "tables_per_user", "tables_per_server")
FLOAT_FIELDS = ("turn_seconds", "warning_seconds", "cpu_delay_seconds", "round_pause_seconds")
BOOL_FIELDS = ("double_any_seventh", "board_pictures", "hints_at_rated")


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """One server's settings (``channels`` empty: tables in any channel; a table limit
    None: the operator's maximum; ``board_language`` None: the server's locale;
    ``manager_role_id``: a role whose members may change the settings besides those with
    Manage Server)."""

    target: int = 150
    double_any_seventh: bool = False
    turn_seconds: float = 60.0
    warning_seconds: float = 15.0
    cpu_delay_seconds: float = 1.5
    round_pause_seconds: float = 4.0
    channels: tuple[int, ...] = ()
    tables_per_user: int | None = None
    tables_per_server: int | None = None
    board_pictures: bool = True
    hints_at_rated: bool = False
    board_language: str | None = None
    manager_role_id: int | None = None

    def allows_channel(self, channel_id: int) -> bool:
        return not self.channels or channel_id in self.channels

    def table_settings(self) -> TableSettings:
        """What a table opened now keeps to its end."""
        return TableSettings(
            turn_seconds=self.turn_seconds, warning_seconds=self.warning_seconds,
            cpu_delay_seconds=self.cpu_delay_seconds,
            round_pause_seconds=self.round_pause_seconds,
            board_language=self.board_language, board_pictures=self.board_pictures,
            hints_at_rated=self.hints_at_rated)


@dataclass(frozen=True, slots=True)
class Problem:
    """One bad value: ``key`` is a catalog key, ``params`` its parameters (``field`` names
    the setting)."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)


class SettingsError(Exception):
    """A change was refused; nothing was stored. One problem per bad value."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__(problems)
        self.problems = problems


class TimingDefaults(Protocol):
    """The operator's settings that are a server's defaults (see ``bot.config.Settings``)."""

    @property
    def turn_timeout_seconds(self) -> float: ...
    @property
    def turn_warning_seconds(self) -> float: ...
    @property
    def cpu_move_delay_seconds(self) -> float: ...
    @property
    def round_pause_seconds(self) -> float: ...


@dataclass(frozen=True, slots=True)
class SettingsPolicy:
    """The operator's defaults and limits (None: no maximum beyond :data:`LIMIT_CAP`)."""

    defaults: ServerSettings = ServerSettings()
    max_tables_per_user: int | None = None
    max_tables_per_server: int | None = None

    @classmethod
    def of(cls, timing: TimingDefaults, *, max_tables_per_user: int | None = None,
           max_tables_per_server: int | None = None,
           board_pictures: bool = True, hints_at_rated: bool = True) -> SettingsPolicy:
        """The operator's settings as every server's defaults: hints are allowed unless a
        server turns them off (a match where someone used one is not rated)."""
        defaults = ServerSettings(
            turn_seconds=timing.turn_timeout_seconds,
            warning_seconds=timing.turn_warning_seconds,
            cpu_delay_seconds=timing.cpu_move_delay_seconds,
            round_pause_seconds=timing.round_pause_seconds,
            board_pictures=board_pictures, hints_at_rated=hints_at_rated)
        return cls(defaults, max_tables_per_user, max_tables_per_server)

    def limit_max(self, name: str) -> int:
        cap = self.max_tables_per_user if name == "tables_per_user" \
            else self.max_tables_per_server
        return LIMIT_CAP if cap is None else cap

    def apply(self, stored: Mapping[str, Any]) -> ServerSettings:
        """The defaults with the stored values that are still valid."""
        values: dict[str, Any] = {}
        for name, value in stored.items():
            try:
                values[name] = _typed(name, value)
            except (TypeError, ValueError):
                continue
        while True:
            result = replace(self.defaults, **values)
            bad = {p.params["field"] for p in problems_of(result, self, set(values))}
            # a stored turn time may clash with the operator's warning: drop the turn time
            drop = bad & set(values) or ({"turn_seconds"} & set(values) if bad else set())
            if not drop:
                return result
            for name in drop:
                del values[name]


def problems_of(s: ServerSettings, policy: SettingsPolicy,
                only: set[str] | None = None) -> list[Problem]:
    """One problem per bad value of ``s`` (of the fields in ``only``, if given)."""
    out: list[Problem] = []

    def check(name: str) -> bool:
        return only is None or name in only

    def in_range(name: str, value: float, low: float, high: float) -> None:
        if check(name) and not low <= value <= high:
            out.append(Problem("settings.bad.range", {"field": name, "min": _num(low),
                                                      "max": _num(high)}))

    in_range("target", s.target, *TARGET_RANGE)
    in_range("turn_seconds", s.turn_seconds, *TURN_RANGE)
    if (check("warning_seconds") or check("turn_seconds")) \
            and not 0 < s.warning_seconds < s.turn_seconds:
        out.append(Problem("settings.bad.warning", {"field": "warning_seconds",
                                                    "turn": _num(s.turn_seconds)}))
    in_range("cpu_delay_seconds", s.cpu_delay_seconds, *CPU_DELAY_RANGE)
    in_range("round_pause_seconds", s.round_pause_seconds, *ROUND_PAUSE_RANGE)
    for name in ("tables_per_user", "tables_per_server"):
        value = getattr(s, name)
        if check(name) and value is not None and not 1 <= value <= policy.limit_max(name):
            out.append(Problem("settings.bad.limit", {"field": name,
                                                      "max": policy.limit_max(name)}))
    if check("channels") and len(s.channels) > MAX_CHANNELS:
        out.append(Problem("settings.bad.channels", {"field": "channels",
                                                     "max": MAX_CHANNELS}))
    if check("board_language") and s.board_language is not None \
            and s.board_language not in BOARD_LANGUAGES:
        out.append(Problem("settings.bad.language", {"field": "board_language"}))
    return out


def parse_changes(raw: Mapping[str, object]) -> tuple[dict[str, Any], list[Problem]]:
    """Typed values from what a form sent (text for numbers: "90", "1.5" or "1,5"; an empty
    table limit is the operator's maximum), and one problem per value that is not one."""
    known = {f.name for f in fields(ServerSettings)}
    values: dict[str, Any] = {}
    problems: list[Problem] = []
    for name, value in raw.items():
        if name not in known:
            raise ValueError(f"no setting {name!r}")
        try:
            values[name] = _typed(name, value)
        except (TypeError, ValueError):
            key = "settings.bad.whole" if name in INT_FIELDS else "settings.bad.number"
            problems.append(Problem(key, {"field": name}))
    return values, problems


def _typed(name: str, value: object) -> Any:
    if isinstance(value, str):
        value = value.strip()
    if name in INT_FIELDS:
        if value in ("", None) and name != "target":
            return None
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise TypeError(name)
        return int(value)
    if name in FLOAT_FIELDS:
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            raise TypeError(name)
        number = float(value.replace(",", ".")) if isinstance(value, str) else float(value)
        if not math.isfinite(number):
            raise ValueError(name)
        return number
    if name in BOOL_FIELDS:
        if not isinstance(value, bool):
            raise TypeError(name)
        return value
    if name == "channels":
        if not isinstance(value, (list, tuple)):
            raise TypeError(name)
        return tuple(sorted({int(c) for c in value}))
    if name in ("board_language", "manager_role_id"):
        if value in ("", None):
            return None
        if name == "manager_role_id":
            if isinstance(value, bool) or not isinstance(value, (int, str)):
                raise TypeError(name)
            return int(value)
        return str(value)
    raise ValueError(f"no setting {name!r}")


def _num(value: float) -> int | float:
    """A bound as the user typed it: 60, not 60.0."""
    return int(value) if float(value).is_integer() else value


def stored_form(s: ServerSettings, policy: SettingsPolicy) -> dict[str, Any]:
    """The values of ``s`` that differ from the defaults (what the store keeps)."""
    base = asdict(policy.defaults)
    return {k: (list(v) if isinstance(v, tuple) else v) for k, v in asdict(s).items()
            if v != base[k]}


class ServerSettingsService:
    """Reads and changes each server's settings; the table service reads them when a
    table opens (:meth:`for_guild`). Reads go to the store each time, so several bot
    processes sharing one database agree."""

    def __init__(self, store: SettingsStore, policy: SettingsPolicy) -> None:
        self.store = store
        self.policy = policy

    async def for_guild(self, guild_id: int) -> ServerSettings:
        stored = await self.store.load_settings(guild_id)
        return self.policy.apply(stored or {})

    async def change(self, guild_id: int, by: int, at: float,
                     changes: Mapping[str, object]) -> ServerSettings:
        """Apply ``changes`` (typed values, or text from a form) or raise
        :class:`SettingsError` with one problem per bad value, storing nothing."""
        values, problems = parse_changes(changes)
        current = await self.for_guild(guild_id)
        candidate = replace(current, **values)
        problems += problems_of(candidate, self.policy, set(values))
        if problems:
            raise SettingsError(problems)
        await self.store.save_settings(guild_id, stored_form(candidate, self.policy), by, at)
        return candidate

    async def reset(self, guild_id: int, by: int, at: float) -> ServerSettings:
        """Back to the operator's defaults."""
        await self.store.save_settings(guild_id, {}, by, at)
        return self.policy.defaults
