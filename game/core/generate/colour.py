"""Fresh fair colour puzzles (issue 33): ``generate_colour(width, height, level, seed, colours)``.

A :class:`ColourGeneration` is the black-and-white :class:`~game.core.generate.generator.Generation`
(its pictures, its climb to the level's window, its ink bounds, its work counted in engine
steps) with one more layer: each fresh picture gets a **colour map**, a smooth integer field
(:func:`~game.core.generate.pictures.smooth_field`) cut into as many bands of equal size as
there are block colours, so colours come in regions (a leaf green, the flower red) and every
colour is used. A filled cell takes its colour from the map; the climb's flips change which
cells are filled, and the map keeps the colours in place. Each candidate is the colour puzzle
of that picture, solved by the one engine (a colour cell as planes of yes/no variables,
:mod:`game.core.solver.plane_line`) with the generator's own watcher on its steps: the same
effort, levels and climb as black and white
(:func:`~game.core.generate.generator.climb_position`), so a colour puzzle lands on the level
asked as a black-and-white one does, Fiendish by four or more probing insights and never by
guessing; the work is counted in the engine's steps.

``colours`` counts the background, as the converter's Colours control does: 2 is black and
white, 3 is two block colours on white, up to :data:`MAX_COLOURS`. A seed gives the same
puzzle on every machine.

Nothing here imports pygame.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import numpy.typing as npt

from game.core.difficulty import LEVELS
from game.core.generate.generator import Generated, GenerateError, Generation
from game.core.generate.pictures import BoolGrid, smooth_field
from game.core.palette import Palette, colour_count_text
from game.core.puzzle import Puzzle
from game.core.rating import Rating

MIN_COLOURS = 2
MAX_COLOURS = 8
# The block colours, in the order they are taken (white is the background): far apart, and
# each readable on white and on its neighbours.
INKS = (
    ("black", (30, 30, 36)),
    ("red", (208, 52, 44)),
    ("blue", (38, 92, 196)),
    ("green", (52, 150, 72)),
    ("orange", (240, 150, 30)),
    ("purple", (128, 64, 160)),
    ("brown", (130, 82, 44)),
)


def generated_palette(colours: int) -> Palette:
    """White and the first ``colours - 1`` inks."""
    return Palette.of(("white", (255, 255, 255)), *INKS[: colours - 1])


def check_colours(colours: int) -> None:
    if not MIN_COLOURS <= colours <= MAX_COLOURS:
        raise GenerateError(
            f"the colours must be {MIN_COLOURS} to {MAX_COLOURS} (the background counted), "
            f"not {colours}"
        )


class ColourGeneration(Generation):
    """One colour generation (see the module text), worked a slice at a time."""

    def __init__(self, width: int, height: int, level: int, seed: int, colours: int) -> None:
        check_colours(colours)
        self.colours = colours
        self.palette = generated_palette(colours)
        self.colour_map: npt.NDArray[np.int8] = np.ones((height, width), dtype=np.int8)
        super().__init__(width, height, level, seed)

    def _fresh_picture(self) -> None:
        inks = self.colours - 1
        if inks <= 1:
            self.colour_map = np.ones((self.height, self.width), dtype=np.int8)
            return
        # Fiendish takes broad colour regions: the more often the colour changes along a
        # line, the more the line tells (a change needs no gap), and with six colours in
        # regions a fifth of the grid across, 5 of 20 seeds at 15x15 ended at three probing
        # insights after 60 pictures; half the grid across, 20 of 20 reach four or more.
        share = 2 if self.level == LEVELS else 5
        radius = max(1, min(self.width, self.height) // share)
        field = smooth_field(self.rng, self.width, self.height, radius)
        if self._mirrored:
            field = field + field[:, ::-1]
        # Bands of equal size by rank (integers only: the same on every platform).
        order = np.argsort(field.ravel(), kind="stable")
        bands = np.empty(order.size, dtype=np.int8)
        bands[order] = (np.arange(order.size) * inks // order.size + 1).astype(np.int8)
        self.colour_map = bands.reshape(self.height, self.width)

    def colour_grid(self, picture: BoolGrid) -> npt.NDArray[np.int8]:
        """The picture's colour numbers: each filled cell its colour map's colour."""
        return np.where(picture, self.colour_map, 0).astype(np.int8)

    def _puzzle(self, picture: BoolGrid) -> Puzzle:
        if self.colours == 2:
            return super()._puzzle(picture)
        return Puzzle.from_colour_grid(self.colour_grid(picture), self.palette)

    def _made(self, puzzle: Puzzle, rating: Rating) -> Generated:
        made = super()._made(puzzle, rating)
        if self.colours == 2:
            return made
        named = replace(
            made.puzzle,
            title=f"Random {self.width}x{self.height} in {colour_count_text(self.colours)} "
            f"#{self.seed}",
            extra=(*made.puzzle.extra, ("colours", str(self.colours))),
        )
        return replace(made, puzzle=named)


def generate_colour(width: int, height: int, level: int, seed: int, colours: int) -> Puzzle:
    """A colour puzzle of ``width`` x ``height`` in ``colours`` colours (the background
    counted) with one solution, rated ``level`` when the generator can reach it."""
    return ColourGeneration(width, height, level, seed, colours).run().puzzle
