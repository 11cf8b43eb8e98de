"""Shared pytest setup: the fake Discord fixtures (tests/fake_discord) and a real
PostgreSQL server with a fresh database per test (tests/pg_fixtures.py)."""

from tests.fake_discord.fixtures import fake_discord, make_settings
from tests.pg_fixtures import pg_url, postgres_server

__all__ = ["fake_discord", "make_settings", "pg_url", "postgres_server"]
