"""The converter screen: turn a picture into a puzzle, touch it up, see whether it is fair, save it.

Open a picture by dropping it on the window or with the in-game file browser (which also
opens level files, to edit their picture), or start from a blank canvas and draw. Every
control (size, method, threshold, invert, crop, fit) re-grids at once from the loaded picture.
Drag on the preview to touch up cells (left paints the opposite of the first cell, right
erases); Ctrl+Z undoes a stroke, Ctrl+Y (or Ctrl+Shift+Z) redoes it. What is edited is a
:class:`~game.core.create.editor.ConverterDocument`; this scene holds events, layout and drawing.

Solving never blocks a frame: the uniqueness check, Make it fair and finding the picture
of a level file that has none are :class:`~game.core.solver.task.SolveTask` work advanced
``CHECK_SLICE`` seconds a frame. When the clues have several solutions, the cells that can
go either way are hatched and "Make it fair" looks for a few edits that make it unique.
Save writes a ``.non`` with its picture into "My puzzles" (asking first when ambiguous);
opening over changed work asks first. Play now and Watch the solver open on it. A puzzle
file opened here keeps its picture (and its title, which may name it) under a veil until
"Show the picture" is pressed: Play now plays it blind (issue 35, no spoilers).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
import pygame

from game.core.convert.converter import Converter
from game.core.convert.load import MAX_SIZE, MIN_SIZE, ConvertError
from game.core.convert.options import DEFAULT_METHOD, LEVEL_METHODS, SIZE_PRESETS, ConvertOptions
from game.core.create.editor import (
    ConverterDocument,
    Mode,
    write_in_folder,
)
from game.core.create.fairness import Report
from game.core.create.file_opening import EditorFiles, NotOpened, OpenedLevel, OpenedPicture
from game.core.generate.files import played_copy
from game.core.i18n import N_, _
from game.core.puzzle import Puzzle
from game.core.solver.steps import CellPosition
from game.ui.input import Action, Input, Kind
from game.ui.opening import PlayContext
from game.ui.scene import EditorScene
from game.ui.scenes.converter.colours import ConverterColours
from game.ui.scenes.converter.drawing import draw_opening, draw_preview_panel, draw_source
from game.ui.scenes.converter.fairness import CHECK_SLICE, ConverterFairness
from game.ui.scenes.converter.framing import PhotoSide, follow_auto_frame
from game.ui.scenes.play.exits import ambiguity_notice
from game.ui.scenes.shared.editor.layout import converter_places
from game.ui.scenes.shared.editor.leaving import leave_or_ask, toast_save_failed
from game.ui.scenes.shared.editor.panels import (
    FIT_LABELS,
    METHOD_LABELS,
    SourceView,
    draw_problem,
)
from game.ui.widgets.base import FocusGroup, Widget, draw_focus_ring
from game.ui.widgets.button import Button, share_row
from game.ui.widgets.dialog import DialogAction, DialogScene
from game.ui.widgets.file_browser import FileBrowserScene
from game.ui.widgets.picture_grid import PictureGrid
from game.ui.widgets.picture_veil import PictureVeil
from game.ui.widgets.slider import Slider
from game.ui.widgets.stepper import NumberStepper
from game.ui.widgets.text import draw_text
from game.ui.widgets.text_input import TextInput
from game.ui.widgets.toggle import Selector, Toggle

# Seconds of opening work a frame: a step of the opening (a decode, Auto's next candidate)
# is begun only while the frame has spent less than this on it.
OPEN_SLICE = 0.003

if TYPE_CHECKING:
    from game.ui.app import App

BoolGrid = npt.NDArray[np.bool_]

LAST_FOLDER_SETTING = "converter_folder"


class ConverterScene(EditorScene):
    """Picture -> puzzle, with live preview, touch-ups, a fairness report and saving."""

    def __init__(self, app: App, image_path: str | Path | None = None) -> None:
        super().__init__(app)
        self.document = ConverterDocument()
        self.source_label = ""
        self.source_view = SourceView()
        # What went wrong last (a file that could not be opened, a save that failed), shown
        # whole over the picture's foot until the player's next action.
        self.problem = ""
        self.problem_lines: list[str] = []  # the problem as last drawn over a picture
        self._shown: ConvertOptions | None = None  # the settings the document opened with
        self.puzzle: Puzzle = self.document.puzzle()
        self.fairness = ConverterFairness(self)
        # The file being opened, a slice a frame (a picture decoded and its defaults worked
        # out; a level's picture read, or a solution looked for).
        self.files = EditorFiles()
        # The folder a picture came from, saved to the settings on a frame of its own (the
        # save writes and syncs the progress file: 7-13 ms on the frame a picture appeared).
        self._folder_to_remember: Path | None = None
        self._pending_drawn = False
        self.colour_part = ConverterColours(self)  # the Colours control and the palette
        self._build_widgets()
        # Where everything goes: a value for the window's size (see layout.converter_places).
        self.places = converter_places(1.0, (0, 0), len(self.preset_buttons))
        self.grid_changed()
        if image_path is not None:
            self.open_path(Path(image_path))

    @property
    def mode(self) -> Mode:
        """What is open: ``empty``, ``image`` or ``canvas`` (the document's mode)."""
        return self.document.mode

    @property
    def converter(self) -> Converter | None:
        """The loaded picture, in ``image`` mode."""
        return self.document.converter

    @property
    def report(self) -> Report | None:
        """The fairness report of the current grid; None while it is worked out."""
        return self.fairness.report

    # -- widgets ----------------------------------------------------------------------------

    def _build_widgets(self) -> None:
        options = self.document.options
        self.photo = PhotoSide(self._change_options)
        # "Open" when "Open…" does not fit (800x600 showed "Ope...", QA).
        self.open_button = Button(
            N_("Open…"), self.open_browser, font_size=18, short_label=N_("Open")
        )
        self.canvas_button = Button(N_("Blank canvas"), self.new_canvas, font_size=18)
        self.back_button = Button(N_("Back"), self.leave, font_size=18)
        self.clues_button = Button(N_("Type clues…"), self.type_clues, short_label=N_("Clues…"))
        # The three ways to start share one row: smaller type keeps their labels whole.
        for button in (self.open_button, self.canvas_button, self.clues_button):
            button.font_size = 16
        self.width_stepper = NumberStepper(
            N_("Width"), options.width, MIN_SIZE, MAX_SIZE, self._setter("width")
        )
        self.height_stepper = NumberStepper(
            N_("Height"), options.height, MIN_SIZE, MAX_SIZE, self._setter("height")
        )
        self.preset_buttons = [
            Button(str(size), self._preset_setter(size), font_size=16) for size in SIZE_PRESETS
        ]
        self.aspect_toggle = Toggle(
            N_("Keep aspect"), False, self._setter("keep_aspect"), font_size=19
        )
        self.method_choice: Selector[str] = Selector(
            N_("Method"), METHOD_LABELS, DEFAULT_METHOD, self._setter("method"), font_size=19
        )
        self.threshold_slider = Slider(
            N_("Level"), 0.5, self._setter("threshold"), step=0.05, font_size=19
        )
        self.invert_toggle = Toggle(N_("Invert"), False, self._setter("invert"), font_size=19)
        self.crop_toggle = Toggle(N_("Crop borders"), False, self._setter("crop"), font_size=19)
        self.fit_choice: Selector[str] = Selector(
            N_("Fitting"), FIT_LABELS, "pad", self._setter("fit"), font_size=19
        )
        self.title_input = TextInput(
            placeholder=N_("Title"), max_length=60, font_size=18, on_change=self._title_typed
        )
        self.author_input = TextInput(
            placeholder=N_("Author"), max_length=60, font_size=18, on_change=self._text_changed
        )
        self.save_button = Button(N_("Save"), self.save_clicked, primary=True, font_size=18)
        self.play_button = Button(N_("Play now"), self.play_now, font_size=18)
        self.watch_button = Button(N_("Watch the solver"), self.watch_solver, font_size=18)
        self.fair_button = self.fairness.fair_button
        self.preview = PictureGrid(
            on_paint=self._painted,
            on_stroke_start=self._stroke_started,
            on_stroke_end=self._stroke_ended,
        )
        self.veil = PictureVeil(self._picture_unveiled)
        # In reading order: Tab walks the left column, the report's buttons, then the grid
        # (or the veil over it, drawn after it).
        self.controls: list[Widget] = [
            self.open_button, self.canvas_button, self.clues_button,
            self.width_stepper, *self.preset_buttons,
            self.height_stepper, self.aspect_toggle, *self.colour_part.widgets,
            self.method_choice, self.threshold_slider,
            self.invert_toggle, self.crop_toggle, self.fit_choice, *self.photo.widgets,
            self.title_input,
            self.author_input, self.save_button, self.play_button, self.watch_button,
            *self.fairness.widgets, self.back_button, self.preview, self.veil,
        ]  # fmt: skip
        self.focus = FocusGroup(self.controls)
        self.sync_widgets()

    def _preset_setter(self, size: int) -> Callable[[], None]:
        def choose() -> None:
            self._change_options(width=size, height=size)

        return choose

    def sync_widgets(self) -> None:
        """Enable what makes sense in the current mode and show the current values."""
        document = self.document
        has_image = document.mode == "image"
        # The settings as the player set them: while colours are worked out for new ones,
        # those (a second click on Height + counts from the first's height, not the shown
        # grid's: five fast clicks moved 15 to 16).
        options = self.colour_part.pending or document.options
        self.aspect_toggle.value = options.keep_aspect
        self.invert_toggle.value = options.invert
        self.crop_toggle.value = options.crop
        level, converter = options.threshold, document.converter
        if has_image and options.method == "auto" and converter and not options.in_colour:
            level = converter.choice(options).level  # greyed, it shows the level Auto uses
        self.threshold_slider.value = level
        self.method_choice.index = [value for value, _ in METHOD_LABELS].index(options.method)
        self.fit_choice.index = [value for value, _ in FIT_LABELS].index(options.fit)
        self.width_stepper.set_value(options.width, notify=False)
        height = document.resolved_height
        if self.colour_part.pending is not None and document.converter is not None:
            height = document.converter.resolved(options).height
        self.height_stepper.set_value(height, notify=False)
        self.height_stepper.enabled = not (has_image and options.keep_aspect)
        for widget in (self.aspect_toggle, self.method_choice, self.invert_toggle,
                       self.crop_toggle, self.fit_choice):  # fmt: skip
            widget.enabled = has_image
        self.threshold_slider.enabled = has_image and options.method in LEVEL_METHODS
        self.photo.sync(document)
        self.colour_part.sync()
        for control in self.controls:  # the palette takes the method's rows in colour
            if self.colour_part.hides(control):
                control.enabled = False
        has_picture = document.mode != "empty"
        for button in (self.save_button, self.play_button, self.watch_button):
            button.enabled = has_picture
        # A hidden picture cannot be touched up, nor its title (which may name it) edited.
        self.preview.enabled = self.title_input.enabled = not self.veil.hidden
        self.fairness.sync()
        self.focus.refresh()

    # -- settings ---------------------------------------------------------------------------

    def _change_options(self, **changes: Any) -> None:
        follow_auto_frame(self.document, changes)
        try:
            options = replace(self.colour_part.pending or self.document.options, **changes)
        except ConvertError as error:
            self.problem = str(error)
            self.app.toast(self.problem, error=True)
            return
        if self.colour_part.defer(options):  # its colours are found over the next frames
            self.sync_widgets()
            return
        self.document.set_options(options)
        self.grid_changed()

    def _setter(self, name: str) -> Callable[[object], None]:
        """A control's callback: set the option ``name`` to the control's value."""

        def set_option(value: object) -> None:
            if name == "threshold" and isinstance(value, float):
                value = max(0.0, min(1.0, value))  # a slider may overshoot its ends
            self._change_options(**{name: value})

        return set_option

    def _title_typed(self, text: str) -> None:
        self.document.type_title(text)  # typed for this picture: a new one resets it
        self._text_changed(text)

    def _text_changed(self, _text: str) -> None:
        self.document.dirty = self.document.mode != "empty"

    # -- the picture ------------------------------------------------------------------------

    def grid_changed(self) -> None:
        """The document's grid is new: show it and start a fresh check (after a pause)."""
        grid = self.document.grid
        self.puzzle = self.document.puzzle()
        colours = self.colour_part
        self.preview.set_grid(grid, colours=colours.cell_colours())
        self.preview.stroke_rgb = colours.stroke_rgb()
        self.preview.max_cell = None
        if self.preview.colours is not None:  # as large as play will show it, no larger
            self.preview.max_cell = colours.game_cell(self.puzzle.row_clues,
                                                      self.puzzle.column_clues)  # fmt: skip
        self.fairness.reset()
        self.sync_widgets()

    def open_path(self, path: Path) -> None:
        """Open a dropped or chosen file on the next frame (so "Opening…" can show first)."""
        self.files.open(path)

    @property
    def opening(self) -> bool:
        """A file is waiting to open, or its picture is being decoded or looked for."""
        return self.files.busy

    def _advance_opening(self) -> None:
        """A slice of the file's opening (as every solve is worked: in one go a photo froze
        the screen for 100-200 ms, benchmarks/frame_time.py converter), then what it came to."""
        opened = self.files.advance(self.document.options, OPEN_SLICE, CHECK_SLICE)
        if isinstance(opened, NotOpened):
            self._refuse(opened.path, opened.reason)
        elif isinstance(opened, OpenedPicture):
            path, converter = opened.path, opened.converter
            # The defaults worked out for the size the document had when the file was chosen.
            same = (opened.options.width, opened.options.height) == (
                self.document.options.width,
                self.document.options.height,
            )
            start = opened.start if same else None
            self._replace_work(
                _("Open {name}?").format(name=path.name),
                lambda: self._show_picture(path, converter, start),
            )
        elif isinstance(opened, OpenedLevel):
            level = opened
            self._replace_work(
                _("Open {name}?").format(name=level.path.name),
                lambda: self._show_level(level.path, level.puzzle, level.picture),
            )

    def _show_picture(
        self, path: Path, converter: Converter, start: dict[str, object] | None = None
    ) -> None:
        self.veil.lift()
        self.document.open_picture(converter, start=start)
        self.problem = ""
        source = converter.source
        self.source_label = (
            f"{path.name} — {source.original_size[0]}x{source.original_size[1]} {source.format}"
            + (
                _(", first of {count} frames").format(count=source.frame_count)
                if source.frame_count > 1
                else ""
            )
        )
        self.source_view.show(source.rgb)
        self.photo.show(source.rgb)
        if self.document.title != self.title_input.text:  # the title follows the picture
            self.title_input.text = self.document.title[:60]
            self.title_input.cursor = len(self.title_input.text)
        self._remember_folder(path.parent)
        self.grid_changed()

    def _refuse(self, path: Path, reason: str) -> None:
        self.problem = f"{path.name}: {reason}"
        self.app.toast(self.problem, error=True)
        if path.parent.is_dir():  # Open… starts there again, to choose another of its files
            self._remember_folder(path.parent)

    def _show_level(self, path: Path, puzzle: Puzzle, picture: BoolGrid) -> None:
        self._forget_source()
        self.veil.hide()  # a puzzle file: its picture is the answer
        self.document.start_canvas(picture, source_name=path.name)
        self.grid_changed()
        self.source_label = _("{name} — {size} puzzle").format(
            name=path.name, size=puzzle.size_text
        )
        self.title_input.text = puzzle.title[:60]
        self.document.set_title(self.title_input.text)
        self.author_input.text = puzzle.author[:60]
        self._remember_folder(path.parent)
        self.document.dirty = False

    def _picture_unveiled(self) -> None:
        self.sync_widgets()
        self.focus.focus_widget(self.preview)

    def new_canvas(self) -> None:
        """A blank canvas of the current size, to draw a puzzle from scratch."""
        self._replace_work(_("Start a blank canvas?"), self._show_blank_canvas)

    def _show_blank_canvas(self) -> None:
        self._forget_source()
        self.veil.lift()
        self.document.new_canvas()
        self.source_label = N_("Blank canvas")
        self.grid_changed()

    def type_clues(self) -> None:
        """The clue editor, for a puzzle copied from a book: it starts at this screen's size
        and Back returns here with the picture untouched."""
        options = self.document.options
        self.app.router.clue_editor(options.width, options.height)

    def _replace_work(self, title: str, show: Callable[[], None]) -> None:
        """Show a new picture, level or canvas; ask first whenever it would replace work not
        saved, the same question every time (it was asked only after touch-ups or changed
        settings, so a plain conversion went without a word, QA). A file that fails to open
        replaces nothing, so never asks."""

        def show_then_note() -> None:
            show()
            self._shown = self.document.options

        if self.unsaved_work() is None:
            return show_then_note()

        def save_then_show() -> None:
            if self.save() is not None:
                show_then_note()

        choices: list[tuple[str, DialogAction]] = [(_("Save and open"), save_then_show),
                   (_("Open without saving"), show_then_note), (_("Cancel"), None)]  # fmt: skip
        text = f"{self._unsaved_text()} " + _("Opening another replaces it.")
        self.app.push(DialogScene(self.app, title, text, choices, cancel_index=2))

    def _unsaved_text(self) -> str:
        """What is not saved, and that it would be saved ambiguous (asked once only)."""
        text = self.unsaved_work() or ""
        report = self.fairness.report
        if self.fairness.ambiguous and report is not None:
            text += " " + _(
                "Its clues have more than one solution ({free}): saved as it is, "
                "My puzzles marks it Ambiguous."
            ).format(free=report.free_text)
        return text

    def _forget_source(self) -> None:
        self.source_view.show(None)
        self.photo.show(None)
        self.problem = ""

    def _remember_folder(self, folder: Path) -> None:
        self._folder_to_remember = folder  # saved by the next frame's update

    def _save_folder(self) -> None:
        folder, self._folder_to_remember = self._folder_to_remember, None
        # A remembered folder is a convenience: never fail a load over it.
        with contextlib.suppress(Exception):
            self.app.store.set_setting(LAST_FOLDER_SETTING, str(folder))

    # -- touch-ups --------------------------------------------------------------------------

    def _stroke_started(self) -> None:
        if self.document.mode == "empty":
            self._forget_source()
            self.source_label = N_("Blank canvas")
        self.document.begin_stroke()
        self.sync_widgets()

    def _painted(self, cells: list[CellPosition], value: bool) -> None:
        self.document.paint(cells, self.colour_part.paint_value(value))

    def _stroke_ended(self) -> None:
        self.grid_changed()

    def undo(self) -> bool:
        if self.colour_part.busy:  # after the colours under way, in the order asked
            self.colour_part.when_ready(self.undo)
            return True
        return self._after_history(self.document.undo())

    def redo(self) -> bool:
        if self.colour_part.busy:
            self.colour_part.when_ready(self.redo)
            return True
        return self._after_history(self.document.redo())

    def _after_history(self, changed: bool) -> bool:
        if changed:
            self.grid_changed()
        return changed

    # -- the report -------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self._folder_to_remember is not None:
            self._save_folder()
            return
        files = self.files
        if files.busy and (files.pending is None or self._pending_drawn):
            self._advance_opening()
            return
        if self.document.mode == "empty" or self.preview.painting:
            return
        if self.colour_part.busy:
            self.colour_part.update()
            return
        self.fairness.update(dt)

    def wake_in(self) -> float | None:
        """0 while a file opens or the fairness check or "make it fair" works (a slice a
        frame); the caret's next blink while a text field has the focus; otherwise still."""
        if self.opening or self.colour_part.busy:
            return 0.0
        if self.document.mode != "empty" and self.fairness.busy:
            return 0.0
        if any(field.focused for field in (self.title_input, self.author_input)):
            return 0.5 - self.app.time % 0.5
        return None

    @property
    def checking(self) -> bool:
        return self.fairness.checking

    def make_fair(self) -> None:
        """Start Make it fair (the report's button)."""
        self.fairness.make_fair()

    # -- saving and playing -----------------------------------------------------------------

    def finished_puzzle(self) -> Puzzle:
        """The puzzle as it would be saved: the grid, the title and the author."""
        return self.document.puzzle(self.title_input.text, self.author_input.text)

    def save_clicked(self) -> None:
        """Save, asking first when the puzzle has more than one solution."""
        if self.document.mode != "empty":
            self.fairness.confirm_save(self.save)

    def save(self) -> Path | None:
        if self.document.mode == "empty":
            return None
        try:
            folder = self.app.store.user_puzzles_dir()
            path = self.document.save(folder, self.title_input.text, self.author_input.text)
        except (OSError, ValueError) as error:
            self.problem = toast_save_failed(self.app, error)
            return None
        self.app.toast(_("Saved to My puzzles as {name}").format(name=path.name))
        return path

    def play_now(self) -> None:
        if self.document.mode == "empty":
            return
        context: PlayContext[Puzzle] = PlayContext(
            editor=self, notice=ambiguity_notice(self.fairness.report)
        )
        puzzle, path = self.finished_puzzle(), self.document.saved_path
        if path is None:  # a file of its own, so its game can be continued like any other
            with contextlib.suppress(OSError, ValueError):
                path = played_copy(self.app.store, puzzle)
        self.app.play_puzzle(puzzle, path, context)

    def watch_solver(self) -> None:
        if self.document.mode == "empty":
            return
        self.app.router.replay(self.finished_puzzle())

    def open_browser(self) -> None:
        start: Path | None = None
        if self._folder_to_remember is not None:
            self._save_folder()
        remembered = self.app.store.get_setting(LAST_FOLDER_SETTING, None)
        if isinstance(remembered, str) and Path(remembered).is_dir():
            start = Path(remembered)
        self.app.push(
            FileBrowserScene(
                self.app,
                self.open_path,
                start=start,
                title=N_("Open a picture or a puzzle"),
                into="editor",
            )
        )

    def unsaved_work(self) -> str | None:
        return self.document.unsaved_work()

    def keep_unsaved(self) -> str | None:
        folder = self.app.store.user_puzzles_dir()
        path = write_in_folder(self.finished_puzzle(), folder, tag="-unsaved")
        kept = _("It was kept in My puzzles as {name}.").format(name=path.name)
        return f"{self.unsaved_work()} {kept}"

    def leave(self) -> None:
        leave_or_ask(
            self.app,
            self.unsaved_work(),
            _("Leave the converter?"),
            self._unsaved_text(),
            self.save,
        )

    # -- events -----------------------------------------------------------------------------

    def handle(self, event: Input) -> bool:
        if event.kind in (Kind.PRESS, Kind.POINTER_DOWN, Kind.DROP):
            self.problem = ""  # said until the next action
        if self.colour_part.picker.handle(event):  # the recolour picker, while it is open
            return True
        if event.kind is Kind.DROP:
            self.open_path(Path(event.text))
            return True
        if event.kind is Kind.PRESS:
            if event.pressed(Action.BACK):
                if self.fairness.stop_fair():  # Esc stops Make it fair before leaving
                    return True
                self.leave()
                return True
            if event.pressed(Action.REDO):
                return self.redo() or True
            if event.pressed(Action.UNDO):
                return self.undo() or True
            if event.pressed(Action.SAVE):
                self.save_clicked()
                return True
            if event.pressed(Action.OPEN):
                self.open_browser()
                return True
        return self.focus.handle(event)

    # -- layout -----------------------------------------------------------------------------

    def arrange(self, size: tuple[int, int]) -> None:
        self.places = places = converter_places(self.app.ui_scale, size, len(self.preset_buttons))
        for widget, rect in (
            (self.back_button, places.back), (self.open_button, places.open),
            (self.canvas_button, places.canvas), (self.clues_button, places.clues),
            (self.width_stepper, places.width), (self.height_stepper, places.height),
            (self.aspect_toggle, places.aspect), (self.method_choice, places.method),
            (self.threshold_slider, places.level), (self.invert_toggle, places.invert),
            (self.crop_toggle, places.crop), (self.fit_choice, places.fit),
            (self.title_input, places.title), (self.author_input, places.author),
            (self.save_button, places.save), (self.play_button, places.play),
            (self.watch_button, places.watch), (self.preview, places.preview),
            (self.veil, places.preview),
            *zip(self.preset_buttons, places.presets, strict=True),
        ):  # fmt: skip
            widget.rect = rect
        starts = [self.open_button, self.canvas_button, self.clues_button]
        share_row(self.app, starts, places.open.union(places.clues), places.gap)
        self.source_view.forget_scaling()
        self.photo.arrange(places.source, places.scale)
        self.fairness.arrange(places.report, places.scale, places.margin, places.gap)
        self.colour_part.arrange(places, size)

    # -- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        theme = app.theme
        scale = app.ui_scale
        surface.fill(theme.background)
        draw_text(surface, app, _("Create a puzzle"), round(28 * scale), theme.text,
                  (round(20 * scale), round(12 * scale)), bold=True)  # fmt: skip
        draw_source(self, surface)
        draw_preview_panel(self, surface)
        self.fairness.draw(surface)
        marked = self.fairness.marked_cells()
        if frozenset(marked) != self.preview.marked:
            self.preview.marked = frozenset(marked)
        self._draw_controls(surface)
        if not self.veil.hidden:
            self.fairness.draw_changed(surface)
        self.problem_lines = []
        if self.problem and (
            self.photo.view.image is not None or self.source_view.image is not None
        ):
            self.problem_lines = draw_problem(surface, app, self.places.source, self.problem)
        self.colour_part.draw(surface)
        if self.opening:
            draw_opening(self, surface)
            self._pending_drawn = True
        else:
            self._pending_drawn = False

    def hidden(self, widget: Widget) -> bool:
        """Report buttons show only when they can do something."""
        if self.colour_part.hides(widget):
            return True
        if widget in self.photo.widgets:
            return self.photo.hidden(widget)
        if widget is self.title_input:
            return self.veil.hidden
        return self.fairness.hidden(widget)

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

    def report_lines(self) -> list[tuple[str, str]]:
        """What the report panel says (see :meth:`ConverterFairness.report_lines`)."""
        return self.fairness.report_lines()
