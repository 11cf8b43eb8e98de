"""Make the two subset fonts the pictures ship with, from Noto CJK (SIL OFL 1.1).

Run once, from the repository root, where Debian's ``fonts-noto-cjk`` is installed
(``apt-get install -y fonts-noto-cjk``) and fonttools is (the ``dev`` extra)::

    python -m bot.pictures.fonts.subset

It writes, beside this file:

- ``GoitaPieces-Bold.otf`` (Noto Serif CJK JP Bold): only the kanji of the pieces, drawn
  on the tiles;
- ``GoitaSans-Bold.otf`` (Noto Sans CJK JP Bold): everything else the pictures write:
  Latin, Greek and Cyrillic letters, digits, punctuation and the UI symbols, kana, and the
  2,965 kanji of JIS X 0208 level 1 (the common kanji, which cover most Japanese names).
  Hinting and OpenType layout are dropped: the pictures are drawn large and upright.
- ``GoitaSans-Bold.txt``: the characters that font draws (read at run time, so the
  pictures need no font tools);
- ``OFL.txt``: the licence, with the source fonts' copyright lines.

The subset fonts are renamed ("Goita Sans", "Goita Pieces"): the OFL asks modified fonts
not to pass for the original. A character outside the subset is handled at drawing time
(``bot.pictures.text``).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
NOTO_DIR = Path("/usr/share/fonts/opentype/noto")
DEBIAN_COPYRIGHT = Path("/usr/share/doc/fonts-noto-cjk/copyright")
JP = 0  # the Japanese face's index in the Noto CJK collections

PIECES_TEXT = "し香馬銀金角飛王玉"
# Unicode ranges of the text font (inclusive).
TEXT_RANGES = (
    (0x0020, 0x007E),  # ASCII
    (0x00A0, 0x017F),  # Latin-1 supplement, Latin extended-A
    (0x0370, 0x03FF),  # Greek
    (0x0400, 0x045F),  # Cyrillic
    (0x2010, 0x205E),  # general punctuation (… ‹ › ‼)
    (0x2190, 0x2193),  # arrows
    (0x2460, 0x2473),  # circled numbers
    (0x25A0, 0x25FF),  # geometric shapes (▶ ● ■ ◆)
    (0x2605, 0x2606),  # stars
    (0x3000, 0x30FF),  # CJK punctuation, hiragana, katakana
    (0xFF01, 0xFF9F),  # full-width forms, half-width katakana
)


def jis_level1() -> str:
    """The kanji of JIS X 0208 level 1 (rows 16 to 47), read from Python's EUC-JP codec."""
    out = []
    for row in range(16, 48):
        for cell in range(1, 95):
            try:
                out.append(bytes((0xA0 + row, 0xA0 + cell)).decode("euc_jp"))
            except UnicodeDecodeError:
                continue  # the unused cells at the end of row 47
    return "".join(out)


def text_characters() -> str:
    chars = {chr(c) for lo, hi in TEXT_RANGES for c in range(lo, hi + 1)}
    chars.update(jis_level1())
    chars.update(PIECES_TEXT)
    return "".join(sorted(chars))


def _subset(source: Path, text: str, out: Path, family: str) -> None:
    from fontTools import subset  # type: ignore[import-untyped]
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

    options = subset.Options()
    options.hinting = False
    options.layout_features = []
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
    options.drop_tables += ["VORG", "vhea", "vmtx", "DSIG"]
    font = TTFont(str(source), fontNumber=JP, lazy=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(font)
    names = font["name"]
    ps_name = family.replace(" ", "") + "-Bold"
    for record in list(names.names):
        if record.nameID in (1, 4, 16):
            names.setName(family if record.nameID in (1, 16) else family + " Bold",
                          record.nameID, record.platformID, record.platEncID, record.langID)
        elif record.nameID in (3, 6):
            names.setName(ps_name, record.nameID, record.platformID, record.platEncID,
                          record.langID)
    if "CFF " in font:
        cff = font["CFF "].cff
        cff.fontNames = [ps_name]
        cff[ps_name].FullName = family + " Bold"
        cff[ps_name].FamilyName = family
    font.save(str(out))
    if family == "Goita Sans":
        drawn = "".join(chr(c) for c in sorted(font.getBestCmap()))
        out.with_suffix(".txt").write_text(drawn, encoding="utf-8")


def _licence(sources: list[Path]) -> str:
    from fontTools.ttLib import TTFont

    lines = []
    for source in sources:
        name = TTFont(str(source), fontNumber=JP, lazy=True)["name"]
        lines.append(f"{name.getDebugName(4)}: {name.getDebugName(0)}")
    text = DEBIAN_COPYRIGHT.read_text(encoding="utf-8")
    match = re.search(r"^License: SIL-1\.1\n((?: .*\n)+)", text, re.M)
    if match is None:
        raise SystemExit(f"no SIL OFL 1.1 text in {DEBIAN_COPYRIGHT}")
    body = "\n".join("" if ln.strip() == "." else ln[1:] for ln in match.group(1).splitlines())
    return ("The fonts in this folder are subsets of Noto CJK (https://github.com/notofonts/"
            "noto-cjk),\nrenamed Goita Sans and Goita Pieces, made by "
            "`python -m bot.pictures.fonts.subset`.\n\n" + "\n".join(lines) + "\n\n"
            + body.strip() + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--noto", type=Path, default=NOTO_DIR,
                        help="folder with NotoSansCJK-Bold.ttc and NotoSerifCJK-Bold.ttc")
    parser.add_argument("--out", type=Path, default=HERE, help="where to write the fonts")
    args = parser.parse_args(argv)
    sans, serif = args.noto / "NotoSansCJK-Bold.ttc", args.noto / "NotoSerifCJK-Bold.ttc"
    for path in (sans, serif, DEBIAN_COPYRIGHT):
        if not path.exists():
            print(f"missing {path}: apt-get install -y fonts-noto-cjk", file=sys.stderr)
            return 1
    _subset(serif, PIECES_TEXT, args.out / "GoitaPieces-Bold.otf", "Goita Pieces")
    _subset(sans, text_characters(), args.out / "GoitaSans-Bold.otf", "Goita Sans")
    (args.out / "OFL.txt").write_text(_licence([sans, serif]), encoding="utf-8")
    for name in ("GoitaPieces-Bold.otf", "GoitaSans-Bold.otf", "GoitaSans-Bold.txt",
                 "OFL.txt"):
        print(f"{args.out / name}: {(args.out / name).stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
