"""The colour-vision check's worst pair: every two colours of a palette as a protanope, a
deuteranope, a tritanope and a normal trichromat see them (game.core.vision), on the
bundled packs and on Random's colour pictures (PictureGeneration, the picture library in
colour), with the palette spread for dichromats (today) or for normal vision only
(``--before``: distinct_colours.SEEN_DISTANCE set to 0, the spread before issue 48).

    python benchmarks/cvd_palettes.py [--before] [--random 50] [--size 20x20]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

import game.core.convert.distinct_colours as distinct_colours  # noqa: E402
from game.core.formats import read_puzzle  # noqa: E402
from game.core.generate.generator import generated_palette  # noqa: E402
from game.core.generate.picture_puzzles import PictureGeneration  # noqa: E402
from game.core.palette import Palette  # noqa: E402
from game.core.vision import worst_seen_pair  # noqa: E402
from game.resources import levels_dir  # noqa: E402


def rgbs_of(palette: Palette) -> list[tuple[int, int, int]]:
    return [palette.background.rgb, *(colour.rgb for colour in palette.colours)]


def report(label: str, found: list[tuple[float, str, str]]) -> None:
    distances = [distance for distance, _, _ in found]
    worst = min(found)
    print(
        f"{label}: {len(found)} palettes, worst {worst[0]:.1f} ({worst[1]}, {worst[2]}), "
        f"median worst {statistics.median(distances):.1f}, "
        f"under 12: {sum(d < 12 for d in distances)}, under 8: {sum(d < 8 for d in distances)}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", action="store_true")
    parser.add_argument("--random", type=int, default=50)
    parser.add_argument("--size", default="20x20")
    options = parser.parse_args()
    if options.before:
        distinct_colours.SEEN_DISTANCE = 0.0
    packs = []
    for path in sorted(levels_dir().glob("*/*.non")):
        puzzle = read_puzzle(path)
        if puzzle.is_colour:
            distance, _, _, vision = worst_seen_pair(rgbs_of(puzzle.colours))
            packs.append((distance, path.stem, vision))
    report("bundled packs (as shipped)", packs)
    width, height = (int(part) for part in options.size.split("x"))
    made = []
    started = time.process_time()
    for seed in range(options.random):
        colours = (4, 6)[seed % 2]
        generation = PictureGeneration(width, height, 1 + seed % 3, seed, colours=colours)
        puzzle = generation.run().puzzle
        assert puzzle.is_colour
        distance, _, _, vision = worst_seen_pair(rgbs_of(puzzle.colours))
        made.append((distance, f"seed {seed} {puzzle.title}", vision))
    # Random's other colour puzzles: the generator's fixed inks (3, 4 or 6 colours offered).
    for count in (3, 4, 6, 8):
        distance, _, _, vision = worst_seen_pair(rgbs_of(generated_palette(count)))
        print(f"Random colour, {count} colours (fixed inks): worst {distance:.1f} ({vision})")
    label = f"Random colour pictures {options.size}, seeds 0-{options.random - 1}"
    report(label + (" (before)" if options.before else ""), made)
    print(f"({time.process_time() - started:.1f} s CPU for the Random pictures)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
