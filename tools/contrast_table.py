"""Print the contrast table: every theme's held and exempt pairs (WCAG 2.1 ratios) and the
worst colour of the bundled colour puzzles on each theme's paper and clue strip, before and
with the rim (game.ui.contrast). ``tests/ui/test_contrast.py`` holds the same numbers.

    python tools/contrast_table.py
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from game.core.formats import read_puzzle  # noqa: E402
from game.core.palette import RGB  # noqa: E402
from game.resources import levels_dir  # noqa: E402
from game.ui.contrast import Ratio, palette_ratios, table, theme_ratios  # noqa: E402
from game.ui.theme import THEMES  # noqa: E402


def bundled_colours() -> list[RGB]:
    """Every colour of every bundled colour puzzle (the backgrounds left out: they are paper)."""
    colours: set[RGB] = set()
    for path in sorted(levels_dir().glob("*/*.non")):
        puzzle = read_puzzle(path)
        if puzzle.is_colour:
            colours.update(colour.rgb for colour in puzzle.colours.colours)
    return sorted(colours)


def main() -> int:
    colours = bundled_colours()
    rows: list[Ratio] = []
    for theme in THEMES.values():
        rows += theme_ratios(theme)
        rows += palette_ratios(theme, colours)
    print(table(rows))
    print(f"\n{len(colours)} puzzle colours from the bundled colour puzzles")
    return 0 if all(row.passes for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
