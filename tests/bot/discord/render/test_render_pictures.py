"""The board and hand pictures as the renderers give them: off unless asked, named by the
embed, drawn from the public view only (a picture of the board is the same from every
seat and never shows a face-down piece before the round ends), in the reader's words."""

from __future__ import annotations

import io
import random
from dataclasses import replace
from typing import Any

import pytest
from PIL import Image

import bot.i18n
from bot.app.table import Seat, Table, TableSettings
from bot.discord import render
from bot.discord.render.picture import labels
from bot.i18n import LANGS
from bot.pictures import BoardScene, HandScene, Labels, board_scene
from goita_core.match import Match
from goita_core.rules import RuleSet

DEFAULT = Labels()


@pytest.fixture(autouse=True)
def strict_catalog() -> Any:
    bot.i18n.STRICT = True
    yield
    bot.i18n.STRICT = False


def playing(players: int = 4, seed: int = 1, moves: int = 5) -> Table:
    table = Table(id=7, guild_id=1, channel_id=2, host_id=10,
                  rules=RuleSet(players=players, target=150), created_at=0.0)
    table.seats = [Seat("human", f"p{s}", user_id=10 + s) for s in range(players)]
    table.match, table.status = Match(table.rules, seed=seed), "playing"
    rng = random.Random(seed)
    for _ in range(moves):
        seat = table.match.round.to_act()[0]
        table.match.apply(seat, rng.choice(table.match.round.legal_actions(seat)))
    return table


async def test_without_pictures_the_board_and_hand_are_text_only() -> None:
    table = playing()
    for rendered in (render.render_board(table, "en", 60), render.render_hand(table, 0, "en")):
        assert rendered.picture is None and "image" not in rendered.embed.to_dict()
        assert await rendered.attachments() == []


@pytest.mark.parametrize("players", [4, 3])
async def test_the_board_picture_is_the_file_its_embed_names(players: int) -> None:
    table = playing(players)
    rendered = render.render_board(table, "en", 60, pictures=True)
    assert rendered.embed.to_dict()["image"]["url"] == "attachment://board.png"
    assert "Def" in str(rendered.embed.to_dict())  # the text stays beside the picture
    (file,) = await rendered.attachments()
    assert file.filename == "board.png" and file.description == "The board: round 1"
    data = file.fp.read()
    assert len(data) <= 60 * 1024
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.width == 800
    scene = rendered.picture.scene if rendered.picture else None
    assert isinstance(scene, BoardScene) and len(scene.seats) == players
    assert [s.name for s in scene.seats] == [f"p{s}" for s in range(players)]


def test_the_board_picture_is_the_same_from_every_seat_and_hides_face_down_pieces() -> None:
    for seed in range(10):
        table = playing(seed=seed, moves=0)
        match = table.match
        assert match is not None
        rng = random.Random(seed)
        while not match.round.over:
            seat = match.round.to_act()[0]
            match.apply(seat, rng.choice(match.round.legal_actions(seat)))
            picture = render.render_board(table, "en", 60, pictures=True).picture
            assert picture is not None and isinstance(picture.scene, BoardScene)
            scene = picture.scene
            names = [f"p{s}" for s in range(4)]
            for s in range(4):  # every seat's own view gives the very same public board
                assert board_scene(match.view(s), names, DEFAULT) == replace(scene,
                                                                           labels=DEFAULT)
            tiles = [tile for seat_scene in scene.seats for column in seat_scene.plays
                     for tile in column]
            downs = sum(1 for _, a, lead in match.round.history if lead and not a.is_pass)
            if not match.round.over:
                assert sum(1 for tile in tiles if tile.kind is None) == downs
            else:
                assert all(tile.kind is not None for tile in tiles)


async def test_the_hand_picture_is_its_owners_own_and_only_while_the_table_lives() -> None:
    table = playing()
    rendered = render.render_hand(table, 2, "en", pictures=True)
    assert rendered.embed.to_dict()["image"]["url"] == "attachment://hand.png"
    assert rendered.picture is not None and isinstance(rendered.picture.scene, HandScene)
    assert table.match is not None
    assert sorted(rendered.picture.scene.pieces) == sorted(table.match.view(2).hand)
    (file,) = await rendered.attachments()
    assert file.filename == "hand.png" and Image.open(io.BytesIO(file.fp.read())).width == 800
    table.status = "cancelled"
    closed = render.render_hand(table, 2, "en", pictures=True)
    assert closed.picture is None and "image" not in closed.embed.to_dict()


def test_a_changed_picture_is_a_changed_message() -> None:
    """The hand keeper skips edits whose key is unchanged: a new picture must change it."""
    table = playing(moves=0)
    assert table.match is not None
    seat = table.match.round.to_act()[0]
    shown = render.render_hand(table, seat, "en", pictures=True)
    assert shown.key() != render.render_hand(table, seat, "en").key()


def test_pictures_follow_the_tables_own_setting() -> None:
    table = playing()
    assert render.pictures_on(table)  # a table stored before settings existed
    table.settings = TableSettings(turn_seconds=60, warning_seconds=15, cpu_delay_seconds=1,
                                   round_pause_seconds=4, board_pictures=False)
    assert not render.pictures_on(table)
    table.settings = replace(table.settings, board_pictures=True)
    assert render.pictures_on(table)


@pytest.mark.parametrize("lang", LANGS)
def test_the_pictures_words_come_from_each_languages_catalog(lang: str) -> None:
    words = labels(lang)
    fields = {"round": "n", "target": "target", "left": "n", "points": "points",
              "won": "points", "shi": "count", "seat": "n"}
    for name, param in fields.items():
        template = getattr(words, name)
        assert template.format(**{param: 7}) == bot.i18n.t(f"picture.{name}", lang,
                                                          **{param: 7})
    assert words.teams == (bot.i18n.t("team.0", lang), bot.i18n.t("team.1", lang))
    if lang != "en":
        assert words.round != DEFAULT.round and words.hand_title != DEFAULT.hand_title
    else:
        assert words == DEFAULT  # the golden pictures' words are the English catalog's


async def test_the_picture_is_drawn_off_the_event_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    from bot.discord.render import common
    from bot.pictures import render_board as real

    threads: list[int] = []

    def recording(scene: BoardScene) -> bytes:
        threads.append(threading.get_ident())
        return real(scene)

    monkeypatch.setattr(common, "draw_board", recording)
    rendered = render.render_board(playing(moves=7), "en", 60, pictures=True)
    assert len(await rendered.attachments()) == 1
    assert threads and threading.get_ident() not in threads
