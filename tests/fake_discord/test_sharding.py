"""Sharding as Discord does it, driven by real discord.py AutoShardedBots."""

from __future__ import annotations

import asyncio

import aiohttp
import discord
import pytest
import yarl

from tests.fake_discord import FakeDiscord, FakeGuild, FakeUser, Shard, shard_of
from tests.fake_discord.sharding import parse_shard, recommended_shards
from tests.fake_discord.toybot import Hook, ShardedToyBot, ToyBot


async def _hello(i: discord.Interaction) -> None:
    assert i.guild is not None
    await i.response.send_message(f"hello from shard {i.guild.shard_id}")


def test_shard_rules() -> None:
    assert parse_shard(None) == Shard(0, 1)
    assert parse_shard([1, 2]) == Shard(1, 2)
    for bad in ([2, 2], [-1, 2], [0, 0], [0], "0,1", [True, 2]):
        assert parse_shard(bad) is None
    assert recommended_shards(0, 1000) == 1
    assert recommended_shards(2500, 1000) == 3
    assert Shard(0, 2).owns(None) and not Shard(1, 2).owns(None)  # DMs go to shard 0
    assert shard_of((5 << 22) | 123, 2) == 1


async def _gateway_bot(fake: FakeDiscord) -> dict[str, object]:
    async with aiohttp.ClientSession() as http, http.get(
            f"{fake.api_base}/gateway/bot",
            headers={"Authorization": f"Bot {fake.token}"}) as resp:
        assert resp.status == 200
        data: dict[str, object] = await resp.json()
        return data


async def test_gateway_bot_recommends_a_shard_count(fake_discord: FakeDiscord) -> None:
    fake_discord.guilds_per_shard = 2
    for i in range(5):
        fake_discord.add_guild(f"g{i}")
    data = await _gateway_bot(fake_discord)
    assert data["url"] == fake_discord.gateway_url
    assert data["shards"] == 3
    assert data["session_start_limit"] == {"total": 1000, "remaining": 1000, "reset_after": 0,
                                           "max_concurrency": 1}
    fake_discord.recommended_shards = 4
    fake_discord.max_concurrency = 16
    data = await _gateway_bot(fake_discord)
    assert data["shards"] == 4
    limits = data["session_start_limit"]
    assert isinstance(limits, dict) and limits["max_concurrency"] == 16


class TwoShards:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.guilds = [fake.add_guild(f"shard{s}", shard=(s, 2)) for s in (0, 1)]
        self.chans = [g.add_text_channel("goita") for g in self.guilds]
        self.alice: FakeUser = fake.add_user("alice")
        for g in self.guilds:
            g.add_member(self.alice)

    def guild(self, shard_id: int) -> FakeGuild:
        return self.guilds[shard_id]

    async def start_clients(self, hook: Hook = _hello) -> list[ShardedToyBot]:
        """Two AutoShardedBots, running shard 0 and shard 1 of 2."""
        bots = [ShardedToyBot(shard_count=2, shard_ids=[s]) for s in (0, 1)]
        for bot in bots:
            bot.hook = hook
            await self.fake.start_bot(bot)
        return bots


async def test_two_clients_each_see_only_their_shards_guilds(fake_discord: FakeDiscord) -> None:
    world = TwoShards(fake_discord)
    bots = await world.start_clients()
    assert fake_discord.bots == bots
    assert "IDENTIFY shard [0, 2]" in fake_discord.gateway_log
    assert "IDENTIFY shard [1, 2]" in fake_discord.gateway_log
    for s, bot in enumerate(bots):
        assert [g.id for g in bot.guilds] == [world.guild(s).id]
        assert fake_discord.shard_of(world.guild(s), 2) == s

    for s in (1, 0, 1):
        result = await world.alice.run(world.chans[s], "toy do")
        assert result.text() == f"hello from shard {s}"
    assert [len(b.seen) for b in bots] == [1, 2]
    assert all(i.guild_id == world.guild(1).id for i in bots[1].seen)

    # a guild that joins later goes to its shard's client only
    late = fake_discord.add_guild("late", shard=(1, 2))
    await fake_discord.wait_for(lambda: bots[1].get_guild(late.id) is not None,
                                what="GUILD_CREATE on shard 1")
    assert bots[0].get_guild(late.id) is None


async def _hello_dm(i: discord.Interaction) -> None:
    await i.response.send_message("hi")


