"""One conversion, picture to fair-or-not puzzle, in one call: the command line's path.

:func:`convert` is the straight walk: the picture is loaded (:mod:`game.core.convert.load`),
gridded under its options (:class:`game.core.convert.converter.Converter`), made a
:class:`~game.core.puzzle.Puzzle` (:func:`puzzle_from_grid`) and asked whether it is fair
(:func:`game.core.create.fairness.check_uniqueness`); with ``options.colours`` 3..8 or auto
the cells are the picture's colours (:mod:`game.core.convert.quantise`) and the puzzle a
colour one; the screen makes the same steps one
frame at a time through :class:`game.core.create.editor.ConverterDocument`. Nothing here
imports pygame.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from game.core.convert.converter import Converter
from game.core.convert.distinct_colours import distinct_palette
from game.core.convert.load import BoolGrid, SourceImage, load_image
from game.core.convert.options import ConvertOptions
from game.core.convert.quantise import ColourCells
from game.core.create.fairness import Report, check_uniqueness, grid_warnings
from game.core.create.free_cells import FreeCells
from game.core.create.make_fair import MakeFair
from game.core.palette import Palette
from game.core.puzzle import Puzzle


def puzzle_from_grid(
    grid: npt.NDArray[Any] | Sequence[Sequence[bool]],
    title: str = "",
    author: str = "",
    palette: Palette | None = None,
) -> Puzzle:
    """The puzzle whose goal is ``grid``: filled cells, or with a ``palette`` colour numbers
    in it (0 the background)."""
    if palette is None:
        return Puzzle.from_grid(np.asarray(grid, dtype=bool), title=title, author=author)
    return Puzzle.from_colour_grid(np.asarray(grid), palette, title=title, author=author)


@dataclass(frozen=True)
class Conversion:
    """One finished conversion: the options used, the grid, the puzzle and its report."""

    options: ConvertOptions
    grid: BoolGrid = field(compare=False)
    puzzle: Puzzle
    report: Report
    # In colour (``options.in_colour``): the palette and each cell's colour; ``grid`` is then
    # the cells that are not background.
    colours: ColourCells | None = None


def convert(
    source: str | Path | SourceImage | Converter,
    options: ConvertOptions | None = None,
    *,
    title: str = "",
    author: str = "",
    timeout: float = 0.5,
    clock: Callable[[], float] = time.perf_counter,
) -> Conversion:
    """Picture -> grid -> Puzzle -> uniqueness report, in one call (the CLI's path).
    ``timeout`` is seconds of engine work, counted in lines (:func:`check_uniqueness`): the
    same picture gives the same report on any machine; ``clock`` only times it."""
    if isinstance(source, Converter):
        converter = source
    else:
        picture = source if isinstance(source, SourceImage) else load_image(source)
        converter = Converter(picture)
    options = converter.resolved(options or ConvertOptions())
    colours = converter.colour_cells(options) if options.in_colour else None
    if colours is not None:
        grid = colours.filled
        # Played in colours a player tells apart (the cells, so the clues, unchanged).
        shown = distinct_palette(colours.palette, colours.cells)
        puzzle = Puzzle.from_colour_grid(colours.cells, shown, title=title, author=author)
    else:
        grid = converter.grid(options)
        puzzle = puzzle_from_grid(grid, title=title, author=author)
    checked = check_uniqueness(puzzle, timeout=timeout, clock=clock)
    report = replace(checked, warnings=grid_warnings(grid))
    return Conversion(options, grid, puzzle, report, colours)


def grid_text(grid: BoolGrid, filled: str = "#", empty: str = ".") -> str:
    """The grid as text art, one row a line."""
    return "\n".join("".join(filled if cell else empty for cell in row) for row in grid)


def fair_search(puzzle: Puzzle, free: FreeCells, **limits: Any) -> MakeFair:
    """Make it fair on a puzzle's own picture: the one place the converter screen and
    ``convert --fix`` start it, on the goal's filled cells or, in colour, its colour numbers
    in the puzzle's palette (the edits then give cells other colours)."""
    if puzzle.palette is None:
        grid = puzzle.goal_array()
        assert grid is not None
        return MakeFair(grid, free, **limits)
    assert puzzle.goal_colours is not None
    cells = np.array(puzzle.goal_colours, dtype=np.int8)
    return MakeFair(cells, free, palette=puzzle.palette, **limits)
