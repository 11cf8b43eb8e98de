"""The board picture: a wooden board seen from above, every seat's name plate and its
played columns (defence over attack), the attack to answer and the last move marked.

Layout (800 px wide, every text at least 20 px so that it reads at phone width): a header
with the round, the scores and the target; seat 0 at the bottom and the next seats
counter-clockwise (4 seats: right, top, left; 3 seats: upper right, upper left). Pieces are
drawn upright whatever the seat, so that every name and kanji reads without turning.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from PIL import Image, ImageDraw

from goita_core.pieces import Kind

from . import draw as D
from .scene import BoardScene, Labels, LastMove, SeatScene, Tile
from .text import fit, font, name_text

WIDTH = 800
HEADER = 60
MARGIN = 14
TILE_W, TILE_H, GAP = 66, 74, 8
PLATE_H = 64
ZONE_GAP = 8  # between a seat's plate and its columns
CACHE_SIZE = 256  # boards of ~30 KB: under 10 MB
RING_REACH = 8  # how far a ring around a piece reaches out of it (D.ring's width + 2, +1)



@dataclass(frozen=True, slots=True)
class Zone:
    """Where one seat is drawn: its plate and its columns of pieces."""

    x: int
    y: int
    w: int
    plate_below: bool  # the bottom seat has its plate at the board's edge, below its pieces


@dataclass(frozen=True, slots=True)
class Layout:
    height: int
    columns: int  # columns per seat: 4 plays with 4 seats, 5 with 3
    zones: tuple[Zone, ...]
    centre: tuple[int, int]  # where the round's result is written


def _zone_h() -> int:
    return PLATE_H + ZONE_GAP + 2 * TILE_H + GAP


@lru_cache(maxsize=2)
def layout(seats: int) -> Layout:
    zh = _zone_h()
    columns = 4 if seats == 4 else 5
    grid_w = columns * TILE_W + (columns - 1) * GAP
    w = grid_w + 16
    if seats == 4:
        top = HEADER + MARGIN
        mid = top + zh + 12
        bottom = mid + zh + 12
        height = bottom + zh + MARGIN
        cx = (WIDTH - w) // 2
        zones: tuple[Zone, ...] = (
            Zone(cx, bottom, w, True), Zone(WIDTH - MARGIN - w, mid, w, False),
            Zone(cx, top, w, False), Zone(MARGIN, mid, w, False))
        return Layout(height, columns, zones, (WIDTH // 2, mid + zh // 2))
    top = HEADER + MARGIN
    bottom = top + zh + 90
    height = bottom + zh + MARGIN
    zones = (Zone((WIDTH - w) // 2, bottom, w, True), Zone(WIDTH - MARGIN - w, top, w, False),
             Zone(MARGIN, top, w, False))
    return Layout(height, columns, zones, (WIDTH // 2, top + zh + 45))


@lru_cache(maxsize=2)
def _background(seats: int) -> Image.Image:
    """The empty board: wood, header strip and the empty slots of every seat."""
    lay = layout(seats)
    img = D.wood(WIDTH, lay.height)
    img.paste(D.wood(WIDTH, HEADER, D.FRAME, seed=1.0), (0, 0))
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, WIDTH - 1, lay.height - 1), outline=D.FRAME, width=6)
    for zone in lay.zones:
        gx, gy = _grid_origin(zone, lay.columns)
        for c in range(lay.columns):
            for r in range(2):
                x, y = gx + c * (TILE_W + GAP), gy + r * (TILE_H + GAP)
                d.rounded_rectangle((x + 3, y + 3, x + TILE_W - 4, y + TILE_H - 4), radius=6,
                                    fill=D.SLOT)
    return img


def _grid_origin(zone: Zone, columns: int) -> tuple[int, int]:
    grid_w = columns * TILE_W + (columns - 1) * GAP
    x = zone.x + (zone.w - grid_w) // 2
    y = zone.y if zone.plate_below else zone.y + PLATE_H + ZONE_GAP
    return x, y


def plate_box(seats: int, index: int) -> tuple[int, int, int, int]:
    """Where seat ``index``'s name plate is drawn: (left, top, right, bottom)."""
    zone = layout(seats).zones[index]
    y = zone.y + 2 * TILE_H + GAP + ZONE_GAP if zone.plate_below else zone.y
    return zone.x, y, zone.x + zone.w, y + PLATE_H


