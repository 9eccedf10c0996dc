"""Blind before/after judging of photo conversions: dump, sheets, scores.

    python3 benchmarks/blind_judge.py dump DIR --list judge.txt --out after.npz [--root CODE]
    python3 benchmarks/blind_judge.py sheets before.npz after.npz --out SHEETS/ [--seed 47]
    python3 benchmarks/blind_judge.py scores SHEETS/key.tsv SHEETS/scores.tsv
    python3 benchmarks/blind_judge.py means benchmarks/judge_sets/scores/judge_final.tsv
    python3 benchmarks/blind_judge.py changed before.npz after.npz --list judge.txt --out ch.tsv

``dump`` converts every photo listed (one a line, a tab and its class after the name) as the
converter opens it (``opening_options``: Auto, Fill, Crop borders, clean specks, the automatic
frame) at 20x20, 30x30 and 40x30, in black and white and in Auto colours, and keeps each
grid as an RGB image of its cells. ``--root`` puts another copy of the game's code first on
the path (``git archive BASE game | tar -x -C /tmp/base`` for the code before a change).

``sheets`` draws, per photo, the photo and two rows of six puzzles (black and white, then
colour, at the three sizes): one row is the before, one the after, in an order drawn at
random per photo (``--seed``) and written only to ``key.tsv``, so the person scoring does
not know which is which. The person writes ``photo<TAB>row<TAB>six scores 0-3`` a line
(``row`` A or B; scores in the sheet's order: bw 20x20, 30x30, 40x30, colour 20x20, 30x30,
40x30) to ``scores.tsv``; ``scores`` joins them with the key and prints the means and the
count of 0s per column, before and after.

``--colour-only`` draws and scores only the three colour puzzles (three scores a line), for a
change that leaves every black-and-white grid as it was.

``changed`` writes the lines of the list whose photos have a grid (of the three colour puzzles
with ``--colour-only``) that differs between two dumps, to draw sheets of those alone: a photo
whose every grid is the same scores the same.

``means`` prints the same from a kept record (``photo<TAB>before|after<TAB>six scores``, as
``benchmarks/judge_sets/scores/`` holds the scores given in issue 47).

Photos are not in the repository; docs/photos.md lists the judge set and where it comes from.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

SIZES = ((20, 20), (30, 30), (40, 30))
COLUMNS = tuple(f"{mode} {w}x{h}" for mode in ("bw", "colour") for w, h in SIZES)
SIDE = 110
FONT = Path(__file__).resolve().parent.parent / "assets" / "fonts" / "DejaVuSans.ttf"


def _listed(folder: Path, listing: Path) -> list[tuple[str, str]]:
    rows = []
    for line in listing.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, _, kind = line.partition("\t")
        rows.append((name.strip(), kind.strip()))
    return rows


def dump(folder: Path, listing: Path, out: Path, root: Path | None) -> None:
    sys.path.insert(0, str(root if root is not None else Path(__file__).resolve().parent.parent))
    from game.core.convert.converter import Converter
    from game.core.convert.first_look import opening_options

    arrays: dict[str, np.ndarray] = {}
    for name, _kind in _listed(folder, listing):
        converter = Converter.open(folder / name)
        for width, height in SIZES:
            options = opening_options(converter.source, width, height)
            grid = converter.grid(options)
            bw = np.where(grid[..., None], np.uint8(30), np.uint8(250)).repeat(3, axis=2)
            arrays[f"{name}|bw {width}x{height}"] = bw
            coloured = converter.colour_cells(replace(options, colours="auto"))
            palette = coloured.palette
            table = np.array([palette.colour(i).rgb for i in range(palette.count + 1)], np.uint8)
            arrays[f"{name}|colour {width}x{height}"] = table[coloured.cells.astype(np.intp)]
            view = np.array(converter.view_box(options), dtype=np.float64)
            arrays[f"{name}|view {width}x{height}"] = view
        print(name, flush=True)
    np.savez_compressed(out, **arrays)  # type: ignore[arg-type]


def _tile(pixels: np.ndarray) -> Image.Image:
    height, width = pixels.shape[:2]
    cell = max(1, SIDE // max(width, height))
    image = Image.fromarray(np.kron(pixels, np.ones((cell, cell, 1), dtype=np.uint8)), "RGB")
    framed = Image.new("RGB", (image.width + 2, image.height + 2), (150, 150, 150))
    framed.paste(image, (1, 1))
    return framed


def sheets(before: Path, after: Path, out: Path, folder: Path, listing: Path, seed: int,
           per_sheet: int, colour_only: bool = False) -> None:  # fmt: skip
    out.mkdir(parents=True, exist_ok=True)
    old, new = np.load(before), np.load(after)
    photos = _listed(folder, listing)
    order = random.Random(seed)
    key_lines = []
    font = ImageFont.truetype(str(FONT), 11)
    tile_h = SIDE + 6
    columns = COLUMNS[3:] if colour_only else COLUMNS
    for start in range(0, len(photos), per_sheet):
        chunk = photos[start : start + per_sheet]
        width = 10 + (SIDE + 8) * (len(columns) + 1) + 30
        sheet = Image.new("RGB", (width, 24 + len(chunk) * (2 * tile_h + 22)), (245, 242, 235))
        draw = ImageDraw.Draw(sheet)
        draw.text((10, 6), "  ".join(columns), fill=(40, 40, 40), font=font)
        for index, (name, _kind) in enumerate(chunk):
            y = 24 + index * (2 * tile_h + 22)
            photo = Image.open(folder / name).convert("RGB")
            photo.thumbnail((SIDE, 2 * SIDE))
            sheet.paste(photo, (10, y))
            draw.text((10, y + 2 * tile_h + 4), f"{start + index + 1}. {name}"[:40],
                      fill=(40, 40, 40), font=font)  # fmt: skip
            first_is_after = order.random() < 0.5
            rows = (new, old) if first_is_after else (old, new)
            key_lines.append(f"{name}\tA\t{'after' if first_is_after else 'before'}")
            key_lines.append(f"{name}\tB\t{'before' if first_is_after else 'after'}")
            for row, source in enumerate(rows):
                ry = y + row * tile_h
                draw.text((10 + SIDE + 4, ry + SIDE // 2), "AB"[row], fill=(200, 0, 120),
                          font=font)  # fmt: skip
                for column, label in enumerate(columns):
                    sheet.paste(_tile(source[f"{name}|{label}"]),
                                (30 + (SIDE + 8) * (column + 1), ry))  # fmt: skip
        sheet.save(out / f"sheet-{start // per_sheet + 1}.png")
    (out / "key.tsv").write_text("\n".join(key_lines) + "\n")


def scores(key: Path, scored: Path) -> None:
    which = {}
    for line in key.read_text().splitlines():
        name, row, side = line.split("\t")
        which[(name, row)] = side
    table: dict[str, list[list[int]]] = {"before": [], "after": []}
    for line in scored.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, row, *values = line.split()
        table[which[(name, row)]].append([int(v) for v in values])
    _print(table)


def means(record: Path) -> None:
    table: dict[str, list[list[int]]] = {"before": [], "after": []}
    for line in record.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            _name, side, *values = line.split()
            table[side].append([int(v) for v in values])
    _print(table)


def changed(before: Path, after: Path, listing: Path, out: Path, colour_only: bool) -> int:
    """Write the lines of ``listing`` whose photos' grids differ between the dumps; how many."""
    old, new = np.load(before), np.load(after)
    columns = COLUMNS[3:] if colour_only else COLUMNS
    lines = []
    for line in listing.read_text().splitlines():
        name = line.split("#", 1)[0].strip().partition("\t")[0].strip()
        if not name:
            continue
        keys = [f"{name}|{label}" for label in columns]
        if any(old[key].shape != new[key].shape or (old[key] != new[key]).any() for key in keys):
            lines.append(line)
    out.write_text("".join(f"{line}\n" for line in lines))
    return len(lines)


