"""Drawing primitives shared by the board and the hand: the wood, the piece tiles (drawn
once per size and kind, then pasted), pills of text, and the PNG encoding."""

from __future__ import annotations

import io
import math
import threading
from collections.abc import Iterable
from functools import lru_cache

from PIL import Image, ImageDraw

from goita_core.pieces import KANJI, Kind

from .text import font

RGB = tuple[int, int, int]
Box = tuple[int, int, int, int]

BOARD = (196, 146, 88)  # the board's wood
FRAME = (74, 46, 24)  # the dark wood of the header and the frame
FACE = (244, 222, 172)  # a piece's face
FACE_DIM = (196, 178, 140)
BACK = (150, 96, 48)  # a piece's back (face down)
GRAIN = (124, 76, 34)  # the grain lines on the back
EDGE = (96, 60, 28)
INK = (28, 20, 14)
INK_DIM = (110, 92, 70)
LIGHT = (255, 246, 226)
MUTED = (226, 206, 176)  # the second line of a dark plate
ATTACK = (222, 52, 36)  # the attack to answer
LAST = (255, 206, 40)  # the last move
TURN = (255, 244, 214)  # the plate of the seat to move
PLATE = (58, 36, 18)
TEAMS: tuple[RGB, ...] = ((52, 120, 246), (226, 72, 72))
SEATS3: tuple[RGB, ...] = ((52, 120, 246), (226, 72, 72), (40, 160, 90))
SLOT = (182, 132, 76)
DEALER = (124, 84, 160)  # the dealer's badge: a colour of its own on light and dark plates
WON = (255, 214, 90)

#: held while drawing: the FreeType faces and the sprite caches are shared by all pictures
LOCK = threading.Lock()

#: zlib's effort: level 6 saves 15% of the bytes for three times the time
COMPRESS_LEVEL = 3

SCALE = 4  # tiles are drawn this many times larger, then scaled down: smooth edges


def wood(width: int, height: int, base: RGB = BOARD, seed: float = 0.0) -> Image.Image:
    """A wooden surface: grain as bands of slightly varied colour along the rows (rows of
    one colour also compress to almost nothing in a PNG). A new image each call."""
    return _grain(height, base, seed).resize((width, height), Image.Resampling.NEAREST)


@lru_cache(maxsize=16)
def _grain(height: int, base: RGB, seed: float) -> Image.Image:
    """One column of the wood's rows (a pixel loop: computed once per size and colour)."""
    strip = Image.new("RGB", (1, height))
    px = strip.load()
    assert px is not None
    for y in range(height):
        v = (0.035 * math.sin(y / 9.0 + seed) + 0.025 * math.sin(y / 3.1 + 2 * seed)
             + 0.02 * math.sin(y / 23.0 + 3 * seed))
        px[0, y] = tuple(max(0, min(255, round(c * (1 + v)))) for c in base)
    return strip


def _outline(w: int, h: int, inset: float) -> list[tuple[float, float]]:
    """A Goita piece seen from above: a pentagon with its point up."""
    i = inset
    return [(w / 2, i), (w - i - w * 0.06, h * 0.2 + i * 0.6), (w - i, h - i),
            (i, h - i), (i + w * 0.06, h * 0.2 + i * 0.6)]


