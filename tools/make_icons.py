"""Draw Hanjie's desktop icons: packaging/linux/icons/hanjie.svg and PNGs at the sizes a
desktop's icon theme asks for (hicolor), from the window icon's own cells and colours
(game/ui/window.py): a nonogram heart on a paper tile, the empty cells ruled, the clue
numbers' places marked above and to the left.

    .venv/bin/python tools/make_icons.py [--out packaging/linux/icons]

tests/test_desktop.py draws them again and holds the files to what it draws.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.ui.window import ICON_CELLS, ICON_INK, ICON_PAPER  # noqa: E402

PNG_SIZES = (16, 32, 48, 64, 128, 256, 512)
# The drawing's own units: a 256-unit tile, 8x8 cells of 22 behind a clue margin of 48.
UNIT = 256
MARGIN = 12
CLUE = 44
CELL = (UNIT - 2 * MARGIN - CLUE) // 8  # 23
RULE = (214, 208, 196)
CLUE_INK = (70, 62, 54)
BORDER = (120, 108, 96)


def _hex(colour: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def shapes() -> list[tuple[str, tuple[float, float, float, float], tuple[int, int, int]]]:
    """The icon as rectangles in 256 units: (kind, (x, y, w, h), colour), drawn in order."""
    left = top = MARGIN + CLUE
    out: list[tuple[str, tuple[float, float, float, float], tuple[int, int, int]]] = [
        ("tile", (4, 4, UNIT - 8, UNIT - 8), ICON_PAPER),
        ("rule", (left - 1, top - 1, 8 * CELL + 2, 8 * CELL + 2), RULE),
    ]
    for y, row in enumerate(ICON_CELLS):
        for x, cell in enumerate(row):
            colour = ICON_INK if cell == "1" else ICON_PAPER
            out.append(
                ("cell", (left + x * CELL + 1, top + y * CELL + 1, CELL - 2, CELL - 2), colour)
            )
    # The clues' places: a bar for each run above a column and before a row.
    for index, line in enumerate(ICON_CELLS):
        runs = [len(run) for run in line.split("0") if run]
        column = "".join(row[index] for row in ICON_CELLS)
        column_runs = [len(run) for run in column.split("0") if run]
        for place, _run in enumerate(reversed(runs)):
            x = left - 12 - place * 14
            out.append(("clue", (x, top + index * CELL + 8, 8, CELL - 16), CLUE_INK))
        for place, _run in enumerate(reversed(column_runs)):
            y = top - 12 - place * 14
            out.append(("clue", (left + index * CELL + 8, y, CELL - 16, 8), CLUE_INK))
    return out


def svg() -> str:
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">',
        "<title>Hanjie</title>",
    ]
    for kind, (x, y, w, h), colour in shapes():
        radius = ' rx="28"' if kind == "tile" else ""
        stroke = f' stroke="{_hex(BORDER)}" stroke-width="4"' if kind == "tile" else ""
        parts.append(
            f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}"{radius}'
            f' fill="{_hex(colour)}"{stroke}/>'
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def png(size: int) -> Image.Image:
    """The icon at ``size`` pixels: drawn four times larger and reduced (smooth edges)."""
    scale = 4 * size / UNIT
    big = Image.new("RGBA", (4 * size, 4 * size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    for kind, (x, y, w, h), colour in shapes():
        box = (x * scale, y * scale, (x + w) * scale - 1, (y + h) * scale - 1)
        if kind == "tile":
            draw.rounded_rectangle(
                box, radius=28 * scale, fill=colour, outline=BORDER, width=max(1, round(4 * scale))
            )
        else:
            draw.rectangle(box, fill=colour)
    return big.resize((size, size), Image.Resampling.LANCZOS)


def write(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = [out / "hanjie.svg"]
    written[0].write_text(svg(), encoding="utf-8")
    for size in PNG_SIZES:
        path = out / f"hanjie-{size}.png"
        png(size).save(path, optimize=True)
        written.append(path)
    return written


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "packaging" / "linux" / "icons")
    for path in write(parser.parse_args().out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
