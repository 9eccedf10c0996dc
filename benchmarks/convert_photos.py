"""Photographs into puzzles: what Auto makes of a folder of photos, and a contact sheet.

    python3 benchmarks/convert_photos.py DIR [--sizes 20x20,30x30,40x30] [--method dither]
        [--sheet OUT.png] [--thumbnails a.png,b.jpg]

For every picture in DIR (PNG, JPEG, GIF, BMP, WebP) and every size, converts with the
settings it opens with in the converter (``defaults_for``: a photo gets Auto, Fill, Crop
borders, clean specks and the frame on its face; ``--method`` another method instead, e.g.
dither, the hardest to make fair) and prints a table:
the method (Auto's choice) and its level, the fill ratio, the specks left (isolated single cells),
whether the puzzle is unique, the cells that can go either way, the edits needed to make it
unique, the milliseconds the conversion took (Auto's scoring included; the picture is
loaded once per photo, as in the converter) and the seconds the fairness checks took.

Fairness columns come from the engine: the exact free cells (:mod:`game.core.create.free_cells`,
``>=N`` when its budget ran out first, "unknown" when it ran out before deciding) and the
edits Make it fair needed (:mod:`game.core.create.make_fair`, ``-`` when it found none in its
budget).

With ``--sheet``, writes a contact sheet: each photo beside its 30x30 puzzle (and, when a
fix was found, the puzzle after it), for people to check that the subject is recognisable.
scikit-image's bundled photographs are a fine development set (install scikit-image for
this benchmark only; the game never imports it).
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal

import numpy as np
from PIL import Image, ImageDraw, ImageFont

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.convert.converter import Converter
from game.core.convert.first_look import opening_options
from game.core.convert.load import IMAGE_SUFFIXES, ConvertError, load_image
from game.core.convert.methods import count_specks
from game.core.convert.options import Method, parse_method, parse_size
from game.core.create.conversion import puzzle_from_grid
from game.core.create.free_cells import free_cells
from game.core.create.make_fair import WORK_LIMIT, MakeFair

CHECK_SECONDS = 4.0
# Make it fair's budget: engine work in lines (the same edits on every machine), as `convert --fix`.
FIX_WORK = WORK_LIMIT


@dataclass
class Row:
    photo: str
    size: str
    method: str
    fill: float
    specks: int
    verdict: str
    free: str
    edits: str
    convert_ms: float
    seconds: float
    grid: np.ndarray
    fixed: np.ndarray | None
    view: tuple[float, float, float, float]


def _fairness(grid: np.ndarray) -> tuple[str, str, str, np.ndarray | None]:
    """(verdict, free cells, edits, fixed grid or None): the engine's exact free cells, then
    Make it fair's edits when the puzzle is not unique."""
    found = free_cells(puzzle_from_grid(grid), time_limit=CHECK_SECONDS)
    if not found.cells:
        return ("unique", "0", "0", None) if found.exact else ("unknown", "?", "-", None)
    count = str(found.count) if found.exact else f">={found.count}"
    # As the converter and `convert --fix` do: the search starts from the report's free cells.
    fix = MakeFair(grid, found, work_limit=FIX_WORK).run()
    if not fix.found:
        return "ambiguous", count, "-", None
    return "ambiguous", count, str(len(fix.edits)), fix.grid


def measure(
    path: Path,
    sizes: list[tuple[int, int]],
    method: Method | Literal["default"] = "default",
    level: float = 0.5,
) -> list[Row]:
    converter = Converter.open(path)
    rows = []
    for width, height in sizes:
        started = time.perf_counter()
        # As the converter opens the picture (defaults_for: a photo gets Auto, Fill, Crop
        # borders, clean specks and its face's frame; a drawing Otsu and Pad), with
        # ``method`` instead of the default when one was asked for.
        options = opening_options(converter.source, width, height)
        if method != "default":
            options = replace(options, method=method, threshold=level)
        concrete = converter.concrete(options)
        grid = converter.grid(options)
        converted = time.perf_counter()
        verdict, free, edits, fixed = _fairness(grid)
        seconds = time.perf_counter() - converted
        name: str = concrete.method
        name += "" if name == "otsu" else f" {concrete.threshold:.2f}"
        name += " inv" if concrete.invert else ""
        rows.append(Row(path.name, f"{width}x{height}", name, float(grid.mean()),
                        count_specks(grid), verdict, free, edits,
                        (converted - started) * 1000, seconds, grid, fixed,
                        converter.view_box(options)))  # fmt: skip
    return rows


