"""How readable the play screen's clues are: a table, board by board, at one window size.

Every bundled nonogram (``levels/``) and the 40x30 test board (``tests/data/hill_40x30.non``)
is opened in the real play screen (a headless ``App`` at ``--size``), fitted and then zoomed
in one, two and three notches; for each the grid view measures what it draws
(:meth:`GridView.clue_metrics`): the clue font's size, the smallest inked digit height, the
smallest gap between the inks of neighbouring columns' numbers (and of two numbers of one
row). Issue 35 asks for digits at least 12 px high and apart from their neighbours
(a gap of at least ``--min-gap`` px) on every board, zoomed or not.

    python3 benchmarks/clue_sizes.py [--size 1280x800] [--all] [--min-gap 2]

Without ``--all`` only the boards with a side of 25 or more are listed (the small ones have
big cells); the verdict covers every board either way. Exit 1 when a board falls short.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.core.formats import read_puzzle  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.scenes.play.scene import PlayScene  # noqa: E402
from game.ui.widgets.grid_view import ClueMetrics  # noqa: E402

MIN_DIGIT_PX = 12
ZOOMS = (0, 1, 2, 3)


def boards() -> list[Path]:
    """Every bundled nonogram, then the 40x30 test board."""
    found = sorted(path for path in (ROOT / "levels").glob("[0-9]*/*.non"))
    return [*found, ROOT / "tests" / "data" / "hill_40x30.non"]


def measure(app: App, path: Path) -> list[tuple[int, int, ClueMetrics]]:
    """(zoom notches, cell px, metrics) for ``path`` in the play screen, fitted then zoomed."""
    scene = PlayScene(app, read_puzzle(path), path=path)
    app.push(scene)
    app.step()
    rows = []
    for notches in ZOOMS:
        if notches:
            scene.zoom_centre(1)
            app.step()
        rows.append((notches, scene.layout.cell, scene.grid_view.clue_metrics()))
    app.pop()
    app.step()
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--all", action="store_true", help="list the small boards too")
    parser.add_argument("--min-gap", type=int, default=2)
    args = parser.parse_args()
    width, height = (int(part) for part in args.size.split("x"))
    app = App(headless=True, size=(width, height))
    print(f"window {width}x{height}; digits must be >= {MIN_DIGIT_PX} px, gaps >= {args.min_gap}")
    print(f"{'board':34} {'size':>6} {'zoom':>4} {'cell':>4} {'font':>4} {'digit':>5} "
          f"{'col gap':>7} {'stack':>5} {'row gap':>7} {'width':>5}  ok")  # fmt: skip
    failures = 0
    for path in boards():
        puzzle = read_puzzle(path)
        listed = args.all or max(puzzle.width, puzzle.height) >= 25
        for notches, cell, m in measure(app, path):
            ok = m.digit_px >= MIN_DIGIT_PX and min(m.column_gap, m.row_gap) >= args.min_gap
            failures += not ok
            if listed or not ok:
                pack = path.parent.name[3:] if path.parent.parent.name == "levels" else "tests"
                name = f"{pack}/{path.stem}"[:34]

                def shown(gap: int) -> str:
                    return "-" if gap >= 10**6 else str(gap)

                verdict = "ok" if ok else "SHORT"
                print(f"{name:34} {puzzle.size_text:>6} {notches:>4} {cell:>4} {m.font_px:>4} "
                      f"{m.digit_px:>5} {shown(m.column_gap):>7} {shown(m.stack_gap):>5} "
                      f"{shown(m.row_gap):>7} {m.squeeze:>5.2f}  {verdict}")  # fmt: skip
    print("every board readable" if not failures else f"{failures} board/zoom cases fall short")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
