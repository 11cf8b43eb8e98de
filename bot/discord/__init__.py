"""Thin discord.py adapter: slash commands, views and embeds. No game rules here."""
