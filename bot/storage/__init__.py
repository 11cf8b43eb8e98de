"""Persistence: SQLite through aiosqlite, behind small repository classes."""
