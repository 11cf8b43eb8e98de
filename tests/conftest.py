"""Shared pytest setup: the fake Discord fixtures (tests/fake_discord)."""

from tests.fake_discord.fixtures import fake_discord, make_settings

__all__ = ["fake_discord", "make_settings"]
