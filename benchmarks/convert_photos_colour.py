"""Photographs into colour puzzles: what Auto colours makes of a folder of photos, made fair,
and a contact sheet beside the black-and-white puzzle.

    python3 benchmarks/convert_photos_colour.py DIR [--sizes 20x20,30x30,40x30]
        [--sheet OUT.png] [--thumbnails a.png,b.jpg] [--colours auto]

For every picture in DIR and every size, converts as the picture opens in the converter
(``defaults_for``: a photo gets Fill, Crop borders, clean specks and its face's frame; a
drawing Pad) with Colours Auto (``--colours`` another count), and prints: the colours (the
background counted), the share of cells not background, whether the colour puzzle is unique
(the engine's exact free cells, ``>=N`` when its budget ran out), the edits Make it fair
needed in colour (the ``convert --fix`` path, :func:`game.core.create.conversion.
colour_fair_search`, ColourMakeFair; ``-`` when it found none), the conversion's
milliseconds and the fairness seconds.

With ``--sheet``, writes a contact sheet at 30x30: the photo (the part the puzzle covers),
the black-and-white puzzle it opens with (Auto's method) and the colour puzzle (after Make it
fair when that changed it, the changed cells ringed). scikit-image's photographs are the set
(install scikit-image for this benchmark only; the game never imports it).
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.convert.converter import Converter
from game.core.convert.first_look import opening_options
from game.core.convert.load import IMAGE_SUFFIXES, ConvertError, load_image
from game.core.convert.options import parse_colours, parse_size
from game.core.convert.quantise import ColourCount
from game.core.create.conversion import colour_fair_search
from game.core.create.free_cells import free_cells
from game.core.create.make_fair import WORK_LIMIT
from game.core.puzzle import Puzzle

CHECK_SECONDS = 4.0


@dataclass
class Row:
    photo: str
    size: str
    colours: int
    fill: float
    verdict: str
    free: str
    edits: str
    convert_ms: float
    seconds: float
    cells: np.ndarray
    rgbs: list[tuple[int, int, int]]
    fixed: np.ndarray | None
    bw: np.ndarray
    view: tuple[float, float, float, float]


def _fairness(puzzle: Puzzle) -> tuple[str, str, str, np.ndarray | None]:
    """(verdict, free cells, edits, fixed cells or None)."""
    found = free_cells(puzzle, time_limit=CHECK_SECONDS)
    if not found.cells:
        return ("unique", "0", "0", None) if found.exact else ("unknown", "?", "-", None)
    count = str(found.count) if found.exact else f">={found.count}"
    fix = colour_fair_search(puzzle, found, work_limit=WORK_LIMIT).run()
    if not fix.found:
        return "ambiguous", count, "-", None
    return "ambiguous", count, str(len(fix.edits)), np.asarray(fix.grid)


def measure(path: Path, sizes: list[tuple[int, int]], colours: ColourCount) -> list[Row]:
    converter = Converter.open(path)
    rows = []
    for width, height in sizes:
        started = time.perf_counter()
        options = opening_options(converter.source, width, height)
        coloured = converter.colour_cells(replace(options, colours=colours))
        converted = time.perf_counter()
        puzzle = Puzzle.from_colour_grid(coloured.cells, coloured.palette)
        verdict, free, edits, fixed = _fairness(puzzle)
        seconds = time.perf_counter() - converted
        palette = coloured.palette
        rgbs = [palette.colour(i).rgb for i in range(palette.count + 1)]
        rows.append(Row(path.name, f"{width}x{height}", coloured.count,
                        float(coloured.filled.mean()), verdict, free, edits,
                        (converted - started) * 1000, seconds, coloured.cells, rgbs, fixed,
                        converter.grid(options), converter.view_box(options)))  # fmt: skip
    return rows


def _grid_image(
    cells: np.ndarray, rgbs: list[tuple[int, int, int]] | None, side: int,
    changed: np.ndarray | None = None,
) -> Image.Image:  # fmt: skip
    """Cells as squares: in their colours, or dark and light for a black-and-white grid."""
    height, width = cells.shape
    cell = max(1, side // max(width, height))
    table = np.array(rgbs if rgbs is not None else [(250, 250, 250), (30, 30, 30)], np.uint8)
    pixels = table[np.kron(cells.astype(np.intp), np.ones((cell, cell), dtype=np.intp))]
    image = Image.fromarray(pixels, "RGB")
    if changed is not None:
        draw = ImageDraw.Draw(image)
        for y, x in zip(*np.nonzero(changed), strict=True):
            box = (int(x) * cell, int(y) * cell, (int(x) + 1) * cell - 1, (int(y) + 1) * cell - 1)
            draw.rectangle(box, outline=(255, 0, 255), width=max(1, cell // 4))
    framed = Image.new("RGB", (image.width + 2, image.height + 2), (150, 150, 150))
    framed.paste(image, (1, 1))
    return framed


def contact_sheet(
    rows: list[Row], folder: Path, out: Path, shown: set[str] | None = None, side: int = 150
) -> None:
    chosen = [row for row in rows if row.size == "30x30"]
    columns = 2
    tile_w = side * 3 + 40
    tile_h = side + 34
    top = 30
    count = -(-len(chosen) // columns)
    sheet = Image.new("RGB", (columns * tile_w + 20, count * tile_h + top + 10), (245, 242, 235))
    draw = ImageDraw.Draw(sheet)
    font = ImageFont.load_default()
    draw.text((10, 9), "30x30 as each picture opens: the photo, the black-and-white puzzle "
              "(Auto's method), the colour puzzle (Auto colours)", fill=(40, 40, 40),
              font=font)  # fmt: skip
    for index, row in enumerate(chosen):
        x = 10 + (index % columns) * tile_w
        y = top + (index // columns) * tile_h
        if shown is None or row.photo in shown:
            photo = Image.fromarray(load_image(folder / row.photo).rgb)
            x0, y0, x1, y1 = row.view
            box = (max(0, round(x0 * photo.width)), max(0, round(y0 * photo.height)),
                   min(photo.width, round(x1 * photo.width)),
                   min(photo.height, round(y1 * photo.height)))  # fmt: skip
            photo = photo.crop(box)
            photo.thumbnail((side, side), Image.Resampling.LANCZOS)
            sheet.paste(photo, (x, y))
        else:
            draw.rectangle((x, y, x + side - 1, y + side - 1), outline=(180, 180, 180))
            draw.text((x + 8, y + side // 2 - 14), f"{row.photo}\n(photo not shown)",
                      fill=(110, 110, 110), font=font)  # fmt: skip
        sheet.paste(_grid_image(row.bw, None, side), (x + side + 8, y))
        cells = row.fixed if row.fixed is not None else row.cells
        changed = None if row.fixed is None else row.fixed != row.cells
        sheet.paste(_grid_image(cells, row.rgbs, side, changed), (x + 2 * side + 16, y))
        label = f"{row.photo}: {row.colours} colours, {row.verdict}"
        if row.verdict == "ambiguous":
            label += f", {row.free} free" + (f", fair after {row.edits}" if row.fixed is not None
                                             else "")  # fmt: skip
        draw.text((x, y + side + 6), label, fill=(40, 40, 40), font=font)
    sheet.quantize(colors=255, method=Image.Quantize.MEDIANCUT).save(out, optimize=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--sizes", default="20x20,30x30,40x30")
    parser.add_argument("--colours", default="auto")
    parser.add_argument("--sheet", type=Path, help="write a contact sheet PNG here")
    parser.add_argument("--thumbnails", help="comma-separated photo names the sheet may show")
    args = parser.parse_args(argv)
    if not args.folder.is_dir():
        print(f"convert_photos_colour: {args.folder}: not a folder", file=sys.stderr)
        return 2
    try:
        sizes = [parse_size(text) for text in args.sizes.split(",")]
        colours = parse_colours(args.colours)
    except ConvertError as error:
        print(f"convert_photos_colour: {error}", file=sys.stderr)
        return 2
    if colours == 2:
        print("convert_photos_colour: 2 colours is black and white: use convert_photos.py")
        return 2
    print(f"{'photo':<22}{'size':<7}{'colours':>8}{'fill':>6}  {'verdict':<10}{'free':>6}"
          f"{'edits':>7}{'ms':>6}{'fair s':>8}")  # fmt: skip
    rows: list[Row] = []
    for path in sorted(args.folder.iterdir()):
        if path.suffix.lower() not in IMAGE_SUFFIXES:
            continue
        try:
            measured = measure(path, sizes, colours)
        except ConvertError as error:
            print(f"{path.name:<22}refused: {error}")
            continue
        for row in measured:
            print(f"{row.photo:<22}{row.size:<7}{row.colours:>8}{row.fill:>6.0%}  "
                  f"{row.verdict:<10}{row.free:>6}{row.edits:>7}{row.convert_ms:>6.0f}"
                  f"{row.seconds:>8.2f}", flush=True)  # fmt: skip
        rows += measured
    if args.sheet is not None:
        shown = None if args.thumbnails is None else set(args.thumbnails.split(","))
        contact_sheet(rows, args.folder, args.sheet, shown)
        print(f"contact sheet: {args.sheet} ({args.sheet.stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