def _grid_image(grid: np.ndarray, side: int, changed: np.ndarray | None = None) -> Image.Image:
    """The grid as dark and light squares; ``changed`` cells (Make it fair's edits) in red."""
    height, width = grid.shape
    cell = max(1, side // max(width, height))
    block = np.ones((cell, cell), dtype=bool)
    pixels = np.where(np.kron(grid, block), 30, 250).astype(np.uint8)
    rgb = np.dstack([pixels] * 3)
    image = Image.fromarray(rgb, "RGB")
    if changed is not None:  # a filled edit in red, a cleared one ringed in red
        draw = ImageDraw.Draw(image)
        for y, x in zip(*np.nonzero(changed), strict=True):
            box = (int(x) * cell, int(y) * cell, (int(x) + 1) * cell - 1, (int(y) + 1) * cell - 1)
            if grid[y, x]:
                draw.rectangle(box, fill=(215, 25, 25))
            else:
                draw.rectangle(box, outline=(215, 25, 25), width=max(1, cell // 3))
    framed = Image.new("RGB", (image.width + 2, image.height + 2), (150, 150, 150))
    framed.paste(image, (1, 1))
    return framed


def contact_sheet(
    rows: list[Row],
    folder: Path,
    out: Path,
    shown: set[str] | None = None,
    side: int = 150,
    method: str = "default",
) -> None:
    """Each photo (the part the puzzle covers) beside its 30x30 puzzle and, when it was not
    unique, the puzzle after Make it fair with the changed cells in red. Photos not in
    ``shown`` (when given) appear by name only: a sheet for the docs shows only pictures
    whose licence allows it."""
    chosen = [row for row in rows if row.size == "30x30"]
    columns = 2
    tile_w = side * 3 + 40
    tile_h = side + 34
    top = 30
    rows_count = -(-len(chosen) // columns)
    sheet = Image.new("RGB", (columns * tile_w + 20, rows_count * tile_h + top + 10),
                      (245, 242, 235))  # fmt: skip
    draw = ImageDraw.Draw(sheet)
    font = ImageFont.load_default()
    settings = "as each picture opens in the converter (a photo: Auto, Fill, crop, clean, framed)"
    if method != "default":
        settings = f"method {method} (otherwise as it opens)"
    draw.text((10, 9), f"30x30, {settings}: the photo, the puzzle, and the puzzle after Make "
              "it fair when it was not unique", fill=(40, 40, 40), font=font)  # fmt: skip
    for index, row in enumerate(chosen):
        x = 10 + (index % columns) * tile_w
        y = top + (index // columns) * tile_h
        if shown is None or row.photo in shown:
            # The converter's own copy: upright (EXIF), flattened on white, as it is gridded.
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
        sheet.paste(_grid_image(row.grid, side), (x + side + 8, y))
        if row.fixed is not None:
            changed = row.fixed != row.grid
            sheet.paste(_grid_image(row.fixed, side, changed), (x + 2 * side + 16, y))
        label = f"{row.photo}: {row.method}, {row.verdict}"
        if row.verdict == "ambiguous" and row.fixed is None:
            label += f", {row.free} free cells; no fix found in its budget"
        elif row.verdict == "ambiguous":
            edits = "1 edit" if row.edits == "1" else f"{row.edits} edits"
            label += f", {row.free} free cells; fair after {edits} (red)"
        draw.text((x, y + side + 6), label, fill=(40, 40, 40), font=font)
    # A palette keeps the thumbnails' look at a third of the bytes.
    sheet.quantize(colors=255, method=Image.Quantize.MEDIANCUT).save(out, optimize=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--sizes", default="20x20,30x30,40x30")
    parser.add_argument(
        "--method",
        default="default",
        help="the method (default: what the picture opens with, Auto for a photo)",
    )
    parser.add_argument("--sheet", type=Path, help="write a contact sheet PNG here")
    parser.add_argument(
        "--thumbnails",
        help="comma-separated photo file names the sheet may show (default: every photo); "
        "the others appear as their grids with the name",
    )
    args = parser.parse_args(argv)
    if not args.folder.is_dir():
        print(f"convert_photos: {args.folder}: not a folder", file=sys.stderr)
        return 2
    try:
        sizes = [parse_size(text) for text in args.sizes.split(",")]
        method: Method | Literal["default"] = "default"
        level: float | None = None
        if args.method != "default":
            method, level = parse_method(args.method)
    except ConvertError as error:
        print(f"convert_photos: {error}", file=sys.stderr)
        return 2
    print(f"{'photo':<22}{'size':<7}{'method':<19}{'fill':>6}{'specks':>8}  "
          f"{'verdict':<10}{'free':>6}{'edits':>7}{'ms':>6}{'fair s':>8}")  # fmt: skip
    rows: list[Row] = []
    for path in sorted(args.folder.iterdir()):
        if path.suffix.lower() not in IMAGE_SUFFIXES:
            continue
        try:
            measured = measure(path, sizes, method, 0.5 if level is None else level)
        except ConvertError as error:
            print(f"{path.name:<22}refused: {error}")
            continue
        for row in measured:
            print(f"{row.photo:<22}{row.size:<7}{row.method:<19}{row.fill:>6.0%}"
                  f"{row.specks:>8}  {row.verdict:<10}{row.free:>6}{row.edits:>7}"
                  f"{row.convert_ms:>6.0f}{row.seconds:>8.2f}", flush=True)  # fmt: skip
        rows += measured
    if args.sheet is not None:
        shown = None if args.thumbnails is None else set(args.thumbnails.split(","))
        contact_sheet(rows, args.folder, args.sheet, shown, method=args.method)
        print(f"contact sheet: {args.sheet} ({args.sheet.stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
