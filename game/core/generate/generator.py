"""Fresh fair puzzles on demand: ``generate(width, height, level, seed)``.

A :class:`Generation` grows a picture (:mod:`game.core.generate.pictures`; bold and inky for easy
levels, finer and with less ink for hard ones), rates it with the solving engine and the
effort meter (:mod:`game.core.difficulty`), and climbs from it until the puzzle has exactly
one solution and it takes what the level asks of a player (:func:`game.core.difficulty.level_for`:
line logic alone for Easy, Medium and Hard, graded by line points; one to three probes for
Expert; more for Fiendish), its place on one scale (:func:`climb_position`) in the level's window:

- unfair (line logic and probing stall, or harder than the level allows before the solve is
  done): cells the logic could not settle are flipped, which changes clues right where the
  ambiguity is (for Fiendish, whose solves probe deeply, the cells still open at the guess).
  Coming from this side, the first fair picture is often a hard one;
- fair but too easy: a kick of a few flips among the cells settled first (the puzzle's free
  starts) or on the edge of a shape; fair but too hard: cells settled last take their
  neighbours' colour;
- a flip that hardens never leaves a speck (a cell none of whose neighbours has its colour)
  when another choice does not: specks read as static, and the climb's flips made most of
  them (a fresh picture has almost none);
- a fair picture is the climb's footing; a trial is kept as the new footing only when its
  points come no further from the window, else the next kick starts from the footing again;
- a climb that stops coming closer, or has spent ``PICTURE_STEPS_PER_CELL`` engine steps a
  cell, is dropped for a fresh picture.

No level needs guessing (which also proves the solution unique): a candidate's solve stops
at its first guess, at its first probe for the line-logic levels, or at its fourth probing
insight for Expert. Fiendish is reached by deep probing alone.

Every trial's ink (the share of filled cells) is kept within :data:`MIN_INK` and
:data:`MAX_INK`: a 10x10 with 86 cells filled is no puzzle, however Easy it rates.

The work is sliced: :meth:`Generation.advance` works for about the seconds it is given, so a
screen calls it once a frame. Every limit counts engine steps, never seconds, and every
random choice comes from ``numpy.random.Generator(PCG64(seed))``: a seed gives the same puzzle
on every machine, however fast and however sliced.
"""

from __future__ import annotations

import math
from collections.abc import Generator, Iterator
from dataclasses import dataclass, replace
from typing import Protocol

import numpy as np
import numpy.typing as npt

from game.core.difficulty import (
    EXPERT,
    EXPERT_INSIGHTS,
    LEVELS,
    LINE_LIMITS,
    Effort,
    EffortMeter,
)
from game.core.generate.pictures import STYLES, BoolGrid, make_picture, smooth_field
from game.core.palette import Palette, colour_count_text
from game.core.puzzle import Puzzle
from game.core.rating import Rating, rate
from game.core.slicing import SlicedSearch
from game.core.solver.result import SolveResult
from game.core.solver.steps import Guess, LineDeduced, ProbeStarted, Step
from game.core.solver.task import SolveTask

AUTHOR = "Hanjie generator"
MIN_SIZE = 5
MAX_SIZE = 40
# Flips tried on one picture before a new one is drawn.
ADJUSTMENTS = 40
# Engine steps one candidate's solve may take, per cell (a cap on runaway searches).
STEPS_PER_CELL = 40
# Unfair trials in a row settled before the climb goes back to its footing.
UNFAIR_RUN = 8
# Trials without coming closer to the level before a picture is dropped.
STALL = 14
# Engine steps one picture's climb may spend, per cell, before it is dropped. A picture whose
# candidates all need deep probing over much of the grid is a poor start: on 30x30 and 40x30
# Fiendish (80 seeds) the pictures that became the puzzle spent at most 33 a cell, the ones
# dropped 45-215, one of them 9 s of CPU; at levels 1-4 (240 seeds) one picture, dropped
# anyway, passed 40.
PICTURE_STEPS_PER_CELL = 40
# Unknown cells per flip when an unfair picture is settled.
UNSTICK_SPAN = 60
# Levels whose pictures are mirrored half the time (see _search).
MIRROR_LEVELS = (3, 5)
# Pictures drawn before the closest unique puzzle found is accepted instead.
PICTURES = 60
# The share of filled cells every generated puzzle keeps to (bundled art spans 0.28-0.76).
MIN_INK = 0.25
MAX_INK = 0.70
# The climb's scale (climb_position): line points up to HARD_TOP, then one step a probing
# insight above it.
HARD_TOP = 14.0
# How far inside its level's line-point cuts a line-logic puzzle is made (level_window).
LINE_MARGIN = 0.75