def _colour(seat: SeatScene, index: int) -> D.RGB:
    return D.TEAMS[seat.team % 2] if seat.team is not None else D.SEATS3[index % 3]


def _info(seat: SeatScene, lab: Labels) -> str:
    parts = []
    if seat.team is not None and seat.team < len(lab.teams):
        parts.append(lab.teams[seat.team])
    else:
        parts.append(lab.points.format(points=seat.score))
    if seat.won is None:  # the winner has none left
        parts.append(lab.left.format(n=seat.left))
    if seat.doubled:
        parts.append(lab.doubled)
    if seat.shi:
        parts.append(lab.shi.format(count=seat.shi))
    if seat.away:
        parts.append(lab.away)
    return " · ".join(parts)


@lru_cache(maxsize=128)  # 60 KB each: enough for the plates of a few dozen live tables
def _plate(seats: int, index: int, seat: SeatScene, lab: Labels) -> Image.Image:
    """A seat's name plate on its piece of the board. Cached: a plate changes far less
    often than the board (``seat`` comes without its plays)."""
    box = plate_box(seats, index)
    img = _background(seats).crop(box)
    d = ImageDraw.Draw(img)
    x1 = box[2] - box[0]
    lit = seat.to_move or seat.won is not None
    bg = D.WON if seat.won is not None else D.TURN if seat.to_move else D.PLATE
    ink = D.INK if lit else D.LIGHT
    d.rounded_rectangle((0, 0, x1, PLATE_H), radius=10, fill=bg)
    d.rounded_rectangle((0, 0, 12, PLATE_H), radius=6, fill=_colour(seat, index))
    left, right = 22, x1 - 12
    if seat.won is not None:
        text = lab.won.format(points=seat.won)
        right = D.pill(d, right, 20, text, 22, D.ATTACK, D.LIGHT, "r")[0] - 6
    if seat.dealer:
        right = D.pill(d, right, 20, lab.dealer, 20, D.DEALER, D.LIGHT, "r")[0] - 6
    if seat.to_move:
        d.polygon([(left, 10), (left + 16, 20), (left, 30)], fill=D.ATTACK)
        left += 24
    name = name_text(seat.name, lab.seat.format(n=index + 1))
    big, small = font(26), font(22)
    d.text((left, 20), fit(name, big, right - left), font=big, fill=ink, anchor="lm")
    d.text((22, 48), fit(_info(seat, lab), small, x1 - 34), font=small,
           fill=D.INK if lit else D.MUTED, anchor="lm")
    return img


def _columns(img: Image.Image, d: ImageDraw.ImageDraw, scene: BoardScene, index: int,
             zone: Zone, columns: int) -> list[D.Box]:
    """Draws the seat's plays and its pass; returns the boxes drawn over."""
    seat = scene.seats[index]
    drawn: list[D.Box] = []
    gx, gy = _grid_origin(zone, columns)
    last = scene.last if scene.last is not None and scene.last.seat == index else None
    for c, pair in enumerate(seat.plays):
        x = gx + c * (TILE_W + GAP)
        for r, piece in enumerate(pair):
            y = gy + r * (TILE_H + GAP)
            _paste(img, piece, x, y)
            if scene.attack == (index, c) and r == 1:
                D.ring(d, x, y, TILE_W, TILE_H, D.ATTACK, 5)
            elif last is not None and last.column == c:
                D.ring(d, x, y, TILE_W, TILE_H, D.LAST, 4)
    if seat.plays:  # the pieces and the rings just outside them
        g = RING_REACH
        drawn.append((gx - g, gy - g, gx + len(seat.plays) * (TILE_W + GAP) - GAP + g,
                      gy + 2 * TILE_H + GAP + g))
    if seat.passed and len(seat.plays) < columns:
        x = gx + len(seat.plays) * (TILE_W + GAP) + TILE_W // 2
        y = gy + TILE_H + GAP // 2
        is_last = last is not None and last.column is None
        drawn.append(D.pill(d, x, y, scene.labels.passed, 22, D.PLATE, D.LIGHT, "m",
                            outline=D.LAST if is_last else None))
    return drawn


