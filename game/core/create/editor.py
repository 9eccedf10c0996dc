"""The converter's document: what the converter screen edits, with no pixels and no events.

A document is in one of three modes:

- ``empty``: nothing opened yet;
- ``image``: a loaded picture (a :class:`~game.core.convert.converter.Converter`)
  re-gridded under the current :class:`~game.core.convert.converter.ConvertOptions`, with
  the author's touch-ups kept apart,
  in picture coordinates (each the rectangle of the picture its cell covered), so they
  follow the picture through a new method, size, fit, crop or frame: after a change each
  touch-up sets the cells whose centres lie in its rectangle (or, if none, the cell under its
  centre); one outside the grid waits, counted in ``hidden_touchups``, until the frame
  brings its part of the picture back;
- ``canvas``: a drawing (a blank canvas or a level file's picture) where strokes change the
  ``base`` grid itself.

``grid`` is always ``base`` with the edits laid over it: the goal of the puzzle to save.
Every stroke and every Make it fair applied is one undo step; a new size of a drawing starts a new
history (its old steps belonged to cells of another grid). The title follows the picture:
opening one sets it to the file's name unless the player typed a title for it (typed before
any picture was open, it is kept for the first). Saving writes a ``.non`` file and never
overwrites a file it did not write itself.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal

import numpy as np
import numpy.typing as npt

from game.core.convert.converter import Converter
from game.core.convert.distinct_colours import distinct_palette
from game.core.convert.first_look import defaults_for
from game.core.convert.load import MAX_SIZE, MIN_SIZE
from game.core.convert.options import DEFAULT_METHOD, ConvertOptions, FrameBox
from game.core.create.conversion import puzzle_from_grid
from game.core.create.fair_edits import Edit
from game.core.create.make_fair import FairResult
from game.core.create.palette_edits import ColourMark, PaletteEdits, Swatch
from game.core.formats import read_puzzle, write_puzzle
from game.core.i18n import _
from game.core.puzzle import Puzzle
from game.core.solver.steps import CellPosition
from game.core.solver.task import SolveTask
from game.core.store.fileio import free_path, readable

BoolGrid = npt.NDArray[np.bool_]
Mode = Literal["empty", "image", "canvas"]

DEFAULT_CANVAS = 15
# Engine seconds to find the picture of a level file that has no goal.
LEVEL_SOLVE_LIMIT = 4.0
# Enough to walk back through a long touch-up session; each step holds one small grid.
UNDO_LIMIT = 50


# Names Windows keeps for devices, whatever the extension: "con.non" is the console there.
_WINDOWS_DEVICES = frozenset(
    ["con", "prn", "aux", "nul", *(f"{kind}{n}" for kind in ("com", "lpt") for n in range(10))]
)


def write_in_folder(
    puzzle: Puzzle, folder: Path, path: Path | None = None, tag: str = "", named: str = ""
) -> Path:
    """Write ``puzzle`` into ``folder`` (made when missing): to ``path`` when given (the file
    saved before), else to a new file named from ``named`` or the puzzle's title, with
    ``tag`` after it (``cat-unsaved.non``), never over another file. The file written;
    OSError or ValueError (from the writer) when it cannot be."""
    folder.mkdir(parents=True, exist_ok=True)
    if path is None:
        path = free_path(folder, file_stem_for(named or puzzle.title) + tag)
    write_puzzle(puzzle, path)
    return path


def file_stem_for(title: str) -> str:
    """A file name from a title: lower case letters (accents taken off), digits and dashes
    (never one of the names Windows keeps for devices: "Con" or "Aux" is "con-puzzle")."""
    # Accents come off first: "Café" was "caf", "Über" "ber".
    plain = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode("ascii")
    stem = re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")[:48].strip("-")
    if stem in _WINDOWS_DEVICES:
        return f"{stem}-puzzle"
    return stem or "my-puzzle"


class LevelOpening:
    """A level file opened to edit its picture: the goal it stores, or else a solution.

    Reading happens at once (ValueError or OSError when the file cannot be read, ValueError
    when its size is outside what the editor takes). A file without a goal gets a
    :class:`SolveTask` for one solution that :meth:`advance` works on a slice at a time;
    :attr:`picture` is then the solution, or None with :attr:`problem` saying why.
    """

    def __init__(self, path: Path, time_limit: float = LEVEL_SOLVE_LIMIT) -> None:
        self.path = path
        self.puzzle = read_puzzle(path)
        width, height = self.puzzle.width, self.puzzle.height
        if not (MIN_SIZE <= width <= MAX_SIZE and MIN_SIZE <= height <= MAX_SIZE):
            raise ValueError(
                f"the puzzle is {self.puzzle.size_text}; the editor takes {MIN_SIZE} to "
                f"{MAX_SIZE} cells a side"
            )
        self.picture: BoolGrid | None = self.puzzle.goal_array()
        self.problem = ""
        self.task: SolveTask | None = None
        if self.picture is None:
            self.task = SolveTask(self.puzzle, max_solutions=1, time_limit=time_limit)

    @property
    def done(self) -> bool:
        return self.task is None

    def advance(self, seconds: float) -> bool:
        """Look for a picture for about ``seconds``; True once there is an answer."""
        if self.task is None:
            return True
        result = self.task.advance(seconds)
        if result is None:
            return False
        self.task = None
        if result.solutions:
            self.picture = np.asarray(result.solutions[0], dtype=bool)
        elif result.status == "none":
            self.problem = "the file has no picture and its clues admit none"
        else:
            self.problem = "the file has no picture and the solver found none in time"
        return True

    def cancel(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None
            self.problem = "cancelled"


# A touch-up on a picture: the rectangle of the picture (fractions of its width and height)
# that the painted cell covered, rounded so the same cell painted twice is one key.
PictureBox = FrameBox
# A touch-up's value: filled or empty in black and white, a swatch in colour.
Mark = bool | ColourMark
LabelGrid = npt.NDArray[np.int8]


@dataclass(frozen=True)
class _Snapshot:
    """One undo step: the drawing and the touch-ups as they were."""

    base: BoolGrid = field(compare=False)
    marks: dict[PictureBox, Mark] = field(compare=False)
    palette: PaletteEdits | None = None


def title_from_name(name: str) -> str:
    """ "chelsea_the-cat.png" -> "chelsea the cat": the title a picture starts with."""
    stem = Path(name).stem if name else ""
    # readable(): a non-UTF-8 byte of the name would make the text field's font raise.
    return readable(stem).replace("_", " ").replace("-", " ").strip()[:60]


def _cell_boxes(view: FrameBox, width: int, height: int) -> tuple[npt.NDArray[np.float64], ...]:
    """Cell edges across the picture (fractions) for a grid spanning ``view``."""
    x0, y0, x1, y1 = view
    return np.linspace(x0, x1, width + 1), np.linspace(y0, y1, height + 1)


class ConverterDocument:
    """The source options, the grid, the touch-ups and their history, and the saved file."""

    def __init__(self, size: int = DEFAULT_CANVAS) -> None:
        self.mode: Mode = "empty"
        self.converter: Converter | None = None
        self.options = ConvertOptions(width=size, height=size, method=DEFAULT_METHOD)
        self.base: BoolGrid = np.zeros((size, size), dtype=bool)
        # Touch-ups on a picture, in picture coordinates, in the order made (later wins).
        self.marks: dict[PictureBox, Mark] = {}
        # The cells the touch-ups set on the current grid, and how many lie outside it.
        self.edits: dict[CellPosition, Mark] = {}
        # In colour (options.colours 3..8 or auto): the palette as the player edited it and
        # each cell's swatch label (see game.core.create.palette_edits); None in black and white.
        self.palette_edits: PaletteEdits | None = None
        self.colour_cells: LabelGrid | None = None
        self.hidden_touchups = 0
        self.grid: BoolGrid = self.base.copy()
        # The title, and whether the player typed it for the picture now open.
        self.title = ""
        self._title_typed = False
        self.saved_path: Path | None = None
        # The file the picture came from ("" for a blank canvas), for unsaved-work questions.
        self.source_name = ""
        # Changed since it was opened or saved (an empty document never is).
        self.dirty = False
        self._undo: list[_Snapshot] = []
        self._redo: list[_Snapshot] = []

    # -- sources ----------------------------------------------------------------------------

    def open_picture(
        self,
        converter: Converter,
        *,
        photo_defaults: bool = True,
        start: dict[str, object] | None = None,
    ) -> None:
        """Convert a loaded picture; touch-ups and the frame start afresh, the method, fit,
        tone and speck cleaning start from what suits the picture (``defaults_for``: Auto
        and Fill for a photo), the size stays. The title becomes the file's name unless
        the player typed one before any picture was open."""
        typed_for_this = self._title_typed and self.mode == "empty"
        self.converter = converter
        self.source_name = converter.source.name
        self.mode = "image"
        self.marks = {}
        self.palette_edits = None
        if photo_defaults:
            # A photo with a face opens framed on it, in the grid's shape.
            # (``start``: those options, already worked out while the picture opened.)
            if start is None:
                start = defaults_for(converter.source, self.options.width, self.options.height)
            self.options = replace(self.options, **start)  # type: ignore[arg-type]
        else:
            self.options = replace(self.options, frame=None)
        self._forget_history()
        self.saved_path = None
        if not typed_for_this:
            self.title = title_from_name(converter.source.name)
            self._title_typed = False
        self._regrid()

    def type_title(self, text: str) -> None:
        """The player typed ``text`` as the title: it belongs to the picture now open."""
        self.title = text
        self._title_typed = True

    def set_title(self, text: str) -> None:
        """A title that comes with what was opened (a level file's), not typed."""
        self.title = text
        self._title_typed = False

    def start_canvas(self, picture: BoolGrid, source_name: str = "") -> None:
        """Draw on ``picture``: a blank canvas, or the picture of the level file named."""
        self.mode = "canvas"
        self.source_name = source_name
        self.converter = None
        self.marks = {}
        self._forget_history()
        self.saved_path = None
        height, width = picture.shape
        # Size alone follows the picture: the other options wait for the next picture.
        self.options = ConvertOptions(
            width=int(width),
            height=int(height),
            fit=self.options.fit,
            method=self.options.method,
            threshold=self.options.threshold,
            invert=self.options.invert,
            crop=self.options.crop,
            brightness=self.options.brightness,
            contrast=self.options.contrast,
            gamma=self.options.gamma,
            clean=self.options.clean,
        )
        self.base = np.array(picture, dtype=bool, copy=True)
        self._regrid()

    def new_canvas(self) -> None:
        """A blank canvas of the current size."""
        self.start_canvas(np.zeros((self.resolved_height, self.options.width), dtype=bool))
        self.dirty = False

    @property
    def resolved_height(self) -> int:
        """The grid's height: the picture's aspect decides it when ``keep_aspect`` is on."""
        if self.converter is not None and self.mode == "image":
            return self.converter.resolved(self.options).height
        return self.options.height

    def set_options(self, options: ConvertOptions) -> None:
        """New settings: re-grid the picture; a drawing keeps what still fits a new size."""
        old_size = (self.options.width, self.resolved_height)
        self.options = options
        new_size = (options.width, self.resolved_height)
        # A picture's touch-ups live in picture coordinates: they follow any change. A
        # drawing's cells are the picture: a new size keeps what still fits.
        if new_size != old_size and self.mode != "image":
            self._forget_history()
            width, height = new_size
            canvas = np.zeros((height, width), dtype=bool)
            keep_h, keep_w = min(height, self.base.shape[0]), min(width, self.base.shape[1])
            canvas[:keep_h, :keep_w] = self.base[:keep_h, :keep_w]
            self.base = canvas
        self._regrid()

    def _regrid(self) -> None:
        self.edits = {}
        self.hidden_touchups = 0
        self.colour_cells = None
        colour = self.mode == "image" and self.options.in_colour
        if self.mode == "image" and self.converter is not None:
            if colour:
                self._regrid_colour()
            else:
                self.base = self.converter.grid(self.options)
                self._lay_marks()
        if not colour:
            grid = self.base.copy()
            for (x, y), value in self.edits.items():
                grid[y, x] = value if isinstance(value, bool) else not value.background
            self.grid = grid
        if self.mode != "empty":
            self.dirty = True

    def _regrid_colour(self) -> None:
        """The colour cells: the picture's (as pixel-palette labels), the touch-ups laid
        over them, then the palette edits (so a merge or a drop takes touched cells too)."""
        assert self.converter is not None
        found = self.converter.colour_cells(self.options)
        pixels = self.converter.pixel_palette(self.options)
        background = found.source[0]
        edits = self.palette_edits
        if edits is None or not edits.fits(pixels.rgb, background):
            edits = self.palette_edits = PaletteEdits.fresh(pixels.rgb, background)
        labels = np.array([max(label, 0) for label in found.source], dtype=np.int8)[found.cells]
        self.base = labels != background
        self._lay_marks()
        for (x, y), value in self.edits.items():
            if isinstance(value, ColourMark):
                labels[y, x] = edits.mark_label(value)
        self.colour_cells = edits.apply(labels)
        self.grid = self.colour_cells != background

    def _view(self) -> FrameBox:
        assert self.converter is not None
        return self.converter.view_box(self.options)

    def _lay_marks(self) -> None:
        """Map the touch-ups onto the current grid's cells (see the module's docstring)."""
        height, width = self.base.shape
        xs, ys = _cell_boxes(self._view(), width, height)
        centre_x, centre_y = (xs[:-1] + xs[1:]) / 2, (ys[:-1] + ys[1:]) / 2
        colour = self.options.in_colour
        for (x0, y0, x1, y1), value in self.marks.items():
            if colour and isinstance(value, bool):
                continue  # a black-and-white touch-up waits for black and white
            columns = np.flatnonzero((centre_x >= x0) & (centre_x < x1))
            rows = np.flatnonzero((centre_y >= y0) & (centre_y < y1))
            if columns.size == 0 or rows.size == 0:
                # Smaller than a cell now: the cell under its centre, if it is in the grid.
                column = int(np.searchsorted(xs, (x0 + x1) / 2, side="right")) - 1
                row = int(np.searchsorted(ys, (y0 + y1) / 2, side="right")) - 1
                if not (0 <= column < width and 0 <= row < height):
                    self.hidden_touchups += 1
                    continue
                columns, rows = np.array([column]), np.array([row])
            for row in rows.tolist():
                for column in columns.tolist():
                    self.edits[(column, row)] = value

    def _mark_for(self, x: int, y: int) -> PictureBox:
        height, width = self.base.shape
        xs, ys = _cell_boxes(self._view(), width, height)
        box = (float(xs[x]), float(ys[y]), float(xs[x + 1]), float(ys[y + 1]))
        return tuple(round(value, 6) for value in box)  # type: ignore[return-value]

    # -- touch-ups --------------------------------------------------------------------------

    @property
    def touched(self) -> int:
        """How many cells of the converted picture the author's touch-ups set."""
        return len(self.edits) if self.mode == "image" else 0

    def begin_stroke(self) -> None:
        """Start one undo step (a drag, or Make it fair's edits); a stroke on an empty
        document draws."""
        if self.mode == "empty":
            self.start_canvas(np.zeros(self.grid.shape, dtype=bool))
        self._undo.append(_Snapshot(self.base.copy(), dict(self.marks), self.palette_edits))
        del self._undo[:-UNDO_LIMIT]
        self._redo.clear()

    def paint(self, cells: list[CellPosition], value: bool | int) -> None:
        """Set ``cells`` ((x, y) pairs) to ``value`` within the current stroke: filled or
        empty, or in colour a swatch's label (True: the first colour, False: the
        background)."""
        colour = self.colour_cells is not None and self.palette_edits is not None
        mark: Mark = bool(value)
        if colour and self.palette_edits is not None:
            mark = self._colour_mark(value)
        for x, y in cells:
            if self.mode == "image":
                box = self._mark_for(x, y)
                self.marks.pop(box, None)  # re-inserted last: the latest touch-up wins
                self.marks[box] = mark
                self.edits[(x, y)] = mark
            else:
                self.base[y, x] = bool(value)
            if isinstance(mark, ColourMark) and self.colour_cells is not None:
                self.colour_cells[y, x] = mark.label
                self.grid[y, x] = not mark.background
            else:
                self.grid[y, x] = bool(value)
        if cells:
            self.dirty = True

    def _colour_mark(self, value: bool | int) -> ColourMark:
        edits = self.palette_edits
        assert edits is not None
        swatches = edits.swatches
        if isinstance(value, bool) or value not in swatches:
            label = swatches[1] if value else edits.background
        else:
            label = int(value)
        return ColourMark(label, edits.base[label], edits.base, label == edits.background)

    @property
    def swatches(self) -> list[Swatch]:
        """The edited palette's swatches, the background first (empty in black and white)."""
        if self.palette_edits is None or self.colour_cells is None:
            return []
        return self.palette_edits.swatch_list(self.colour_cells)

    def merge_swatches(self, source: int, target: int) -> None:
        """Swatch ``source``'s cells take ``target``'s colour: one undo step.
        PaletteEditError (and nothing changed) when the palette cannot take it."""
        assert self.palette_edits is not None
        self._palette_step(self.palette_edits.merge(source, target))

    def recolour_swatch(self, label: int, rgb: tuple[int, int, int]) -> None:
        """Swatch ``label`` shows ``rgb``: one undo step."""
        assert self.palette_edits is not None
        self._palette_step(self.palette_edits.recolour(label, rgb))

    def drop_swatch(self, label: int) -> None:
        """Swatch ``label`` goes, its cells to the nearest colour left: one undo step."""
        assert self.palette_edits is not None
        self._palette_step(self.palette_edits.drop(label))

    def _palette_step(self, edits: PaletteEdits) -> None:
        self.begin_stroke()
        self.palette_edits = edits
        self._regrid()

    def _paint_edits(self, edits: tuple[Edit, ...]) -> None:
        """Make it fair's edits painted: in colour an edit's ``colour`` (a puzzle colour
        number) when it has one, else filled or empty."""
        if self.colour_cells is not None and self.palette_edits is not None:
            _, _, order = self.palette_edits.puzzle_colours(self.colour_cells)
            for edit in edits:
                number = edit.colour
                if number < 0:  # a black-and-white edit: filled or not
                    number = 1 if edit.filled and len(order) > 1 else 0
                self.paint([edit.cell], order[int(number)] if int(number) < len(order) else 0)
            return
        for value in (True, False):
            self.paint([edit.cell for edit in edits if edit.filled is value], value)

    def apply_fair(self, result: FairResult) -> bool:
        """Make it fair's edits, as one undo step like a stroke; False (and nothing
        changed, no step) when the search found no edits that make the puzzle fair."""
        if not result.found or not result.edits:
            return False
        self.begin_stroke()
        self._paint_edits(result.edits)
        return True

    def apply_offer(self, result: FairResult) -> bool:
        """The edits a Make it fair that found no fix offers (``result.partial``: fewer free
        cells, not yet one solution), as one undo step; False when it offers none."""
        if result.found or not result.partial:
            return False
        self.begin_stroke()
        self._paint_edits(result.partial)
        return True

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> bool:
        """Take back the last stroke or Make it fair; False when there is none."""
        return self._step(self._undo, self._redo)

    def redo(self) -> bool:
        """Put back the last step undone; False when there is none."""
        return self._step(self._redo, self._undo)

    def _step(self, source: list[_Snapshot], target: list[_Snapshot]) -> bool:
        if not source:
            return False
        target.append(_Snapshot(self.base.copy(), dict(self.marks), self.palette_edits))
        snapshot = source.pop()
        self.base, self.marks = snapshot.base.copy(), dict(snapshot.marks)
        self.palette_edits = snapshot.palette
        self._regrid()
        return True

    def _forget_history(self) -> None:
        self._undo.clear()
        self._redo.clear()

    # -- the result -------------------------------------------------------------------------

    def puzzle(self, title: str = "", author: str = "") -> Puzzle:
        """The puzzle as it would be saved: the grid as its goal (in colour, the colour
        cells in the edited palette), the title and the author."""
        title, author = title.strip() or "Untitled", author.strip()
        if self.colour_cells is not None and self.palette_edits is not None:
            palette, numbered, _ = self.palette_edits.puzzle_colours(self.colour_cells)
            # Played in colours a player tells apart (the cells and clues as edited).
            shown = distinct_palette(palette, numbered)
            return Puzzle.from_colour_grid(numbered, shown, title=title, author=author)
        return puzzle_from_grid(self.grid, title=title, author=author)

    def unsaved_work(self) -> str | None:
        """What would be lost by closing now, in a sentence; None when nothing would."""
        if not self.dirty or self.mode == "empty":
            return None
        if self.saved_path is not None:
            return _("The changes to {name} are not saved.").format(name=self.saved_path.name)
        if self.mode == "image" and self.source_name:
            return _("The puzzle made from {name} is not saved.").format(name=self.source_name)
        if self.source_name:
            return _("The changes to {name} are not saved.").format(name=self.source_name)
        return _("The puzzle you are drawing is not saved.")

    def save(self, folder: Path, title: str = "", author: str = "") -> Path:
        """Write the puzzle into ``folder``: the file saved before, else a new free name.

        OSError or ValueError (from the writer) when it cannot be written; nothing changes then.
        """
        path = write_in_folder(self.puzzle(title, author), folder, self.saved_path)
        self.saved_path = path
        self.dirty = False
        return path
