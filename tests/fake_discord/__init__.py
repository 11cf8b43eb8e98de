"""A fake Discord server for end-to-end tests of the real discord.py client (issue 5)."""

from .attachments import FakeAttachment
from .clock import FakeClock
from .errors import ApiError, ScenarioError
from .guilds import FakeChannel, FakeGuild
from .interactions import FakeInteraction, FakeModal
from .messages import Button, FakeMessage, Select
from .server import FakeDiscord
from .sharding import Shard, shard_of
from .state import RestCall
from .users import FakeUser

__all__ = [
    "ApiError",
    "Button",
    "FakeAttachment",
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
    "Shard",
    "shard_of",
]