def climb_position(effort: Effort) -> float:
    """Where a fair puzzle stands on the climb's one scale, rising with the level: its line
    points (at most ``HARD_TOP``) when line logic alone solves it, else ``HARD_TOP`` and
    one more for each probing insight (ten for each guess)."""
    if not effort.insights and not effort.guesses:
        return min(effort.line_points, HARD_TOP)
    return HARD_TOP + effort.insights + 10.0 * effort.guesses


def level_window(level: int) -> tuple[float, float]:
    """The climb positions a generated puzzle of a level takes: (above this, up to that).
    The line-logic levels keep ``LINE_MARGIN`` from their cuts, so that one cell changed,
    which moves the line points by little (see tests/core/test_rating_sensitivity.py),
    seldom moves the level."""
    easy, medium = LINE_LIMITS
    windows = (
        (-math.inf, easy - LINE_MARGIN),
        (easy + LINE_MARGIN, medium - LINE_MARGIN),
        (medium + LINE_MARGIN, HARD_TOP),
        (HARD_TOP, HARD_TOP + EXPERT_INSIGHTS),
        (HARD_TOP + EXPERT_INSIGHTS, math.inf),
    )
    return windows[level - 1]


class Making(Protocol):
    """What the generating overlay drives: a :class:`Generation`, or Random's picture source
    (:class:`game.core.generate.picture_puzzles.PictureGeneration`)."""

    width: int
    height: int
    level: int
    pictures: int
    candidates: int

    def advance(self, seconds: float) -> Generated | None: ...

    def cancel(self) -> None: ...


class GenerateError(ValueError):
    """A size or level the generator does not make; the message is for players."""


@dataclass(frozen=True)
class Generated:
    """A generated puzzle, its rating, and what it took."""

    puzzle: Puzzle
    rating: Rating
    seed: int
    candidates: int
    steps: int


class _Watcher(EffortMeter):
    """The effort meter plus the grid line logic reached before it first stalled."""

    def __init__(self, puzzle: Puzzle, max_insights: int | None, stop_at_guess: bool) -> None:
        super().__init__(puzzle)
        # Probing insights the level allows (None: any); 0 stops at the first probe.
        self.max_insights = max_insights
        self.known = np.full((puzzle.height, puzzle.width), -1, dtype=np.int8)
        # When each cell was settled (the count of deductions before it; -1 never): the
        # first ones are the free starts of the puzzle, where a flip makes it harder.
        self.order = np.full((puzzle.height, puzzle.width), -1, dtype=np.int32)
        # The grid when the solve stopped: line logic and what probing proved. After a guess
        # its unknown cells are exactly what deep probing cannot settle (often a few cells
        # with two pictures fitting), while ``known`` may leave most of the grid open.
        self.board = np.full((puzzle.height, puzzle.width), -1, dtype=np.int8)
        self.deductions = 0
        self.stop_at_guess = stop_at_guess
        self.stopped = False
        self.rated: Effort | None = None  # the effort of a finished, unique solve

    def __call__(self, step: Step) -> bool:
        if isinstance(step, LineDeduced) and not step.probe and step.depth == 0:
            self.deductions += 1
            for x, y, value in step.cells:
                self.board[y, x] = value
                if not self.probing:
                    self.known[y, x] = value
                if self.order[y, x] < 0:
                    self.order[y, x] = self.deductions
        stop = super().__call__(step)
        if isinstance(step, Guess) and self.stop_at_guess:
            stop = True
        if self.max_insights is not None:
            if self.max_insights == 0 and isinstance(step, ProbeStarted):
                stop = True  # line logic stalled: this level needs none
            elif self.insights > self.max_insights:
                stop = True
        self.stopped = self.stopped or stop
        return stop


