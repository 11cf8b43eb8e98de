"""Slash commands as a user's Discord client sends them: the synced command, its
subcommands and options checked and typed, ``resolved`` users and channels."""

from __future__ import annotations

from typing import Any

from .errors import ScenarioError
from .guilds import DM, MEMBER_PERMISSIONS, FakeChannel
from .routes_interactions import InteractionRoutes
from .users import FakeUser


class SlashLayer(InteractionRoutes):
    def _find_command(self, channel: FakeChannel, name: str) -> dict[str, Any]:
        pools: list[list[dict[str, Any]]] = []
        if channel.guild is not None:
            pools.append(self.guild_commands.get(channel.guild.id, []))
        pools.append(self.global_commands)
        for pool in pools:
            for cmd in pool:
                if cmd["name"] == name and int(cmd.get("type", 1)) == 1:
                    return cmd
        known = sorted({c["name"] for pool in pools for c in pool})
        raise ScenarioError(f"no slash command /{name} synced for #{channel.name}; "
                            f"synced: {known}")

    def _option_value(self, spec: dict[str, Any], value: Any,
                      resolved: dict[str, dict[str, Any]], channel: FakeChannel) -> Any:
        kind = int(spec["type"])
        name = spec["name"]
        if kind == 3:
            if not isinstance(value, str):
                raise ScenarioError(f"option {name} takes a string, got {value!r}")
            if not spec.get("min_length", 0) <= len(value) <= spec.get("max_length", 6000):
                raise ScenarioError(f"option {name}: length out of range")
        elif kind == 4:
            if isinstance(value, bool) or not isinstance(value, int):
                raise ScenarioError(f"option {name} takes an integer, got {value!r}")
        elif kind == 10:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ScenarioError(f"option {name} takes a number, got {value!r}")
        elif kind == 5:
            if not isinstance(value, bool):
                raise ScenarioError(f"option {name} takes a boolean, got {value!r}")
        elif kind in (6, 9):
            if not isinstance(value, FakeUser):
                raise ScenarioError(f"option {name} takes a FakeUser, got {value!r}")
            resolved.setdefault("users", {})[str(value.id)] = value.payload()
            if channel.guild is not None and value.id in channel.guild.members:
                resolved.setdefault("members", {})[str(value.id)] = channel.guild.member_payload(
                    value, with_user=False) | {"permissions": str(MEMBER_PERMISSIONS)}
            return str(value.id)
        elif kind == 7:
            if not isinstance(value, FakeChannel):
                raise ScenarioError(f"option {name} takes a FakeChannel, got {value!r}")
            resolved.setdefault("channels", {})[str(value.id)] = value.payload() | {
                "permissions": str(MEMBER_PERMISSIONS)}
            return str(value.id)
        else:
            raise ScenarioError(f"option type {kind} not supported by the fake yet")
        if kind in (4, 10) and not spec.get("min_value", float("-inf")) <= value <= spec.get(
                "max_value", float("inf")):
            raise ScenarioError(f"option {name}={value} is outside the range Discord allows")
        choices = spec.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            raise ScenarioError(f"option {name}={value!r} is not one of the choices "
                                f"{[c['value'] for c in choices]}")
        return value

    def _build_options(self, specs: list[dict[str, Any]], given: dict[str, Any],
                       resolved: dict[str, dict[str, Any]],
                       channel: FakeChannel) -> list[dict[str, Any]]:
        by_name = {s["name"]: s for s in specs}
        out: list[dict[str, Any]] = []
        for key, value in given.items():
            spec = by_name.get(key) or by_name.get(key.replace("_", "-"))
            if spec is None or int(spec["type"]) in (1, 2):
                raise ScenarioError(f"no option {key!r}; options: {sorted(by_name)}")
            out.append({"name": spec["name"], "type": spec["type"],
                        "value": self._option_value(spec, value, resolved, channel)})
        named = {o["name"] for o in out}
        for spec in specs:
            if spec.get("required") and spec["name"] not in named:
                raise ScenarioError(f"option {spec['name']!r} is required")
        return out

    def _command_data(self, channel: FakeChannel, command: str, options: dict[str, Any],
                      focused: str | None = None,
                      partial: str = "") -> tuple[dict[str, Any], str]:
        words = command.strip().lstrip("/").split()
        if not words:
            raise ScenarioError("empty command")
        cmd = self._find_command(channel, words[0])
        contexts = cmd.get("contexts")
        context = 1 if channel.type == DM else 0
        if (channel.type == DM and cmd.get("dm_permission") is False) or (
                contexts is not None and context not in contexts):
            where = "DMs" if channel.type == DM else "servers"
            raise ScenarioError(f"/{words[0]} is not available in {where}")
        specs: list[dict[str, Any]] = cmd.get("options") or []
        path: list[dict[str, Any]] = []
        for word in words[1:]:
            sub = next((s for s in specs if s["name"] == word and int(s["type"]) in (1, 2)), None)
            if sub is None:
                raise ScenarioError(f"/{' '.join(words)}: no subcommand {word!r}")
            path.append(sub)
            specs = sub.get("options") or []
        if any(int(s["type"]) in (1, 2) for s in specs):
            raise ScenarioError(f"/{' '.join(words)} needs a subcommand: "
                                f"{[s['name'] for s in specs]}")
        resolved: dict[str, dict[str, Any]] = {}
        if focused is None:
            leaf = self._build_options(specs, options, resolved, channel)
        else:
            # while typing, Discord sends the options so far and the focused one as text
            spec = next((s for s in specs if s["name"] in (focused, focused.replace("_", "-"))),
                        None)
            if spec is None or not spec.get("autocomplete"):
                raise ScenarioError(f"option {focused!r} has no autocomplete")
            optional = [dict(s, required=False) for s in specs]
            leaf = self._build_options(optional, options, resolved, channel)
            leaf.append({"name": spec["name"], "type": spec["type"], "value": partial,
                         "focused": True})
        for sub in reversed(path):
            leaf = [{"name": sub["name"], "type": sub["type"], "options": leaf}]
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1,
                                "options": leaf}
        if resolved:
            data["resolved"] = resolved
        if "guild_id" in cmd:
            data["guild_id"] = cmd["guild_id"]
        return data, " ".join(words)
