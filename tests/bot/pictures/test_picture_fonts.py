"""The shipped subset fonts: package data with their licence, and remade by their command."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from PIL import ImageFont

from bot.pictures.fonts import subset
from bot.pictures.text import FONTS, PIECE_FONT, TEXT_FONT, covered

ROOT = Path(__file__).resolve().parents[3]


def test_the_fonts_ship_as_package_data_with_their_licence() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = data["tool"]["setuptools"]["package-data"]["bot.pictures.fonts"]
    shipped = {p.name for p in Path(str(FONTS)).iterdir()}
    for name in (TEXT_FONT, PIECE_FONT, "GoitaSans-Bold.txt", "OFL.txt"):
        assert name in shipped
        assert any(Path(name).match(pattern) for pattern in patterns)
    licence = (FONTS / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    assert "Adobe" in licence  # the copyright lines of the source fonts
    assert "python -m bot.pictures.fonts.subset" in licence


def test_the_fonts_are_renamed_subsets() -> None:
    for name, family in ((TEXT_FONT, "Goita Sans"), (PIECE_FONT, "Goita Pieces")):
        face = ImageFont.truetype(str(FONTS / name), 20)
        assert face.getname()[0] == family
    assert len((FONTS / TEXT_FONT).read_bytes()) < 1_000_000  # a subset, not all of Noto CJK
    assert len(covered()) < 5000


@pytest.mark.skipif(not (subset.NOTO_DIR / "NotoSansCJK-Bold.ttc").exists(),
                    reason="fonts-noto-cjk is not installed")
def test_the_subset_command_remakes_the_same_fonts(tmp_path: Path) -> None:
    pytest.importorskip("fontTools")
    assert subset.main(["--out", str(tmp_path)]) == 0
    for name in ("GoitaSans-Bold.txt", "OFL.txt"):
        assert (tmp_path / name).read_text(encoding="utf-8") == \
            (FONTS / name).read_text(encoding="utf-8")
    for name, text in ((PIECE_FONT, "王飛し"), (TEXT_FONT, "Ann 田中")):
        made = ImageFont.truetype(str(tmp_path / name), 40)
        shipped = ImageFont.truetype(str(FONTS / name), 40)
        assert bytes(made.getmask(text)) == bytes(shipped.getmask(text))