_Rated = tuple[Puzzle, Rating | None, "_Watcher"]


@dataclass(frozen=True)
class _Footing:
    """The fair picture a climb stands on, how far its points are from the level's window
    and on which side, and what its solve saw."""

    picture: BoolGrid
    distance: float
    too_hard: bool
    watcher: _Watcher


def check_request(width: int, height: int, level: int) -> None:
    for name, value in (("width", width), ("height", height)):
        if not MIN_SIZE <= value <= MAX_SIZE:
            raise GenerateError(f"the {name} must be {MIN_SIZE} to {MAX_SIZE}, not {value}")
    if not 1 <= level <= LEVELS:
        raise GenerateError(f"the level must be 1 to {LEVELS}, not {level}")


def _style(rng: np.random.Generator, level: int) -> tuple[float, float]:
    """Chunkiness and ink for a fresh picture: easy puzzles are bold, hard ones detailed."""
    ease = (LEVELS - level) / (LEVELS - 1)  # 1 for Easy, 0 for Fiendish
    chunk = 0.1 + 0.9 * ease * (0.5 + 0.5 * float(rng.random()))
    # More ink gives longer runs and more overlap to start from: a field cut at 0.4 is
    # about twice as many points as at 0.6, and at 0.7 with broad shapes a 30x30 is mostly
    # Easy (sampled on 30x30).
    density = 0.32 + 0.32 * ease + 0.08 * float(rng.random())
    return chunk, density


def speck_cells(picture: BoolGrid) -> BoolGrid:
    """Cells none of whose four neighbours has their colour (outside the grid is paper):
    lone dots and pin holes, which make a picture look like static."""
    padded = np.pad(picture, 1)
    centre = padded[1:-1, 1:-1]
    lonely: BoolGrid = (
        (padded[:-2, 1:-1] != centre)
        & (padded[2:, 1:-1] != centre)
        & (padded[1:-1, :-2] != centre)
        & (padded[1:-1, 2:] != centre)
    )
    return lonely


def _clean_flips(picture: BoolGrid) -> BoolGrid:
    """Cells whose flip leaves no speck: the cell keeps a neighbour of its new colour, and
    no neighbour loses its only one of its own colour."""
    height, width = picture.shape
    padded = np.pad(picture, 1)
    centre = padded[1:-1, 1:-1]
    sides = (
        padded[:-2, 1:-1],
        padded[2:, 1:-1],
        padded[1:-1, :-2],
        padded[1:-1, 2:],
    )
    same = sum((side == centre).astype(np.int8) for side in sides)
    lonely_after = same == 4  # every neighbour has its colour: flipped, it stands alone
    # A neighbour with one same-coloured neighbour (this cell) would be left alone.
    fragile = np.pad((same == 1), 1)
    for dy, dx in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        neighbour_fragile = fragile[1 + dy : 1 + dy + height, 1 + dx : 1 + dx + width]
        neighbour_same = padded[1 + dy : 1 + dy + height, 1 + dx : 1 + dx + width] == centre
        lonely_after = lonely_after | (neighbour_fragile & neighbour_same)
    clean: BoolGrid = ~lonely_after
    return clean


def _edge_cells(picture: BoolGrid) -> npt.NDArray[np.intp]:
    """Flat indices of cells with a neighbour of the other colour."""
    padded = np.pad(picture, 1, mode="edge")
    centre = padded[1:-1, 1:-1]
    edge = (
        (padded[:-2, 1:-1] != centre)
        | (padded[2:, 1:-1] != centre)
        | (padded[1:-1, :-2] != centre)
        | (padded[1:-1, 2:] != centre)
    )
    return np.flatnonzero(edge.ravel())


