"""The picture packs' contact sheets, the pictures dropped, and the check's borderline cases.

    python tools/build_picture_packs.py --sheets     # builds, then draws all of these
    python tools/picture_sheets.py --sheet bw --out docs/picture_packs_bw.png   # one of them
                                                     # (hanjie screenshot --out docs does)

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

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image, ImageDraw

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

import tools.contact_sheet as sheet  # noqa: E402
from game.core.generate.picture_library import (  # noqa: E402
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
from game.core.palette import Palette  # noqa: E402

DOCS = REPO_ROOT / "docs"
TILE = 64
FIRST_ORDER = 21  # the picture packs' orders start here (tools/build_picture_packs.py)
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


def picture_packs() -> tuple[list[sheet.Pack], list[sheet.Pack]]:
    """The picture packs (black and white, colour) as tools/contact_sheet.py reads them."""
    packs = sheet.load_packs(REPO_ROOT / "levels")
    bw = [p for p in packs if p.order >= FIRST_ORDER and "colour" not in p.name]
    colour = [p for p in packs if p.order >= FIRST_ORDER and "colour" in p.name]
    return bw, colour


def draw_packs(out: Path, colour: bool) -> None:
    sheet.TILE = 72
    bw, coloured = picture_packs()
    save_small(sheet.render(coloured if colour else bw), out, 128 if colour else 16)


def dropped_by_the_build() -> list[Any]:
    """What the build dropped: the plans whose picture is in no pack, tried again (the same
    attempts, so the same refusals)."""
    from tools.build_picture_packs import build_one, plans

    bw, colour = picture_packs()
    kept = {
        (colour_pack, entry.puzzle.title)
        for colour_pack, packs in ((False, bw), (True, colour))
        for pack in packs
        for entry in pack.entries
        if entry.puzzle is not None
    }
    dropped = []
    for (_, colour_plan), plan_list in plans(library(), library_dir()).items():
        for plan in plan_list:
            if (colour_plan, plan.title) not in kept:
                dropped.append(build_one(plan))
    return [item for item in dropped if item.made is None]


def draw_dropped(out: Path, dropped: Sequence[Any] | None = None) -> None:
    tiles = []
    for item in dropped if dropped is not None else dropped_by_the_build():
        plan = item.planned
        last = item.refusals[-1] if item.refusals else ""
        width, _, height = last.split(" ", 1)[0].partition("x")
        size = (
            (int(width), int(height))
            if width.isdecimal() and height.isdecimal()
            else plan.sizes[-1]
        )
        if plan.colour:
            cells, palette = colour_grid(plan.picture, size[0], size[1], plan.colours)
            made = cells_rgb(cells, palette)
        else:
            made = cells_rgb(bw_grid(plan.picture, size[0], size[1], plan.details[-1]), None)
        why = last.split(": ", 1)[-1]
        pair = side_by_side_tiles(picture_rgb(plan.picture), made)
        kind = "colour" if plan.colour else "b&w"
        tiles.append((pair, f"{plan.title} ({kind})\n{why}", True))
    tiles_sheet([("Dropped by the build (emoji | its cells where it last failed)", tiles)], out)


def draw_sheets(dropped: Sequence[Any]) -> None:
    """Every sheet into docs/ (the build's --sheets)."""
    draw_packs(DOCS / "picture_packs_bw.png", colour=False)
    draw_packs(DOCS / "picture_packs_colour.png", colour=True)
    draw_dropped(DOCS / "picture_packs_dropped.png", dropped)
    tiles_sheet(borderline_rows(), DOCS / "picture_readability.png")
    print("contact sheets written to docs/")


SHEETS = ("bw", "colour", "dropped", "readability")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sheet", choices=SHEETS, required=True)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    if args.sheet in ("bw", "colour"):
        draw_packs(args.out, colour=args.sheet == "colour")
    elif args.sheet == "dropped":
        draw_dropped(args.out)
    else:
        tiles_sheet(borderline_rows(), args.out)
    print(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
