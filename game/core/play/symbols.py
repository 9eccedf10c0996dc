"""Colour-blind play: a symbol for each colour, the same for the same colour name everywhere.

A colour puzzle's colours are told apart by hue, which a player with a colour-vision
deficiency may not see. With colour-blind symbols on, every painted cell carries its
colour's symbol and every clue number a small one beside it. A symbol is a shape, not a
letter: a letter over or beside a digit reads as another digit ("10E" as "1θ") and a
palette's letters changed from puzzle to puzzle. Here a colour's symbol follows its *name*
(the plain name players hear, :func:`game.core.convert.colour_names.spoken_names`): red is
always a disc, blue always a triangle, in play, the replay and the mini-map, on every
puzzle. A palette with two colours of one name ("grey", "grey 2") or a name the table does
not know gives the second the first symbol no colour of that palette has.

A symbol is drawing data on a unit square (0..1 both ways, y down): polygons, lines and
circles, filled or not; the screens scale it to a cell or beside a clue. Nothing here
imports pygame.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from game.core.convert.colour_names import spoken_names
from game.core.palette import Palette

Point = tuple[float, float]


@dataclass(frozen=True)
class Stroke:
    """One part of a symbol: ``kind`` "polygon" (``points``), "line" (two points) or
    "circle" (``points[0]`` the centre, ``radius``); ``filled`` or drawn as an outline."""

    kind: str
    points: tuple[Point, ...]
    filled: bool = True
    radius: float = 0.0


def _poly(*points: Point, filled: bool = True) -> Stroke:
    return Stroke("polygon", points, filled)


def _line(start: Point, end: Point) -> Stroke:
    return Stroke("line", (start, end), False)


def _circle(centre: Point, radius: float, filled: bool = True) -> Stroke:
    return Stroke("circle", (centre,), filled, radius)


_UP = ((0.5, 0.05), (0.95, 0.9), (0.05, 0.9))
_DOWN = ((0.05, 0.1), (0.95, 0.1), (0.5, 0.95))
_DIAMOND = ((0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5))
_SQUARE = ((0.1, 0.1), (0.9, 0.1), (0.9, 0.9), (0.1, 0.9))

# Every symbol, by name: shapes a player tells apart at seven pixels, filled ones first.
SYMBOLS: dict[str, tuple[Stroke, ...]] = {
    "disc": (_circle((0.5, 0.5), 0.45),),
    "square": (_poly(*_SQUARE),),
    "triangle": (_poly(*_UP),),
    "triangle down": (_poly(*_DOWN),),
    "diamond": (_poly(*_DIAMOND),),
    "plus": (_line((0.5, 0.0), (0.5, 1.0)), _line((0.0, 0.5), (1.0, 0.5))),
    "cross": (_line((0.05, 0.05), (0.95, 0.95)), _line((0.95, 0.05), (0.05, 0.95))),
    "ring": (_circle((0.5, 0.5), 0.42, filled=False),),
    "box": (_poly(*_SQUARE, filled=False),),
    "hollow triangle": (_poly(*_UP, filled=False),),
    "hollow diamond": (_poly(*_DIAMOND, filled=False),),
    "bar": (_poly((0.0, 0.35), (1.0, 0.35), (1.0, 0.65), (0.0, 0.65)),),
    "pillar": (_poly((0.35, 0.0), (0.65, 0.0), (0.65, 1.0), (0.35, 1.0)),),
    "slash": (_line((0.9, 0.05), (0.1, 0.95)),),
    "star": (
        _line((0.5, 0.0), (0.5, 1.0)),
        _line((0.07, 0.25), (0.93, 0.75)),
        _line((0.93, 0.25), (0.07, 0.75)),
    ),
    "hourglass": (_poly((0.1, 0.05), (0.9, 0.05), (0.1, 0.95), (0.9, 0.95)),),
    "bowtie": (_poly((0.05, 0.1), (0.95, 0.9), (0.95, 0.1), (0.05, 0.9)),),
    "half": (_poly((0.1, 0.1), (0.5, 0.1), (0.5, 0.9), (0.1, 0.9)), _poly(*_SQUARE, filled=False)),
    "target": (_circle((0.5, 0.5), 0.45, filled=False), _circle((0.5, 0.5), 0.17)),
    "dotted box": (_poly(*_SQUARE, filled=False), _circle((0.5, 0.5), 0.15)),
    "two dots": (_circle((0.22, 0.5), 0.2), _circle((0.78, 0.5), 0.2)),
    "three dots": (
        _circle((0.5, 0.22), 0.19),
        _circle((0.2, 0.76), 0.19),
        _circle((0.8, 0.76), 0.19),
    ),
    "chevron": (_line((0.05, 0.8), (0.5, 0.2)), _line((0.5, 0.2), (0.95, 0.8))),
    "vee": (_line((0.05, 0.2), (0.5, 0.8)), _line((0.5, 0.8), (0.95, 0.2))),
    "backslash": (_line((0.1, 0.05), (0.9, 0.95)),),
    "equals": (
        _poly((0.0, 0.2), (1.0, 0.2), (1.0, 0.4), (0.0, 0.4)),
        _poly((0.0, 0.6), (1.0, 0.6), (1.0, 0.8), (0.0, 0.8)),
    ),
    "right": (_poly((0.1, 0.05), (0.95, 0.5), (0.1, 0.95)),),
    "left": (_poly((0.9, 0.05), (0.05, 0.5), (0.9, 0.95)),),
    "top half": (
        _poly((0.1, 0.1), (0.9, 0.1), (0.9, 0.5), (0.1, 0.5)),
        _poly(*_SQUARE, filled=False),
    ),
    "tee": (_poly((0.0, 0.05), (1.0, 0.05), (1.0, 0.3), (0.0, 0.3)), _line((0.5, 0.3), (0.5, 1.0))),
    "ell": (
        _line((0.2, 0.0), (0.2, 0.85)),
        _poly((0.2, 0.7), (0.95, 0.7), (0.95, 0.95), (0.2, 0.95)),
    ),
    "hollow triangle down": (_poly(*_DOWN, filled=False),),
}

# Every plain colour name (game.core.convert.colour_table, and the names files give) and its
# symbol: fixed, so a colour keeps its symbol from puzzle to puzzle. 65 names share 32 shapes,
# given so that no two names of one bundled palette share one (a greedy colouring of the
# names that meet in a pack palette; the first 24 kept from the first table: the greys the
# square family, dark and light of a hue hollow and filled of one shape). A palette that
# still meets two names of one shape (a photo's) gives the second a spare shape.
NAME_SYMBOLS: dict[str, str] = {
    "white": "top half",
    "light grey": "box",
    "silver": "bar",
    "grey": "half",
    "slate grey": "ell",
    "dark grey": "dotted box",
    "black": "square",
    "red": "disc",
    "brick red": "triangle",
    "dark red": "target",
    "salmon": "pillar",
    "coral": "triangle down",
    "pink": "ring",
    "hot pink": "backslash",
    "rose": "box",
    "magenta": "ell",
    "plum": "vee",
    "orchid": "disc",
    "violet": "plus",
    "lilac": "cross",
    "lavender": "hollow triangle down",
    "purple": "plus",
    "indigo": "dotted box",
    "navy": "chevron",
    "dark blue": "tee",
    "blue": "triangle",
    "royal blue": "hollow diamond",
    "cornflower blue": "slash",
    "steel blue": "square",
    "sky blue": "hollow triangle",
    "light blue": "diamond",
    "powder blue": "target",
    "light steel blue": "half",
    "denim": "bowtie",
    "turquoise": "star",
    "teal": "two dots",
    "cyan": "equals",
    "aquamarine": "right",
    "mint green": "three dots",
    "sea green": "chevron",
    "green": "triangle down",
    "lime green": "top half",
    "light green": "hollow triangle down",
    "dark green": "vee",
    "forest green": "bar",
    "olive": "bowtie",
    "olive green": "right",
    "yellow green": "left",
    "khaki": "three dots",
    "yellow": "star",
    "gold": "hollow triangle",
    "mustard": "pillar",
    "cream": "equals",
    "beige": "disc",
    "wheat": "tee",
    "sand": "left",
    "tan": "hollow diamond",
    "orange": "diamond",
    "burnt orange": "cross",
    "peach": "hourglass",
    "brown": "hourglass",
    "chocolate": "ring",
    "sienna": "slash",
    "rust": "two dots",
    "dark brown": "backslash",
    # Names files use for the art's colours.
    "darkgreen": "vee",
    "sky": "hollow triangle",
    "gray": "half",
}
# Symbols for colours the table does not name, in the order they are given out.
SPARE_SYMBOLS: tuple[str, ...] = tuple(
    name for name in SYMBOLS if name not in set(NAME_SYMBOLS.values())
) + tuple(dict.fromkeys(NAME_SYMBOLS.values()))

_NUMBERED = re.compile(r"^(.*\S)\s+\d+$")


def base_name(name: str) -> str:
    """A colour's name without the number that tells two of one name apart: "grey 2"."""
    found = _NUMBERED.match(name.strip())
    return (found.group(1) if found else name.strip()).lower()


@functools.lru_cache(maxsize=256)
def palette_symbols(palette: Palette) -> tuple[str, ...]:
    """Each colour's symbol name, colour 1 first (index 0 is colour 1): its name's symbol
    when no earlier colour of the palette took it, else the first spare symbol free."""
    names = spoken_names(palette)
    chosen: list[str | None] = [None] * len(names)
    taken: set[str] = set()
    # Colours named plainly first ("grey" before "grey 2"), each its name's symbol.
    for index, name in enumerate(names):
        wanted = NAME_SYMBOLS.get(name.strip().lower())
        if wanted is not None and wanted not in taken:
            chosen[index] = wanted
            taken.add(wanted)
    for index, name in enumerate(names):
        if chosen[index] is not None:
            continue
        wanted = NAME_SYMBOLS.get(base_name(name))
        if wanted is None or wanted in taken:
            wanted = next(symbol for symbol in SPARE_SYMBOLS if symbol not in taken)
        chosen[index] = wanted
        taken.add(wanted)
    return tuple(symbol for symbol in chosen if symbol is not None)


def symbol_of(palette: Palette, colour: int) -> str:
    """The symbol name of ``palette``'s colour ``colour`` (1 the first)."""
    return palette_symbols(palette)[colour - 1]
