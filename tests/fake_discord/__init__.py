"""A fake Discord server for end-to-end tests of the real discord.py client (issue 5)."""

from .clock import FakeClock
from .errors import ApiError
from .models import (
    Button,
    FakeChannel,
    FakeGuild,
    FakeInteraction,
    FakeMessage,
    FakeModal,
    FakeUser,
    ScenarioError,
    Select,
)
from .server import FakeDiscord, RestCall

__all__ = [
    "ApiError",
    "Button",
    "FakeChannel",
    "FakeClock",
    "FakeDiscord",
    "FakeGuild",
    "FakeInteraction",
    "FakeMessage",
    "FakeModal",
    "FakeUser",
    "RestCall",
    "ScenarioError",
    "Select",
]
