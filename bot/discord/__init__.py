"""The discord.py adapter: slash commands, buttons, renderers and the presenter. No game
rules here: every change of a table goes through ``bot.app.tables.TableService``."""
