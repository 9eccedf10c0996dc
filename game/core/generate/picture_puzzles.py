"""Puzzles from the picture library: one picture made a fair, rated puzzle; Random's "Picture".

:func:`attempt` is the one way a library picture becomes a puzzle, for the pack builder
(``tools/build_picture_packs.py``) and for Random alike: the picture's cells
(:mod:`game.core.generate.picture_library`), the recognisability check (a picture that does
not read at the size is refused), Make it fair
(:class:`game.core.create.make_fair.MakeFair`; in colour
:class:`~game.core.create.make_fair.MakeFair`, the converter's own), the
uniqueness solve and the rating (:mod:`game.core.rating`, the one engine's steps in either
kind). It is a generator that yields between slices of work and returns an :class:`Attempt`:
the puzzle, or why there is none.

:class:`PictureGeneration` is Random's and the daily puzzle's picture source, with the
generator's shape (``advance(seconds)``, ``result``, ``cancel``, ``run``): it goes through the
library in an order drawn from the seed, pictures not played yet first, tries each at the
size (the library's scenes, or two pictures of one theme side by side, on a wide board) and
in black and white at the details that suit the level, and takes the first puzzle rated at
the level asked; after :data:`MAX_ATTEMPTS`, or once only played pictures are left, it takes
the closest one found. When no picture reads at the size (5x5), it makes abstract shapes
(:class:`game.core.generate.generator.Generation`) instead. Every limit counts solver work, never
seconds, so a seed gives the same puzzle on any machine (the daily puzzle is the same for
everyone). So what each picture makes on each of Random's boards is known beforehand: the
search reads it from the library's outcomes table
(:mod:`game.core.generate.picture_outcomes`) and makes live only the candidates the table
lacks and the one it takes, the same puzzle as the live search while the table is up to date
(and the live search itself once the one taken shows it is not). Nothing here imports pygame.
"""

from __future__ import annotations

from collections.abc import Collection, Generator, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import zip_longest
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from game.core.convert.distinct_colours import distinct_palette
from game.core.create.fair_edits import apply_edits
from game.core.create.make_fair import MakeFair
from game.core.difficulty import EffortMeter, effort_of
from game.core.generate.generator import Generated, Generation, check_request
from game.core.generate.picture_library import (
    MAX_PICTURE_COLOURS,
    Picture,
    PictureEntry,
    Readability,
    bw_grid,
    colour_grid,
    library,
    library_dir,
    load_picture,
    readability,
    side_by_side,
)
from game.core.generate.picture_outcomes import REFUSED, Outcomes, board_key, outcomes
from game.core.puzzle import Puzzle
from game.core.rating import Rating, rate
from game.core.slicing import SlicedSearch
from game.core.solver.result import SolveResult
from game.core.solver.task import SolveTask

AUTHOR = "Noto Emoji (SIL OFL 1.1), made a puzzle by Hanjie"
LICENSE = "OFL-1.1"
# Engine work Make it fair may spend on one picture, in lines looked at (the same on either
# engine; about 2.4 s of the pure engine, as the 60,000 steps it was first tuned in).
FAIR_WORK = 96_000
# The most cells a colour picture's Make it fair may recolour: the search's batches can make
# many more (a llama at 20x20 took 13 and read as specks), and a picture that needs more is
# tried at the next size.
MAX_COLOUR_EDITS = 6
# Engine steps a uniqueness-and-rating solve may take, per cell.
SOLVE_STEPS_PER_CELL = 400
# Pictures (and details) Random tries before it takes the closest level found: black and
# white attempts are cheap (40x30: 0.5 s for a puzzle, median), colour ones dearer.
MAX_ATTEMPTS = 120
MAX_COLOUR_ATTEMPTS = 60
# A board this much wider than high gets two pictures side by side.
WIDE = 1.25
SLICE = 0.004
SCENES = "scenes"  # the library's theme of wide pictures
MIN_COLOURS = 3  # a colour puzzle: the background and two colours at least


@dataclass(frozen=True)
class Attempt:
    """One picture at one size: the ``puzzle`` (None when refused, with ``refused`` saying
    why), its ``rating`` and how well it reads. ``steps`` is the engine work it took: Make
    it fair's lines looked at and the rating solve's steps (each its own budget's unit)."""

    puzzle: Puzzle | None
    rating: Rating | None
    reading: Readability | None
    refused: str = ""
    edits: int = 0
    steps: int = 0


