"""End to end through the fake Discord: /goita leaderboard paging, /goita stats,
/goita history downloads (read back by the rules core's replay CLI) and /goita replay."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from bot.app.records import FinishedMatch, SeatRecord, summarize_rounds
from bot.client import create_bot
from bot.storage.db import open_database
from bot.storage.results import SqliteResultsStore
from goita_core import Match
from goita_core.kifu import MatchRecord
from tests.fake_discord import FakeDiscord, FakeUser

REPO_ROOT = Path(__file__).resolve().parents[4]


def played_match(seed: int, seats: Sequence[SeatRecord], guild_id: int, table_id: int,
                 at: float, stop_after_rounds: int | None = None) -> FinishedMatch:
    """A real match of random legal moves, as the table service would record it."""
    match = Match(seed=seed)
    rng = random.Random(seed)
    while not match.over:
        if match.round.over:
            if stop_after_rounds is not None and match.round_no >= stop_after_rounds:
                break
            match.next_round()
            continue
        seat = match.round.to_act()[0]
        match.apply(seat, rng.choice(match.round.legal_actions(seat)))
    record = MatchRecord.from_match(match, [s.name for s in seats])
    return FinishedMatch(
        guild_id=guild_id, channel_id=1, table_id=table_id, started_at=at,
        finished_at=at + 900, rules=match.rules.to_json(), seats=seats,
        scores=match.scores, winner_team=match.winner,
        stopped_early=not match.over, rounds=summarize_rounds(match),
        record_json=record.dumps(),
    )


def seats_of(users: Sequence[FakeUser | str]) -> list[SeatRecord]:
    out = []
    for i, u in enumerate(users):
        if isinstance(u, str):
            out.append(SeatRecord(i, "cpu", None, "CPU", u))
        else:
            out.append(SeatRecord(i, "human", u.id, u.name))
    return out


async def record(path: Path, matches: Sequence[FinishedMatch]) -> list[int]:
    conn = await open_database(path)
    try:
        repo = SqliteResultsStore(conn)
        return [await repo.record_match(m) for m in matches]
    finally:
        await conn.close()


async def test_leaderboard_pages_with_buttons(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    guild = fake_discord.add_guild("Noto")
    chan = guild.add_text_channel("goita")
    users = [guild.add_member(fake_discord.add_user(f"player{i:02d}")) for i in range(24)]
    kenji = guild.add_member(fake_discord.add_user("kenji", locale="ja"))
    settings = make_settings()
    # 24 players in 6 matches, then a 25th with one stopped match: 3 pages
    matches = [played_match(s, seats_of(users[4 * s:4 * s + 4]), guild.id, s, 1000.0 * s)
               for s in range(6)]
    matches.append(played_match(99, seats_of([users[0], kenji, users[2], "easy"]), guild.id,
                                99, 9000.0, stop_after_rounds=1))
    await record(settings.database_path, matches)

    await fake_discord.start_bot(create_bot(settings, guild_ready_timeout=0.05))
    alice, bob = users[0], users[1]
    board = (await alice.run(chan, "goita leaderboard")).reply
    assert not board.ephemeral  # the board is for everyone
    text = board.text()
    assert "Page 1/3" in text and "25 players" in text
    assert board.button("◀ Previous").disabled and not board.button("Next ▶").disabled
    first_page = [line for line in text.splitlines() if line.startswith("**")]
    assert len(first_page) == 10

    # anyone can page; the same message is edited
    page2 = (await bob.click(board, "Next ▶")).reply
    text2 = page2.text()
    assert page2.id == board.id and "Page 2/3" in text2
    page3 = (await alice.click(page2, "Next ▶")).reply
    text3 = page3.text()
    assert "Page 3/3" in text3 and page3.button("Next ▶").disabled
    assert len([ln for ln in text3.splitlines() if ln.startswith("**")]) == 5
    seen = {u.name for u in [*users, kenji]
            for page in (text, text2, text3) if f" {u.name} —" in page}
    assert len(seen) == 25  # the new player (only a stopped match) is on the board too
    back = (await alice.click(page3, "◀ Previous")).reply
    assert "Page 2/3" in back.text()

    by_wins = (await alice.click(back, "Sort by wins")).reply
    assert "by wins" in by_wins.text() and "Page 1/3" in by_wins.text()
    winners = [ln for ln in by_wins.text().splitlines() if ln.startswith("**")]
    assert all("1 won" in ln for ln in winners[:10])  # 12 players won once, listed first

    # Japanese for a Japanese client
    ja = (await kenji.run(chan, "goita leaderboard", sort="wins")).reply
    assert "ランキング" in ja.text() and "勝利数順" in ja.text()


async def test_stats_history_download_and_replay(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any], tmp_path: Path
) -> None:
    guild = fake_discord.add_guild("Noto")
    chan = guild.add_text_channel("goita")
    alice = guild.add_member(fake_discord.add_user("alice"))
    bob = guild.add_member(fake_discord.add_user("bob"))
    carol = guild.add_member(fake_discord.add_user("carol"))
    dave = guild.add_member(fake_discord.add_user("dave"))
    settings = make_settings()
    humans = played_match(7, seats_of([alice, bob, carol, dave]), guild.id, 1, 100.0)
    with_cpu = played_match(8, seats_of([alice, "normal", "easy", "hard"]), guild.id, 2, 5000.0)
    ids = await record(settings.database_path, [humans, with_cpu])

    await fake_discord.start_bot(create_bot(settings, guild_ready_timeout=0.05))

    stats = (await alice.run(chan, "goita stats")).reply
    text = stats.text()
    alice_won = [humans.winner_team == 0, with_cpu.winner_team == 0].count(True)
    assert f"{alice_won} won of 2" in text
    assert "Of which with CPU" in text
    nobody = guild.add_member(fake_discord.add_user("nobody"))
    none = (await nobody.run(chan, "goita stats")).reply
    assert none.ephemeral and "no recorded Goita match" in none.text()
    dave_stats = (await alice.run(chan, "goita stats", user=dave)).reply
    assert "dave" in dave_stats.text()

    hist = (await alice.run(chan, "goita history")).reply
    assert hist.ephemeral_for == alice.id
    assert hist.text().index(f"#{ids[1]}") < hist.text().index(f"#{ids[0]}")  # newest first
    assert "with CPU" in hist.text()

    # each download is an ephemeral attachment that the replay CLI reads back
    expected = list(humans.scores)
    for label, suffix in ((f"#{ids[0]} kifu (YAML)", ".yaml"),
                          (f"#{ids[0]} record (JSON)", ".json")):
        sent = (await alice.click(hist, label)).reply
        assert sent.ephemeral_for == alice.id
        assert len(sent.files) == 1
        name, data = sent.files[0]
        assert name == f"goita-match-{ids[0]}{suffix}"
        path = tmp_path / name
        path.write_bytes(data)
        out = subprocess.run(
            [sys.executable, "-m", "goita_core", "replay", "--json", str(path)],
            capture_output=True, text=True, cwd=REPO_ROOT, timeout=60, check=False)
        assert out.returncode == 0, out.stderr
        assert json.loads(out.stdout)["scores"] == expected
    assert b"p0:" in (tmp_path / f"goita-match-{ids[0]}.yaml").read_bytes()

    # replay: face-down pieces shown, Previous/Next move through the match
    opened = (await alice.click(hist, f"#{ids[0]} replay")).reply
    assert opened.ephemeral_for == alice.id
    assert "round 1/" in opened.text() and "step 0/" in opened.text()
    assert opened.button("◀ Previous").disabled
    step1 = (await alice.click(opened, "Next ▶")).reply
    assert step1.id == opened.id and "step 1/" in step1.text()
    assert "face down" in step1.text() and "[" in step1.text()
    later = (await alice.click(step1, "Round ⏭")).reply
    assert "round 2/" in later.text() and "step 0/" in later.text()
    again = (await alice.click(later, "◀ Previous")).reply
    assert "round 1/" in again.text()

    # /goita replay offers the user's matches, newest first, and takes a number
    choices = await bob.autocomplete(chan, "goita replay", focused="match", value="")
    assert [c["value"] for c in choices] == [ids[0]]  # bob played only the first
    assert await carol.autocomplete(chan, "goita replay", focused="match", value="999") == []
    # /goita replay by number; an unknown number is refused
    direct = (await bob.run(chan, "goita replay", match=ids[0])).reply
    assert direct.ephemeral_for == bob.id and f"Match #{ids[0]}" in direct.text()
    missing = (await bob.run(chan, "goita replay", match=ids[1] + 50)).reply
    assert "no recorded match" in missing.text()


async def test_a_match_played_at_a_table_is_recorded_and_downloadable(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any], tmp_path: Path
) -> None:
    from tests.bot.discord.kit import make_world, member, play_until_over

    world = await make_world(fake_discord, make_settings)
    alice = member(world, "alice")
    await alice.run(world.chan, "goita new", target=50)
    await world.settle()
    lobby = world.board()
    for label in ("+ CPU easy", "+ CPU normal", "+ CPU hard"):
        await alice.click(lobby, label)
    await alice.click(lobby, "Start")
    await world.settle()
    await play_until_over(world, {0: alice}, random.Random(3), limit=200)
    table = world.table()
    assert table.status == "finished" and table.match is not None
    final = list(table.match.scores)

    stats = (await alice.run(world.chan, "goita stats")).reply.text()
    won = table.match.winner == 0
    assert f"{int(won)} won of 1" in stats
    board = (await alice.run(world.chan, "goita leaderboard")).reply.text()
    assert "alice" in board and "1 with CPU" in board and "CPU 2" not in board

    hist = (await alice.run(world.chan, "goita history")).reply
    assert "with CPU" in hist.text() and ("won" if won else "lost") in hist.text()
    yaml_button = next(b for b in hist.buttons if b.label and "kifu (YAML)" in b.label)
    sent = (await alice.click(hist, custom_id=yaml_button.custom_id)).reply
    name, data = sent.files[0]
    path = tmp_path / name
    path.write_bytes(data)
    out = subprocess.run([sys.executable, "-m", "goita_core", "replay", "--json", str(path)],
                         capture_output=True, text=True, cwd=REPO_ROOT, timeout=60, check=False)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["scores"] == final


async def test_history_pages_and_marks_stopped_matches(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    guild = fake_discord.add_guild("Noto")
    chan = guild.add_text_channel("goita")
    alice = guild.add_member(fake_discord.add_user("alice"))
    settings = make_settings()
    matches = [played_match(s, seats_of([alice, "easy", "normal", "easy"]), guild.id, s,
                            100.0 * s) for s in range(5)]
    matches.append(played_match(50, seats_of([alice, "easy", "normal", "easy"]), guild.id, 50,
                                9000.0, stop_after_rounds=1))
    ids = await record(settings.database_path, matches)
    await fake_discord.start_bot(create_bot(settings, guild_ready_timeout=0.05))

    hist = (await alice.run(chan, "goita history")).reply
    first = hist.text()
    assert "page 1/2, 6 in all" in first
    assert first.index(f"#{ids[5]}") < first.index("stopped early") < first.index(f"#{ids[4]}")
    rows = hist.components
    assert len(rows) == 5  # four matches, one row each, then the paging row
    assert [c["label"] for c in rows[4]["components"]] == ["◀ Newer", "Older ▶"]
    assert all(f"#{ids[5 - i]}" in c["label"] for i in range(4)
               for c in rows[i]["components"])
    older = (await alice.click(hist, "Older ▶")).reply
    text = older.text()
    assert "page 2/2" in text and f"#{ids[1]}" in text and f"#{ids[0]}" in text
    assert f"#{ids[5]}" not in text
    assert older.button("Older ▶").disabled
