"""The eight kinds of Goita piece and the full set (RULES.md, "Pieces")."""

from __future__ import annotations

from enum import IntEnum


class Kind(IntEnum):
    """A kind of piece. Ordered by increasing value, so sorting a hand sorts by value."""

    SHI = 0  # し (pawn)
    GON = 1  # 香 (lance)
    BAKKO = 2  # 馬 (knight)
    GIN = 3  # 銀 (silver)
    KIN = 4  # 金 (gold)
    KAKU = 5  # 角 (bishop)
    HISHA = 6  # 飛 (rook)
    OU = 7  # 王 / 玉 (king)

    @property
    def kanji(self) -> str:
        return KANJI[self]

    @property
    def romaji(self) -> str:
        return ROMAJI[self]

    @property
    def english(self) -> str:
        return ENGLISH[self]

    @property
    def points(self) -> int:
        return POINTS[self]

    @property
    def count(self) -> int:
        return COUNT[self]

    def __str__(self) -> str:
        return KANJI[self]


ALL_KINDS: tuple[Kind, ...] = tuple(Kind)
KANJI: tuple[str, ...] = ("し", "香", "馬", "銀", "金", "角", "飛", "王")
ROMAJI: tuple[str, ...] = ("shi", "gon", "bakko", "gin", "kin", "kaku", "hisha", "ou")
ENGLISH: tuple[str, ...] = (
    "Pawn",
    "Lance",
    "Knight",
    "Silver general",
    "Gold general",
    "Bishop",
    "Rook",
    "King",
)
POINTS: tuple[int, ...] = (10, 20, 20, 30, 30, 40, 40, 50)
COUNT: tuple[int, ...] = (10, 4, 4, 4, 4, 2, 2, 2)
#: the 3-player variant removes two Shi (RULES.md, "3-player variant").
COUNT_3P: tuple[int, ...] = (8, 4, 4, 4, 4, 2, 2, 2)

_ALIASES: dict[str, Kind] = {}
for _k in Kind:
    _ALIASES[KANJI[_k]] = _k
    _ALIASES[ROMAJI[_k]] = _k
    _ALIASES[ENGLISH[_k].lower()] = _k
_ALIASES.update(
    {
        "玉": Kind.OU,  # the second king is often written 玉 (gyoku): the same kind
        "gyoku": Kind.OU,
        "o": Kind.OU,
        "oh": Kind.OU,
        "ō": Kind.OU,
        "fu": Kind.SHI,
        "pawn": Kind.SHI,
        "kyo": Kind.GON,
        "kyou": Kind.GON,
        "kyosha": Kind.GON,
        "uma": Kind.BAKKO,
        "keima": Kind.BAKKO,
        "hi": Kind.HISHA,
        "hisya": Kind.HISHA,
        "silver": Kind.GIN,
        "gold": Kind.KIN,
        "knight": Kind.BAKKO,
        "lance": Kind.GON,
        "rook": Kind.HISHA,
        "bishop": Kind.KAKU,
        "king": Kind.OU,
    }
)


class PieceParseError(ValueError):
    """Raised for text that names no piece."""


def parse_kind(text: str) -> Kind:
    """A kind from kanji (王/玉 ...), romaji or English name, case-insensitive."""
    key = text.strip().lower()
    try:
        return _ALIASES[key]
    except KeyError:
        raise PieceParseError(f"not a Goita piece: {text!r}") from None


def parse_pieces(text: str) -> list[Kind]:
    """Kinds from a string of kanji such as ``しし香馬`` (a BOM and spaces are ignored),
    or from whitespace/comma separated romaji such as ``shi shi gon``."""
    cleaned = text.replace("\ufeff", "").strip()
    if not cleaned:
        return []
    if any(ch.isascii() and ch.isalpha() for ch in cleaned):
        return [parse_kind(word) for word in cleaned.replace(",", " ").split()]
    return [parse_kind(ch) for ch in cleaned if not ch.isspace()]


def full_set(players: int = 4) -> list[Kind]:
    """All pieces of a game, in kind order: 32 for four players, 30 for three."""
    counts = COUNT if players == 4 else COUNT_3P
    return [k for k in Kind for _ in range(counts[k])]


def kanji_string(kinds: list[Kind] | tuple[Kind, ...]) -> str:
    """Pieces as a kanji string sorted by increasing value (the protocol's hand format)."""
    return "".join(KANJI[k] for k in sorted(kinds))
