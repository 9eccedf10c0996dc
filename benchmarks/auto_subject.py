"""Does Auto find the subject? Each photo as it opens, at three sizes, on a contact sheet.

    python3 benchmarks/auto_subject.py DIR [--list FILES.txt] [--only a.jpg,b.png]
        [--sizes 20x20,30x30,40x30]
        [--sheet OUT.png] [--per-sheet 10] [--scores SCORES.tsv] [--thumbnails a.jpg,b.jpg]

For every picture in DIR (or only those named in ``--list``, one a line; ``#`` starts a
comment, and a second column after a tab is the photo's class: people, animal, landscape,
object; ``--only`` keeps the photos named), converts it as the converter opens it
(``defaults_for``: a photo gets Auto, Fill, Crop borders, clean specks and its automatic
frame) at each size and prints: the method
Auto chose (and why), the frame (as fractions of the picture, ``-`` for the whole
picture), the fill, and the milliseconds the conversion took.

``--sheet`` draws contact sheets for a person to judge: per photo a row with the photo (the
frame of the 30x30 conversion drawn on it), the black-and-white puzzles at every size and the
30x30 colour puzzle (Auto colours). With more photos than ``--per-sheet`` the sheets are
numbered (OUT-1.png, OUT-2.png, ...). Only photos in ``--thumbnails`` (when given) are drawn;
the others appear by name, so a sheet for the docs holds only photos whose licence allows.

``--scores`` reads the recognisability a person gave each conversion after looking at the
sheets (``photo<TAB>size<TAB>score 0-3``) and prints the averages per size and per class.

Photos are not in the repository: point DIR at a folder of your own (docs/photos.md says
which free photos the figures there came from).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.convert.converter import Converter
from game.core.convert.first_look import opening_options
from game.core.convert.load import IMAGE_SUFFIXES, ConvertError, load_image
from game.core.convert.options import parse_size

SIDE = 120
FONT = Path(__file__).resolve().parent.parent / "assets" / "fonts" / "DejaVuSans.ttf"
TITLE = (
    "As each photo opens: the photo (its 30x30 frame drawn), Auto's puzzles, 30x30 in Auto colours"
)


@dataclass
class Row:
    photo: str
    kind: str
    size: str
    method: str
    frame: str
    fill: float
    convert_ms: float
    grid: np.ndarray
    view: tuple[float, float, float, float]
    colour: np.ndarray | None = None
    rgbs: list[tuple[int, int, int]] | None = None


def measure(path: Path, kind: str, sizes: list[tuple[int, int]], colour: bool) -> list[Row]:
    converter = Converter.open(path)
    rows = []
    for width, height in sizes:
        started = time.perf_counter()
        options = opening_options(converter.source, width, height)
        choice = converter.choice(options) if options.method == "auto" else None
        grid = converter.grid(options)
        converted = time.perf_counter()
        if choice is not None:
            method = choice.text.removeprefix("Auto chose ")
        else:
            method = f"{options.method} (a drawing)"
        frame = options.frame
        shown = "-" if frame is None else "{:.2f},{:.2f},{:.2f},{:.2f}".format(*frame)
        row = Row(path.name, kind, f"{width}x{height}", method, shown, float(grid.mean()),
                  (converted - started) * 1000, grid, converter.view_box(options))  # fmt: skip
        if colour and (width, height) == (30, 30):
            coloured = converter.colour_cells(replace(options, colours="auto"))
            palette = coloured.palette
            row.colour = coloured.cells
            row.rgbs = [palette.colour(i).rgb for i in range(palette.count + 1)]
        rows.append(row)
    return rows


def _grid_image(
    cells: np.ndarray, side: int, rgbs: list[tuple[int, int, int]] | None = None
) -> Image.Image:
    height, width = cells.shape
    cell = max(1, side // max(width, height))
    table = np.array(rgbs if rgbs is not None else [(250, 250, 250), (30, 30, 30)], np.uint8)
    pixels = table[np.kron(cells.astype(np.intp), np.ones((cell, cell), dtype=np.intp))]
    image = Image.fromarray(pixels, "RGB")
    framed = Image.new("RGB", (image.width + 2, image.height + 2), (150, 150, 150))
    framed.paste(image, (1, 1))
    return framed


def _short(name: str, most: int = 20) -> str:
    """A photo's file name cut to fit under its tile (its end kept: the number tells them
    apart)."""
    return name if len(name) <= most else f"{name[: most - 9]}…{name[-8:]}"


def contact_sheet(
    rows: list[Row], paths: dict[str, Path], out: Path, shown: set[str] | None, title: str
) -> None:
    photos = list(dict.fromkeys(row.photo for row in rows))
    sizes = list(dict.fromkeys(row.size for row in rows))
    tile_h = SIDE + 40
    width = 10 + (SIDE + 10) * (len(sizes) + 2) + 10
    sheet = Image.new("RGB", (width, 30 + tile_h * len(photos)), (245, 242, 235))
    draw = ImageDraw.Draw(sheet)
    # The game's own font: Pillow's default font draws its letters over one another here.
    font = ImageFont.truetype(str(FONT), 11)
    draw.text((10, 9), title, fill=(40, 40, 40), font=font)
    for index, name in enumerate(photos):
        mine = [row for row in rows if row.photo == name]
        y = 30 + index * tile_h
        x = 10
        framed = next((row for row in mine if row.size == "30x30"), mine[0])
        if shown is None or name in shown:
            photo = Image.fromarray(load_image(paths[name]).rgb)
            photo.thumbnail((SIDE, SIDE))
            x0, y0, x1, y1 = framed.view
            box = (max(0, x0) * photo.width, max(0, y0) * photo.height,
                   min(1, x1) * photo.width - 1, min(1, y1) * photo.height - 1)  # fmt: skip
            ImageDraw.Draw(photo).rectangle(box, outline=(255, 0, 200), width=2)
            sheet.paste(photo, (x, y))
        else:
            draw.text((x, y + SIDE // 2), _short(name), fill=(90, 90, 90), font=font)
        for row in mine:
            x += SIDE + 10
            sheet.paste(_grid_image(row.grid, SIDE), (x, y))
            draw.text((x, y + SIDE + 4), f"{row.size} {row.method}"[:20], fill=(40, 40, 40),
                      font=font)  # fmt: skip
            if row.colour is not None:
                sheet.paste(_grid_image(row.colour, SIDE, row.rgbs),
                            (10 + (SIDE + 10) * (len(sizes) + 1), y))  # fmt: skip
        draw.text((10, y + SIDE + 4), _short(name), fill=(40, 40, 40), font=font)
        if mine[0].kind:
            draw.text((10, y + SIDE + 18), mine[0].kind, fill=(90, 90, 90), font=font)
        if len(mine[0].method) > 24:
            draw.text((10 + SIDE + 10, y + SIDE + 18), mine[0].method, fill=(90, 90, 90),
                      font=font)  # fmt: skip
    sheet.quantize(colors=255, method=Image.Quantize.MEDIANCUT).save(out, optimize=True)


def _listed(folder: Path, listing: Path | None) -> list[tuple[Path, str]]:
    if listing is None:
        return [(path, "") for path in sorted(folder.iterdir())
                if path.suffix.lower() in IMAGE_SUFFIXES]  # fmt: skip
    chosen = []
    for line in listing.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, kind = line.partition("\t")
            chosen.append((folder / name.strip(), kind.strip()))
    return chosen


def _averages(rows: list[Row], scores: Path) -> None:
    given: dict[tuple[str, str], int] = {}
    for line in scores.read_text().splitlines():
        parts = line.split("#", 1)[0].split()
        if len(parts) >= 3:
            given[(parts[0], parts[1])] = int(parts[2])
    by_size: dict[str, list[int]] = defaultdict(list)
    by_kind: dict[str, list[int]] = defaultdict(list)
    for row in rows:
        score = given.get((row.photo, row.size))
        if score is not None:
            by_size[row.size].append(score)
            by_kind[row.kind or "-"].append(score)
    for label, groups in (("size", by_size), ("class", by_kind)):
        for key, values in groups.items():
            good = sum(value >= 2 for value in values)
            print(f"{label} {key:10} mean {np.mean(values):.2f}  n={len(values)}  >=2: {good}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--list", type=Path, help="the photos to convert, one a line")
    parser.add_argument("--only", help="comma-separated photos of DIR to convert")
    parser.add_argument("--sizes", default="20x20,30x30,40x30")
    parser.add_argument("--sheet", type=Path, help="write contact sheets (PNG) here")
    parser.add_argument("--per-sheet", type=int, default=10)
    parser.add_argument("--thumbnails", help="comma-separated photos drawn on the sheet")
    parser.add_argument("--scores", type=Path, help="photo, size, score 0-3 a line")
    args = parser.parse_args(argv)
    if not args.folder.is_dir():
        print(f"not a folder: {args.folder}", file=sys.stderr)
        return 2
    try:
        sizes = [parse_size(size) for size in args.sizes.split(",")]
    except ValueError as error:
        print(f"bad --sizes: {error}", file=sys.stderr)
        return 2
    listed = _listed(args.folder, args.list)
    if args.only:
        only = set(args.only.split(","))
        listed = [(path, kind) for path, kind in listed if path.name in only]
    rows: list[Row] = []
    print(f"{'photo':30} {'class':9} {'size':6} {'ms':>5}  {'fill':>4}  {'frame':23} method")
    for path, kind in listed:
        try:
            measured = measure(path, kind, sizes, args.sheet is not None)
        except ConvertError as error:
            print(f"{path.name}: {error}")
            continue
        for row in measured:
            print(f"{row.photo[:30]:30} {row.kind:9} {row.size:6} {row.convert_ms:5.0f}  "
                  f"{row.fill:4.0%}  {row.frame:23} {row.method}")  # fmt: skip
        rows.extend(measured)
    if args.sheet is not None and rows:
        shown = set(args.thumbnails.split(",")) if args.thumbnails else None
        paths = {path.name: path for path, _ in listed}
        photos = list(dict.fromkeys(row.photo for row in rows))
        chunks = [photos[i : i + args.per_sheet] for i in range(0, len(photos), args.per_sheet)]
        for number, chunk in enumerate(chunks, 1):
            out = args.sheet
            if len(chunks) > 1:
                out = out.with_name(f"{out.stem}-{number}{out.suffix}")
            contact_sheet([row for row in rows if row.photo in chunk], paths, out, shown, TITLE)
            print(f"contact sheet: {out} ({out.stat().st_size // 1024} KB)")
    if args.scores is not None:
        _averages(rows, args.scores)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
