"""Fresh fair colour puzzles (issue 33): ``generate_colour(width, height, level, seed, colours)``.

A :class:`ColourGeneration` is the black-and-white :class:`~game.core.generate.generator.Generation`
(its pictures, its climb to the level's window, its ink bounds, its work counted in engine
steps) with one more layer: each fresh picture gets a **colour map**, a smooth integer field
(:func:`~game.core.generate.pictures.smooth_field`) cut into as many bands of equal size as
there are block colours, so colours come in regions (a leaf green, the flower red) and every
colour is used. A filled cell takes its colour from the map; the climb's flips change which
cells are filled, and the map keeps the colours in place. Each candidate is the colour puzzle
of that picture, solved by the colour engine (behind :class:`~game.core.solver.task.SolveTask`)
and rated by :func:`~game.core.rating.rate_colour`, as ``check`` and level select rate colour
puzzles: Easy to Hard by rounds of line logic (and size), Expert with probing, Fiendish with
guessing. :func:`colour_position` puts that rating on the climb's scale, so the black-and-white
climb reaches it unchanged. Two limits come from that rating, and the generation makes the
nearest level it can: a big colour puzzle is never Easy or Medium (:func:`reachable_level`),
and colour clues almost never need guessing, so Fiendish is tried on a few pictures only and
most often ends Expert.

``colours`` counts the background, as the converter's Colours control does: 2 is black and
white, 3 is two block colours on white, up to :data:`MAX_COLOURS`. A seed gives the same
puzzle on every machine.

Nothing here imports pygame.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import numpy.typing as npt

from game.core.difficulty import EXPERT, EXPERT_INSIGHTS, LEVELS
from game.core.generate.generator import (
    HARD_TOP,
    Generated,
    GenerateError,
    Generation,
    _Watcher,
    level_window,
)
from game.core.generate.pictures import BoolGrid, smooth_field
from game.core.palette import Palette
from game.core.puzzle import Puzzle
from game.core.rating import (
    COLOUR_CELLS_PER_POINT,
    COLOUR_HARD_POINTS,
    COLOUR_MEDIUM_POINTS,
    Rating,
    rate_colour,
)
from game.core.solver.result import SolveResult

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


FIENDISH_PICTURES = 3


def colour_position(rating: Rating, guesses: int) -> float:
    """A colour rating (:func:`~game.core.rating.rate_colour`) on the generator's climb scale:
    inside the window ``level_window`` gives its level exactly when the rating has that many
    stars (its points place it within the window, and rising points rise on the scale), so
    the black-and-white climb reaches colour levels unchanged."""
    points = rating.points
    if rating.stars == 5:
        return HARD_TOP + EXPERT_INSIGHTS + 10.0 * max(1, guesses)
    if rating.stars == 4:
        return HARD_TOP + 1.0
    if rating.stars == 3:
        low, high = level_window(3)
        return min(high, low + 0.05 + (points - COLOUR_HARD_POINTS) / 2)
    if rating.stars == 2:
        low, high = level_window(2)
        share = (points - COLOUR_MEDIUM_POINTS) / (COLOUR_HARD_POINTS - COLOUR_MEDIUM_POINTS)
        return low + 0.05 + share * (high - low - 0.1)
    return min(level_window(1)[1], points)


def reachable_level(width: int, height: int, level: int) -> int:
    """The level a colour puzzle of this size can be rated: rate_colour counts a point per
    COLOUR_CELLS_PER_POINT cells besides the rounds of line logic (at least one), so a big
    colour puzzle is never Easy (from 15x20) nor Medium (from 25x25). Asked for a level its size
    cannot have, the generator makes the nearest it can."""
    least = 1 + width * height / COLOUR_CELLS_PER_POINT
    if level == 1 and least >= COLOUR_MEDIUM_POINTS:
        level = 2
    if level == 2 and least >= COLOUR_HARD_POINTS:
        level = 3
    return level


class _ColourWatcher(_Watcher):
    """The watcher with the colour rating's place on the climb's scale."""

    position = 0.0


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

    # Colour clues say more than black and white ones (a change of colour needs no gap), so
    # a climb to a hard level may not get there: past this many pictures the closest
    # puzzle found is taken (a colour candidate's rating also runs the line rounds again).
    max_pictures = 20

    def __init__(self, width: int, height: int, level: int, seed: int, colours: int) -> None:
        check_colours(colours)
        self.colours = colours
        self.palette = generated_palette(colours)
        self.colour_map: npt.NDArray[np.int8] = np.ones((height, width), dtype=np.int8)
        super().__init__(width, height, level, seed)
        self.asked = level
        if colours > 2:
            self.level = reachable_level(width, height, level)
            if self.level == LEVELS:
                # Fiendish in colour means guessing, which colour clues almost never need (no
                # random colour picture of 160 sampled at 15x15 did): a few tries, then the
                # nearest (Expert).
                self.max_pictures = FIENDISH_PICTURES

    def _fresh_picture(self) -> None:
        inks = self.colours - 1
        if inks <= 1:
            self.colour_map = np.ones((self.height, self.width), dtype=np.int8)
            return
        radius = max(1, min(self.width, self.height) // 5)
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

    def _watcher(self, puzzle: Puzzle) -> _Watcher:
        if self.colours == 2:
            return super()._watcher(puzzle)
        # Colour levels (rate_colour): line logic alone for Easy to Hard (a probe stops the
        # solve), probing without guessing for Expert, guessing for Fiendish.
        level = self.level
        allowed = 0 if level < EXPERT else None
        return _ColourWatcher(puzzle, max_insights=allowed, stop_at_guess=level < LEVELS)

    def _rating(self, puzzle: Puzzle, result: SolveResult, watcher: _Watcher) -> Rating:
        if not isinstance(watcher, _ColourWatcher):
            return super()._rating(puzzle, result, watcher)
        rating = rate_colour(puzzle, result)
        watcher.position = colour_position(rating, result.stats.guesses)
        return rating

    def _position(self, watcher: _Watcher) -> float:
        if isinstance(watcher, _ColourWatcher):
            return watcher.position
        return super()._position(watcher)

    def _made(self, puzzle: Puzzle, rating: Rating) -> Generated:
        made = super()._made(puzzle, rating)
        if self.colours == 2:
            return made
        named = replace(
            made.puzzle,
            title=f"Random {self.width}x{self.height} in {self.colours} colours #{self.seed}",
            extra=(*made.puzzle.extra, ("colours", str(self.colours))),
        )
        return replace(made, puzzle=named)


def generate_colour(width: int, height: int, level: int, seed: int, colours: int) -> Puzzle:
    """A colour puzzle of ``width`` x ``height`` in ``colours`` colours (the background
    counted) with one solution, rated ``level`` when the generator can reach it."""
    return ColourGeneration(width, height, level, seed, colours).run().puzzle