async def test_dms_go_to_shard_0(fake_discord: FakeDiscord) -> None:
    world = TwoShards(fake_discord)
    bots = await world.start_clients(_hello_dm)
    await world.alice.run(world.alice.dm(), "toy do")
    assert [len(b.seen) for b in bots] == [1, 0]


async def test_one_client_runs_the_recommended_shards(fake_discord: FakeDiscord) -> None:
    world = TwoShards(fake_discord)
    fake_discord.recommended_shards = 2
    bot = ShardedToyBot()
    bot.hook = _hello
    await fake_discord.start_bot(bot)
    assert bot.shard_count == 2
    assert sorted(g.id for g in bot.guilds) == sorted(g.id for g in world.guilds)
    for s in (0, 1):
        assert (await world.alice.run(world.chans[s], "toy do")).text() == \
            f"hello from shard {s}"
    assert fake_discord.session_starts == 2


async def test_a_shard_that_resumes_or_identifies_again_keeps_its_guilds(
        fake_discord: FakeDiscord) -> None:
    world = TwoShards(fake_discord)
    bots = await world.start_clients()

    async with fake_discord.outage():
        pending = world.guilds[1].add_text_channel("while-away")
    await fake_discord.wait_idle()
    assert bots[1].get_channel(pending.id) is not None
    assert bots[0].get_channel(pending.id) is None

    await fake_discord.drop_connection(shard_id=1)
    assert (await world.alice.run(world.chans[1], "toy do")).text() == "hello from shard 1"

    await fake_discord.invalidate_session(resumable=False, shard_id=0)
    await fake_discord.wait_connected()
    assert fake_discord.gateway_log.count("IDENTIFY shard [0, 2]") == 2
    assert (await world.alice.run(world.chans[0], "toy do")).text() == "hello from shard 0"
    assert [len(b.seen) for b in bots] == [1, 1]


async def test_invalid_shard_is_closed_with_4010(fake_discord: FakeDiscord) -> None:
    fake_discord.add_guild("Noto")
    with pytest.raises(discord.ConnectionClosed) as info:
        await fake_discord.start_bot(ShardedToyBot(shard_count=2, shard_ids=[2]))
    assert info.value.code == 4010
    assert "IDENTIFY refused: invalid shard [2, 2]" in fake_discord.gateway_log


async def test_too_many_guilds_for_one_session_is_closed_with_4011(
        fake_discord: FakeDiscord) -> None:
    fake_discord.max_guilds_per_session = 2
    fake_discord.guilds_per_shard = 2
    for s in (0, 0, 1):
        fake_discord.add_guild(f"g{s}", shard=(s, 2))
    with pytest.raises(discord.ConnectionClosed) as info:
        await fake_discord.start_bot(ToyBot())
    assert info.value.code == 4011
    # sharded as /gateway/bot recommends, each session stays under the limit
    bot = await fake_discord.start_bot(ShardedToyBot())
    assert bot.shard_count == 2 and len(bot.guilds) == 3


async def test_a_second_unsharded_bot_is_refused(fake_discord: FakeDiscord) -> None:
    await fake_discord.start_bot(ToyBot())
    with pytest.raises(Exception, match="already running"):
        await fake_discord.start_bot(ShardedToyBot(shard_count=2, shard_ids=[1]))


async def test_shards_in_processes_the_fake_cannot_see_into(
        fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch) -> None:
    # what two bot processes do: point discord.py at the fake and run a shard each
    monkeypatch.setattr(discord.http.Route, "BASE", fake_discord.api_base)
    monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY",
                        yarl.URL(fake_discord.gateway_url))
    world = TwoShards(fake_discord)
    fake_discord.use_external_bot()
    fake_discord.idle_quiet = 0.05
    bots = [ShardedToyBot(shard_count=2, shard_ids=[s]) for s in (0, 1)]
    tasks = []
    for bot in bots:
        bot.hook = _hello
        tasks.append(asyncio.create_task(bot.start(fake_discord.token)))
    try:
        await fake_discord.wait_for(lambda: all(b.is_ready() for b in bots),
                                    what="both shard processes")
        for s in (0, 1):
            result = await world.alice.run(world.chans[s], "toy do")
            assert result.text() == f"hello from shard {s}"
        assert [len(b.seen) for b in bots] == [1, 1]
    finally:
        for bot in bots:
            await bot.close()
        await asyncio.gather(*tasks)
