"""Do the difficulty words mean the same for every source of puzzles?

    python3 benchmarks/rating_sources.py [--random-seeds 4] [--daily-weeks 52] [--photos 6]

Rates puzzles from four sources with the game's rating (:func:`game.core.rating.rate_puzzle`)
and prints, per source and level, how many puzzles there are and the techniques they needed:
``lines`` (line logic alone), ``probe1-3`` (one to three probing insights), ``probe4+`` (more),
``search`` (trials inside trials). The sources:

- bundled: every nonogram in levels/;
- Random: the generator at 10x10, 15x15, 20x20 and 30x30, every level, seeds 0..N-1
  (a ``(asked N)`` column counts puzzles whose level is not the one asked for);
- daily: the daily puzzles of N weeks from Monday 2025-01-06 (same check against the plan);
- converted: photo-like pictures drawn here (a landscape, a textured field, a portrait-like
  blob) converted at 20x20 and 30x30 with the options the converter opens with; the unique
  ones are rated (an ambiguous conversion is not a puzzle yet).

Also prints the ink (share of filled cells) range per source, the generator's bound
being 0.25-0.70.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter, defaultdict
from datetime import date, timedelta
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.convert.converter import Converter
from game.core.convert.first_look import opening_options
from game.core.create.conversion import puzzle_from_grid
from game.core.difficulty import EXPERT_INSIGHTS, Effort, EffortMeter
from game.core.formats import read_puzzle
from game.core.generate.daily import plan_for
from game.core.generate.generator import Generation
from game.core.puzzle import Puzzle
from game.core.rating import STAR_NAMES, rate
from game.core.solver.task import SolveTask

ROOT = Path(__file__).resolve().parent.parent
RANDOM_SIZES = ((10, 10), (15, 15), (20, 20), (30, 30))


def technique(effort: Effort) -> str:
    if effort.guesses:
        return "search"
    if effort.insights > EXPERT_INSIGHTS:
        return "probe4+"
    return "probe1-3" if effort.insights else "lines"


def rated(puzzle: Puzzle) -> tuple[int, str, float] | None:
    """(stars, technique, ink) of a unique puzzle, None for any other."""
    meter = EffortMeter(puzzle)
    result = SolveTask(puzzle, max_solutions=2, time_limit=120).run(on_step=meter)
    if result.status != "unique":
        return None
    effort = meter.effort(result.stats.line_rounds)
    rating = rate(result, effort)
    ink = float(np.asarray(result.solutions[0]).mean())
    return rating.stars, technique(effort), ink


class Table:
    def __init__(self) -> None:
        self.cells: dict[tuple[str, int], Counter[str]] = defaultdict(Counter)
        self.off_level: Counter[str] = Counter()
        self.inks: dict[str, list[float]] = defaultdict(list)

    def add(self, source: str, puzzle: Puzzle, asked: int | None = None) -> None:
        found = rated(puzzle)
        if found is None:
            self.off_level[source + " not unique"] += 1
            return
        stars, kind, ink = found
        self.cells[(source, stars)][kind] += 1
        self.inks[source].append(ink)
        if asked is not None and stars != asked:
            self.off_level[source] += 1

    def print(self) -> None:
        print(f"{'source':10s} {'level':9s} {'n':>4s}  techniques")
        for source in ("bundled", "Random", "daily", "converted"):
            for stars in range(1, 6):
                kinds = self.cells.get((source, stars))
                if not kinds:
                    continue
                text = ", ".join(f"{kind} {count}" for kind, count in sorted(kinds.items()))
                total = sum(kinds.values())
                print(f"{source:10s} {STAR_NAMES[stars]:9s} {total:4d}  {text}")
            inks = self.inks.get(source)
            if inks:
                print(f"{source:10s} ink {min(inks):.2f}-{max(inks):.2f}")
        for name, count in sorted(self.off_level.items()):
            what = "" if name.endswith("unique") else " not at the level asked"
            print(f"{name}: {count}{what}")


def photo_pictures(count: int) -> list[Image.Image]:
    pictures = []
    for seed in range(count):
        rng = np.random.default_rng(seed)
        kind = seed % 3
        if kind == 0:  # a landscape: sky, hills, a tree, noise
            image = Image.new("RGB", (400, 300), (120, 170, 230))
            draw = ImageDraw.Draw(image)
            hill = [(0, 200), (130, 140 + 10 * seed), (260, 190), (400, 130), (400, 300), (0, 300)]
            draw.polygon(hill, fill=(52, 96, 48))
            draw.ellipse((60 + 5 * seed, 60, 150, 150), fill=(30, 70, 30))
            draw.rectangle((95, 140, 110, 210), fill=(70, 50, 30))
        elif kind == 1:  # a textured field
            yy, xx = np.mgrid[0:300, 0:300]
            light = 128 + 60 * np.sin(xx / (20.0 + seed)) * np.cos(yy / 31.0)
            image = Image.fromarray(np.clip(light, 0, 255).astype(np.uint8)).convert("RGB")
        else:  # a dark subject on a light ground
            image = Image.new("RGB", (300, 400), (225, 220, 210))
            draw = ImageDraw.Draw(image)
            draw.ellipse((80, 60, 220, 220), fill=(60, 40, 35))
            draw.ellipse((50, 200, 250, 420), fill=(40, 40, 80))
        image = image.filter(ImageFilter.GaussianBlur(2))
        noise = rng.normal(0, 12, (image.height, image.width, 1))
        pixels = np.clip(np.asarray(image, dtype=np.float32) + noise, 0, 255).astype(np.uint8)
        pictures.append(Image.fromarray(pixels))
    return pictures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--random-seeds", type=int, default=4)
    parser.add_argument("--daily-weeks", type=int, default=52)
    parser.add_argument("--photos", type=int, default=6)
    args = parser.parse_args(argv)
    table = Table()
    for path in sorted((ROOT / "levels").glob("*/*.non")):
        table.add("bundled", read_puzzle(path))
    for width, height in RANDOM_SIZES:
        for level in range(1, 6):
            for seed in range(args.random_seeds):
                made = Generation(width, height, level, seed).run()
                table.add("Random", made.puzzle, level)
    start = date(2025, 1, 6)
    for day_number in range(7 * args.daily_weeks):
        plan = plan_for(start + timedelta(days=day_number))
        made = Generation(plan.width, plan.height, plan.level, plan.seed).run()
        table.add("daily", made.puzzle, plan.level)
    folder = Path(tempfile.mkdtemp(prefix="hanjie-ratings-"))
    for number, picture in enumerate(photo_pictures(args.photos)):
        path = folder / f"photo{number}.png"
        picture.save(path)
        converter = Converter.open(path)
        for width, height in ((20, 20), (30, 30)):
            options = opening_options(converter.source, width, height)
            table.add("converted", puzzle_from_grid(converter.grid(options)))
    table.print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