def _print(table: dict[str, list[list[int]]]) -> None:
    for side in ("before", "after"):
        rows = np.array(table[side])
        if rows.size == 0:
            continue
        means = " ".join(f"{m:.2f}" for m in rows.mean(axis=0))
        zeros = " ".join(str(int(z)) for z in (rows == 0).sum(axis=0))
        columns = COLUMNS if rows.shape[1] == len(COLUMNS) else COLUMNS[3:]  # colour only
        print(f"{side:6} ({len(rows)} photos) columns: {', '.join(columns)}")
        print(f"  means {means}   all {rows.mean():.2f}")
        print(f"  zeros {zeros}   all {int((rows == 0).sum())}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    one = commands.add_parser("dump")
    one.add_argument("folder", type=Path)
    one.add_argument("--list", type=Path, required=True)
    one.add_argument("--out", type=Path, required=True)
    one.add_argument("--root", type=Path)
    two = commands.add_parser("sheets")
    two.add_argument("before", type=Path)
    two.add_argument("after", type=Path)
    two.add_argument("--folder", type=Path, required=True)
    two.add_argument("--list", type=Path, required=True)
    two.add_argument("--out", type=Path, required=True)
    two.add_argument("--seed", type=int, default=47)
    two.add_argument("--per-sheet", type=int, default=5)
    two.add_argument("--colour-only", action="store_true")
    three = commands.add_parser("scores")
    three.add_argument("key", type=Path)
    three.add_argument("scored", type=Path)
    four = commands.add_parser("means")
    four.add_argument("record", type=Path)
    five = commands.add_parser("changed")
    five.add_argument("before", type=Path)
    five.add_argument("after", type=Path)
    five.add_argument("--list", type=Path, required=True)
    five.add_argument("--out", type=Path, required=True)
    five.add_argument("--colour-only", action="store_true")
    args = parser.parse_args(argv)
    if args.command == "dump":
        dump(args.folder, args.list, args.out, args.root)
    elif args.command == "sheets":
        sheets(args.before, args.after, args.out, args.folder, args.list, args.seed,
               args.per_sheet, args.colour_only)  # fmt: skip
    elif args.command == "scores":
        scores(args.key, args.scored)
    elif args.command == "changed":
        count = changed(args.before, args.after, args.list, args.out, args.colour_only)
        print(f"{count} photos changed")
    else:
        means(args.record)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
