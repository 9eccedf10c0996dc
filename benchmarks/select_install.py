"""A large test install for the level select benchmarks: many packs of picture-like puzzles
and a progress file with about half of them solved.

``build_install(root)`` writes ``root/levels`` (the packs of ``copy_from``, then 15 packs
of 30 puzzles: black and white and colour, 10x10 to 40x30, most declaring their difficulty,
one in six not, so the rating pass has work) and ``root/home/progress.json`` (every other
puzzle solved with a best time, the last played one in a pack in the middle). The pictures
are smooth blobs with noise, so their clues look like a real picture's; they are not checked
unique (the select screen does not care), and are the same for the same ``seed``.

    python3 benchmarks/select_install.py DIR     # build one to look at, or for --levels
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

from game.core.palette import Palette
from game.core.puzzle import Puzzle

PACKS = 15
PER_PACK = 30
SIZES = ((10, 10), (15, 15), (20, 15), (20, 20), (25, 25), (30, 20), (30, 30), (40, 30))
THEMES = ("Animals", "Food", "Travel", "Things", "Play", "Nature", "Scenes", "Faces")
# One puzzle in UNRATED declares no difficulty: the select screen works its stars out.
UNRATED = 6
PALETTES = (
    Palette.of(("0", (255, 253, 251)), ("a", (244, 67, 26)), ("b", (174, 203, 34))),
    Palette.of(
        ("0", (255, 255, 255)), ("a", (60, 90, 200)), ("b", (250, 200, 40)), ("c", (90, 60, 50))
    ),
    Palette.of(
        ("0", (250, 250, 245)),
        ("a", (30, 140, 70)),
        ("b", (200, 40, 90)),
        ("c", (240, 150, 30)),
        ("d", (40, 40, 40)),
        ("e", (120, 190, 230)),
    ),
)


@dataclass(frozen=True)
class Install:
    levels: Path
    home: Path  # HANJIE_HOME: progress.json and "My puzzles"
    puzzles: int
    solved: int


def blob(rng: np.random.Generator, width: int, height: int) -> np.ndarray:
    """A smooth field with some noise: thresholded it reads like a picture's shapes."""
    yy, xx = np.mgrid[0:height, 0:width]
    field = np.zeros((height, width))
    for _ in range(4):
        cx, cy = rng.uniform(0, width), rng.uniform(0, height)
        spread = rng.uniform(0.15, 0.4) * max(width, height)
        field += np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * spread**2))
    field += rng.normal(0, 0.08, field.shape)
    return field


def picture_puzzle(rng: np.random.Generator, width: int, height: int, colour: bool) -> Puzzle:
    field = blob(rng, width, height)
    if not colour:
        threshold = float(np.quantile(field, 0.45))
        return Puzzle.from_grid(field > threshold)
    palette = PALETTES[int(rng.integers(len(PALETTES)))]
    levels = np.quantile(field, np.linspace(0.35, 0.95, palette.count + 1)[:-1])
    grid = np.zeros((height, width), dtype=int)
    for number, level in enumerate(levels, start=1):
        grid[field > level] = number
    return Puzzle.from_colour_grid(grid, palette)


def build_install(
    root: Path,
    seed: int = 34,
    packs: int = PACKS,
    per_pack: int = PER_PACK,
    copy_from: Path | None = None,
) -> Install:
    """Write the install under ``root``: ``copy_from``'s packs (e.g. the game's levels) and
    ``packs`` generated ones, then the progress: every other puzzle of every pack solved."""
    import shutil

    from game.core.store.packs import list_packs, read_entries
    from game.core.store.progress import ProgressStore

    levels = root / "levels"
    home = root / "home"
    levels.mkdir(parents=True, exist_ok=True)
    home.mkdir(parents=True, exist_ok=True)
    if copy_from is not None:
        for folder in sorted(copy_from.iterdir()):
            if folder.is_dir() and not folder.name.startswith((".", "_", "kakuro")):
                shutil.copytree(folder, levels / folder.name)
    write_packs(levels, np.random.default_rng(seed), packs, per_pack)
    store = ProgressStore(home, levels=levels)
    saves = store.save
    store.save = lambda: True  # type: ignore[method-assign]  # one write at the end
    count = solved = 0
    last: tuple[str, Path] | None = None
    bundled = list_packs(levels)
    for number, pack in enumerate(bundled):
        for entry in read_entries(pack):
            key = entry.key
            if key is None:
                continue
            if count % 2 == 0:
                store.mark_solved(key, 60.0 + count % 500, title=entry.name, path=str(entry.path))
                solved += 1
            elif number == len(bundled) // 2 and last is None:
                last = (key, entry.path)
            count += 1
    if last is not None:
        store.set_last_played(last[0], str(last[1]))
    store.save = saves  # type: ignore[method-assign]
    store.save()
    return Install(levels=levels, home=home, puzzles=count, solved=solved)


def write_packs(levels: Path, rng: np.random.Generator, packs: int, per_pack: int) -> None:
    from dataclasses import replace

    from game.core.formats import write_puzzle

    count = 0
    for number in range(packs):
        colour = number % 2 == 1
        theme = THEMES[(number // 2) % len(THEMES)]
        name = f"{theme} in colour" if colour else theme
        folder = levels / f"{40 + number:02}-{name.lower().replace(' ', '-')}-{number + 1}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "pack.json").write_text(
            f'{{"name": "{name} {number + 1}", "order": {40 + number}, '
            f'"description": "Benchmark pack {number + 1}: {per_pack} pictures."}}\n',
            encoding="utf-8",
        )
        for index in range(per_pack):
            width, height = SIZES[(index + number) % len(SIZES)]
            puzzle = picture_puzzle(rng, width, height, colour)
            extra: tuple[tuple[str, str], ...] = ()
            if count % UNRATED:
                extra = (("difficulty", str(1 + (count % 5))),)
            puzzle = replace(puzzle, title=f"{theme} picture {index + 1}", extra=extra)
            write_puzzle(puzzle, folder / f"{index + 1:02}-picture.non")
            count += 1


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: select_install.py DIR", file=sys.stderr)
        return 2
    from game.resources import levels_dir

    install = build_install(Path(sys.argv[1]), copy_from=levels_dir())
    print(
        f"{install.puzzles} puzzles in {install.levels}, {install.solved} solved ({install.home})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
