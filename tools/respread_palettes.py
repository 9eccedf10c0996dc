"""Spread the palettes of the bundled colour puzzles for play, in place.

Every colour puzzle under ``levels/`` has its colours pushed apart by
:func:`game.core.convert.distinct_colours.distinct_palette` (every two Delta E 20 apart, and
12 as a protanope, a deuteranope and a tritanope sees them) and its ``color`` lines rewritten;
nothing else in the file changes, so the clues, the solutions and the progress keys stay.
The picture packs' builder spreads the palettes it makes the same way; this brings the files
made before the colour-vision check up to it. ``--check`` changes nothing and fails when a
file is not spread.

    python tools/respread_palettes.py [--check] [levels]
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import numpy as np

from game.core.convert.distinct_colours import distinct_palette
from game.core.formats import read_puzzle
from game.core.palette import rgb_text

COLOUR_LINE = re.compile(r"^color (\S+) (#?[0-9a-fA-F]{6})\s*$")


def respread(path: Path, check: bool) -> bool:
    """Spread one file's palette; True when it was (or, with ``check``, would be) changed."""
    puzzle = read_puzzle(path)
    if not puzzle.is_colour or puzzle.goal_colours is None:
        return False
    palette = puzzle.colours
    spread = distinct_palette(palette, np.array(puzzle.goal_colours))
    if spread == palette:
        return False
    if check:
        return True
    new_rgb = {colour.name: rgb_text(colour.rgb) for colour in spread.colours}
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    for number, line in enumerate(lines):
        found = COLOUR_LINE.match(line)
        if found and found.group(1) in new_rgb:
            lines[number] = f"color {found.group(1)} {new_rgb[found.group(1)]}\n"
    path.write_text("".join(lines), encoding="utf-8")
    if read_puzzle(path).colours != spread:
        raise SystemExit(f"{path}: the palette read back is not the one written")
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", nargs="?", default="levels", type=Path)
    parser.add_argument("--check", action="store_true", help="change nothing; fail if unspread")
    options = parser.parse_args()
    changed = [
        path for path in sorted(options.root.rglob("*.non")) if respread(path, options.check)
    ]
    for path in changed:
        print(("not spread: " if options.check else "spread: ") + str(path))
    print(f"{len(changed)} file(s) {'to spread' if options.check else 'spread'}")
    return 1 if options.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