def _rated(puzzle: Puzzle, budget: int) -> Generator[None, None, tuple[str, Rating | None, int]]:
    """Solve ``puzzle`` with the effort meter watching, a slice at a time: (status, rating
    or None, steps): the engine, for two solutions, black and white or colour."""
    task, meter = SolveTask(puzzle, max_solutions=2), EffortMeter(puzzle)
    while True:
        result = task.advance(3600.0, max_steps=min(2000, budget - task.steps_taken),
                              on_step=meter)  # fmt: skip
        if result is not None:
            if result.stats.guesses:
                # As every bundled level and the generator's: no guessing, line logic and
                # probing suffice.
                return "solved only by guessing", None, task.steps_taken
            if result.status != "unique":
                return result.status, None, task.steps_taken
            rating = rate(result, meter.effort(result.stats.line_rounds))
            return "unique", rating, task.steps_taken
        if task.steps_taken >= budget:
            task.cancel()
            return "too hard to settle", None, task.steps_taken
        yield None


def _rating(
    puzzle: Puzzle, proof: SolveResult | None, trimmed_off: bool, budget: int
) -> Generator[None, None, tuple[str, Rating | None, int]]:
    """(status, rating or None, steps) of ``puzzle``: from ``proof``, Make it fair's own
    complete two-solution solve of the same clues, when it has one (the engine's counts,
    :func:`~game.core.difficulty.effort_of`, the same rating as the meter's; no second
    solve), else :func:`_rated`. A trimmed grid is other clues: solved again."""
    if proof is None or trimmed_off:
        return (yield from _rated(puzzle, budget))
    if proof.stats.guesses:
        return "solved only by guessing", None, 0
    return "unique", rate(proof, effort_of(puzzle, proof.stats)), 0


def attempt(
    picture: Picture,
    width: int,
    height: int,
    detail: int | None,
    title: str = "",
    max_colours: int = MAX_PICTURE_COLOURS,
    fair_work: int = FAIR_WORK,
    trim: bool = False,
) -> Generator[None, None, Attempt]:
    """``picture`` as a ``width`` x ``height`` puzzle: black and white at ``detail``, or in
    colour when ``detail`` is None (at most ``max_colours`` colours, the background
    counted, as the converter counts them). See the module text. With ``trim`` the empty
    rows and columns along the grid's edges are left out (a wide picture in a square grid:
    15x12, not 15x15 with three rows of 0), which keeps the puzzle unique: an empty line
    says nothing to the others."""
    budget = SOLVE_STEPS_PER_CELL * width * height
    if detail is None:
        cells, palette = colour_grid(picture, width, height, max_colours)
        reading = readability(picture, cells, None, palette)
        if palette.count + 1 < MIN_COLOURS:
            return Attempt(None, None, reading, "fewer than three colours at this size")
        if not reading.reads:
            return Attempt(None, None, reading, f"does not read: {reading.text}")
        colour_fair = MakeFair(cells, palette=palette, work_limit=fair_work, safety_seconds=None)
        while not colour_fair.advance(SLICE):
            yield None
        made_fair, steps = colour_fair.result, colour_fair.work
        if made_fair is None or not made_fair.found:
            why = made_fair.why if made_fair is not None else "stopped"
            return Attempt(None, None, reading, f"not made fair: {why}", steps=steps)
        edits = len(made_fair.edits)
        if edits > MAX_COLOUR_EDITS:
            why = f"made fair with {edits} edits, more than {MAX_COLOUR_EDITS}"
            return Attempt(None, None, reading, why, steps=steps)
        if made_fair.edits:  # else the cells, so how they read, are as they were
            cells = apply_edits(made_fair.grid, made_fair.edits).astype(cells.dtype)
            reading = readability(picture, cells, None, palette)
        if not reading.reads:
            why = f"made fair, reads poorly: {reading.text}"
            return Attempt(None, None, reading, why, steps=steps)
        if trim:
            cells = trimmed(cells)
        # Drawn in colours a player tells apart (the cells, so the clues, unchanged).
        shown = distinct_palette(palette, cells)
        puzzle = Puzzle.from_colour_grid(cells, shown, title=title, author=AUTHOR)
        rated = _rating(puzzle, made_fair.proof, trim, budget)
        status, rating, solve_steps = yield from rated
        steps += solve_steps
        if rating is None:
            return Attempt(None, None, reading, f"the colour puzzle is {status}", steps=steps)
        return Attempt(_named(puzzle, rating), rating, reading, edits=edits, steps=steps)
    grid = bw_grid(picture, width, height, detail)
    reading = readability(picture, grid, detail)
    if not reading.reads:
        return Attempt(None, None, reading, f"does not read: {reading.text}")
    fair = MakeFair(grid, work_limit=fair_work, safety_seconds=None)
    while not fair.advance(SLICE):
        yield None
    result = fair.result
    steps = fair.work
    if result is None or not result.found:
        why = result.why if result is not None else "stopped"
        return Attempt(None, None, reading, f"not made fair: {why}", steps=steps)
    fixed = apply_edits(result.grid, result.edits)
    if result.edits:
        reading = readability(picture, fixed, detail)
    if not reading.reads:
        return Attempt(None, None, reading, f"made fair, reads poorly: {reading.text}", steps=steps)
    puzzle = Puzzle.from_grid(trimmed(fixed) if trim else fixed, title=title, author=AUTHOR)
    status, rating, solve_steps = yield from _rating(puzzle, result.proof, trim, budget)
    steps += solve_steps
    if rating is None:
        return Attempt(None, None, reading, f"the puzzle is {status}", steps=steps)
    return Attempt(_named(puzzle, rating), rating, reading, edits=len(result.edits), steps=steps)


