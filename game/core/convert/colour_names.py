"""Names for the colours a picture is reduced to: the nearest name of the colour-naming
table (:mod:`game.core.convert.colour_table`: "cornflower blue", "olive green"), measured in
CIE Lab, with a number when two colours of a palette share one ("green", "green 2"). Players
read them on the swatches and hear them in hints. Nothing here imports pygame.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import numpy as np

from game.core.convert.colour_table import COLOUR_TABLE
from game.core.convert.subject import lab
from game.core.i18n import _
from game.core.palette import RGB, Colour, Palette

NAMED: tuple[tuple[str, RGB], ...] = COLOUR_TABLE
_NAMED_LAB = lab(np.array([rgb for _, rgb in NAMED], dtype=np.float64) / 255.0)


def colour_name(rgb: RGB) -> str:
    """The plain name nearest to ``rgb``."""
    point = lab(np.array(rgb, dtype=np.float64) / 255.0)
    return NAMED[int(np.argmin(((_NAMED_LAB - point) ** 2).sum(axis=1)))][0]


def palette_named(rgbs: Sequence[RGB]) -> Palette:
    """A palette of ``rgbs`` (the background first), each colour named by
    :func:`colour_name`, numbered when a name repeats among the colours to paint with: the
    background is the paper in play, so a brown ground made the first brown to paint
    "brown 2", and the same puzzle read back from its file (where the names are keys, and
    play names the colours without the ground) called it "brown" (QA). The background
    keeps its plain name unless a colour has it: then it is "background"."""
    seen: dict[str, int] = {}
    inks = []
    for rgb in rgbs[1:]:
        name = colour_name(rgb)
        seen[name] = seen.get(name, 0) + 1
        inks.append(Colour(name if seen[name] == 1 else f"{name} {seen[name]}", rgb))
    ground = colour_name(rgbs[0])
    taken = {colour.name for colour in inks}
    return Palette(Colour(ground if ground not in taken else "background", rgbs[0]), tuple(inks))


@functools.lru_cache(maxsize=64)
def spoken_names(palette: Palette) -> tuple[str, ...]:
    """What players call each of ``palette``'s colours (1 first): its own name, or for a
    one-letter key (the .non format's ``color a #ff0000``) the nearest plain name
    (:func:`game.core.convert.colour_names.colour_name`), numbered when two would share one
    ("grey", "grey 2")."""
    names = [
        colour.name if len(colour.name) > 1 else colour_name(colour.rgb)
        for colour in palette.colours
    ]
    seen: dict[str, int] = {}
    spoken = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        spoken.append(name if seen[name] == 1 else f"{name} {seen[name]}")
    return tuple(spoken)


def said_name(name: str) -> str:
    """A spoken name in the player's language ("grey 2" -> "gris 2"); the catalogue holds
    the table's names (``tools/i18n.py`` extracts them). The English name stays the
    colour's identity (its symbol, :mod:`game.core.play.symbols`)."""
    base, _space, number = name.rpartition(" ")
    if base and number.isdigit():
        return f"{_(base)} {number}"
    return _(name)


def said_names(palette: Palette) -> tuple[str, ...]:
    """:func:`spoken_names` in the player's language, for the words on screen."""
    return tuple(said_name(name) for name in spoken_names(palette))


def spoken_name(palette: Palette, colour: int) -> str:
    """What players call colour ``colour`` (1 the first): see :func:`spoken_names`."""
    return spoken_names(palette)[colour - 1]
