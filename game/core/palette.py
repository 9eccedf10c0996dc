"""Colours of a nonogram: a background and 1 to 32 block colours, each a name and an RGB.

A black-and-white puzzle is the one-colour case: :data:`DEFAULT_PALETTE` (white background,
black blocks). Colour ``0`` is always the background; block colours count from ``1``, in the
order the palette lists them, and that number is what clues, boards and solvers carry.
A colour run is ``(length, colour)``; runs of the same colour need a background cell between
them, runs of different colours may touch.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import groupby

from game.core.i18n import _, ngettext

MAX_COLOURS = 32
BACKGROUND = 0

RGB = tuple[int, int, int]
ColourRun = tuple[int, int]  # (length, colour)
ColourClue = tuple[ColourRun, ...]


class PaletteError(ValueError):
    """A palette that cannot be used; the message is one line for players."""


# One character per colour for text (solutions printed by commands, tests): the
# colour's own name when it is one letter, else these in order.
COLOUR_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEF"
BACKGROUND_CHAR = "."

# Colours given to keys a file names without an RGB (the .non format allows it).
FALLBACK_RGB: tuple[RGB, ...] = (
    (0, 0, 0),
    (220, 40, 40),
    (40, 160, 60),
    (50, 80, 220),
    (240, 200, 30),
    (150, 60, 180),
    (240, 130, 30),
    (40, 180, 200),
    (120, 70, 30),
    (128, 128, 128),
)


def parse_rgb(text: str) -> RGB | None:
    """``#rrggbb`` or ``rrggbb`` (hex, either case) as an RGB, or None."""
    value = text.strip().removeprefix("#")
    if len(value) != 6 or any(char not in "0123456789abcdefABCDEF" for char in value):
        return None
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


def rgb_text(rgb: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def fallback_rgb(index: int) -> RGB:
    """A distinct RGB for block colour ``index`` (1-based) when a file gives none."""
    if index - 1 < len(FALLBACK_RGB):
        return FALLBACK_RGB[index - 1]
    shade = (index * 67) % 200 + 30
    return (shade, (shade * 3) % 220, (shade * 7) % 230)


@dataclass(frozen=True)
class Colour:
    name: str
    rgb: RGB

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise PaletteError("a colour needs a name")
        if (
            not isinstance(self.rgb, tuple)
            or len(self.rgb) != 3
            or any(
                isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 255 for v in self.rgb
            )
        ):
            raise PaletteError(f"colour {self.name!r}: {self.rgb!r} is not an RGB of 0-255 values")


@dataclass(frozen=True)
class Palette:
    """The background and the block colours (``colours[0]`` is colour 1)."""

    background: Colour
    colours: tuple[Colour, ...]

    def __post_init__(self) -> None:
        colours = tuple(self.colours)
        object.__setattr__(self, "colours", colours)
        if not colours:
            raise PaletteError(_("a palette needs at least one block colour"))
        if len(colours) > MAX_COLOURS:
            raise PaletteError(
                _(
                    "{count} colours: a puzzle may have at most {limit} besides the background"
                ).format(count=len(colours), limit=MAX_COLOURS)
            )
        names = [self.background.name, *(colour.name for colour in colours)]
        seen: set[str] = set()
        for name in names:
            if name in seen:
                reason = _("the colour name '{name}' is used twice").format(name=name)
                raise PaletteError(reason)
            seen.add(name)

    @classmethod
    def of(cls, background: tuple[str, RGB], *colours: tuple[str, RGB]) -> Palette:
        return cls(Colour(*background), tuple(Colour(name, rgb) for name, rgb in colours))

    @property
    def count(self) -> int:
        """How many block colours (the background not counted)."""
        return len(self.colours)

    def colour(self, index: int) -> Colour:
        """Colour ``index``: 0 the background, 1.. the block colours."""
        return self.background if index == BACKGROUND else self.colours[index - 1]

    def index(self, name: str) -> int:
        """The number of the colour called ``name`` (0 for the background)."""
        if name == self.background.name:
            return BACKGROUND
        for number, colour in enumerate(self.colours, start=1):
            if colour.name == name:
                return number
        raise PaletteError(f"unknown colour {name[:30]!r}")

    def letters(self) -> str:
        """One character per colour, background first (see :data:`COLOUR_LETTERS`)."""
        own = [c.name for c in self.colours]
        if all(len(n) == 1 and n.isalnum() and n not in "01" for n in own) and len(set(own)) == len(
            own
        ):
            return BACKGROUND_CHAR + "".join(own)
        return BACKGROUND_CHAR + COLOUR_LETTERS[: len(own)]


DEFAULT_PALETTE = Palette.of(("white", (255, 255, 255)), ("black", (0, 0, 0)))


def colour_runs_of(line: Iterable[int]) -> ColourClue:
    """The ``(length, colour)`` runs of a line of colour numbers (0 is the background)."""
    return tuple((len(list(cells)), value) for value, cells in groupby(map(int, line)) if value)


def colour_clue_length(lengths: Sequence[int], colours: Sequence[int]) -> int:
    """The fewest cells a line needs for these runs: a gap only between runs of one colour."""
    total = sum(lengths)
    total += sum(1 for a, b in itertools.pairwise(colours) if a == b)
    return total


def colour_clue_text(runs: ColourClue, letters: str) -> str:
    """A colour clue as players read it in text: ``"2r 2g"``, ``"0"`` for an empty line."""
    return " ".join(f"{length}{letters[colour]}" for length, colour in runs) if runs else "0"


def colour_grid_text(grid: Iterable[Iterable[int]], letters: str) -> list[str]:
    """Rows of a colour grid as text, one letter per cell (``.`` the background)."""
    return ["".join(letters[int(value)] for value in row) for row in grid]


def colour_count_text(total: int) -> str:
    """How many colours a puzzle has, as a player counts them: the colours to paint with
    (the swatches of the play screen), the background, the paper, not counted. ``total``
    counts the background, as the generators, the converter and the commands do: 4 is
    "3 colours", 2 (a background and one colour) "1 colour". A new player read "4 colours"
    over three swatches as a colour missing (QA)."""
    inks = max(0, total - 1)
    return ngettext("{count} colour", "{count} colours", inks).format(count=inks)
