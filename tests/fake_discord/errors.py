"""Errors the fake returns, shaped like the real API's JSON error bodies."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """An HTTP error response: status, Discord error code, message, optional field errors."""

    def __init__(
        self, status: int, code: int, message: str, errors: dict[str, Any] | None = None
    ) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body


def unknown_interaction() -> ApiError:
    return ApiError(404, 10062, "Unknown interaction")


def already_acknowledged() -> ApiError:
    return ApiError(400, 40060, "Interaction has already been acknowledged.")


def invalid_webhook_token() -> ApiError:
    return ApiError(401, 50027, "Invalid Webhook Token")


def unknown_webhook() -> ApiError:
    return ApiError(404, 10015, "Unknown Webhook")


def unknown_message() -> ApiError:
    return ApiError(404, 10008, "Unknown Message")


def unknown_channel() -> ApiError:
    return ApiError(404, 10003, "Unknown Channel")


def unknown_user() -> ApiError:
    return ApiError(404, 10013, "Unknown User")


def unknown_member() -> ApiError:
    return ApiError(404, 10007, "Unknown Member")


def missing_access() -> ApiError:
    return ApiError(403, 50001, "Missing Access")


def missing_permissions() -> ApiError:
    return ApiError(403, 50013, "Missing Permissions")


def cannot_edit_others() -> ApiError:
    return ApiError(403, 50005, "Cannot edit a message authored by another user")


def empty_message() -> ApiError:
    return ApiError(400, 50006, "Cannot send an empty message")


def invalid_form(path: list[str | int], code: str, message: str) -> ApiError:
    """50035 Invalid Form Body with the nested ``errors`` object Discord uses."""
    leaf: dict[str, Any] = {"_errors": [{"code": code, "message": message}]}
    for key in reversed(path):
        leaf = {str(key): leaf}
    return ApiError(400, 50035, "Invalid Form Body", leaf)


class ScenarioError(AssertionError):
    """A test asked a fake user to do something Discord's client would not let them do."""
