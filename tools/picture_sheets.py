"""The picture packs' contact sheets, the pictures dropped, and the check's borderline cases.

    python tools/build_picture_packs.py --sheets     # builds, then draws all of these

- ``docs/picture_packs_bw.png`` and ``docs/picture_packs_colour.png``: every puzzle of the
  picture packs (tools/contact_sheet.py's drawing, smaller tiles);
- ``docs/picture_packs_dropped.png``: each picture the build dropped, the emoji beside the
  cells it made at the last size tried, and why;
- ``docs/picture_readability.png``: the recognisability check around its thresholds: every
  library picture at 10x10 (black and white, outline) and 15x15 (colour) whose score lies
  near the threshold, sorted by score, the refused ones framed in red. The thresholds were
  set where the pictures on this sheet stop being recognisable.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image, ImageDraw

import tools.contact_sheet as sheet
from game.core.generate.picture_library import (
    MIN_COLOUR_AGREEMENT,
    MIN_IOU,
    Picture,
    bw_grid,
    colour_grid,
    library,
    library_dir,
    load_picture,
    readability,
)
from game.core.palette import Palette

REPO_ROOT = Path(__file__).resolve().parent.parent
DOCS = REPO_ROOT / "docs"
TILE = 64
BACKGROUND = (250, 249, 245)
INK = (30, 30, 36)
REFUSED = (200, 40, 40)


def picture_rgb(picture: Picture) -> Image.Image:
    table = np.array([(255, 255, 255), *picture.palette], dtype=np.uint8)
    return Image.fromarray(table[picture.labels])


def cells_rgb(cells: Any, palette: Palette | None) -> Image.Image:
    if palette is None:
        table = np.array([(255, 255, 255), INK], dtype=np.uint8)
        return Image.fromarray(table[np.asarray(cells, dtype=np.int64)])
    rgbs = [palette.background.rgb, *(colour.rgb for colour in palette.colours)]
    table = np.array(rgbs, dtype=np.uint8)
    return Image.fromarray(table[np.asarray(cells, dtype=np.int64)])


def fitted(image: Image.Image, side: int = TILE) -> Image.Image:
    scale = side / max(image.size)
    size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
    return image.resize(size, Image.Resampling.NEAREST)


def tiles_sheet(rows: list[tuple[str, list[tuple[Image.Image, str, bool]]]], path: Path) -> None:
    """Rows of (heading, tiles): each tile an image, a caption, and whether it is refused."""
    per_row = 14
    caption = 26
    height = 10
    for _, tiles in rows:
        height += 30 + max(1, -(-len(tiles) // per_row)) * (TILE + caption + 8)
    image = Image.new("RGB", (per_row * (TILE + 40) + 20, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    small, bold = sheet.font(10), sheet.font(16, bold=True)
    top = 10
    for heading, tiles in rows:
        draw.text((10, top), heading, fill=INK, font=bold)
        top += 30
        for index, (tile, text, refused) in enumerate(tiles):
            left = 10 + (index % per_row) * (TILE + 40)
            y = top + (index // per_row) * (TILE + caption + 8)
            shown = fitted(tile)
            image.paste(shown, (left, y))
            if refused:
                draw.rectangle([left - 2, y - 2, left + TILE + 1, y + TILE + 1], outline=REFUSED)
            for line_number, line in enumerate(text.split("\n")[:2]):
                draw.text((left, y + TILE + 2 + 11 * line_number), line[:18], fill=INK, font=small)
        top += max(1, -(-len(tiles) // per_row)) * (TILE + caption + 8)
    save_small(image, path, 128)


def borderline_rows() -> list[tuple[str, list[tuple[Image.Image, str, bool]]]]:
    entries = [e for e in library() if e.theme != "scenes"]
    pictures = {e.name: load_picture(library_dir() / e.file) for e in entries}
    bw: list[tuple[float, Image.Image, str, bool]] = []
    colour: list[tuple[float, Image.Image, str, bool]] = []
    for entry in entries:
        picture = pictures[entry.name]
        grid = bw_grid(picture, 10, 10, 0)
        reading = readability(picture, grid, 0)
        if abs(reading.agreement - MIN_IOU) <= 0.08:
            pair = side_by_side_tiles(picture_rgb(picture), cells_rgb(grid, None))
            text = f"{entry.title}\nIoU {reading.agreement:.2f}"
            bw.append((reading.agreement, pair, text, not reading.reads))
        cells, palette = colour_grid(picture, 15, 15)
        reading = readability(picture, cells, None, palette)
        if abs(reading.agreement - MIN_COLOUR_AGREEMENT) <= 0.08:
            pair = side_by_side_tiles(picture_rgb(picture), cells_rgb(cells, palette))
            text = f"{entry.title}\nagree {reading.agreement:.2f}"
            colour.append((reading.agreement, pair, text, not reading.reads))
    return [
        (
            f"Black and white, 10x10 outline: IoU near {MIN_IOU} (red: refused)",
            [(tile, text, refused) for _, tile, text, refused in sorted(bw, key=lambda t: t[0])],
        ),
        (
            f"Colour, 15x15: agreement near {MIN_COLOUR_AGREEMENT} (red: refused)",
            [(t, x, r) for _, t, x, r in sorted(colour, key=lambda t: t[0])],
        ),
    ]


def side_by_side_tiles(left: Image.Image, right: Image.Image) -> Image.Image:
    a, b = fitted(left, TILE // 2), fitted(right, TILE // 2)
    pair = Image.new("RGB", (TILE, TILE // 2), (255, 255, 255))
    pair.paste(a, (0, 0))
    pair.paste(b, (TILE // 2, 0))
    return pair


def save_small(image: Image.Image, path: Path, colours: int) -> None:
    """The sheet as an indexed PNG of a few colours: a third of the bytes, the same look."""
    image.convert("P", palette=Image.Palette.ADAPTIVE, colors=colours).save(path, optimize=True)


def draw_sheets(dropped: Sequence[Any]) -> None:
    sheet.TILE = 72
    packs = sheet.load_packs(REPO_ROOT / "levels")
    bw = [p for p in packs if p.order >= 21 and "colour" not in p.name]
    colour = [p for p in packs if p.order >= 21 and "colour" in p.name]
    save_small(sheet.render(bw), DOCS / "picture_packs_bw.png", 16)
    save_small(sheet.render(colour), DOCS / "picture_packs_colour.png", 128)
    tiles = []
    for item in dropped:
        plan = item.planned
        width, height = plan.sizes[-1]
        if plan.colour:
            cells, palette = colour_grid(plan.picture, width, height, plan.colours)
            made = cells_rgb(cells, palette)
        else:
            made = cells_rgb(bw_grid(plan.picture, width, height, plan.details[-1]), None)
        why = item.refusals[-1].split(": ", 1)[-1] if item.refusals else ""
        pair = side_by_side_tiles(picture_rgb(plan.picture), made)
        kind = "colour" if plan.colour else "b&w"
        tiles.append((pair, f"{plan.title} ({kind})\n{why}", True))
    tiles_sheet(
        [("Dropped by the build (emoji | its cells)", tiles)], DOCS / "picture_packs_dropped.png"
    )
    tiles_sheet(borderline_rows(), DOCS / "picture_readability.png")
    print("contact sheets written to docs/")
