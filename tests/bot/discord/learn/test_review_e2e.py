"""End to end through the fake Discord: /goita review of a recorded match lists the
caller's decisions (biggest mistakes first) with the position as they saw it, no other
seat's hidden piece; the progress line updates while it runs; the history's Review button
opens it; the second time it comes from the cache."""

from __future__ import annotations

import asyncio
import re
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.app.learn.review import ProgressCallback, Review, ReviewSettings, moments
from bot.client import GoitaBot, create_bot
from bot.discord.services import services_of
from tests.bot.discord.stats.test_stats_e2e import played_match, record, seats_of
from tests.fake_discord import FakeDiscord, FakeMessage, FakeUser

FAST = ReviewSettings(search_samples=6, compare_samples=4)


async def review_world(fake: FakeDiscord, make_settings: Callable[..., Any], tmp: Path,
                       ) -> tuple[Any, FakeUser, FakeUser, int, str, GoitaBot]:
    guild = fake.add_guild("Noto")
    chan = guild.add_text_channel("goita")
    alice = guild.add_member(fake.add_user("alice"))
    bob = guild.add_member(fake.add_user("bob"))
    settings = make_settings()
    match = played_match(3, seats_of(["easy", alice, "normal", "hard"]), guild.id, 1, 100.0)
    [match_id] = await record(settings.database_path, [match])
    bot = create_bot(settings, guild_ready_timeout=0.05)
    await fake.start_bot(bot)
    learn = services_of(bot).learn
    assert learn is not None
    learn.reviews.settings = FAST  # a quick analysis: the test checks the flow, not the play
    learn.reviews.progress_interval = 0.0
    return chan, alice, bob, match_id, match.record_json, bot


def page_facts(msg: FakeMessage) -> tuple[int, int, float]:
    """(round, move, points given away) of the decision shown."""
    text = msg.text()
    where = re.search(r"Round (\d+), move (\d+)", text)
    assert where, text
    loss = re.search(r"About ([0-9.]+) points given away", text)
    return int(where[1]), int(where[2]), float(loss[1]) if loss else 0.0


async def test_a_review_lists_the_callers_decisions_with_only_their_view(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any], tmp_path: Path
) -> None:
    chan, alice, _bob, match_id, record_json, _ = await review_world(fake_discord, make_settings,
                                                                  tmp_path)
    answer = (await alice.run(chan, "goita review", match=match_id)).reply
    assert answer.ephemeral_for == alice.id
    # the progress line updated while the analysis ran
    progress = [h["content"] for h in answer.history if "Analysing move" in h["content"]]
    assert len(progress) >= 2 and len(set(progress)) == len(progress), progress
    numbers = [int(re.search(r"move (\d+) of", p)[1]) for p in progress]  # type: ignore[index]
    assert numbers == sorted(numbers)
    expected = {(m.round_no, m.step): m for m in moments(record_json, 1)}
    total = len(expected)
    assert f"decision 1 of {total}" in answer.text()
    seen, losses = [], []
    for n in range(total):
        text = answer.text()
        assert f"decision {n + 1} of {total}" in text
        rnd, step, loss = page_facts(answer)
        seen.append((rnd, step))
        losses.append(loss)
        view = expected[(rnd, step)].view
        # the caller's pieces then, and nobody else's face-down piece
        hand = next(ln for ln in text.splitlines() if ln.startswith("Your pieces:"))
        assert hand.count("·") == len(view.hand) - 1
        others = [ln for ln in text.splitlines() if ln.startswith("CPU:")]  # seats 0, 2, 3
        for seat, line in zip((0, 2, 3), others, strict=True):
            down = sum(1 for p in view.played[seat] if p.face_down)
            assert line.count("▮") == down and "[" not in line, line
        if n < total - 1:
            answer = (await alice.click(answer, "Next")).reply
    assert sorted(seen) == sorted(expected)  # every decision of hers, each once
    assert losses == sorted(losses, reverse=True)  # biggest mistakes first
    back = (await alice.click(answer, "Previous")).reply
    assert f"decision {total - 1} of {total}" in back.text()
    # the second time it comes from the cache: no analysis, no progress line
    again = (await alice.run(chan, "goita review", match=match_id)).reply
    assert again.id != answer.id and not again.history
    assert f"decision 1 of {total}" in again.text()


async def test_only_a_player_of_the_match_can_review_it(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any], tmp_path: Path
) -> None:
    chan, alice, bob, match_id, _, _ = await review_world(fake_discord, make_settings, tmp_path)
    no = (await bob.run(chan, "goita review", match=match_id)).reply
    assert no.ephemeral_for == bob.id and "You did not play in match" in no.text()
    missing = (await alice.run(chan, "goita review", match=match_id + 7)).reply
    assert f"There is no match #{match_id + 7}" in missing.text()
    choices = await alice.autocomplete(chan, "goita review", focused="match", value="")
    assert [c["value"] for c in choices] == [match_id]


async def test_the_historys_review_button_opens_the_review(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any], tmp_path: Path
) -> None:
    chan, alice, _bob, match_id, _, _ = await review_world(fake_discord, make_settings,
                                                           tmp_path)
    hist = (await alice.run(chan, "goita history")).reply
    opened = (await alice.click(hist, f"#{match_id} review")).reply
    assert opened.id != hist.id and opened.ephemeral_for == alice.id
    assert f"Review of match #{match_id}" in opened.text()


async def test_one_review_at_a_time_per_user(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any], tmp_path: Path
) -> None:
    chan, alice, _bob, match_id, _, bot = await review_world(fake_discord, make_settings,
                                                             tmp_path)
    learn = services_of(bot).learn
    assert learn is not None
    gate = threading.Event()
    real = learn.reviews.analyser

    def slow(record_json: str, seat: int, settings: ReviewSettings,
             progress: ProgressCallback) -> Review:
        gate.wait(30)
        return real(record_json, seat, settings, progress)

    learn.reviews.analyser = slow
    first = await alice.run(chan, "goita review", match=match_id, settle=False)
    assert "Preparing the review" in first.text()
    second = (await alice.run(chan, "goita review", match=match_id, settle=False)).reply
    assert "still running" in second.text()
    gate.set()
    await fake_discord.wait_idle()
    for _ in range(200):
        if "Review of match" in first.text():
            break
        await asyncio.sleep(0.05)
    assert f"Review of match #{match_id}" in first.text()