class Generation(SlicedSearch[Generated]):
    """One generation, worked a slice at a time; :attr:`result` once :attr:`done`."""

    # Fresh pictures a generation may draw before it settles for the closest level found.
    max_pictures = PICTURES

    def __init__(self, width: int, height: int, level: int, seed: int) -> None:
        check_request(width, height, level)
        self.width = width
        self.height = height
        self.level = level
        self.seed = seed
        self.rng = np.random.Generator(np.random.PCG64(seed))
        self.result: Generated | None = None
        self.candidates = 0
        self.pictures = 0
        self.steps = 0
        self._mirrored = False  # the picture is symmetric left to right: flips keep it so
        self._work: Iterator[None] | None = self._search()

    def run(self) -> Generated:
        """Work to the end; blocks."""
        while self.advance(3600.0) is None:
            pass
        assert self.result is not None
        return self.result

    # -- the work --------------------------------------------------------------------------

    def _rate(self, picture: BoolGrid) -> Generator[None, None, _Rated]:
        """Rate one candidate, yielding between engine slices; the rating is None when the
        solve was cut short (too hard, a guess, too many steps) or found no unique answer."""
        puzzle = self._puzzle(picture)
        watcher = self._watcher(puzzle)
        task = self._task(puzzle)
        budget = STEPS_PER_CELL * self.width * self.height
        self.candidates += 1
        while True:
            before = task.steps_taken
            result = task.advance(3600.0, max_steps=min(2000, budget), on_step=watcher)
            spent = task.steps_taken - before
            budget -= spent
            self.steps += spent
            if result is not None:
                if result.status != "unique":
                    return puzzle, None, watcher
                watcher.rated = watcher.effort(result.stats.line_rounds)
                return puzzle, self._rating(puzzle, result, watcher), watcher
            if watcher.stopped or budget <= 0:
                task.cancel()
                return puzzle, None, watcher
            yield None

    def _search(self) -> Iterator[None]:
        """A climb on each picture: a flip is kept only when the puzzle stays fair and its
        points come no further from the level's window; else the next flip is tried from
        the picture before it (a random walk drifted back down as often as up). A picture
        whose climb stalls is dropped for a fresh one: fresh pictures are cheap."""
        rng = self.rng
        low, high = level_window(self.level)
        best: tuple[float, Puzzle, Rating] | None = None
        picture_budget = PICTURE_STEPS_PER_CELL * self.width * self.height
        for _picture_number in range(self.max_pictures):
            chunk, density = _style(rng, self.level)
            self.pictures += 1
            # Hard levels need fine detail, which reads as a design when it is mirrored and as
            # static when it is not: half their pictures are symmetric, and stay so.
            style = STYLES[int(rng.integers(0, len(STYLES)))]
            if MIRROR_LEVELS[0] <= self.level <= MIRROR_LEVELS[1] and rng.integers(0, 2) == 0:
                style = "mirror"
            self._mirrored = style == "mirror"
            self._fresh_picture()
            trial = self._bound_ink(
                make_picture(rng, self.width, self.height, chunk, density, style)
            )
            footing: _Footing | None = None
            unfair = 0  # trials in a row that were unfair
            stalled = 0  # trials since the footing last came closer
            spent_before = self.steps
            for _adjustment in range(ADJUSTMENTS):
                puzzle, rating, watcher = yield from self._rate(trial)
                stalled += 1
                if rating is None:
                    unfair += 1
                else:
                    unfair = 0
                    # How far outside the window: below it (too easy) or above (too hard).
                    position = self._position(watcher)
                    distance = max(low - position, position - high, 0.0)
                    if rating.stars == self.level and low < position <= high:
                        self.result = self._made(puzzle, rating)
                        return
                    if low < position <= high:
                        distance = 0.01  # the window holds on the climb's scale only
                    if best is None or distance < best[0]:
                        best = (distance, puzzle, rating)
                    if footing is None or distance <= footing.distance:
                        if footing is None or distance < footing.distance:
                            stalled = 0
                        footing = _Footing(trial, distance, position > high, watcher)
                if stalled > STALL or self.steps - spent_before > picture_budget:
                    break
                if footing is None or 0 < unfair <= UNFAIR_RUN:
                    # Unfair (ambiguous, a guess, too hard): settle what line logic left
                    # open. Coming from the hard side, the first fair picture is often a
                    # hard one, which small steps up from an easy one seldom reach.
                    trial = self._unstick(trial, watcher)
                else:
                    # A kick from the footing, the larger the further from the level it
                    # is: harder when it is too easy, easier when too hard.
                    unfair = 0
                    trial = footing.picture
                    kicks = 1 + min(int(footing.distance), self.width * self.height // 60)
                    for _flip in range(kicks):
                        if footing.too_hard:
                            trial = self._ease(trial, footing.watcher)
                        else:
                            trial = self._harden(trial, footing.watcher)
                trial = self._bound_ink(trial)
                yield None
        if best is not None:
            self.result = self._made(best[1], best[2])
            return
        # Never reached in practice: a full grid is always a fair (if dull) puzzle.
        full = Puzzle.from_grid(np.ones((self.height, self.width), dtype=bool).tolist())
        self.result = self._made(full, rate(SolveTask(full).run()))

    # -- hooks a colour generation overrides (ColourGeneration, below) ------------------------

    def _puzzle(self, picture: BoolGrid) -> Puzzle:
        """The puzzle of a picture (its filled cells)."""
        return Puzzle.from_grid(picture.tolist())

    def _task(self, puzzle: Puzzle) -> SolveTask:
        """The solve that proves a candidate unique and shows what it asks of a player."""
        return SolveTask(puzzle, max_solutions=2)

    def _watcher(self, puzzle: Puzzle) -> _Watcher:
        """The watcher of a candidate's solve: it stops the solve where the level must not
        go (a probe for the line-logic levels, a fourth insight for Expert, any guess)."""
        level = self.level
        allowed = None if level == LEVELS else EXPERT_INSIGHTS if level == EXPERT else 0
        return _Watcher(puzzle, max_insights=allowed, stop_at_guess=True)

    def _rating(self, puzzle: Puzzle, result: SolveResult, watcher: _Watcher) -> Rating:
        """A unique candidate's rating."""
        return rate(result, watcher.rated)

    def _position(self, watcher: _Watcher) -> float:
        """A rated candidate's place on the climb's scale (:func:`climb_position`)."""
        assert watcher.rated is not None
        return climb_position(watcher.rated)

    def _fresh_picture(self) -> None:
        """A fresh picture is about to be drawn (a colour generation draws its colours)."""

    def _made(self, puzzle: Puzzle, rating: Rating) -> Generated:
        named = replace(
            puzzle,
            title=f"Random {self.width}x{self.height} #{self.seed}",
            author=AUTHOR,
            extra=(("difficulty", str(rating.stars)), ("seed", str(self.seed))),
        )
        return Generated(named, rating, self.seed, self.candidates, self.steps)

    def _bound_ink(self, picture: BoolGrid) -> BoolGrid:
        """The picture with its ink brought within ``MIN_INK``-``MAX_INK``: edge cells of
        the colour there is too much of (those whose flip leaves no speck first) change."""
        cells = self.width * self.height
        ink = int(picture.sum())
        if MIN_INK * cells <= ink <= MAX_INK * cells:
            return picture
        too_much = ink > MAX_INK * cells
        excess = ink - int(MAX_INK * cells) if too_much else math.ceil(MIN_INK * cells) - ink
        edges = _edge_cells(picture)
        edges = edges[picture.ravel()[edges] == too_much]
        clean = edges[_clean_flips(picture).ravel()[edges]]
        pool = clean if len(clean) >= excess else edges
        if len(pool) < excess:  # a solid block: any cell of that colour
            pool = np.flatnonzero(picture.ravel() == too_much)
        chosen = self.rng.choice(pool, size=min(excess, len(pool)), replace=False)
        return self._flipped(picture, [int(index) for index in chosen])

    def _add_detail(self, picture: BoolGrid) -> BoolGrid:
        edges = _edge_cells(picture)
        clean = edges[_clean_flips(picture).ravel()[edges]]
        edges = clean if len(clean) else edges
        if not len(edges):
            return picture
        return self._flipped(picture, [int(edges[int(self.rng.integers(0, len(edges)))])])

    def _harden(self, picture: BoolGrid, watcher: _Watcher) -> BoolGrid:
        """Flip a cell among those settled first (the puzzle's free starts), half the time;
        else an edge cell (more detail)."""
        settled = watcher.order.ravel()
        if self.rng.integers(0, 2) == 0 or not (settled > 0).any():
            return self._add_detail(picture)
        ranked = np.argsort(np.where(settled > 0, settled, np.iinfo(np.int32).max), kind="stable")
        early = ranked[: max(1, int((settled > 0).sum()) // 4)]
        clean = early[_clean_flips(picture).ravel()[early]]
        early = clean if len(clean) else early
        return self._flipped(picture, [int(early[int(self.rng.integers(0, len(early)))])])

    def _ease(self, picture: BoolGrid, watcher: _Watcher) -> BoolGrid:
        """Smooth a cell among those settled last (where the logic was slowest): it takes
        the colour most of its neighbours have, which joins runs and drops specks."""
        settled = watcher.order.ravel()
        count = int((settled > 0).sum())
        if not count:
            return self._add_detail(picture)
        ranked = np.argsort(-settled, kind="stable")[: max(1, count // 4)]
        padded = np.pad(picture.astype(np.int8), 1)
        neighbours: npt.NDArray[np.int8] = np.zeros(picture.shape, dtype=np.int8)
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                if dy or dx:
                    neighbours += padded[
                        1 + dy : 1 + dy + self.height, 1 + dx : 1 + dx + self.width
                    ]
        around = neighbours.ravel()
        odd = [int(i) for i in ranked if bool(picture.flat[i]) != (around[i] >= 5)]
        pool = odd or [int(i) for i in ranked]
        return self._flipped(picture, [pool[int(self.rng.integers(0, len(pool)))]])

    def _unstick(self, picture: BoolGrid, watcher: _Watcher) -> BoolGrid:
        """Flip cells line logic left unknown (an edge cell when it settled everything):
        one, and one more for every ``UNSTICK_SPAN`` unknown cells, so a large open region
        on a big grid is not settled a cell a solve.

        Fiendish candidates are solved with deep probing up to the first guess, and a guess
        there mostly means a few cells two pictures share while probing settled the rest:
        flipping cells line logic left open (most of a big Fiendish grid) scattered changes
        over the grid and undid the probing's work, so one candidate after another on a
        40x30 took a full probing solve (15-20 s for a few seeds). Those flips go to the
        cells still unknown at the guess instead. (Levels 1-4 measured no faster that way,
        and keep their puzzles.)"""
        grid = watcher.board if watcher.guesses and self.level == LEVELS else watcher.known
        unknown = np.flatnonzero(grid.ravel() < 0)
        if not len(unknown):
            return self._add_detail(picture)
        flips = 1 + len(unknown) // UNSTICK_SPAN
        chosen = self.rng.choice(unknown, size=flips, replace=False)
        return self._flipped(picture, [int(index) for index in chosen])

    def _flipped(self, picture: BoolGrid, indices: list[int]) -> BoolGrid:
        """A copy with the cells at these flat indices flipped, and their mirror images
        too in a symmetric picture (a cell and its image chosen together flip once)."""
        cells = set(indices)
        if self._mirrored:
            width = self.width
            cells |= {index - index % width + width - 1 - index % width for index in indices}
        changed = picture.copy()
        for index in sorted(cells):
            changed.flat[index] = not changed.flat[index]
        return changed


def generate(width: int, height: int, level: int, seed: int) -> Puzzle:
    """A puzzle of ``width`` x ``height`` with one solution, rated ``level`` (1-5) when the
    generator can reach it (the closest level it found otherwise); the same for a seed."""
    return Generation(width, height, level, seed).run().puzzle


# -- colour: the same generation with a colour map -----------------------------------------
#
# Colour puzzles (issue 33): a ColourGeneration is this Generation (its pictures, its climb to
# the level's window, its ink bounds, its work counted in engine steps) with one more layer:
# each fresh picture gets a colour map, a smooth integer field (pictures.smooth_field) cut into
# as many bands of equal size as there are block colours, so colours come in regions (a leaf
# green, the flower red) and every colour is used. A filled cell takes its colour from the
# map; the climb's flips change which cells are filled, and the map keeps the colours in
# place. The one engine solves and rates each candidate as in black and white, so a colour
# puzzle lands on the level asked as a black-and-white one does. ``colours`` counts the
# background, as the converter's Colours control does: 2 is black and white, 3 is two block
# colours on white, up to MAX_COLOURS. A seed gives the same puzzle on every machine.

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
    # Not brown: beside this green, a protanope told brown from it by ΔE 1.8 (pink: 13).
    ("pink", (240, 160, 240)),
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
