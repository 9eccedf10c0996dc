"""Photographs into puzzles: what Auto makes of a folder of photos, and a contact sheet.

    python3 benchmarks/convert_photos.py DIR [--sizes 20x20,30x30,40x30] [--sheet docs/photos.png]

For every picture in DIR (PNG, JPEG, GIF, BMP, WebP) and every size, converts with the
settings a photo opens with in the converter (Auto, Fill, clean specks) and prints a table:
the method Auto chose and its level, the fill ratio, the specks left (isolated single cells),
whether the puzzle is unique, the cells that can go either way, the edits needed to make it
unique, and the seconds taken.

Fairness columns come from :mod:`game.core.fairness`. With its exact free-cell search
(``free_cells``) and its make-fair search (``make_fair``) they are exact; without them (as on
a branch where those have not landed) the table shows the cells where the first two
solutions differ, marked ``>=`` (a lower bound), and the one-cell fix search's result,
marked ``1?`` (found) or ``-`` (none found in the budget).

With ``--sheet``, writes a contact sheet: each photo beside its 30x30 puzzle (and, when a
fix was found, the puzzle after it), for people to check that the subject is recognisable.
scikit-image's bundled photographs are a fine development set (install scikit-image for
this benchmark only; the game never imports it).
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core import fairness
from game.core.convert import (
    IMAGE_SUFFIXES,
    Converter,
    ConvertError,
    ConvertOptions,
    parse_size,
    puzzle_from_grid,
)
from game.core.convert_methods import count_specks

CHECK_SECONDS = 4.0
FIX_SECONDS = 3.0


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
    seconds: float
    grid: np.ndarray
    fixed: np.ndarray | None
    view: tuple[float, float, float, float]


def _fairness(grid: np.ndarray) -> tuple[str, str, str, np.ndarray | None]:
    """(verdict, free cells, edits, fixed grid or None), exact when the API has landed."""
    puzzle = puzzle_from_grid(grid)
    free_cells = getattr(fairness, "free_cells", None)
    make_fair = getattr(fairness, "make_fair", None)
    if callable(free_cells) and callable(make_fair):  # w3-fair's exact searches
        found = free_cells(puzzle, time_budget=CHECK_SECONDS)
        cells = getattr(found, "cells", found)
        exact = getattr(found, "exact", True)
        if not cells:
            return "unique", "0", "0", None
        fix = make_fair(grid, time_budget=FIX_SECONDS)
        edits = getattr(fix, "edits", fix)
        fixed = getattr(fix, "grid", None)
        count = f"{len(cells)}" if exact else f">={len(cells)}"
        return "ambiguous", count, str(len(edits)) if edits else "-", fixed
    report = fairness.check_uniqueness(puzzle, timeout=CHECK_SECONDS)
    if report.status == "unique":
        return "unique", "0", "0", None
    if report.status != "multiple":
        return report.status, "?", "-", None
    fixes = fairness.suggest_fixes(
        grid, report.ambiguous_cells, max_fixes=1, time_budget=FIX_SECONDS
    )
    fixed = fixes[0].apply(grid) if fixes else None
    return "ambiguous", f">={len(report.ambiguous_cells)}", "1?" if fixes else "-", fixed


def measure(path: Path, sizes: list[tuple[int, int]]) -> list[Row]:
    converter = Converter.open(path)
    rows = []
    for width, height in sizes:
        started = time.perf_counter()
        options = ConvertOptions(width=width, height=height, method="auto", fit="fill",
                                 clean=True)  # fmt: skip
        choice = converter.choice(options)
        grid = converter.grid(options)
        verdict, free, edits, fixed = _fairness(grid)
        seconds = time.perf_counter() - started
        method = choice.method + ("" if choice.method == "otsu" else f" {choice.level:.2f}")
        method += " inv" if choice.flipped else ""
        rows.append(Row(path.name, f"{width}x{height}", method, float(grid.mean()),
                        count_specks(grid), verdict, free, edits, seconds, grid, fixed,
                        converter.view_box(options)))  # fmt: skip
    return rows


def _grid_image(grid: np.ndarray, side: int) -> Image.Image:
    height, width = grid.shape
    cell = max(1, side // max(width, height))
    pixels = np.where(np.kron(grid, np.ones((cell, cell), dtype=bool)), 30, 250)
    image = Image.fromarray(pixels.astype(np.uint8), "L").convert("RGB")
    framed = Image.new("RGB", (image.width + 2, image.height + 2), (150, 150, 150))
    framed.paste(image, (1, 1))
    return framed


def contact_sheet(rows: list[Row], folder: Path, out: Path, side: int = 150) -> None:
    """Each photo (the part the puzzle covers) beside its puzzle, and the fixed puzzle."""
    chosen = [row for row in rows if row.size == "30x30"]
    columns = 2
    tile_w = side * 3 + 40
    tile_h = side + 34
    sheet = Image.new("RGB", (columns * tile_w + 20, -(-len(chosen) // columns) * tile_h + 20),
                      (245, 242, 235))  # fmt: skip
    draw = ImageDraw.Draw(sheet)
    font = ImageFont.load_default()
    for index, row in enumerate(chosen):
        x = 10 + (index % columns) * tile_w
        y = 10 + (index // columns) * tile_h
        photo = Image.open(folder / row.photo).convert("RGB")
        x0, y0, x1, y1 = row.view
        box = (max(0, round(x0 * photo.width)), max(0, round(y0 * photo.height)),
               min(photo.width, round(x1 * photo.width)),
               min(photo.height, round(y1 * photo.height)))  # fmt: skip
        photo = photo.crop(box)
        photo.thumbnail((side, side), Image.Resampling.LANCZOS)
        sheet.paste(photo, (x, y))
        sheet.paste(_grid_image(row.grid, side), (x + side + 8, y))
        if row.fixed is not None:
            sheet.paste(_grid_image(row.fixed, side), (x + 2 * side + 16, y))
        label = f"{row.photo}: {row.method}, {row.verdict}"
        if row.verdict == "ambiguous":
            label += f" ({row.free} free, fixed: {row.edits})"
        draw.text((x, y + side + 6), label, fill=(40, 40, 40), font=font)
    sheet.save(out, optimize=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--sizes", default="20x20,30x30,40x30")
    parser.add_argument("--sheet", type=Path, help="write a contact sheet PNG here")
    args = parser.parse_args(argv)
    if not args.folder.is_dir():
        print(f"convert_photos: {args.folder}: not a folder", file=sys.stderr)
        return 2
    try:
        sizes = [parse_size(text) for text in args.sizes.split(",")]
    except ConvertError as error:
        print(f"convert_photos: {error}", file=sys.stderr)
        return 2
    exact = callable(getattr(fairness, "free_cells", None))
    print("fairness: " + ("exact free cells, make-fair edits" if exact else
          "first-two-solutions differences (>=, a lower bound), one-cell fix (1?)"))  # fmt: skip
    print(f"{'photo':<22}{'size':<7}{'auto chose':<16}{'fill':>6}{'specks':>8}  "
          f"{'verdict':<10}{'free':>6}{'edits':>7}{'seconds':>9}")  # fmt: skip
    rows: list[Row] = []
    for path in sorted(args.folder.iterdir()):
        if path.suffix.lower() not in IMAGE_SUFFIXES:
            continue
        try:
            measured = measure(path, sizes)
        except ConvertError as error:
            print(f"{path.name:<22}refused: {error}")
            continue
        for row in measured:
            print(f"{row.photo:<22}{row.size:<7}{row.method:<16}{row.fill:>6.0%}"
                  f"{row.specks:>8}  {row.verdict:<10}{row.free:>6}{row.edits:>7}"
                  f"{row.seconds:>9.2f}", flush=True)  # fmt: skip
        rows += measured
    if args.sheet is not None:
        contact_sheet(rows, args.folder, args.sheet)
        print(f"contact sheet: {args.sheet} ({args.sheet.stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
