"""Blind contact sheets of the bundled pictures, to score by eye how well they read (issue 46).

    python tools/readability_sheets.py --stage before    # draw the sheets, write their keys
    python tools/readability_sheets.py --stage before --scores   # mean and count below 2

Two sheets a stage, each a grid of numbered tiles with no titles and no pack names, in a
shuffled order (so neither the title nor the pack's order tells the scorer anything):

- ``tools/readability/<stage>-firsts.png``: the first three puzzles (play order) of every
  nonogram pack;
- ``tools/readability/<stage>-random.png``: 60 puzzles drawn at random (seed 46) from all of
  them.

(Not in ``docs/``: every picture there is one ``hanjie screenshot`` makes.)

Each tile is the solved grid at the puzzle's own size, a cell a block, as the player sees it
at the win. The key (tile number -> pack/file) goes to ``tools/readability/<stage>-*.json``;
score the sheet 0-3 a tile (0 nothing, 1 a guess, 2 reads once named, 3 reads at a glance)
before opening the key, into ``tools/readability/<stage>-*-scores.txt`` (one "number
score" a line); ``--scores`` then prints the mean, the count below 2 and the tiles below 2
by name. ``--seed`` draws another sample (so a sheet whose key was read is not scored
again); ``--levels`` draws from another checkout's levels (the "before" of a change).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from PIL import Image, ImageDraw

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from game.core.formats import read_puzzle  # noqa: E402
from tools.contact_sheet import BACKGROUND, INK, TILE, draw_picture, font  # noqa: E402

LEVELS = REPO_ROOT / "levels"
KEYS = REPO_ROOT / "tools" / "readability"
SEED = 46
SAMPLE = 60
FIRSTS = 3
PER_ROW = 11
GAP, LABEL, MARGIN = 10, 16, 16


def nonogram_packs(levels: Path = LEVELS) -> list[Path]:
    return sorted(p for p in levels.iterdir() if p.is_dir() and not p.name.startswith("kakuro"))


def picks(levels: Path = LEVELS, seed: int = SEED) -> dict[str, list[Path]]:
    """The files of each sheet: every pack's first three, and 60 at random."""
    packs = nonogram_packs(levels)
    firsts = [path for pack in packs for path in sorted(pack.glob("*.non"))[:FIRSTS]]
    every = [path for pack in packs for path in sorted(pack.glob("*.non"))]
    sample = random.Random(seed).sample(every, SAMPLE)
    return {"firsts": firsts, "random": sample}


def draw_sheet(files: list[Path], out: Path, seed: int = SEED) -> list[str]:
    """The numbered tiles of ``files`` in a shuffled order; the key, tile by tile."""
    order = list(files)
    random.Random(seed + len(files)).shuffle(order)
    rows = -(-len(order) // PER_ROW)
    width = 2 * MARGIN + PER_ROW * (TILE + GAP)
    height = 2 * MARGIN + rows * (TILE + LABEL + GAP)
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    label_font = font(13, bold=True)
    for index, path in enumerate(order):
        left = MARGIN + (index % PER_ROW) * (TILE + GAP)
        top = MARGIN + (index // PER_ROW) * (TILE + LABEL + GAP)
        draw.text((left, top), str(index + 1), fill=INK, font=label_font)
        draw_picture(draw, read_puzzle(path), left, top + LABEL)
    out.parent.mkdir(parents=True, exist_ok=True)
    image.save(out, optimize=True)
    return [str(Path(path.parent.parent.name) / path.parent.name / path.name) for path in order]


def scores(stage: str, sheet: str) -> None:
    key = json.loads((KEYS / f"{stage}-{sheet}.json").read_text(encoding="utf-8"))
    marks: dict[int, int] = {}
    for line in (KEYS / f"{stage}-{sheet}-scores.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            number, score = line.split()[:2]
            marks[int(number)] = int(score)
    assert sorted(marks) == list(range(1, len(key) + 1)), "a score a tile"
    low = [(n, key[n - 1], s) for n, s in sorted(marks.items()) if s < 2]
    mean = sum(marks.values()) / len(marks)
    print(f"{stage} {sheet}: {len(marks)} tiles, mean {mean:.2f}, {len(low)} below 2")
    for number, name, score in low:
        print(f"  {number:3d} {score} {name}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stage", required=True, help="before or after (names the files)")
    parser.add_argument("--scores", action="store_true", help="sum up the scores written")
    parser.add_argument("--levels", type=Path, default=LEVELS, help="the levels to draw from")
    parser.add_argument("--seed", type=int, default=SEED, help="the sample's and order's seed")
    args = parser.parse_args(argv)
    if args.scores:
        for sheet in ("firsts", "random"):
            if (KEYS / f"{args.stage}-{sheet}-scores.txt").exists():
                scores(args.stage, sheet)
        return 0
    for sheet, files in picks(args.levels, args.seed).items():
        out = KEYS / f"{args.stage}-{sheet}.png"
        key = draw_sheet(files, out, args.seed)
        KEYS.mkdir(parents=True, exist_ok=True)
        (KEYS / f"{args.stage}-{sheet}.json").write_text(json.dumps(key, indent=1) + "\n")
        print(f"wrote {out.relative_to(REPO_ROOT)} ({len(files)} tiles)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
