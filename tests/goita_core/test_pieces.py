"""Pieces: the 8 kinds with kanji, romaji, English name, points and count (RULES.md)."""

from __future__ import annotations

import pytest

from goita_core.pieces import (
    Kind,
    PieceParseError,
    full_set,
    kanji_string,
    parse_kind,
    parse_pieces,
)

TABLE = [
    ("王", "ou", "King", 50, 2),
    ("飛", "hisha", "Rook", 40, 2),
    ("角", "kaku", "Bishop", 40, 2),
    ("金", "kin", "Gold general", 30, 4),
    ("銀", "gin", "Silver general", 30, 4),
    ("馬", "bakko", "Knight", 20, 4),
    ("香", "gon", "Lance", 20, 4),
    ("し", "shi", "Pawn", 10, 10),
]


@pytest.mark.parametrize(("kanji", "romaji", "english", "points", "count"), TABLE)
def test_kind_table_matches_the_rules(kanji: str, romaji: str, english: str, points: int,
                                      count: int) -> None:
    kind = parse_kind(kanji)
    assert (kind.kanji, kind.romaji, kind.english, kind.points, kind.count) == (
        kanji, romaji, english, points, count)
    assert parse_kind(romaji) is kind
    assert parse_kind(romaji.upper()) is kind


def test_gyoku_is_the_second_king() -> None:
    assert parse_kind("玉") is Kind.OU
    assert parse_pieces("王玉") == [Kind.OU, Kind.OU]


def test_full_set_has_32_pieces_and_30_for_three_players() -> None:
    assert len(full_set()) == 32
    assert sum(k.points for k in full_set()) == 2 * 50 + 4 * 40 + 8 * 30 + 8 * 20 + 10 * 10
    three = full_set(3)
    assert len(three) == 30 and three.count(Kind.SHI) == 8


def test_parse_pieces_accepts_kanji_in_any_order_with_bom_and_romaji() -> None:
    assert sorted(parse_pieces("\ufeff馬し 香")) == [Kind.SHI, Kind.GON, Kind.BAKKO]
    assert parse_pieces("shi, gon bakko") == [Kind.SHI, Kind.GON, Kind.BAKKO]
    assert parse_pieces("") == []


@pytest.mark.parametrize("bad", ["x", "王x", "歩", "shi foo", "?"])
def test_unknown_pieces_are_refused(bad: str) -> None:
    with pytest.raises(PieceParseError):
        parse_pieces(bad)


def test_kanji_string_sorts_by_increasing_value() -> None:
    assert kanji_string(parse_pieces("王し金香")) == "し香金王"
