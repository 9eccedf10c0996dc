"""Names for the colours a picture is reduced to: the nearest plain name ("sky blue",
"dark green"), measured in CIE Lab, with a number when two colours of a palette share one
("green", "green 2"). Players read them on the swatches and hear them in hints. Nothing here
imports pygame.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from game.core.convert.subject import lab
from game.core.palette import RGB, Colour, Palette

NAMED: tuple[tuple[str, RGB], ...] = (
    ("white", (250, 250, 250)),
    ("light grey", (200, 200, 200)),
    ("grey", (128, 128, 128)),
    ("dark grey", (64, 64, 64)),
    ("black", (10, 10, 10)),
    ("red", (210, 40, 40)),
    ("dark red", (120, 20, 25)),
    ("pink", (240, 140, 175)),
    ("orange", (240, 140, 30)),
    ("brown", (130, 80, 40)),
    ("tan", (200, 165, 120)),
    ("cream", (245, 230, 190)),
    ("yellow", (240, 210, 40)),
    ("olive", (120, 120, 40)),
    ("green", (60, 160, 70)),
    ("dark green", (25, 80, 40)),
    ("light green", (160, 215, 130)),
    ("teal", (30, 130, 130)),
    ("sky blue", (130, 195, 240)),
    ("blue", (50, 90, 210)),
    ("navy", (25, 35, 100)),
    ("purple", (115, 60, 165)),
    ("lilac", (190, 160, 220)),
)
_NAMED_LAB = lab(np.array([rgb for _, rgb in NAMED], dtype=np.float64) / 255.0)


def colour_name(rgb: RGB) -> str:
    """The plain name nearest to ``rgb``."""
    point = lab(np.array(rgb, dtype=np.float64) / 255.0)
    return NAMED[int(np.argmin(((_NAMED_LAB - point) ** 2).sum(axis=1)))][0]


def palette_named(rgbs: Sequence[RGB]) -> Palette:
    """A palette of ``rgbs`` (the background first), each colour named by
    :func:`colour_name`, numbered when a name repeats."""
    seen: dict[str, int] = {}
    colours = []
    for rgb in rgbs:
        name = colour_name(rgb)
        seen[name] = seen.get(name, 0) + 1
        colours.append(Colour(name if seen[name] == 1 else f"{name} {seen[name]}", rgb))
    return Palette(colours[0], tuple(colours[1:]))
