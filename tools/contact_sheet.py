"""Draw every bundled puzzle's picture, small, pack by pack, into one PNG for review.

    python tools/contact_sheet.py                      # writes docs/contact_sheet.png
    python tools/contact_sheet.py --levels DIR --out FILE
    python tools/contact_sheet.py --pack 08 --out docs/colour_contact_sheet.png

The pictures come from the ``goal`` of each ``.non`` file in ``levels/<pack>/`` (play order),
with the pack names from ``pack.json``; a colour puzzle is drawn in its palette's colours. A
file that cannot be read is drawn as a red box with "unreadable", so a broken level shows up
here too.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from game.core.formats import FormatError, read_puzzle  # noqa: E402
from game.core.puzzle import Puzzle  # noqa: E402
from game.resources import asset  # noqa: E402

SHEET_WIDTH = 1500
MARGIN = 24
TILE = 130  # the square a picture is fitted into
CAPTION = 18  # height of the caption under a tile
GAP = 16
PACK_HEADER = 44
BACKGROUND = (250, 249, 245)
INK = (30, 30, 36)
EMPTY_CELL = (226, 224, 216)
FRAME = (160, 158, 150)
ERROR = (200, 40, 40)


@dataclass(frozen=True)
class Entry:
    name: str
    puzzle: Puzzle | None  # None when the file could not be read


@dataclass(frozen=True)
class Pack:
    name: str
    order: int
    entries: tuple[Entry, ...]


def load_packs(levels: Path, only: str | None = None) -> list[Pack]:
    packs = []
    for folder in sorted(path for path in levels.iterdir() if path.is_dir()):
        if only is not None and not folder.name.startswith(only):
            continue
        manifest_path = folder / "pack.json"
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        entries = []
        for path in sorted(folder.glob("*.non")):
            try:
                entries.append(Entry(path.stem, read_puzzle(path)))
            except FormatError:
                entries.append(Entry(path.stem, None))
        packs.append(Pack(manifest["name"], int(manifest["order"]), tuple(entries)))
    return sorted(packs, key=lambda pack: pack.order)


def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    path = asset("fonts", "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    try:
        return ImageFont.truetype(str(path), size)
    except OSError:
        return ImageFont.load_default()


def draw_picture(draw: ImageDraw.ImageDraw, puzzle: Puzzle, left: int, top: int) -> None:
    """The goal fitted and centred in the TILE square at (left, top)."""
    goal = puzzle.goal_array()
    colours = puzzle.goal_colours if puzzle.is_colour else None
    cell = max(1, TILE // max(puzzle.width, puzzle.height))
    width, height = cell * puzzle.width, cell * puzzle.height
    x0 = left + (TILE - width) // 2
    y0 = top + (TILE - height) // 2
    draw.rectangle([x0 - 1, y0 - 1, x0 + width, y0 + height], outline=FRAME)
    for y in range(puzzle.height):
        for x in range(puzzle.width):
            filled = goal is not None and bool(goal[y, x])
            ink = INK
            if colours is not None and filled:
                ink = puzzle.colours.colour(int(colours[y][x])).rgb
            draw.rectangle(
                [x0 + x * cell, y0 + y * cell, x0 + (x + 1) * cell - 1, y0 + (y + 1) * cell - 1],
                fill=ink if filled else EMPTY_CELL,
            )


def render(packs: list[Pack]) -> Image.Image:
    per_row = (SHEET_WIDTH - 2 * MARGIN + GAP) // (TILE + GAP)
    height = MARGIN
    for pack in packs:
        rows = max(1, -(-len(pack.entries) // per_row))
        height += PACK_HEADER + rows * (TILE + CAPTION + GAP)
    image = Image.new("RGB", (SHEET_WIDTH, height + MARGIN), BACKGROUND)
    draw = ImageDraw.Draw(image)
    title_font, caption_font = font(22, bold=True), font(12)
    top = MARGIN
    for pack in packs:
        shapes = {
            (entry.puzzle.width * entry.puzzle.height, entry.puzzle.size_text)
            for entry in pack.entries
            if entry.puzzle is not None
        }
        sizes = [text for _, text in sorted(shapes)]
        # Picture packs take each picture's shape (15x9, 12x15, ...): the smallest and largest.
        shown = ", ".join(sizes) if len(sizes) <= 6 else f"{sizes[0]} to {sizes[-1]}"
        label = f"{pack.order}. {pack.name}   ({len(pack.entries)} puzzles, {shown})"
        draw.text((MARGIN, top + 8), label, fill=INK, font=title_font)
        top += PACK_HEADER
        for index, entry in enumerate(pack.entries):
            left = MARGIN + (index % per_row) * (TILE + GAP)
            tile_top = top + (index // per_row) * (TILE + CAPTION + GAP)
            if entry.puzzle is None:
                draw.rectangle([left, tile_top, left + TILE, tile_top + TILE], outline=ERROR)
                draw.text((left + 8, tile_top + TILE // 2), "unreadable", fill=ERROR)
                caption = entry.name
            else:
                draw_picture(draw, entry.puzzle, left, tile_top)
                caption = entry.puzzle.title or entry.name
            draw.text((left, tile_top + TILE + 3), caption, fill=INK, font=caption_font)
        rows = max(1, -(-len(pack.entries) // per_row))
        top += rows * (TILE + CAPTION + GAP)
    return image


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", type=Path, default=REPO_ROOT / "levels")
    parser.add_argument("--out", type=Path, default=REPO_ROOT / "docs" / "contact_sheet.png")
    parser.add_argument("--pack", help="only the packs whose folder name starts with this")
    args = parser.parse_args(argv)
    packs = load_packs(args.levels, args.pack)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    render(packs).save(args.out, optimize=True)
    total = sum(len(pack.entries) for pack in packs)
    print(f"{args.out}: {total} pictures in {len(packs)} packs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