def _paste(img: Image.Image, piece: Tile, x: int, y: int) -> None:
    sprite = D.tile(piece.kind, TILE_W, TILE_H, piece.revealed)
    img.paste(sprite, (x, y), sprite)


def _header(d: ImageDraw.ImageDraw, scene: BoardScene) -> None:
    lab = scene.labels
    mid = HEADER // 2
    face = font(26)
    d.text((MARGIN + 8, mid), lab.round.format(n=scene.round_no), font=face, fill=D.LIGHT,
           anchor="lm")
    target = lab.target.format(target=scene.target)
    d.text((WIDTH - MARGIN - 8, mid), target, font=face, fill=D.LIGHT, anchor="rm")
    if len(scene.seats) != 4:
        return  # three players: each score is on its plate
    scores = [scene.seats[0].score, scene.seats[1].score]
    x = WIDTH // 2
    for team, anchor in ((0, "r"), (1, "l")):
        name = lab.teams[team] if team < len(lab.teams) else ""
        text = f"{name} {scores[team]}" if team == 0 else f"{scores[team]} {name}"
        text = fit(name_text(text, str(scores[team])), face, 170)
        dx = -10 if anchor == "r" else 10
        D.pill(d, x + dx, mid, text, 24, D.TEAMS[team], D.LIGHT, anchor)


def _centre(d: ImageDraw.ImageDraw, scene: BoardScene, lay: Layout) -> list[D.Box]:
    if scene.redeal:
        return [D.pill(d, *lay.centre, scene.labels.redeal, 28, D.PLATE, D.LIGHT, "m")]
    return []


def draw_board(scene: BoardScene) -> Image.Image:
    """The board as an RGB image (not cached; :func:`render_board` is)."""
    return _draw(scene)[0]


def _draw(scene: BoardScene) -> tuple[Image.Image, list[D.Box]]:
    """The board, and the boxes drawn over its background (:func:`_background`)."""
    seats = len(scene.seats)
    lay = layout(seats)
    img = _background(seats).copy()
    d = ImageDraw.Draw(img)
    _header(d, scene)
    drawn: list[D.Box] = [(0, 0, WIDTH, HEADER)]
    for i, zone in enumerate(lay.zones):
        seat = scene.seats[i]
        plate = _plate(seats, i, replace(seat, plays=(), passed=False), scene.labels)
        box = plate_box(seats, i)
        img.paste(plate, box[:2])
        drawn.append((box[0], box[1], box[0] + plate.width, box[1] + plate.height))
        drawn += _columns(img, d, scene, i, zone, lay.columns)
    drawn += _centre(d, scene, lay)
    return img, drawn


def _specimens() -> list[BoardScene]:
    """Two boards that show every colour a board uses (for the shared palette)."""
    kinds = list(Kind)
    four = tuple(SeatScene(
        name="Specimen", team=s % 2, score=10 * s, left=8 - 2 * s, dealer=s == 0,
        plays=tuple((Tile(kinds[(s + c) % 8], revealed=c == 0), Tile(kinds[(s + c + 3) % 8]))
                    for c in range(s + 1)),
        won=40 if s == 3 else None, doubled=s == 3) for s in range(4))
    three = tuple(SeatScene(
        name="Specimen", team=None, score=s, left=10 - 2 * s, to_move=s == 0, passed=s == 2,
        plays=tuple((Tile(None), Tile(kinds[(s + c) % 8])) for c in range(s))) for s in range(3))
    return [BoardScene(four, 1, 150, last=LastMove(3, 3), over=True, redeal=True),
            BoardScene(three, 1, 150, attack=(1, 0), last=LastMove(2, None))]


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    return D.palette([draw_board(scene) for scene in _specimens()])


@lru_cache(maxsize=2)
def _indexed_background(seats: int) -> Image.Image:
    return D.indexed(_background(seats), _palette())


@lru_cache(maxsize=CACHE_SIZE)
def render_board(scene: BoardScene) -> bytes:
    """The board as PNG bytes, 800 px wide. Cached: an equal scene (the same position,
    names and labels) is never drawn twice while it stays among the last 256."""
    with D.LOCK:
        img, drawn = _draw(scene)
        # only what is drawn over the empty board is converted to the palette
        return D.png(img, _palette(), _indexed_background(len(scene.seats)), drawn)