def trimmed(cells: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """``cells`` without the empty (0) rows and columns along its edges; all of it when
    nothing is filled."""
    ys, xs = np.nonzero(np.asarray(cells))
    if not len(xs):
        return np.asarray(cells)
    return np.asarray(cells)[int(ys.min()) : int(ys.max()) + 1, int(xs.min()) : int(xs.max()) + 1]


def _named(puzzle: Puzzle, rating: Rating) -> Puzzle:
    return replace(puzzle, license=LICENSE, extra=(("difficulty", str(rating.stars)),))


def run_attempt(work: Generator[None, None, Attempt]) -> Attempt:
    """Drive an :func:`attempt` to its end (blocks)."""
    while True:
        try:
            next(work)
        except StopIteration as stop:
            result: Attempt = stop.value
            return result


def details_for(level: int) -> tuple[int, ...]:
    """The black-and-white details tried for a level: outlines first for easy levels, inner
    lines first for hard ones (they make longer chains of logic)."""
    return (0, 1, 2) if level <= 2 else (2, 1, 0)


@dataclass(frozen=True)
class Choice:
    """A picture Random may draw: its name(s), title and file(s) in the library (two side by
    side on a wide board), read only when it is tried."""

    names: tuple[str, ...]
    title: str
    files: tuple[str, ...]

    def picture(self, folder: Path) -> Picture:
        pictures = [load_picture(folder / file) for file in self.files]
        return pictures[0] if len(pictures) == 1 else side_by_side(pictures)


@dataclass(frozen=True)
class _Found:
    """A candidate rated ``stars``: made (``made``), or as the outcomes table says (None)."""

    stars: int
    choice: Choice
    detail: int | None
    made: Attempt | None


class PictureGeneration(SlicedSearch[Generated]):
    """Random's "Picture": a library picture not played yet, at the size, colours and level
    asked (``colours`` 3-8 counting the background, as the converter counts them; 0 or 2 for
    black and white). See the module text."""

    def __init__(
        self,
        width: int,
        height: int,
        level: int,
        seed: int,
        colours: int = 0,
        played: Collection[str] = (),
        folder: Path | None = None,
        entries: Sequence[PictureEntry] | None = None,
        use_table: bool = True,
    ) -> None:
        check_request(width, height, level)
        self.width, self.height, self.level, self.seed = width, height, level, seed
        self.colours = colours if colours >= MIN_COLOURS else 0
        self.folder = folder or library_dir()
        self.entries = tuple(entries if entries is not None else library(self.folder))
        self.played = frozenset(played)
        self.rng = np.random.Generator(np.random.PCG64(seed))
        self.result: Generated | None = None
        self.candidates = 0  # attempts made
        self.pictures = 0  # pictures drawn
        self.steps = 0
        self.refused: list[str] = []
        # Read outcomes from the library's table (picture_outcomes); ``stale`` once it
        # proved out of date for this search.
        self.use_table = use_table
        self.stale = False
        self._order: list[int] | None = None
        self._drawn: tuple[tuple[str, ...], Picture] | None = None  # the picture last read
        self._work: Iterator[None] | None = self._search()

    def run(self) -> Generated:
        while self.advance(3600.0) is None:
            if self._work is None:
                break
        if self.result is None:
            raise ValueError("the picture library is empty")
        return self.result

    def choices(self) -> Iterator[Choice]:
        """Pictures in the seed's order, those not played first. A wide board takes the
        library's scenes (two emoji side by side) and, in black and white, two pictures of
        one theme put side by side, taking turns; a square one the single pictures."""
        if self._order is None:
            self._order = [int(i) for i in self.rng.permutation(len(self.entries))]
        order = self._order
        fresh = [i for i in order if self.entries[i].name not in self.played]
        ordered = fresh + [i for i in order if self.entries[i].name in self.played]
        wide = self.width >= WIDE * self.height
        scenes = (
            Choice((entry.name,), entry.title, (entry.file,))
            for entry in (self.entries[i] for i in ordered)
            if (entry.theme == SCENES) == wide
        )
        if not wide or self.colours:
            yield from scenes
            return
        pairs = self._pairs([i for i in ordered if self.entries[i].theme != SCENES])
        for scene, pair in zip_longest(scenes, pairs):
            if scene is not None:
                yield scene
            if pair is not None:
                yield pair

    def _pairs(self, singles: list[int]) -> Iterator[Choice]:
        """Two pictures of one theme side by side, in the order given."""
        used: set[int] = set()
        for index in singles:
            if index in used:
                continue
            entry = self.entries[index]
            used.add(index)
            partner = next(
                (j for j in singles if j not in used and self.entries[j].theme == entry.theme),
                None,
            )
            if partner is None:
                continue
            used.add(partner)
            other = self.entries[partner]
            title = f"{entry.title} and {other.title.lower()}"
            yield Choice((entry.name, other.name), title, (entry.file, other.file))

    def _attempt(self, choice: Choice, detail: int | None) -> Generator[None, None, Attempt]:
        """``choice`` made live at this board (see :func:`attempt`), counted."""
        self.candidates += 1
        if self._drawn is None or choice.names != self._drawn[0]:
            self._drawn = (choice.names, choice.picture(self.folder))  # read once, each detail
            self.pictures += 1
        made = yield from attempt(
            self._drawn[1],
            self.width,
            self.height,
            detail,
            title=choice.title,
            max_colours=self.colours or MAX_PICTURE_COLOURS,
        )
        self.steps += made.steps
        if made.puzzle is None or made.rating is None:
            self.refused.append(f"{choice.title}: {made.refused}")
        return made

    def _search(self) -> Iterator[None]:
        """The search (see the module text), with the outcomes table while it holds."""
        table = outcomes(self.folder) if self.use_table else None
        taken = yield from self._search_with(table)
        if taken is None and table is not None:
            # The table said a picture makes the level (or is the nearest) and it did not:
            # the table is out of date. The live search, as without one.
            self.stale = True
            taken = yield from self._search_with(None)
        if taken:
            return
        # No picture reads at this size (5x5) or the library is empty: abstract shapes.
        shapes = Generation(self.width, self.height, self.level, self.seed)
        while shapes.advance(SLICE) is None:
            yield None
        self.result = shapes.result

    def _search_with(self, table: Outcomes | None) -> Generator[None, None, bool | None]:
        """The search over the pictures in the seed's order, each candidate's outcome from
        ``table`` when it knows it, else made. True once :attr:`result` is made; False when
        no picture made a puzzle; None when the one taken did not come out as the table
        said."""
        best: _Found | None = None
        attempts = 0
        details: tuple[int | None, ...] = (None,) if self.colours else details_for(self.level)
        most = MAX_COLOUR_ATTEMPTS if self.colours else MAX_ATTEMPTS
        for choice in self.choices():
            if best is not None and self.played.intersection(choice.names):
                break  # every fresh picture was tried: a fresh one, closest to the level
            for detail in details:
                attempts += 1
                key = board_key(self.width, self.height, detail, self.colours)
                stars = table.stars(choice.names, choice.files, key) if table else None
                made: Attempt | None = None
                if stars is None:
                    made = yield from self._attempt(choice, detail)
                    stars = made.rating.stars if made.rating is not None else REFUSED
                elif stars == REFUSED:
                    self.refused.append(f"{choice.title}: refused here (the outcomes table)")
                if stars != REFUSED:
                    # The first nearest in the seed's order (not the one of fewest points:
                    # that was the same picture for every seed, the daily Safari
                    # every Sunday).
                    found = _Found(stars, choice, detail, made)
                    if stars == self.level:
                        return (yield from self._take(found))
                    if best is None or abs(stars - self.level) < abs(best.stars - self.level):
                        best = found
                if made is not None:
                    yield None
                if attempts >= most and best is not None:
                    return (yield from self._take(best))
        if best is not None:
            return (yield from self._take(best))
        return False

    def _take(self, found: _Found) -> Generator[None, None, bool | None]:
        """The result from ``found``, made now when the table gave it; None when it does
        not come out at the table's stars."""
        made = found.made
        if made is None:
            made = yield from self._attempt(found.choice, found.detail)
        if made.puzzle is None or made.rating is None or made.rating.stars != found.stars:
            return None
        self.result = self._made(made.puzzle, made.rating, found.choice.names)
        return True

    def _made(self, puzzle: Puzzle, rating: Rating, names: tuple[str, ...]) -> Generated:
        extra = (
            ("difficulty", str(rating.stars)),
            ("seed", str(self.seed)),
            ("picture", "+".join(names)),
        )
        return Generated(
            replace(puzzle, extra=extra), rating, self.seed, self.candidates, self.steps
        )
