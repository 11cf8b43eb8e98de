"""Languages end to end: the board in the server's language, private messages in each
user's, localised command names; and no per-message View kept alive. One whole match with
users of each locale, each told everything in their language within Discord's limits."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tests.bot.discord.kit import make_world, member, open_table
from tests.fake_discord import FakeDiscord


async def test_board_in_server_language_private_messages_in_user_language(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    world = await make_world(fake_discord, make_settings, guild_locale="ja",
                             round_pause_seconds=30)
    alice = member(world, "alice", locale="en-US")
    taro = member(world, "taro", locale="ja")
    command = fake_discord.global_commands[0]
    new = next(o for o in command["options"] if o["name"] == "new")
    assert command["name_localizations"]["ja"] == "ごいた"
    assert new["name_localizations"]["ja"] == "新しい卓"
    assert new["description_localizations"]["ja"].startswith("このチャンネル")

    rules_en = await alice.run(world.chan, "goita rules")
    rules_ja = await taro.run(world.chan, "goita rules")
    assert "Leading" in rules_en.text() and "打ち出し" in rules_ja.text()
    assert rules_ja.reply.ephemeral_for == taro.id

    lobby = await open_table(world, alice, taro, "easy", "easy")
    assert "新しい卓" in lobby.text() and "参加" in [b.label for b in lobby.buttons]
    await alice.click(lobby, "開始")
    await world.settle()
    board = world.board()
    assert "第1局" in board.text()
    hand_en = (await alice.click(board, "手駒を見る")).reply
    hand_ja = (await taro.click(board, "手駒を見る")).reply
    assert "Your hand" in hand_en.text()
    assert "あなたの手駒" in hand_ja.text()
    wrong = await alice.run(world.chan, "goita new")
    assert "already has a table" in wrong.text()
    # Hands are sent with stopped Views: discord.py keeps no View (and no 15-minute
    # timeout task) per hand message; clicks are routed by the DynamicItem template.
    store = world.bot._connection._view_store
    assert store._views == {} or all(not v for v in store._views.values())
    assert not store._synced_message_views


# -- one whole match with users of each locale --------------------------------------------
LOCALES = {"en": "en-US", "ja": "ja", "es": "es-ES", "de": "de", "fr": "fr", "ru": "ru"}


def _fragments(lang: str) -> set[str]:
    """The fixed pieces of text of every message of ``lang`` (between the placeables, in
    every variant), stripped of markdown and punctuation at their ends."""
    from fluent.syntax import ast
    from fluent.syntax.visitor import Visitor

    from bot.i18n import catalog

    found: set[str] = set()

    class Texts(Visitor):
        def visit_TextElement(self, node: ast.TextElement) -> None:
            for line in node.value.splitlines():
                text = line.strip(" *_`·•—–-:;,.()[]«»„“”\"'!?…→▶◀")
                if text:
                    found.add(text)

    for fid, message in catalog.entries(lang).items():
        if not fid.startswith(catalog.COMMAND_PREFIX):
            Texts().visit(message)
    return found


def _english_only(lang: str) -> set[str]:
    """English text that has no place in a message of ``lang``: English fragments of two
    words or more that the other catalog does not contain."""
    from bot.i18n import catalog

    theirs = "\n".join(catalog.format_message(lang, fid, {})[0]
                       for fid in catalog.entries(lang))
    return {f for f in _fragments("en") if " " in f and len(f) >= 8 and f not in theirs}


def _flat(version: dict[str, Any]) -> str:
    parts = [version.get("content") or ""]
    for e in version.get("embeds") or []:
        parts += [e.get("title") or "", e.get("description") or "",
                  (e.get("footer") or {}).get("text") or ""]
        parts += [f"{f.get('name', '')}\n{f.get('value', '')}" for f in e.get("fields") or []]

    def walk(items: list[dict[str, Any]]) -> None:
        for c in items:
            parts.extend(str(c[k]) for k in ("label", "placeholder", "content") if c.get(k))
            parts.extend(str(o.get("label", "")) for o in c.get("options") or [])
            walk(c.get("components") or [])

    walk(version.get("components") or [])
    return "\n".join(p for p in parts if p)


def _within_limits(version: dict[str, Any]) -> None:
    from tests.fake_discord.limits import validate_message

    body = {k: v for k, v in version.items() if k in ("content", "embeds", "components")}
    if body.get("content") or body.get("embeds") or body.get("components"):
        validate_message(body, has_files=bool(version.get("attachments")), editing=True,
                         base_flags=int(version.get("flags") or 0))


async def test_a_whole_match_with_users_of_each_locale(
    fake_discord: FakeDiscord, make_settings: Callable[..., Any]
) -> None:
    """Six users (en, ja, es-ES, de, fr, ru) play a match each at two tables: everything
    each one is told privately, and every ping and command answer meant for them, is in
    their language; the boards are in the server's (German); every version of every
    message is within Discord's limits."""
    import random

    from tests.bot.discord.kit import World, play_until_over

    world = await make_world(fake_discord, make_settings, guild_locale="de",
                             round_pause_seconds=0)
    users = {lang: member(world, f"user-{lang}", locale=loc) for lang, loc in LOCALES.items()}
    second = World(world.fake, world.guild, world.guild.add_text_channel("goita-2"),
                   world.bot)
    await fake_discord.wait_idle()
    for user in users.values():
        await user.run(world.chan, "goita rules")
        await user.run(world.chan, "goita settings")  # refused: no Manage Server
    await open_table(world, users["en"], users["ja"], users["es"], users["de"], target=50)
    await open_table(second, users["fr"], users["ru"], "easy", "easy", target=50)
    rng = random.Random(3)
    for w, langs in ((world, ("en", "ja", "es", "de")), (second, ("fr", "ru"))):
        host = users[langs[0]]
        await host.click(w.board(), "Starten")
        await w.settle()
        table = w.table()
        seated = {s: users[lang] for lang in langs
                  if (s := table.seat_of(users[lang].id)) is not None}
        await users[langs[-1]].run(w.chan, "goita hand")
        await play_until_over(w, seated, rng)
        assert w.table().status == "finished"
    for user in users.values():
        await user.run(world.chan, "goita stats")
        await user.run(world.chan, "goita history")
        await user.run(world.chan, "goita leaderboard")

    by_id = {u.id: lang for lang, u in users.items()}
    leaks = {lang: _english_only(lang) for lang in LOCALES if lang != "en"}
    leaks["en"] = set()
    own = {lang: {f for f in _fragments(lang)
                  if len(f) >= 5 or (lang == "ja" and len(f) >= 2 and not f.isascii())}
           for lang in LOCALES}
    seen: dict[str, int] = dict.fromkeys(LOCALES, 0)
    for chan in (world.chan, second.chan):
        for msg in chan.messages:
            if msg.author.id != fake_discord.bot_user.id:
                continue
            if msg.ephemeral_for is not None:
                lang = by_id[msg.ephemeral_for]
            elif msg.interaction is not None:
                lang = by_id[msg.interaction.user.id]  # a public answer to a command
            else:
                pinged = [lang for uid, lang in by_id.items() if f"<@{uid}>" in msg.content]
                lang = pinged[0] if pinged else "de"  # a ping, or the board
            for version in [*msg.history, msg.snapshot()]:
                _within_limits(version)
                text = _flat(version)
                if not text.strip():
                    continue  # "thinking…" before the answer
                if lang in leaks:
                    bad = [f for f in leaks[lang] if f in text]
                    assert not bad, (lang, bad, text[:300])
                assert any(f in text for f in own[lang]), (lang, text[:300])
                if lang in ("ja", "ru"):
                    script = "[ぁ-んァ-ン]" if lang == "ja" else "[а-яА-Я]"
                    assert re.search(script, text), (lang, text[:300])
                seen[lang] += 1
    # every user was told things privately in their language, many times over
    assert all(count >= 5 for count in seen.values()), seen
