"""REST routes of the application: login, the gateway URL and shard count, commands."""

from __future__ import annotations

from typing import Any

from . import errors as E
from .errors import ApiError
from .limits import validate_commands
from .rest import Req
from .store import MessageStore


class AppRoutes(MessageStore):
    def _register_app_routes(self) -> None:
        r = self._route
        r("GET", "/users/@me", self._get_me)
        r("GET", "/oauth2/applications/@me", self._get_application)
        r("GET", "/applications/@me", self._get_application)
        r("GET", "/gateway", self._get_gateway)
        r("GET", "/gateway/bot", self._get_gateway_bot)
        for prefix in ("/applications/{application_id}",
                       "/applications/{application_id}/guilds/{guild_id}"):
            r("GET", prefix + "/commands", self._get_commands)
            r("PUT", prefix + "/commands", self._put_commands)
            r("POST", prefix + "/commands", self._post_command)
            r("GET", prefix + "/commands/{command_id}", self._get_command)
            r("PATCH", prefix + "/commands/{command_id}", self._patch_command)
            r("DELETE", prefix + "/commands/{command_id}", self._delete_command)

    async def _get_me(self, req: Req) -> tuple[int, Any]:
        return 200, self.bot_user.payload() | {"verified": True, "mfa_enabled": False,
                                               "flags": 0, "bot": True}

    async def _get_application(self, req: Req) -> tuple[int, Any]:
        owner = self.bot_user.payload() | {"bot": False, "username": "owner"}
        return 200, {
            "id": str(self.app_id), "name": self.bot_user.name, "icon": None,
            "description": "fake application", "bot_public": True,
            "bot_require_code_grant": False, "owner": owner, "team": None,
            "verify_key": "00" * 32, "flags": 0, "summary": "", "rpc_origins": [],
            "interactions_endpoint_url": None, "tags": [], "redirect_uris": [],
        }

    async def _get_gateway(self, req: Req) -> tuple[int, Any]:
        return 200, {"url": self.gateway_url}

    async def _get_gateway_bot(self, req: Req) -> tuple[int, Any]:
        """The URL, the recommended shard count and how many session starts are left."""
        remaining = max(0, self.session_start_total - self.session_starts)
        return 200, {"url": self.gateway_url, "shards": self.shard_count(),
                     "session_start_limit": {
                         "total": self.session_start_total, "remaining": remaining,
                         "reset_after": 24 * 3600 * 1000 if remaining < self.session_start_total
                         else 0,
                         "max_concurrency": self.max_concurrency}}

    # --- commands

    def _command_list(self, req: Req) -> list[dict[str, Any]]:
        if req.int("application_id") != self.app_id:
            raise ApiError(403, 50001, "Missing Access")
        if "guild_id" in req.params:
            guild_id = req.int("guild_id")
            if guild_id not in self.guilds:
                raise ApiError(403, 50001, "Missing Access")
            return self.guild_commands.setdefault(guild_id, [])
        return self.global_commands

    def _stored_command(self, data: dict[str, Any], req: Req,
                        old: dict[str, Any] | None) -> dict[str, Any]:
        cmd = dict(data)
        cmd.setdefault("type", 1)
        cmd.setdefault("options", [])
        cmd.setdefault("description", "")
        cmd["id"] = old["id"] if old else str(self.ids.next())
        cmd["application_id"] = str(self.app_id)
        cmd["version"] = str(self.ids.next())
        cmd.setdefault("default_member_permissions", None)
        cmd.setdefault("nsfw", False)
        if "guild_id" in req.params:
            cmd["guild_id"] = req.params["guild_id"]
        return cmd

    async def _get_commands(self, req: Req) -> tuple[int, Any]:
        return 200, self._command_list(req)

    async def _put_commands(self, req: Req) -> tuple[int, Any]:
        commands = self._command_list(req)
        if not isinstance(req.body, list):
            raise E.invalid_form([], "BASE_TYPE_BAD_TYPE", "Expected a list")
        validate_commands(req.body)
        by_name = {(c["type"], c["name"]): c for c in commands}
        new = [self._stored_command(c, req, by_name.get((c.get("type", 1), c["name"])))
               for c in req.body]
        commands[:] = new
        return 200, new

    async def _post_command(self, req: Req) -> tuple[int, Any]:
        commands = self._command_list(req)
        data = req.json()
        validate_commands([data])
        for i, c in enumerate(commands):
            if c["name"] == data["name"] and c["type"] == data.get("type", 1):
                commands[i] = self._stored_command(data, req, c)
                return 200, commands[i]
        commands.append(self._stored_command(data, req, None))
        return 201, commands[-1]

    def _find_command_by_id(self, req: Req) -> tuple[list[dict[str, Any]], int]:
        commands = self._command_list(req)
        for i, c in enumerate(commands):
            if c["id"] == req.params["command_id"]:
                return commands, i
        raise ApiError(404, 10063, "Unknown application command")

    async def _get_command(self, req: Req) -> tuple[int, Any]:
        commands, i = self._find_command_by_id(req)
        return 200, commands[i]

    async def _patch_command(self, req: Req) -> tuple[int, Any]:
        commands, i = self._find_command_by_id(req)
        merged = commands[i] | req.json()
        validate_commands([merged])
        commands[i] = self._stored_command(merged, req, commands[i])
        return 200, commands[i]

    async def _delete_command(self, req: Req) -> tuple[int, Any]:
        commands, i = self._find_command_by_id(req)
        del commands[i]
        return 204, None
