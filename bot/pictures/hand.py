"""The hand picture: one player's pieces in a row on a strip of wood, for the ephemeral
hand message (the buttons stay the way to play). On the player's turn the pieces that may
be played first are bright, the others dimmed, and a chosen first piece is lifted."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from goita_core.pieces import Kind

from . import draw as D
from .scene import HandScene
from .text import fit, font, name_text

WIDTH = 800
PAD = 18
TITLE_H = 44
LIFT = 12  # how far a chosen piece is raised
SMALL_W, SMALL_H = 44, 50
CACHE_SIZE = 256



def _tile_size(count: int) -> tuple[int, int]:
    gap = 8
    w = min(88, (WIDTH - 2 * PAD - (max(count, 1) - 1) * gap) // max(count, 1))
    return w, round(w * 1.12)


@lru_cache(maxsize=8)
def _strip(height: int) -> Image.Image:
    """The framed wood of a hand picture (a few heights: 8 or more pieces, face-down
    pieces or not)."""
    img = D.wood(WIDTH, height)
    ImageDraw.Draw(img).rectangle((0, 0, WIDTH - 1, height - 1), outline=D.FRAME, width=6)
    return img


def draw_hand(scene: HandScene) -> Image.Image:
    """The hand as an RGB image (not cached; :func:`render_hand` is)."""
    tw, th = _tile_size(max(len(scene.pieces), 8))
    extra = SMALL_H + 16 if scene.face_down else 0
    height = TITLE_H + LIFT + th + PAD + extra
    img = _strip(height).copy()
    d = ImageDraw.Draw(img)
    title = scene.labels.hand_title
    name = name_text(scene.name, "")
    if name:
        title = f"{name} · {title}"
    d.text((PAD, TITLE_H // 2 + 4), fit(title, font(26), WIDTH - 2 * PAD), font=font(26),
           fill=D.INK, anchor="lm")
    count = len(scene.pieces)
    row_w = count * tw + (count - 1) * 8
    x = (WIDTH - row_w) // 2
    lifted = False
    for kind in scene.pieces:
        dim = scene.playable is not None and kind not in scene.playable
        up = kind == scene.selected and not lifted
        lifted = lifted or up
        y = TITLE_H + (0 if up else LIFT)
        sprite = D.tile(kind, tw, th, dim=dim)
        img.paste(sprite, (x, y), sprite)
        if up:
            D.ring(d, x, y, tw, th, D.LAST, 4)
        x += tw + 8
    if scene.face_down:
        y = TITLE_H + LIFT + th + 12
        face = font(22)
        label = scene.labels.face_down
        d.text((PAD, y + SMALL_H // 2), label, font=face, fill=D.INK, anchor="lm")
        x = PAD + round(face.getlength(label)) + 12
        for kind in scene.face_down:
            sprite = D.tile(kind, SMALL_W, SMALL_H, revealed=True)
            img.paste(sprite, (x, y), sprite)
            x += SMALL_W + 6
    return img


def _specimen() -> HandScene:
    kinds = tuple(Kind)
    return HandScene(pieces=(*kinds, Kind.SHI, Kind.SHI), playable=frozenset(kinds[:4]),
                     selected=Kind.GIN, face_down=kinds[:2], name="Specimen")


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    return D.palette([draw_hand(_specimen())])


@lru_cache(maxsize=CACHE_SIZE)
def render_hand(scene: HandScene) -> bytes:
    """The hand as PNG bytes, 800 px wide; cached like the board."""
    with D.LOCK:
        return D.png(draw_hand(scene), _palette())
