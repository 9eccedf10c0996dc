"""Build the bundled Kakuro packs (``levels/kakuro-NN-*``) from the game's own generator.

Every pack below is a list of (size, level, seed) requests. For each the script runs
:class:`game.core.kakuro.generate.KakuroGeneration` (seeded, so the same puzzle on every
machine), proves the puzzle unique again with a complete count of its solutions (no cap),
rates it, orders the pack by level and then its rating's points, and writes
``NN-<size>-<seed>.kak`` files and ``pack.json``. ``--check`` writes nothing and fails when
``levels/`` differs from what the generator builds.

    python tools/build_kakuro.py            # build every Kakuro pack
    python tools/build_kakuro.py --check    # verify levels/kakuro-NN-* are up to date
    python tools/build_kakuro.py --only 02  # the packs whose folder starts with kakuro-02
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from game.core.kakuro.fileformat import write  # noqa: E402
from game.core.kakuro.generate import KakuroGeneration  # noqa: E402
from game.core.kakuro.model import KakuroPuzzle  # noqa: E402
from game.core.kakuro.task import solve  # noqa: E402
from game.core.rating import Rating  # noqa: E402

LEVELS_DIR = REPO_ROOT / "levels"
AUTHOR = "Hanjie generator"


@dataclass(frozen=True)
class PackPlan:
    folder: str
    name: str
    order: int
    description: str
    title: str
    requests: tuple[tuple[int, int, int], ...]  # (size, level, seed)


def _seeds(size: int, level: int, first: int, count: int) -> tuple[tuple[int, int, int], ...]:
    return tuple((size, level, seed) for seed in range(first, first + count))


PACKS = (
    PackPlan(
        "kakuro-02-six",
        "Kakuro six by six",
        2,
        "Small 6x6 boards: short runs, sums you can read at once.",
        "Six",
        _seeds(6, 1, 100, 6) + _seeds(6, 2, 200, 4),
    ),
    PackPlan(
        "kakuro-03-eight",
        "Kakuro eight by eight",
        3,
        "8x8 boards with longer runs to carry digits across.",
        "Eight",
        _seeds(8, 2, 300, 5) + _seeds(8, 3, 400, 5),
    ),
    PackPlan(
        "kakuro-04-ten",
        "Kakuro ten by ten",
        4,
        "10x10 boards: several rounds of crossing runs, two that need a guess.",
        "Ten",
        _seeds(10, 3, 500, 8) + _seeds(10, 5, 550, 2),
    ),
    PackPlan(
        "kakuro-05-twelve",
        "Kakuro twelve by twelve",
        5,
        "12x12 boards for a long sitting.",
        "Twelve",
        _seeds(12, 3, 600, 4) + _seeds(12, 4, 700, 4),
    ),
    PackPlan(
        "kakuro-06-large",
        "Kakuro large",
        6,
        "14x14 and 16x16 boards, the largest the generator makes; the Fiendish ones need a guess.",
        "Large",
        _seeds(14, 4, 800, 3)
        + _seeds(16, 4, 900, 3)
        + _seeds(14, 5, 850, 1)
        + _seeds(16, 5, 950, 2),
    ),
)


def build_pack(plan: PackPlan, log: bool = True) -> dict[str, str]:
    """The pack's files by name (``pack.json`` included), every puzzle proven unique."""
    made: list[tuple[float, int, KakuroPuzzle, Rating]] = []
    for size, level, seed in plan.requests:
        start = time.perf_counter()
        result = KakuroGeneration(size, level, seed).run()
        count = solve(result.puzzle, max_solutions=None)
        if count.status != "unique" or count.solution_count != 1:
            raise SystemExit(f"{plan.folder}: {size}x{size} seed {seed} is not unique")
        made.append((result.rating.points, seed, result.puzzle, result.rating))
        if log:
            seconds = time.perf_counter() - start
            print(
                f"{plan.folder}: {size}x{size} level {level} seed {seed}: "
                f"{result.rating.stars} {result.rating.name} ({result.rating.points:.1f}) "
                f"{seconds:.2f} s",
                flush=True,
            )
    # By level, then points: the boards that need a guess come last, whatever their points.
    made.sort(key=lambda item: (item[3].stars, item[0], item[1]))
    files: dict[str, str] = {}
    for number, (_points, seed, puzzle, rating) in enumerate(made, start=1):
        named = replace(
            puzzle,
            title=f"{plan.title} {number}",
            author=AUTHOR,
            extra=(
                ("license", "MIT"),
                ("difficulty", str(rating.stars)),
                ("seed", str(seed)),
            ),
        )
        files[f"{number:02d}-{puzzle.width}x{puzzle.height}-{seed}.kak"] = write(named)
    pack = {"name": plan.name, "order": plan.order, "description": plan.description}
    files["pack.json"] = json.dumps(pack) + "\n"
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; fail if stale")
    parser.add_argument("--only", default="", help="packs whose folder starts kakuro-ONLY")
    args = parser.parse_args(argv)
    stale: list[str] = []
    for plan in PACKS:
        if not plan.folder.startswith(f"kakuro-{args.only}"):
            continue
        files = build_pack(plan)
        folder = LEVELS_DIR / plan.folder
        if args.check:
            present = {path.name for path in folder.glob("*")} if folder.is_dir() else set()
            if present != set(files):
                stale.append(f"{plan.folder}: files differ")
            for name, text in files.items():
                path = folder / name
                if path.is_file() and path.read_text(encoding="utf-8") != text:
                    stale.append(f"{plan.folder}/{name} differs")
            continue
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob("*.kak"):
            if old.name not in files:
                old.unlink()
        for name, text in files.items():
            (folder / name).write_text(text, encoding="utf-8")
    for line in stale:
        print(line, file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
