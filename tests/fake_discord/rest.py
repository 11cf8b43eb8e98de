"""The REST side: route table, request bodies (JSON or multipart), auth, rate limits,
and turning handler results and API errors into Discord's responses."""

from __future__ import annotations

import copy
import json
import re
import time
from dataclasses import dataclass
from typing import Any

import aiohttp
from aiohttp import web

from . import errors as E
from .attachments import Upload, check_sizes
from .errors import ApiError
from .ratelimits import RateLimitLayer
from .state import Handler, RestCall

JsonBody = dict[str, Any] | list[Any] | None


@dataclass
class Req:
    request: web.Request
    params: dict[str, str]
    body: JsonBody
    files: list[Upload]

    def json(self) -> dict[str, Any]:
        if not isinstance(self.body, dict):
            raise E.invalid_form([], "BASE_TYPE_BAD_TYPE", "Expected a JSON object")
        return self.body

    def int(self, name: str) -> int:
        try:
            return int(self.params[name])
        except ValueError:
            raise E.invalid_form([name], "NUMBER_TYPE_COERCE", "Value is not snowflake.") from None


def _compile(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", template)
    pattern = "".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>[^/]+)"
                      for i, part in enumerate(parts))
    return re.compile(pattern)


async def read_body(request: web.Request) -> tuple[JsonBody, list[Upload]]:
    """A JSON body, or ``payload_json`` plus the file parts of multipart/form-data."""
    files: list[Upload] = []
    if request.content_type.startswith("multipart/"):
        body: JsonBody = None
        reader = await request.multipart()
        while True:
            part = await reader.next()
            if part is None:
                break
            if not isinstance(part, aiohttp.BodyPartReader):
                continue
            if part.name == "payload_json":
                body = json.loads(await part.text())
            else:
                data = bytes(await part.read())
                files.append(Upload(part.name or "", part.filename or "file", data,
                                    part.headers.get("Content-Type")))
        return body, files
    raw = await request.read()
    if not raw:
        return None, files
    return json.loads(raw), files


def json_response(status: int, data: Any, headers: dict[str, str] | None = None) -> web.Response:
    # exactly application/json: with a charset discord.py would hand the bot a str
    response = web.Response(status=status, body=json.dumps(data).encode(),
                            headers=headers or {})
    response.headers["Content-Type"] = "application/json"
    return response


class RestLayer(RateLimitLayer):
    def _route(self, method: str, template: str, handler: Handler) -> None:
        self._routes.append((method, template, _compile(template), handler))

    def _find_route(self, method: str, path: str) -> tuple[str, Handler, dict[str, str]] | None:
        for m, template, pattern, handler in self._routes:
            if m == method:
                match = pattern.fullmatch(path)
                if match:
                    return template, handler, match.groupdict()
        return None

    async def _rest(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        found = self._find_route(request.method, path)
        if found is None:
            self._violate(f"REST call to an endpoint the fake does not know: "
                          f"{request.method} {path}")
            call = RestCall(request.method, "?", path, 404, 0, None, time.monotonic())
            self.rest_log.append(call)
            return json_response(404, {"message": "404: Not Found", "code": 0})
        template, handler, params = found
        key = f"{request.method} {template}"
        self._inflight += 1
        self._last_activity = time.monotonic()
        call = RestCall(request.method, template, path, 0, None, None, time.monotonic())
        self.rest_log.append(call)
        headers: dict[str, str] = {}
        try:
            try:
                body, files = await read_body(request)
            except ValueError:
                raise ApiError(400, 50109, "The request body contains invalid JSON.") from None
            # the log keeps the body as sent (the store points attachment:// links at files)
            call.body, call.files = copy.deepcopy(body), files
            headers, retry_after, is_global = self._rate_check(key, params)
            if retry_after is not None:
                return self._too_many(call, headers, retry_after, is_global)
            if not template.startswith(("/interactions/", "/webhooks/")) and \
                    request.headers.get("Authorization") != f"Bot {self.token}":
                raise ApiError(401, 0, "401: Unauthorized")
            if files:
                check_sizes(files, file_limit=self.attachment_size_limit,
                            request_limit=self.request_size_limit)
            status, result = await handler(Req(request, params, body, files))
            call.status = status
            if status == 204:
                return web.Response(status=204, headers=headers)
            return json_response(status, result, headers)
        except ApiError as exc:
            call.status, call.code = exc.status, exc.code
            self._violate(f"{key} -> {exc.status} {exc.code} {exc.message}"
                          + (f" {json.dumps(exc.errors)}" if exc.errors else ""))
            return json_response(exc.status, exc.body(), headers)
        finally:
            self._inflight -= 1
            self._last_activity = time.monotonic()

    def _too_many(self, call: RestCall, headers: dict[str, str], retry_after: float,
                  is_global: bool) -> web.Response:
        call.status = 429
        self.rate_limit_hits.append(call)
        headers.update({"Via": "1.1 google", "Retry-After": str(max(1, round(retry_after))),
                        "X-RateLimit-Scope": "global" if is_global else "user"})
        if is_global:
            headers["X-RateLimit-Global"] = "true"
        return json_response(429, {"message": "You are being rate limited.",
                                   "retry_after": retry_after, "global": is_global}, headers)

    async def _serve_attachment(self, request: web.Request) -> web.Response:
        try:
            found = self._files.get(int(request.match_info["file_id"]))
        except ValueError:
            found = None
        if found is None or found.filename != request.match_info["filename"]:
            return web.Response(status=404)
        return web.Response(body=found.data, content_type=found.content_type)
