"""The converter: turn a picture into a puzzle, touch it up, see whether it is fair, save it.

Open a picture by dropping it on the window or with the in-game file browser (which also
opens level files, to edit their picture), or start from a blank canvas and draw. The source
and the preview grid sit side by side; every control (size, method, threshold, invert, crop,
fit) re-grids at once from the already loaded picture, which takes a few milliseconds.

Click and drag on the preview to touch up cells (left paints the opposite of the first cell,
right erases); Ctrl+Z undoes a stroke. A uniqueness check runs a few milliseconds per frame
(the solver's step generator, never a thread), so the window never freezes: the report says
whether the clues have one solution, and when they have several, the cells where two
solutions differ are hatched on the grid and "Suggest a fix" searches for one-cell edits
that make the puzzle unique (click one to apply it).

Save writes a ``.non`` with its goal picture into "My puzzles" (the user data folder, never
the install folder); Play now opens it in the play screen; Watch the solver opens the
solver replay when the build has one.
"""

from __future__ import annotations

import contextlib
import re
import tempfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
import numpy.typing as npt
import pygame

from game.core.convert import (
    DEFAULT_METHOD,
    IMAGE_SUFFIXES,
    MAX_SIZE,
    MIN_SIZE,
    SIZE_PRESETS,
    Converter,
    ConvertError,
    ConvertOptions,
    Fix,
    FixSearch,
    Report,
    UniquenessCheck,
    grid_warnings,
    puzzle_from_grid,
)
from game.core.fileio import readable
from game.core.puzzle import Puzzle
from game.ui.app import optional_scene
from game.ui.scene import Scene
from game.ui.widgets.base import FocusGroup, Widget, draw_focus_ring, radius
from game.ui.widgets.button import Button
from game.ui.widgets.dialog import DialogScene
from game.ui.widgets.file_browser import FileBrowserScene
from game.ui.widgets.picture_grid import Cell, PictureGrid
from game.ui.widgets.slider import Slider
from game.ui.widgets.stepper import NumberStepper
from game.ui.widgets.text import draw_text, fit_text, wrap_text
from game.ui.widgets.text_input import TextInput
from game.ui.widgets.toggle import Choice, Toggle

if TYPE_CHECKING:
    from game.ui.app import App

BoolGrid = npt.NDArray[np.bool_]
Mode = Literal["empty", "image", "canvas"]

# Seconds of solver work per frame: small enough to keep 60 frames a second.
CHECK_SLICE = 0.006
# Wait this long after the last change before checking, so a slider drag does not start
# (and throw away) a check on every frame.
CHECK_DELAY = 0.15
CHECK_TIME_LIMIT = 4.0
FIX_TIME_EACH = 0.4
MAX_FIX_BUTTONS = 3
DEFAULT_CANVAS = 15
LAST_FOLDER_SETTING = "converter_folder"

METHOD_LABELS = [("hsv", "HSV rule"), ("otsu", "Otsu"), ("threshold", "Threshold")]
FIT_LABELS = [("pad", "Pad"), ("stretch", "Stretch")]


def _level_suffixes() -> tuple[str, ...]:
    try:
        from game.core.packs import PUZZLE_EXTENSIONS
    except ImportError:
        return (".non",)
    return tuple(sorted(PUZZLE_EXTENSIONS))


def file_stem_for(title: str) -> str:
    """A file name from a title: lower case letters, digits and dashes."""
    stem = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
    return stem[:48] or "my-puzzle"


def free_path(folder: Path, stem: str, suffix: str = ".non") -> Path:
    """``folder/stem.non``, or ``stem-2.non``, ``stem-3.non``… if taken: never overwrite."""
    candidate = folder / f"{stem}{suffix}"
    number = 2
    while candidate.exists():
        candidate = folder / f"{stem}-{number}{suffix}"
        number += 1
    return candidate