@lru_cache(maxsize=128)
def tile(kind: Kind | None, w: int, h: int, revealed: bool = False,
         dim: bool = False) -> Image.Image:
    """A piece (RGBA, ``w`` x ``h``): the face with its kanji, or the wooden back for
    ``kind`` None. A ``revealed`` face-down piece keeps a band of its back as a frame."""
    big = Image.new("RGBA", (w * SCALE, h * SCALE), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    bw, bh = w * SCALE, h * SCALE
    # a soft shadow below and right
    d.polygon([(x + SCALE * 2, y + SCALE * 3) for x, y in _outline(bw, bh, SCALE * 2)],
              fill=(40, 24, 10, 90))
    if kind is None:
        d.polygon(_outline(bw, bh, SCALE), fill=EDGE)
        d.polygon(_outline(bw, bh, SCALE * 3), fill=BACK)
        # the grain of the back
        for k in range(5):
            y = bh * (0.35 + 0.12 * k)
            d.line([(bw * 0.2, y), (bw * 0.8, y + SCALE * (k % 2))], fill=GRAIN,
                   width=SCALE)
    else:
        d.polygon(_outline(bw, bh, SCALE), fill=EDGE)
        if revealed:
            d.polygon(_outline(bw, bh, SCALE * 2), fill=BACK)
            d.polygon(_outline(bw, bh, SCALE * 7), fill=FACE_DIM if dim else FACE)
        else:
            d.polygon(_outline(bw, bh, SCALE * 3), fill=FACE_DIM if dim else FACE)
        face = font(round(bh * 0.48), pieces=True)
        d.text((bw / 2, bh * 0.6), KANJI[kind], font=face, fill=INK_DIM if dim else INK,
               anchor="mm")
    return big.resize((w, h), Image.Resampling.LANCZOS)


def ring(d: ImageDraw.ImageDraw, x: int, y: int, w: int, h: int, colour: RGB,
         width: int = 4) -> None:
    """A rounded frame around a ``w`` x ``h`` box at (x, y), just outside it."""
    g = width + 2
    d.rounded_rectangle((x - g, y - g, x + w + g - 1, y + h + g - 1), radius=8,
                        outline=colour, width=width)


def pill(d: ImageDraw.ImageDraw, x: int, y: int, text: str, size: int, fill: RGB,
         ink: RGB, anchor: str = "l", outline: RGB | None = None) -> Box:
    """A rounded label; (x, y) is its left (anchor "l"), right ("r") or centre ("m") at
    mid height. Returns the box it covers (left, top, right, bottom; the last two
    exclusive)."""
    face = font(size)
    pad = size // 2
    w = round(face.getlength(text)) + 2 * pad
    h = size + pad
    left = x if anchor == "l" else x - w if anchor == "r" else x - w // 2
    d.rounded_rectangle((left, y - h // 2, left + w, y + h // 2), radius=h // 2, fill=fill,
                        outline=outline, width=3 if outline else 0)
    d.text((left + w / 2, y), text, font=face, fill=ink, anchor="mm")
    return left, y - h // 2, left + w + 1, y + h // 2 + 1


KEY_COLOURS: tuple[RGB, ...] = (FRAME, FACE, FACE_DIM, BACK, GRAIN, EDGE, INK, INK_DIM, LIGHT,
                                 MUTED, ATTACK, LAST, TURN, PLATE, *TEAMS, *SEATS3, SLOT, WON,
                                 DEALER)


def palette(specimens: list[Image.Image], colours: int = 128) -> Image.Image:
    """A palette for every picture of one kind, from specimens that show its shades and
    a large swatch of each key colour, so that those stay exact (choosing it once makes
    each encoding a fast lookup instead of a new quantization)."""
    swatch = 96
    width = max(max(i.width for i in specimens), swatch * len(KEY_COLOURS))
    sheet = Image.new("RGB", (width, sum(i.height for i in specimens) + swatch), BOARD)
    y = 0
    for image in specimens:
        sheet.paste(image, (0, y))
        y += image.height
    for k, colour in enumerate(KEY_COLOURS):
        sheet.paste(colour, (k * swatch, y, (k + 1) * swatch, y + swatch))
    return sheet.quantize(colours, method=Image.Quantize.MEDIANCUT)


def png(image: Image.Image, colours: Image.Image, base: Image.Image | None = None,
        boxes: Iterable[Box] = ()) -> bytes:
    """PNG bytes of an RGB picture as a palette image in ``colours`` (a palette from
    :func:`palette`): a third of the size of true colour, and as sharp.

    ``base``: the picture's background already in ``colours`` (:func:`indexed`); then only
    ``boxes``, the parts drawn over it, are converted. Each pixel's colour depends on that
    pixel alone (no dithering), so the result is the same as converting the whole."""
    if base is None:
        small = indexed(image, colours)
    else:
        small = base.copy()
        for box in boxes:
            box = (max(box[0], 0), max(box[1], 0), min(box[2], image.width),
                   min(box[3], image.height))
            if box[0] < box[2] and box[1] < box[3]:
                small.paste(indexed(image.crop(box), colours), box[:2])
    out = io.BytesIO()
    small.save(out, "PNG", compress_level=COMPRESS_LEVEL)
    return out.getvalue()


def indexed(image: Image.Image, colours: Image.Image) -> Image.Image:
    """``image`` as a palette image in ``colours``: each pixel its nearest colour."""
    return image.quantize(palette=colours, dither=Image.Dither.NONE)
