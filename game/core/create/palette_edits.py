"""The player's changes to a picture's palette in the converter: merge two swatches, recolour
one, drop one (its cells go to the nearest colour left), and how touch-ups and the edits lay
over the picture's colour cells.

Everything is keyed by the *labels* of the picture's pixel palette
(:class:`~game.core.convert.quantise.PixelPalette`): those stay the same when the grid's
size or fit changes (the palette is fitted on the pixels, not the cells), so the edits and
the touch-ups follow the picture through such changes. A :class:`PaletteEdits` is a value:
each operation returns a new one, and the document keeps the old one for undo. Nothing here
imports pygame.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from game.core.convert.colour_names import colour_name, palette_named
from game.core.convert.subject import lab
from game.core.palette import RGB, Palette

LabelGrid = npt.NDArray[np.int8]

# A small set of colours to recolour a swatch with (the screen adds a colour grid).
RECOLOURS: tuple[RGB, ...] = (
    (255, 255, 255), (200, 200, 200), (128, 128, 128), (60, 60, 60), (0, 0, 0),
    (215, 40, 40), (240, 140, 30), (245, 210, 40), (60, 160, 70), (25, 90, 45),
    (130, 195, 240), (50, 90, 210), (115, 60, 165), (240, 140, 175), (130, 80, 40),
    (245, 230, 190),
)  # fmt: skip


@dataclass(frozen=True)
class ColourMark:
    """A touch-up in colour: the swatch label painted, its colour in the pixel palette
    ``base`` it was painted under (under another palette it takes the nearest colour)."""

    label: int
    rgb: RGB
    base: tuple[RGB, ...]
    background: bool


class PaletteEditError(ValueError):
    """An edit the palette cannot take; the message is one line for players."""


@dataclass(frozen=True)
class Swatch:
    """One colour of the edited palette: its label, colour, name and how many cells it has."""

    label: int
    rgb: RGB
    name: str
    cells: int
    background: bool


@dataclass(frozen=True)
class PaletteEdits:
    """For the pixel palette ``base`` (its colours, by label) with ``background`` its
    background label: ``into[label]`` the swatch each label's cells now show (itself until
    merged or dropped) and ``rgb[label]`` the colour a swatch shows (recoloured or not)."""

    base: tuple[RGB, ...]
    background: int
    into: tuple[int, ...]
    rgb: tuple[RGB, ...]

    @classmethod
    def fresh(cls, base: tuple[RGB, ...], background: int) -> PaletteEdits:
        return cls(base, background, tuple(range(len(base))), base)

    def fits(self, base: tuple[RGB, ...], background: int) -> bool:
        """Do these edits belong to this pixel palette?"""
        return self.base == base and self.background == background

    @property
    def swatches(self) -> tuple[int, ...]:
        """The labels still swatches, the background first, then in label order."""
        kept = sorted({*self.into} - {self.background})
        return (self.background, *kept)

    def _check(self, label: int) -> None:
        if label not in self.swatches:
            raise PaletteEditError(f"there is no swatch {label}")

    def merge(self, source: int, target: int) -> PaletteEdits:
        """``source``'s cells take ``target``'s colour; ``source`` is no longer a swatch.
        The background may take a colour in (its cells become background) but not go."""
        self._check(source)
        self._check(target)
        if source == target:
            raise PaletteEditError("merge a swatch with another one")
        if source == self.background:
            raise PaletteEditError("the background cannot be merged away: merge a colour into it")
        if len(self.swatches) <= 2:
            raise PaletteEditError("a puzzle needs the background and one colour")
        into = tuple(target if swatch == source else swatch for swatch in self.into)
        return replace(self, into=into)

    def recolour(self, label: int, rgb: RGB) -> PaletteEdits:
        """Swatch ``label`` shows ``rgb``."""
        self._check(label)
        if len(rgb) != 3 or any(not 0 <= int(v) <= 255 for v in rgb):
            raise PaletteEditError(f"{rgb!r} is not a colour")
        colours = list(self.rgb)
        colours[label] = (int(rgb[0]), int(rgb[1]), int(rgb[2]))
        return replace(self, rgb=tuple(colours))

    def drop(self, label: int) -> PaletteEdits:
        """Swatch ``label`` goes; its cells take the nearest swatch left (in Lab)."""
        self._check(label)
        if label == self.background:
            raise PaletteEditError("the background cannot be dropped")
        if len(self.swatches) <= 2:
            raise PaletteEditError("a puzzle needs the background and one colour")
        others = [swatch for swatch in self.swatches if swatch != label]
        points = lab(np.array([self.rgb[s] for s in others], dtype=np.float64) / 255.0)
        mine = lab(np.array(self.rgb[label], dtype=np.float64) / 255.0)
        nearest = others[int(np.argmin(((points - mine) ** 2).sum(axis=1)))]
        return self.merge(label, nearest)

    def apply(self, labels: LabelGrid) -> LabelGrid:
        """``labels`` (pixel-palette labels) as swatch labels."""
        mapped: LabelGrid = np.array(self.into, dtype=np.int8)[labels.astype(np.intp)]
        return mapped

    def mark_label(self, mark: ColourMark) -> int:
        """The base label a touch-up paints under this palette: its own when painted under
        it, else the label nearest its colour (the background for a background mark)."""
        if mark.base == self.base and 0 <= mark.label < len(self.base):
            return mark.label
        return self.background if mark.background else self.nearest_label(mark.rgb)

    def nearest_label(self, rgb: RGB) -> int:
        """The base label nearest to ``rgb`` (a touch-up painted under another palette)."""
        points = lab(np.array(self.base, dtype=np.float64) / 255.0)
        mine = lab(np.array(rgb, dtype=np.float64) / 255.0)
        return int(np.argmin(((points - mine) ** 2).sum(axis=1)))

    def swatch_list(self, cells: LabelGrid) -> list[Swatch]:
        """The swatches with their names and cell counts (``cells``: swatch labels)."""
        counts = np.bincount(cells.ravel().astype(np.intp), minlength=len(self.base))
        # In the order the puzzle numbers its colours (the background, then the commonest
        # first: :meth:`puzzle_colours`), so swatch 1 is colour 1 in play: the converter
        # showed cream as 1 and the game played it as 2.
        others = [s for s in self.swatches if s != self.background]
        others.sort(key=lambda s: (-int(counts[s]), s))
        return [
            Swatch(s, self.rgb[s], colour_name(self.rgb[s]), int(counts[s]), s == self.background)
            for s in (self.background, *others)
        ]

    def puzzle_colours(self, cells: LabelGrid) -> tuple[Palette, LabelGrid, tuple[int, ...]]:
        """The puzzle's palette for ``cells`` (swatch labels), the cells as its colour
        numbers (0 the background, then the used swatches, commonest first) and the label of
        each number. A swatch no cell has is left out; so is a second swatch that shows the
        same colour as an earlier one (recoloured alike: one colour to the player)."""
        counts = np.bincount(cells.ravel().astype(np.intp), minlength=len(self.base))
        used = [s for s in self.swatches[1:] if counts[s]]
        used.sort(key=lambda s: (-int(counts[s]), s))
        numbers = np.zeros(len(self.base), dtype=np.int8)
        order: list[int] = [self.background]
        by_rgb: dict[RGB, int] = {self.rgb[self.background]: 0}
        for label in used:
            rgb = self.rgb[label]
            if rgb in by_rgb:
                numbers[label] = by_rgb[rgb]
                continue
            by_rgb[rgb] = len(order)
            numbers[label] = len(order)
            order.append(label)
        numbered: LabelGrid = numbers[cells.astype(np.intp)]
        rgbs = [self.rgb[label] for label in order]
        if len(rgbs) == 1:  # every cell background: one block colour no cell has
            rgbs.append((0, 0, 0) if sum(rgbs[0]) > 382 else (255, 255, 255))
        return palette_named(rgbs), numbered, tuple(order)