class ConverterScene(Scene):
    """Picture -> puzzle, with live preview, touch-ups, a fairness report and saving."""

    # The app hands files dropped on the window to this scene (see App.open_dropped_file).
    accepts_drops = True

    def __init__(self, app: App, image_path: str | Path | None = None) -> None:
        super().__init__(app)
        self.mode: Mode = "empty"
        self.converter: Converter | None = None
        self.source_label = ""
        self.source_surface: pygame.Surface | None = None
        self._scaled_source: tuple[tuple[int, int], pygame.Surface] | None = None
        self.problem = ""  # why the last picture could not be opened
        # Otsu first: the HSV rule turns a drawing on tinted paper (cream, a scan) all black,
        # since the paper is more saturated than the image's mean. It stays one click away.
        self.options = ConvertOptions(
            width=DEFAULT_CANVAS, height=DEFAULT_CANVAS, method=DEFAULT_METHOD
        )
        self.base: BoolGrid = np.zeros((DEFAULT_CANVAS, DEFAULT_CANVAS), dtype=bool)
        self.edits: dict[Cell, bool] = {}  # touch-ups over a converted picture
        self.grid: BoolGrid = self.base.copy()
        self.puzzle: Puzzle = puzzle_from_grid(self.grid)
        self.undo_stack: list[tuple[BoolGrid, dict[Cell, bool]]] = []
        self.check: UniquenessCheck | None = None
        self.check_wait = 0.0
        self.report: Report | None = None
        self.fix_search: FixSearch | None = None
        self.saved_path: Path | None = None
        self.dirty = False
        self.pending_path: Path | None = None
        self._pending_drawn = False
        self._layout_size = (0, 0)
        self._build_widgets()
        self._regrid()
        if image_path is not None:
            self.open_path(Path(image_path))

    # -- widgets ----------------------------------------------------------------------------

    def _build_widgets(self) -> None:
        self.open_button = Button("Open…", self.open_browser, font_size=18)
        self.canvas_button = Button("Blank canvas", self.new_canvas, font_size=18)
        self.back_button = Button("Back", self.leave, font_size=18)
        self.width_stepper = NumberStepper(
            "Width", self.options.width, MIN_SIZE, MAX_SIZE, self._set_width
        )
        self.height_stepper = NumberStepper(
            "Height", self.options.height, MIN_SIZE, MAX_SIZE, self._set_height
        )
        self.preset_buttons = [
            Button(str(size), self._preset_setter(size), font_size=16) for size in SIZE_PRESETS
        ]
        self.aspect_toggle = Toggle("Keep aspect", False, self._set_keep_aspect, font_size=19)
        self.method_choice: Choice[str] = Choice(
            "Method", METHOD_LABELS, DEFAULT_METHOD, self._set_method, font_size=19
        )
        self.threshold_slider = Slider(
            "Threshold", 0.5, self._set_threshold, step=0.05, font_size=19
        )
        self.invert_toggle = Toggle("Invert", False, self._set_invert, font_size=19)
        self.crop_toggle = Toggle("Crop borders", False, self._set_crop, font_size=19)
        self.fit_choice: Choice[str] = Choice("Fit", FIT_LABELS, "pad", self._set_fit, font_size=19)
        self.title_input = TextInput(
            placeholder="Title", max_length=60, font_size=18, on_change=self._text_changed
        )
        self.author_input = TextInput(
            placeholder="Author", max_length=60, font_size=18, on_change=self._text_changed
        )
        self.save_button = Button("Save", self.save_clicked, primary=True, font_size=18)
        self.play_button = Button("Play now", self.play_now, font_size=18)
        self.watch_button = Button("Watch the solver", self.watch_solver, font_size=18)
        self.suggest_button = Button("Suggest a fix", self.suggest_fixes, font_size=17)
        self.fix_buttons = [
            Button("", self._fix_applier(index), font_size=16) for index in range(MAX_FIX_BUTTONS)
        ]
        self.preview = PictureGrid(
            on_paint=self._painted,
            on_stroke_start=self._stroke_started,
            on_stroke_end=self._stroke_ended,
        )
        self.controls: list[Widget] = [
            self.open_button,
            self.canvas_button,
            self.width_stepper,
            *self.preset_buttons,
            self.height_stepper,
            self.aspect_toggle,
            self.method_choice,
            self.threshold_slider,
            self.invert_toggle,
            self.crop_toggle,
            self.fit_choice,
            self.title_input,
            self.author_input,
            self.save_button,
            self.play_button,
            self.watch_button,
            self.suggest_button,
            *self.fix_buttons,
            self.back_button,
            self.preview,
        ]
        self.focus = FocusGroup(self.controls)
        self._sync_widgets()

    def _preset_setter(self, size: int) -> Callable[[], None]:
        def choose() -> None:
            self._change_options(width=size, height=size)

        return choose

    def _fix_applier(self, index: int) -> Callable[[], None]:
        return lambda: self.apply_fix(index)

    def _sync_widgets(self) -> None:
        """Enable what makes sense in the current mode and show the current values."""
        has_image = self.mode == "image"
        options = self.options
        self.aspect_toggle.value = options.keep_aspect
        self.invert_toggle.value = options.invert
        self.crop_toggle.value = options.crop
        self.threshold_slider.value = options.threshold
        self.method_choice.index = [value for value, _ in METHOD_LABELS].index(options.method)
        self.fit_choice.index = [value for value, _ in FIT_LABELS].index(options.fit)
        self.width_stepper.set_value(self.options.width, notify=False)
        self.height_stepper.set_value(self.resolved_height, notify=False)
        self.height_stepper.enabled = not (has_image and self.options.keep_aspect)
        for widget in (self.aspect_toggle, self.method_choice, self.invert_toggle,
                       self.crop_toggle, self.fit_choice):  # fmt: skip
            widget.enabled = has_image
        self.threshold_slider.enabled = has_image and self.options.method == "threshold"
        has_picture = self.mode != "empty"
        for button in (self.save_button, self.play_button, self.watch_button):
            button.enabled = has_picture
        report = self.report
        multiple = report is not None and report.status == "multiple"
        self.suggest_button.enabled = multiple and self.fix_search is None
        fixes = self.fix_search.fixes if self.fix_search is not None else []
        for index, button in enumerate(self.fix_buttons):
            if index < len(fixes):
                button.label = fixes[index].text.capitalize()
                button.enabled = True
            else:
                button.label = ""
                button.enabled = False
        self.focus.refresh()

    @property
    def resolved_height(self) -> int:
        if self.converter is not None and self.mode == "image":
            return self.converter.resolved(self.options).height
        return self.options.height

    # -- settings ---------------------------------------------------------------------------

    def _change_options(self, **changes: Any) -> None:
        old_size = (self.options.width, self.resolved_height)
        try:
            self.options = replace(self.options, **changes)
        except ConvertError as error:
            self.app.toast(str(error), error=True)
            return
        new_size = (self.options.width, self.resolved_height)
        if new_size != old_size:
            self._resize_canvas(new_size)
        self._regrid()

    def _set_width(self, value: int) -> None:
        self._change_options(width=value)

    def _set_height(self, value: int) -> None:
        self._change_options(height=value)

    def _set_keep_aspect(self, on: bool) -> None:
        self._change_options(keep_aspect=on)

    def _set_method(self, method: str) -> None:
        self._change_options(method=method)

    def _set_threshold(self, value: float) -> None:
        self._change_options(threshold=max(0.0, min(1.0, value)))

    def _set_invert(self, on: bool) -> None:
        self._change_options(invert=on)

    def _set_crop(self, on: bool) -> None:
        self._change_options(crop=on)

    def _set_fit(self, fit: str) -> None:
        self._change_options(fit=fit)

    def _text_changed(self, _text: str) -> None:
        self.dirty = self.mode != "empty"

    # -- the picture ------------------------------------------------------------------------

    def _resize_canvas(self, size: tuple[int, int]) -> None:
        """A new size: a drawing keeps what still fits; touch-ups on a picture are dropped
        (they belonged to cells of the old grid)."""
        width, height = size
        if self.mode == "image":
            self.edits = {}
            self.undo_stack.clear()
            return
        canvas = np.zeros((height, width), dtype=bool)
        keep_h, keep_w = min(height, self.base.shape[0]), min(width, self.base.shape[1])
        canvas[:keep_h, :keep_w] = self.base[:keep_h, :keep_w]
        self.base = canvas

    def _regrid(self) -> None:
        """Rebuild the grid and the puzzle from the settings and restart the check."""
        if self.mode == "image" and self.converter is not None:
            base = self.converter.grid(self.options)
            self.base = base
        grid = self.base.copy()
        height, width = grid.shape
        for (x, y), value in self.edits.items():
            if x < width and y < height:
                grid[y, x] = value
        self._set_grid(grid)

    def _set_grid(self, grid: BoolGrid) -> None:
        self.grid = grid
        self.puzzle = puzzle_from_grid(grid)
        self.preview.set_grid(grid)
        self.report = None
        self.fix_search = None
        self.check = None
        self.check_wait = CHECK_DELAY
        if self.mode != "empty":
            self.dirty = True
        self._sync_widgets()

    def open_path(self, path: Path) -> None:
        """Open a dropped or chosen file on the next frame (so "Opening…" can show first)."""
        self.pending_path = path

    def _load_pending(self) -> None:
        path = self.pending_path
        self.pending_path = None
        if path is None:
            return
        if path.suffix.lower() in _level_suffixes() and path.suffix.lower() not in IMAGE_SUFFIXES:
            self._load_level(path)
            return
        try:
            converter = Converter.open(path)
        except ConvertError as error:
            self._refuse(path, str(error))
            return
        self.converter = converter
        self.mode = "image"
        self.problem = ""
        self.edits = {}
        self.undo_stack.clear()
        self.saved_path = None
        source = converter.source
        self.source_label = (
            f"{path.name} — {source.original_size[0]}x{source.original_size[1]} {source.format}"
            + (f", first of {source.frame_count} frames" if source.frame_count > 1 else "")
        )
        rgb = np.ascontiguousarray(source.rgb)
        self.source_surface = pygame.image.frombuffer(
            rgb.tobytes(), (source.width, source.height), "RGB"
        ).copy()
        self._scaled_source = None
        if not self.title_input.text:
            # readable(): a non-UTF-8 byte of the name would make the text field's font raise.
            self.title_input.text = readable(path.stem).replace("_", " ").replace("-", " ")[:60]
            self.title_input.cursor = len(self.title_input.text)
        self._remember_folder(path.parent)
        self._regrid()

    def _refuse(self, path: Path, reason: str) -> None:
        self.problem = f"{path.name}: {reason}"
        self.app.toast(self.problem, error=True)

    def _load_level(self, path: Path) -> None:
        """A level file: edit its goal picture on the canvas (or a solution, if it has none)."""
        try:
            from game.core.formats import read_puzzle

            puzzle = read_puzzle(path)
        except (ValueError, OSError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else error
            self._refuse(path, str(reason))
            return
        if not (MIN_SIZE <= puzzle.width <= MAX_SIZE and MIN_SIZE <= puzzle.height <= MAX_SIZE):
            self._refuse(
                path,
                f"the puzzle is {puzzle.size_text}; the editor takes {MIN_SIZE} to {MAX_SIZE} "
                "cells a side",
            )
            return
        picture = puzzle.goal_array()
        if picture is None:
            from game.core.convert import _load_solver

            solver = _load_solver()
            result = solver.solve(puzzle, max_solutions=1, timeout=1.0) if solver else None
            if result is None or not result.solutions:
                self._refuse(path, "the file has no picture and the solver found none in time")
                return
            picture = np.asarray(result.solutions[0], dtype=bool)
        self._start_canvas(picture)
        self.source_label = f"{path.name} — {puzzle.size_text} puzzle"
        self.title_input.text = puzzle.title[:60]
        self.author_input.text = puzzle.author[:60]
        self._remember_folder(path.parent)
        self.dirty = False

    def new_canvas(self) -> None:
        """A blank canvas of the current size, to draw a puzzle from scratch."""
        width, height = self.options.width, self.resolved_height
        self._start_canvas(np.zeros((height, width), dtype=bool))
        self.source_label = "Blank canvas"
        self.dirty = False

    def _start_canvas(self, picture: BoolGrid) -> None:
        self.mode = "canvas"
        self.converter = None
        self.source_surface = None
        self._scaled_source = None
        self.problem = ""
        self.edits = {}
        self.undo_stack.clear()
        self.saved_path = None
        height, width = picture.shape
        self.options = ConvertOptions(
            width=int(width),
            height=int(height),
            fit=self.options.fit,
            method=self.options.method,
            threshold=self.options.threshold,
        )
        self.aspect_toggle.value = False
        self.base = np.array(picture, dtype=bool, copy=True)
        self._regrid()

    def _remember_folder(self, folder: Path) -> None:
        # A remembered folder is a convenience: never fail a load over it.
        with contextlib.suppress(Exception):
            self.app.store.set_setting(LAST_FOLDER_SETTING, str(folder))

    # -- touch-ups --------------------------------------------------------------------------

    def _stroke_started(self) -> None:
        if self.mode == "empty":
            self._start_canvas(np.zeros(self.grid.shape, dtype=bool))
            self.source_label = "Blank canvas"
        self.undo_stack.append((self.base.copy(), dict(self.edits)))
        del self.undo_stack[:-50]

    def _painted(self, cells: list[Cell], value: bool) -> None:
        for x, y in cells:
            if self.mode == "image":
                self.edits[(x, y)] = value
            else:
                self.base[y, x] = value
            self.grid[y, x] = value

    def _stroke_ended(self) -> None:
        self._set_grid(self.grid.copy())

    def undo(self) -> bool:
        if not self.undo_stack:
            return False
        base, edits = self.undo_stack.pop()
        if base.shape != self.base.shape:
            return False
        self.base, self.edits = base, edits
        self._regrid()
        return True

    # -- the report -------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.pending_path is not None and self._pending_drawn:
            self._load_pending()
            return
        if self.mode == "empty" or self.preview.painting:
            return
        if self.report is None:
            if self.check is None:
                self.check_wait -= dt
                if self.check_wait > 0:
                    return
                self.check = UniquenessCheck(self.puzzle, CHECK_TIME_LIMIT)
            if self.check.advance(CHECK_SLICE):
                self.report = self.check.report
                self.check = None
                self._sync_widgets()
        elif self.fix_search is not None and not self.fix_search.done:
            found = len(self.fix_search.fixes)
            self.fix_search.advance(CHECK_SLICE)
            if len(self.fix_search.fixes) != found or self.fix_search.done:
                self._sync_widgets()

    @property
    def checking(self) -> bool:
        return self.mode != "empty" and self.report is None

    def suggest_fixes(self) -> None:
        report = self.report
        if report is None or report.status != "multiple":
            return
        self.fix_search = FixSearch(
            self.grid, report.ambiguous_cells, max_fixes=MAX_FIX_BUTTONS, time_each=FIX_TIME_EACH
        )
        self._sync_widgets()

    def apply_fix(self, index: int) -> None:
        if self.fix_search is None or index >= len(self.fix_search.fixes):
            return
        fix: Fix = self.fix_search.fixes[index]
        self.undo_stack.append((self.base.copy(), dict(self.edits)))
        if self.mode == "image":
            self.edits[(fix.x, fix.y)] = fix.filled
        else:
            self.base[fix.y, fix.x] = fix.filled
        self._regrid()

    def hovered_fix(self) -> Fix | None:
        if self.fix_search is None:
            return None
        for index, button in enumerate(self.fix_buttons):
            pointed = button.hovered or (button.focused and self.focus.show_focus)
            if button.enabled and pointed and index < len(self.fix_search.fixes):
                return self.fix_search.fixes[index]
        return None

    # -- saving and playing -----------------------------------------------------------------

    def finished_puzzle(self) -> Puzzle:
        """The puzzle as it would be saved: the grid, the title and the author."""
        title = self.title_input.text.strip() or "Untitled"
        return puzzle_from_grid(self.grid, title=title, author=self.author_input.text.strip())

    def save_clicked(self) -> None:
        self.save()

    def save(self) -> Path | None:
        if self.mode == "empty":
            return None
        puzzle = self.finished_puzzle()
        try:
            from game.core.formats import write_puzzle

            folder = self.app.store.user_puzzles_dir()
            folder.mkdir(parents=True, exist_ok=True)
            path = self.saved_path or free_path(folder, file_stem_for(puzzle.title))
            write_puzzle(puzzle, path)
        except ImportError:
            self.app.toast("This build cannot write puzzle files.", error=True)
            return None
        except (OSError, ValueError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else error
            self.app.toast(f"Could not save the puzzle: {reason}", error=True)
            return None
        self.saved_path = path
        self.dirty = False
        self.app.toast(f"Saved to My puzzles as {path.name}")
        return path

    def play_now(self) -> None:
        if self.mode == "empty":
            return
        self.app.play_puzzle(self.finished_puzzle(), path=self.saved_path)

    def watch_solver(self) -> None:
        if self.mode == "empty":
            return
        factory = optional_scene("game.ui.scenes.replay", "ReplayScene")
        if factory is None:
            self.app.toast("Watching the solver is not available in this build yet.")
            return
        self.app.push(factory(self.app, self.finished_puzzle()))

    def open_browser(self) -> None:
        start: Path | None = None
        remembered = self.app.store.get_setting(LAST_FOLDER_SETTING, None)
        if isinstance(remembered, str) and Path(remembered).is_dir():
            start = Path(remembered)
        self.app.push(
            FileBrowserScene(
                self.app,
                self.open_path,
                start=start,
                title="Open a picture or a puzzle",
                image_suffixes=IMAGE_SUFFIXES,
                level_suffixes=_level_suffixes(),
            )
        )

    def unsaved_work(self) -> str | None:
        if not self.dirty or self.mode == "empty":
            return None
        if self.saved_path is not None:
            return f"The changes to {self.saved_path.name} are not saved."
        source = self.source_label.split(" — ")[0]
        if self.mode == "image" and source:
            return f"The puzzle made from {source} is not saved."
        if source and source != "Blank canvas":
            return f"The changes to {source} are not saved."
        return "The puzzle you are drawing is not saved."

    def leave(self) -> None:
        if self.unsaved_work() is None:
            self.app.pop()
            return

        def save_and_leave() -> None:
            if self.save() is not None:
                self.app.pop()

        self.app.push(
            DialogScene(
                self.app,
                "Leave the converter?",
                "Your puzzle is not saved.",
                [("Save and leave", save_and_leave), ("Leave", self.app.pop), ("Stay", None)],
                cancel_index=2,
            )
        )

    # -- events -----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        self._layout()
        if event.type == pygame.DROPFILE:
            self.open_path(Path(event.file))
            return True
        if event.type == pygame.KEYDOWN:
            ctrl = event.mod & pygame.KMOD_CTRL
            if event.key == pygame.K_ESCAPE:
                self.leave()
                return True
            if ctrl and event.key == pygame.K_z:
                return self.undo() or True
            if ctrl and event.key == pygame.K_s:
                self.save()
                return True
            if ctrl and event.key == pygame.K_o:
                self.open_browser()
                return True
        return self.focus.handle(event)

    # -- layout -----------------------------------------------------------------------------

    def _layout(self) -> None:
        size = self.app.screen_size
        if size == self._layout_size:
            return
        self._layout_size = size
        self._scaled_source = None
        scale = self.app.ui_scale
        width, height = size
        margin = round(20 * scale)
        gap = round(8 * scale)
        row = round(38 * scale)
        header = round(56 * scale)
        left = margin
        column = round(340 * scale)
        y = header
        half = (column - gap) // 2
        self.open_button.rect = pygame.Rect(left, y, half, row)
        self.canvas_button.rect = pygame.Rect(left + half + gap, y, half, row)
        y += row + gap * 2
        self.width_stepper.rect = pygame.Rect(left, y, column, row)
        y += row + gap // 2
        count = len(self.preset_buttons)
        chip = (column - (count - 1) * gap // 2) // count
        for index, button in enumerate(self.preset_buttons):
            button.rect = pygame.Rect(left + index * (chip + gap // 2), y, chip, round(row * 0.8))
        y += round(row * 0.8) + gap
        for widget in (self.height_stepper, self.aspect_toggle, self.method_choice,
                       self.threshold_slider, self.invert_toggle, self.crop_toggle,
                       self.fit_choice):  # fmt: skip
            widget.rect = pygame.Rect(left, y, column, row)
            y += row + gap // 2
        y += gap
        self.title_input.rect = pygame.Rect(left, y, column, row)
        y += row + gap
        self.author_input.rect = pygame.Rect(left, y, column, row)
        y += row + gap * 2
        self.save_button.rect = pygame.Rect(left, y, half, row)
        self.play_button.rect = pygame.Rect(left + half + gap, y, half, row)
        y += row + gap
        self.watch_button.rect = pygame.Rect(left, y, column, row)

        self.back_button.rect = pygame.Rect(
            width - margin - round(110 * scale), round(10 * scale), round(110 * scale), row
        )
        area_left = left + column + margin
        area = pygame.Rect(area_left, header, width - margin - area_left, height - header - margin)
        report_height = round(200 * scale)
        top_height = area.height - report_height - gap
        source_width = (area.width - gap) * 2 // 5
        self.source_rect = pygame.Rect(area.left, area.top, source_width, top_height)
        self.preview_panel = pygame.Rect(
            self.source_rect.right + gap, area.top, area.width - source_width - gap, top_height
        )
        caption = round(26 * scale)
        self.preview.rect = self.preview_panel.inflate(-2 * gap, -2 * gap - caption).move(
            0, -caption // 2
        )
        self.report_rect = pygame.Rect(area.left, area.bottom - report_height, area.width,
                                       report_height)  # fmt: skip
        inner = self.report_rect.inflate(-2 * margin, -2 * gap)
        button_width = round(300 * scale)
        button_height = round(34 * scale)
        bx = inner.right - button_width
        by = inner.top + gap
        self.suggest_button.rect = pygame.Rect(bx, by, button_width, button_height)
        for index, button in enumerate(self.fix_buttons):
            button.rect = pygame.Rect(
                bx, by + (index + 1) * (button_height + gap // 2), button_width, button_height
            )
        self.report_text_rect = pygame.Rect(
            inner.left, inner.top, inner.width - button_width - margin, inner.height
        )
        self.report_full_rect = pygame.Rect(inner)

    # -- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self._layout()
        app = self.app
        theme = app.theme
        scale = app.ui_scale
        surface.fill(theme.background)
        draw_text(surface, app, "Create a puzzle", round(28 * scale), theme.text,
                  (round(20 * scale), round(12 * scale)), bold=True)  # fmt: skip
        self._draw_source(surface)
        self._draw_preview_panel(surface)
        self._draw_report(surface)
        fix = self.hovered_fix()
        self.preview.focus_cell = (fix.x, fix.y) if fix is not None else None
        marked = self.report.ambiguous_cells if self.report is not None else ()
        if frozenset(marked) != self.preview.marked:
            self.preview.marked = frozenset(marked)
        self._draw_controls(surface)
        if self.pending_path is not None:
            self._draw_opening(surface)
            self._pending_drawn = True
        else:
            self._pending_drawn = False

    def hidden(self, widget: Widget) -> bool:
        """Report buttons show only when they can do something."""
        if widget is self.suggest_button:
            return self.report is None or self.report.status != "multiple"
        return widget in self.fix_buttons and not widget.enabled

    def _draw_controls(self, surface: pygame.Surface) -> None:
        for widget in self.controls:
            if not self.hidden(widget):
                widget.draw(surface, self.app)
        focused = self.focus.focused
        if (
            self.focus.show_focus
            and focused is not None
            and focused.enabled
            and focused is not self.preview
        ):
            draw_focus_ring(surface, self.app, focused.rect)

    def _panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        app = self.app
        pygame.draw.rect(surface, app.theme.panel, rect, border_radius=radius(app))
        pygame.draw.rect(surface, app.theme.panel_border, rect, max(1, app.theme.line_weight),
                         border_radius=radius(app))  # fmt: skip

    def _draw_source(self, surface: pygame.Surface) -> None:
        app = self.app
        theme = app.theme
        scale = app.ui_scale
        rect = self.source_rect
        self._panel(surface, rect)
        pad = round(12 * scale)
        caption = round(26 * scale)
        box = rect.inflate(-2 * pad, -2 * pad - caption).move(0, -caption // 2)
        size = round(16 * scale)
        font = app.fonts.get(size)
        if self.source_surface is not None:
            image = self._fitted_source(box.size)
            placed = image.get_rect(center=box.center)
            surface.blit(image, placed)
            if self.options.crop and self.converter is not None:
                x0, y0, x1, y1 = self.converter.source.crop_box
                factor = placed.width / self.converter.source.width
                crop = pygame.Rect(
                    placed.left + round(x0 * factor), placed.top + round(y0 * factor),
                    max(1, round((x1 - x0) * factor)), max(1, round((y1 - y0) * factor)),
                )  # fmt: skip
                pygame.draw.rect(surface, theme.accent, crop, max(2, round(2 * scale)))
        else:
            if self.mode == "canvas":
                lines = ["Draw on the grid: left button paints, right button erases.",
                         "Ctrl+Z undoes a stroke."]  # fmt: skip
            else:
                lines = ["Drop a picture on this window,", "or choose Open… to browse,",
                         "or Blank canvas to draw one."]  # fmt: skip
            if self.problem:
                lines = ["This file could not be opened:", *wrap_text(font, self.problem,
                         box.width)]  # fmt: skip
            y = box.top + box.height // 3
            colour = theme.error if self.problem else theme.text_muted
            # Wrapped, not cut: at small sizes "…right button erases" was lost.
            for line in (part for text in lines for part in wrap_text(font, text, box.width)):
                draw_text(surface, app, line, size, colour, (box.centerx, y), "midtop")
                y += font.get_linesize()
        label = self.source_label or "No picture yet"
        if self.problem and self.source_surface is not None:
            label, colour = self.problem, theme.error
        else:
            colour = theme.text_muted
        draw_text(surface, app, fit_text(font, label, rect.width - 2 * pad), size, colour,
                  (rect.centerx, rect.bottom - pad), "midbottom")  # fmt: skip

    def _fitted_source(self, size: tuple[int, int]) -> pygame.Surface:
        assert self.source_surface is not None
        if self._scaled_source is not None and self._scaled_source[0] == size:
            return self._scaled_source[1]
        width, height = self.source_surface.get_size()
        factor = min(size[0] / width, size[1] / height)
        target = (max(1, round(width * factor)), max(1, round(height * factor)))
        scaled = pygame.transform.smoothscale(self.source_surface, target)
        self._scaled_source = (size, scaled)
        return scaled

    def _draw_preview_panel(self, surface: pygame.Surface) -> None:
        app = self.app
        theme = app.theme
        scale = app.ui_scale
        self._panel(surface, self.preview_panel)
        self.preview.draw(surface, app)
        height, width = self.grid.shape
        filled = int(self.grid.sum())
        text = f"{width}x{height} puzzle, {filled} of {width * height} cells filled"
        if self.mode == "image" and self.edits:
            touched = len(self.edits)
            text += f", {touched} touched up" if touched != 1 else ", 1 touched up"
        size = round(16 * scale)
        draw_text(surface, app, text, size, theme.text_muted,
                  (self.preview_panel.centerx, self.preview_panel.bottom - round(10 * scale)),
                  "midbottom")  # fmt: skip

    def report_lines(self) -> list[tuple[str, str]]:
        """What the report panel says, as (kind, text) with kind in
        title/good/bad/info/warning."""
        if self.mode == "empty":
            hint = "Open a picture or draw one to see whether it makes a fair puzzle."
            return [("title", "Fairness report"), ("info", hint)]
        lines: list[tuple[str, str]] = [("title", "Fairness report")]
        report = self.report
        if report is None:
            dots = "." * (1 + int(self.app.time * 3) % 3)
            lines.append(("info", f"Checking whether the clues have one solution{dots}"))
        elif report.status == "unique":
            text = "✓ One solution: a fair puzzle."
            if report.stars:
                text += f"  Difficulty {'★' * report.stars}{'☆' * (5 - report.stars)}"
                if report.rating_name:
                    text += f" ({report.rating_name})"
            lines.append(("good", text))
        elif report.status == "multiple":
            count = len(report.ambiguous_cells)
            lines.append(("bad", f"✗ More than one solution: {count} cells can go either way."))
            lines.append(("info", "They are hatched on the grid. Touch them up, or ask for a fix."))
            if self.fix_search is not None:
                if not self.fix_search.done:
                    tried = f"{self.fix_search.tried} of {len(self.fix_search.candidates)}"
                    lines.append(("info", f"Looking for one-cell fixes… ({tried} tried)"))
                elif not self.fix_search.fixes:
                    lines.append(("warning", "No one-cell fix near those cells: try a bigger "
                                              "change or another size."))  # fmt: skip
                else:
                    lines.append(("info", "Click a fix to apply it (Ctrl+Z undoes it)."))
        elif report.status == "none":
            lines.append(("bad", "✗ No solution: the clues contradict each other."))
        else:
            lines.append(("warning", "? Not decided in time: the puzzle may need deep guessing."))
        if report is not None and report.status != "unknown":
            spent = report.seconds
            took = f"{spent:.1f} s" if spent >= 1 else f"{max(1, round(spent * 1000))} ms"
            lines.append(("info", f"Checked by the solver in {took}."))
        for warning in grid_warnings(self.grid):
            lines.append(("warning", f"Note: {warning}."))
        if self.saved_path is not None:
            state = "saved" if not self.dirty else "changed since saved"
            lines.append(("info", f"My puzzles/{self.saved_path.name} ({state})"))
        return lines

    def _draw_report(self, surface: pygame.Surface) -> None:
        app = self.app
        theme = app.theme
        scale = app.ui_scale
        self._panel(surface, self.report_rect)
        colours = {"title": theme.text, "good": theme.success, "bad": theme.error,
                   "info": theme.text_muted, "warning": theme.text}  # fmt: skip
        # The text keeps clear of the fix buttons only while they are shown.
        rect = self.report_full_rect if self.hidden(self.suggest_button) else self.report_text_rect
        y = rect.top + round(6 * scale)
        for kind, text in self.report_lines():
            size = round((20 if kind == "title" else 17) * scale)
            bold = kind in ("title", "good", "bad")
            font = app.fonts.get(size, bold)
            for line in wrap_text(font, text, rect.width):
                if y + font.get_linesize() > rect.bottom:
                    return
                draw_text(surface, app, line, size, colours[kind], (rect.left, y), bold=bold)
                y += font.get_linesize()
            y += round(4 * scale)

    def _draw_opening(self, surface: pygame.Surface) -> None:
        app = self.app
        scale = app.ui_scale
        name = self.pending_path.name if self.pending_path is not None else ""
        text = f"Opening {name}…"
        size = round(22 * scale)
        rendered = app.fonts.render(text, size, app.theme.toast_text)
        box = rendered.get_rect(center=self.preview_panel.center).inflate(
            round(40 * scale), round(24 * scale)
        )
        pygame.draw.rect(surface, app.theme.toast, box, border_radius=radius(app))
        surface.blit(rendered, rendered.get_rect(center=box.center))


# --------------------------------------------------------------------------- screenshots


def _photo_like(path: Path) -> Path:
    """A synthetic photo for the docs: a lighthouse on a rock under a soft sky, with noise."""
    from PIL import Image, ImageDraw, ImageFilter

    width, height = 1200, 900
    image = Image.new("RGB", (width, height))
    draw = ImageDraw.Draw(image)
    for y in range(height):
        t = y / height
        draw.line([(0, y), (width, y)], fill=(int(120 + 120 * t), int(170 + 70 * t), 235))
    draw.polygon([(0, 900), (0, 700), (250, 640), (520, 600), (800, 660), (1200, 720),
                  (1200, 900)], fill=(60, 60, 70))  # fmt: skip
    draw.polygon([(470, 640), (530, 260), (670, 260), (730, 640)], fill=(200, 40, 40))
    draw.rectangle((510, 370, 690, 420), fill=(245, 245, 245))
    draw.rectangle((490, 500, 710, 550), fill=(245, 245, 245))
    draw.rectangle((540, 180, 660, 260), fill=(40, 40, 40))
    draw.polygon([(520, 180), (600, 100), (680, 180)], fill=(40, 40, 40))
    draw.ellipse((150, 120, 300, 270), fill=(255, 240, 170))
    image = image.filter(ImageFilter.GaussianBlur(2))
    noise = np.random.default_rng(5).normal(0, 8, (height, width, 1))
    pixels = np.clip(np.asarray(image, dtype=np.float32) + noise, 0, 255).astype(np.uint8)
    Image.fromarray(pixels).save(path, quality=90)
    return path


def _settle(app: App, scene: ConverterScene, frames: int = 600) -> None:
    for _ in range(frames):
        app.step(1 / 60)
        if (
            scene.pending_path is None
            and not scene.checking
            and (scene.fix_search is None or scene.fix_search.done)
        ):
            break
    app.step(1 / 60)


def _shot_converter_photo(app: App) -> None:
    folder = Path(tempfile.mkdtemp(prefix="hanjie-shot-"))
    scene = ConverterScene(app, _photo_like(folder / "lighthouse.jpg"))
    app.push(scene)
    scene.author_input.text = "Hanjie docs"
    _settle(app, scene)
    scene._change_options(width=30, keep_aspect=True, method="otsu")
    _settle(app, scene)


CAT_WITH_A_BIRD = """
......#........
..#....#....#..
..##.......##..
..###.....###..
..###########..
.#############.
.###.#####.###.
.####.###.####.
.#############.
.######.######.
..###########..
...##.....##...
....#######....
.....#####.....
...............
"""


def _ambiguous_picture(path: Path) -> Path:
    """A cat and a little bird of two diagonal dots above it: the clues cannot tell which
    diagonal the bird is on, so the puzzle has two solutions."""
    from PIL import Image, ImageDraw

    rows = CAT_WITH_A_BIRD.split()
    cell = 24
    image = Image.new("RGB", (len(rows[0]) * cell, len(rows) * cell), (250, 244, 228))
    draw = ImageDraw.Draw(image)
    for y, row in enumerate(rows):
        for x, mark in enumerate(row):
            if mark == "#":
                colour = (70, 60, 150) if y < 2 else (60, 52, 48)
                draw.rectangle((x * cell, y * cell, x * cell + cell - 1, y * cell + cell - 1),
                               fill=colour)  # fmt: skip
    image.save(path)
    return path


def _shot_converter_ambiguous(app: App) -> None:
    folder = Path(tempfile.mkdtemp(prefix="hanjie-shot-"))
    scene = ConverterScene(app, _ambiguous_picture(folder / "cat_and_bird.png"))
    app.push(scene)
    scene.author_input.text = "Hanjie docs"
    _settle(app, scene)
    scene._change_options(width=15, height=15)
    _settle(app, scene)
    if scene.report is not None and scene.report.status == "multiple":
        scene.suggest_fixes()
        _settle(app, scene, frames=1200)
        if scene.fix_buttons[0].enabled:
            position = scene.fix_buttons[0].rect.center
            app.feed(
                pygame.event.Event(pygame.MOUSEMOTION, pos=position, rel=(0, 0), buttons=(0, 0, 0))
            )
    app.step(1 / 60)


SCREENSHOTS = {
    "converter_photo": _shot_converter_photo,
    "converter_ambiguous": _shot_converter_ambiguous,
}
