"""What players asked of the first version, end to end: the leaderboard shows the
caller's own place when they are not on the page, /goita stats compares with the server's
average, /goita history filters by opponent (and keeps the filter when paging)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.client import create_bot
from tests.bot.discord.stats.test_stats_e2e import played_match, record, seats_of
from tests.fake_discord import FakeDiscord, FakeUser


async def test_own_place_average_and_history_against_an_opponent(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    guild = fake_discord.add_guild("Noto")
    chan = guild.add_text_channel("goita")
    users = [guild.add_member(fake_discord.add_user(f"player{i:02d}")) for i in range(24)]
    settings = make_settings()
    matches = [played_match(s, seats_of(users[4 * s:4 * s + 4]), guild.id, s, 1000.0 * s)
               for s in range(6)]
    # player00 and player01 (opponents in the first match) meet six more times; player02
    # was player00's partner
    pair: list[FakeUser | str] = [users[0], users[1], "easy", "easy"]
    matches += [played_match(50 + i, seats_of(pair), guild.id, 50 + i, 9000.0 + 1000 * i)
                for i in range(6)]
    await record(settings.database_path, matches)
    bot = create_bot(settings, guild_ready_timeout=0.05)
    await fake_discord.start_bot(bot)
    assert bot.services is not None
    results = bot.services.archive.results

    board = (await users[0].run(chan, "goita leaderboard")).reply
    table = await results.leaderboard(guild.id)
    on_page = {e.user_id for e in table.entries}
    outsider = next(u for u in users if u.id not in on_page)
    insider = next(u for u in users if u.id in on_page)
    mine = (await outsider.run(chan, "goita leaderboard")).reply
    assert "Your place" in mine.text()
    entry = await results.leaderboard_entry(guild.id, outsider.id)
    assert entry is not None
    assert f"#{entry.rank} · rating {entry.rating:.1f}" in mine.text()
    assert "Your place" not in (await insider.run(chan, "goita leaderboard")).reply.text()
    del board

    stats = (await users[5].run(chan, "goita stats")).reply
    assert "Server average" in stats.text() and "players: 24" in stats.text()

    everything = (await users[1].run(chan, "goita history")).reply
    assert "page 1/2, 7 in all" in everything.text()
    against = (await users[0].run(chan, "goita history", opponent=users[1])).reply
    text = against.text()
    assert f"Only matches against <@{users[1].id}>." in text and "page 1/2, 7 in all" in text
    older = (await users[0].click(against, "Older ▶")).reply
    assert "page 2/2, 7 in all" in older.text() and f"<@{users[1].id}>" in older.text()
    nobody = (await users[0].run(chan, "goita history", opponent=users[2])).reply
    assert nobody.text() == \
        f"No recorded match against <@{users[2].id}> on this server."
