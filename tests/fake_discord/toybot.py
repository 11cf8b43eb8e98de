"""A small real discord.py bot used by the fake's own tests (not the Goita bot).

``/toy do`` runs whatever coroutine the test put in ``bot.hook``, so a test can make
the bot do exactly the API call whose enforcement it checks. ``/toy lobby`` uses a
persistent view whose state lives in the message, so it survives a restart.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

Hook = Callable[[discord.Interaction], Awaitable[None]]


def lobby_names(content: str) -> list[str]:
    _, _, names = content.partition(": ")
    return [n for n in names.split(", ") if n]


class LobbyView(discord.ui.View):
    def __init__(self, names: list[str] | None = None) -> None:
        super().__init__(timeout=None)
        self.start.disabled = len(names or []) < 2

    @discord.ui.button(label="Join", custom_id="lobby:join", style=discord.ButtonStyle.primary)
    async def join(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        assert interaction.message is not None
        names = lobby_names(interaction.message.content)
        if interaction.user.name in names:
            await interaction.response.send_message("You already joined.", ephemeral=True)
            return
        names.append(interaction.user.name)
        await interaction.response.edit_message(content="Lobby: " + ", ".join(names),
                                                view=LobbyView(names))

    @discord.ui.button(label="Start", custom_id="lobby:start", style=discord.ButtonStyle.success)
    async def start(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.edit_message(content="Game started", view=None)
        await interaction.followup.send(f"Your hand, {interaction.user.name}: 王", ephemeral=True)


class ColourSelect(discord.ui.View):
    @discord.ui.select(custom_id="colour", placeholder="Pick a colour", options=[
        discord.SelectOption(label="Red", value="r"),
        discord.SelectOption(label="Green", value="g"),
    ])
    async def colour(self, interaction: discord.Interaction,
                     select: discord.ui.Select[Any]) -> None:
        await interaction.response.edit_message(content=f"picked {select.values}", view=None)


class AskModal(discord.ui.Modal, title="A question"):
    answer: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Your answer",
                                                             custom_id="answer", max_length=50)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"you said {self.answer.value}", ephemeral=True)


class ToyBot(commands.Bot):
    def __init__(self, **kwargs: Any) -> None:
        intents = discord.Intents.default()
        intents.members = False
        intents.message_content = False
        options: dict[str, Any] = {"command_prefix": commands.when_mentioned, "intents": intents,
                                   "guild_ready_timeout": 0.01, "help_command": None}
        options.update(kwargs)
        super().__init__(**options)
        self.hook: Hook | None = None
        self.seen: list[discord.Interaction] = []
        self.errors: list[BaseException] = []
        self.messages_seen: list[discord.Message] = []

    async def setup_hook(self) -> None:
        group = app_commands.Group(name="toy", description="Toy commands")
        bot = self

        @group.command(name="do", description="Run the test's hook")
        async def do(interaction: discord.Interaction) -> None:
            bot.seen.append(interaction)
            if bot.hook is not None:
                try:
                    await bot.hook(interaction)
                except discord.HTTPException as exc:
                    bot.errors.append(exc)

        @group.command(name="lobby", description="Open a lobby")
        async def lobby(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("Lobby: ", view=LobbyView())

        @group.command(name="pick", description="Pick a colour")
        async def pick(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("Pick one", view=ColourSelect())

        @group.command(name="ask", description="Ask a question in a modal")
        async def ask(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(AskModal())

        @group.command(name="greet", description="Greet someone")
        @app_commands.describe(who="Who to greet", times="How often")
        async def greet(interaction: discord.Interaction, who: discord.User,
                        times: app_commands.Range[int, 1, 3] = 1) -> None:
            bot.seen.append(interaction)
            await interaction.response.send_message(" ".join([f"hi {who.name}"] * times))

        async def colours(interaction: discord.Interaction,
                          current: str) -> list[app_commands.Choice[str]]:
            names = ["red", "green", "blue"]
            return [app_commands.Choice(name=n, value=n) for n in names if n.startswith(current)]

        @group.command(name="paint", description="Paint in a colour")
        @app_commands.autocomplete(colour=colours)
        async def paint(interaction: discord.Interaction, colour: str) -> None:
            await interaction.response.send_message(f"painted {colour}")

        self.tree.add_command(group)
        self.add_view(LobbyView())
        await self.tree.sync()

    async def on_message(self, message: discord.Message) -> None:
        self.messages_seen.append(message)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is discord.InteractionType.component:
            self.seen.append(interaction)


class ShardedToyBot(ToyBot, commands.AutoShardedBot):
    """The toy bot as an ``AutoShardedBot``: ``shard_count`` and ``shard_ids`` choose the
    shards this client runs (without them it asks GET /gateway/bot)."""
