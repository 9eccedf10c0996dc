"""The play screen: paint a puzzle with the mouse or the keyboard until the picture appears.

The scene turns pixels into cells (the viewport's layout) and mouse buttons and keys into the
plain inputs of ``game.core.play.strokes``, whose pen decides the move; the session applies it and
says what changed; ``game.core.play.advice`` says what a check or a hint finds. What is drawn
around the board is ``play_chrome``'s. One drag is one ``Paint`` move, so one undo step.

Mouse: left fills, right crosses, middle or Shift+left clears; a drag paints a line (see
``game.core.play.strokes`` for what a stroke does to the marks it meets). Keyboard: arrows move the
cursor; Space or Z fills, X crosses, C / Backspace / Delete clear; holding one of those keys
while pressing arrows keeps painting, and Shift+arrows repeats the last mark while moving.
Ctrl+Z undo, Ctrl+Y or Ctrl+Shift+Z redo, T trial mode, K keep trial, D drop trial, V check,
H hint (S shows its reasoning), +/- zoom, 0 fit, P or Tab the side panel, Esc pause. A drag with
the middle button, or with the left while Space is held, moves the view.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.core.board import Cell
from game.core.i18n import N_, _
from game.core.play.moves import ClearAll, CommitTrial, DiscardTrial, Move, Paint
from game.core.play.session import Change, Session
from game.core.play.strokes import Drag, Pen
from game.core.puzzle import Puzzle
from game.core.store.packs import PackPlace, shown_name, title_of
from game.ui.input import Input, Kind
from game.ui.layout import BoardLayout, Box, PlayRegions, compute_play_regions
from game.ui.scene import Scene
from game.ui.scenes.play.checking import UNIQUENESS_SLICE, PlayChecks
from game.ui.scenes.play.chrome import ClueLooks, PlayChrome
from game.ui.scenes.play.exits import PlayExits
from game.ui.scenes.play.hint import HintShow
from game.ui.scenes.play.input import PlayInput
from game.ui.scenes.play.opening_check import OpeningCheck
from game.ui.scenes.play.palette_bar import PaletteBar
from game.ui.scenes.play.rail import PlayRail
from game.ui.scenes.play.ui import PlayUI, PlayView
from game.ui.scenes.play.viewport import BoardViewport
from game.ui.scenes.shared.play.shell import PlayShell
from game.ui.settings import AUTO_CHECK, AUTO_CROSS, COLOUR_SYMBOLS, PLAY_PANEL
from game.ui.widgets.grid_view import Flash, GridView
from game.ui.widgets.minimap import MiniMap
from game.ui.widgets.win_reveal import BUTTONS_AT, REVEAL_SECONDS

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scenes.replay.scene import ReplayScene

__all__ = ["REVEAL_SECONDS", "PlayScene"]

FLASH_SECONDS = 1.8  # how long wrong marks blink after a check
SMALL_CELL = 12  # below this many pixels a cell is hard to hit: the player is told of zoom
PAN_STEP = 0.4  # a pan button moves the view by this share of the cells in view
# After a win the reveal, the title and the buttons come in for this long: frames every tick.
WIN_ANIMATION_SECONDS = BUTTONS_AT + 0.2

_SOUND_OF_STATE: dict[int, str] = {
    Cell.UNKNOWN: "clear",
    Cell.CROSSED: "cross",
    Cell.TRIAL_CROSSED: "cross",
}


class PlayScene(PlayShell[Move, Change, Session]):
    """One nonogram being played (the shell does saving, the clock and the win).

    ``next_puzzles`` are offered in turn after a win: each a ``Puzzle``, a path to a puzzle
    file, or a ``(puzzle, path)`` pair. ``pack`` names the pack it came from; ``place`` is
    its place in a bundled pack, which names it until it is solved
    (``game.core.store.packs.shown_name``). ``editor`` is the converter or clue editor whose
    Play started the game (under it on the stack): the pause menu and the win offer "Back to
    the editor". ``notice`` is shown from the start (an ambiguous puzzle says so)."""

    def __init__(
        self,
        app: App,
        puzzle: Puzzle,
        path: Path | str | None = None,
        pack: str | None = None,
        next_puzzles: Sequence[object] = (),
        place: PackPlace | None = None,
        editor: Scene | None = None,
        notice: str = "",
        check_file: bool = False,
    ) -> None:
        self.editor = editor
        self.ui = PlayUI()  # the screen's UI state (game.ui.scenes.play.ui)
        self.puzzle = puzzle
        self.pack = pack
        self.place = place
        self.next_puzzles = tuple(next_puzzles)
        file = Path(path) if path is not None else None
        super().__init__(app, puzzle.fingerprint(), title_of(puzzle, file), file)
        self.input = PlayInput(self)  # the pen and what is held down
        self.set_ui(
            trial_mode=self.session.board.has_trial(),
            show_errors=bool(self.app.setting(AUTO_CHECK)),
        )
        # The bar of a colour puzzle (the colour a fill paints is the UI value's).
        self.palette_bar = PaletteBar(self, puzzle.colours) if puzzle.colour_palette else None
        self.hint_show = HintShow(self)  # the teaching hint's cells and its "show me"
        self.solved_before = bool(self.app.store.record(self.key).solved)
        self.checks = PlayChecks(self, puzzle)  # check, hint and "is the goal the only answer?"
        # A file opened blind: does any picture fit, or two? (a slice a frame)
        self.opening_check = OpeningCheck(self) if check_file else None
        self._size = (0, 0)
        # The solver's replay opened from this game, until it is closed (note_solver_view).
        self.solver_view: ReplayScene | None = None
        self.exits = PlayExits(self)
        self.chrome = PlayChrome(self, puzzle)  # the panel and its buttons
        self.win_note = ""  # under the win buttons: where the next game is
        self.play_buttons = self.chrome.buttons.playing()
        if self.editor is not None:
            # A puzzle of the player's own making: the way on is back to making it (an
            # editor's puzzle is in no list, so there is no next one).
            self.next_button.primary = False
            self.win_buttons = [self.chrome.buttons.editor, self.levels_button, self.menu_button]
        self.rail = PlayRail(self)
        size = self.app.screen_size
        self.regions: PlayRegions = compute_play_regions(
            *size, panel=self.panel_wanted, share=self.app.interface_share
        )
        self.viewport = BoardViewport(puzzle, self.regions)
        self.grid_view = GridView(puzzle, self.app.theme, self.app.fonts, self.layout)
        self.minimap = MiniMap(
            puzzle.width,
            puzzle.height,
            self.app.theme,
            Box(0, 0, 1, 1),
            puzzle.colour_palette,
        )
        self.sync_symbols()
        self.looks = ClueLooks(self, puzzle, self.grid_view)
        self._build(size)
        self.looks.sync()
        lines = [notice] if notice else []
        if self.layout.cell < SMALL_CELL or self.layout.scrollable:
            lines.append(
                _(
                    "A big puzzle: the buttons beside the board zoom and scroll (so do + and -, "
                    "the wheel, and a drag with the middle button or Space held); P hides this "
                    "panel to give it room."
                )
            )
        if lines:
            self.set_message(" ".join(lines), "info")
        if notice and not self.regions.panel_shown:
            self.app.toast(notice)  # the message lives in the hidden panel
        if self.session.solved:
            # Only a puzzle with nothing to fill is solved before the first move.
            self.record_win()

    @property
    def layout(self) -> BoardLayout:
        return self.viewport.layout

    @property
    def pen(self) -> Pen:
        """What a press, a drag or a held mark does (the input's)."""
        return self.input.pen

    @property
    def drag(self) -> Drag | None:
        """The drag in progress, if any (the pen's)."""
        return self.pen.drag

    def drop_stroke(self) -> None:
        """Call off the stroke under way: nothing of it is painted or previewed."""
        self.pen.cancel_drag()
        self.set_ui(preview=None, drag_count=0)

    # --- the shell's hooks -------------------------------------------------------------

    def apply(self, move: Move, sound: str | None = None) -> bool:
        # The option as it is now (Options may have changed it while the game was open).
        self.session.auto_cross = bool(self.app.setting(AUTO_CROSS))
        return super().apply(move, sound)

    def fresh_game(self) -> Session:
        return Session(self.puzzle)

    def read_game(self, data: object) -> Session:
        return Session.from_json(self.puzzle, data)

    @property
    def size_text(self) -> str:
        return self.puzzle.size_text

    def sound_of(self, move: object) -> str:
        return _SOUND_OF_STATE.get(move.state, "fill") if isinstance(move, Paint) else "fill"

    def has_next(self) -> bool:
        # The last puzzle of a pack goes on to the next pack's first unsolved puzzle.
        following = (
            None if self.next_puzzles or self.editor is not None else self.exits.find_next_pack()
        )
        self.next_button.label = N_("Next puzzle") if following is None else N_("Next pack")
        return bool(self.next_puzzles) or following is not None

    def next_puzzle(self) -> None:
        self.exits.next_puzzle()

    def go_level_select(self) -> None:
        self.exits.go_level_select()

    def go_menu(self) -> None:
        self.exits.go_menu()

    def go_on(self) -> None:
        if self.editor is not None:
            self.exits.back_to_editor()  # the primary button
        else:
            super().go_on()

    def go_back(self) -> None:
        # Back where the player came from: their editor, else the level select.
        if self.editor is not None:
            self.exits.back_to_editor()
        else:
            self.go_level_select()

    def before_pause(self) -> None:
        self.drop_stroke()

    def pause_extras(self) -> dict[str, Callable[[], None]]:
        return {"editor": self.exits.back_to_editor} if self.editor is not None else {}

    # --- scene life ----------------------------------------------------------------------------

    def on_exit(self) -> None:
        # Covered (a dialog, the replay) or gone: the key ups go to the scene on top, so
        # nothing may stay held down here. Only the top scene is updated, so the buttons
        # are brought up to date now: a dialog shows the game below as it was left.
        self.pen.let_go()
        self.input.let_go()
        self.chrome.update_buttons()
        self.save()

    def on_quit(self) -> None:
        self.save()

    # --- layout --------------------------------------------------------------------------------

    def sync_symbols(self) -> None:
        """Colour-blind symbols on or off as the option (or the theme) says, with room made
        for them beside the clue numbers."""
        view = self.grid_view
        view.set_symbols(bool(self.app.setting(COLOUR_SYMBOLS)))
        self.minimap.set_symbols(view.symbols)
        if self.viewport.set_marks(view.symbols):
            view.set_layout(self.layout)

    def arrange(self, size: tuple[int, int]) -> None:
        if (
            size != self._size
            or self.panel_wanted != self.regions.panel_shown
            or self.regions.scale != self._regions_scale(size)
        ):
            self._build(size)

    def _regions_scale(self, size: tuple[int, int]) -> float:
        """The regions' scale for ``size`` now (the interface size may have changed)."""
        return compute_play_regions(
            *size, panel=self.panel_wanted, share=self.app.interface_share
        ).scale

    def _build(self, size: tuple[int, int]) -> None:
        self._size = size
        self.regions = compute_play_regions(
            *size, panel=self.panel_wanted, share=self.app.interface_share
        )
        self.viewport.set_regions(self.regions)
        self.grid_view.set_layout(self.layout)
        self.chrome.show(self.play_view())
        self.chrome.place()
        self.rail.place()
        self.rail.update()

    @property
    def panel_wanted(self) -> bool:
        """The side panel shows unless the player hid it; after a win it always shows (it
        holds the result and the way on)."""
        return bool(self.app.setting(PLAY_PANEL)) or self.win is not None

    def toggle_panel(self) -> None:
        """Hide the side panel (and the help line) to give the board their room, or show it
        again. Remembered for the next game."""
        if self.win is not None:
            return
        self.app.set_setting(PLAY_PANEL, not self.app.setting(PLAY_PANEL))
        self._build(self._size)

    def board_centre(self) -> tuple[int, int]:
        """The middle of the cells in view: where the zoom buttons zoom about."""
        return self.layout.cells_view.centre

    def zoom_centre(self, steps: int) -> None:
        """Zoom about the middle of the view (the rail's buttons)."""
        self.zoom(steps, self.board_centre())

    def pan_step(self, dx: int, dy: int) -> None:
        """Move the view a good part of its size in direction (dx, dy) (the rail's arrows)."""
        view = self.layout.cells_view
        self.scroll_by(round(dx * view.w * PAN_STEP), round(dy * view.h * PAN_STEP))

    def zoom(self, steps: int, anchor: tuple[int, int] | None = None) -> None:
        """Zoom in (steps > 0) or out, keeping the point under ``anchor`` (default: the
        cursor) where it is."""
        if anchor is None or self.layout.cell_at(anchor) is None:
            anchor = self.layout.cell_box(*self.cursor).centre
        if self.viewport.zoom(steps, anchor):
            self.grid_view.set_layout(self.layout)
            self.rail.update()

    def scroll_by(self, dx: int, dy: int) -> bool:
        """Move the view over a board too big for it; True when it moved."""
        moved = self.viewport.scroll_by(dx, dy)
        self.grid_view.set_layout(self.layout)
        self.rail.update()
        return moved

    def _show_cell(self, x: int, y: int) -> None:
        if self.viewport.show_cell(x, y):
            self.grid_view.set_layout(self.layout)
            self.rail.update()

    def show_cell(self, x: int, y: int) -> None:
        """Scroll, when needed, so that cell (x, y) is in view."""
        self._show_cell(x, y)

    def fit(self) -> None:
        """Back to the zoom at which the whole board fits."""
        self.viewport.fit()
        self.grid_view.set_layout(self.layout)
        self.rail.update()

    def at_board_edge(self, pos: tuple[int, int]) -> bool:
        """``pos`` is where a stroke held there scrolls a zoomed board."""
        return self.viewport.at_edge(pos)

    def edge_scroll(self, pos: tuple[int, int], dt: float) -> bool:
        """Scroll a zoomed board for ``dt`` seconds of a stroke held at ``pos`` near its
        edge; True when it moved."""
        if not self.viewport.edge_scroll(pos, dt):
            return False
        self.grid_view.set_layout(self.layout)
        self.rail.update()
        return True

    # --- events -------------------------------------------------------------------------------

    def handle(self, event: Input) -> bool:
        return self.input.handle(event)

    def rail_pointer(self, event: Input) -> bool:
        """A pointer event for the buttons beside the board; True when one took a press."""
        return self.rail.handle(event)

    def palette_input(self, event: Input) -> bool:
        """A press, a wheel or a key for a colour puzzle's bar; True when it took it."""
        bar = self.palette_bar
        if bar is None:
            return False
        if event.kind is Kind.PRESS:
            return bar.handle_key(event)
        return bar.handle(event)

    def panel_pointer(self, event: Input) -> bool:
        """A pointer event for the panel's buttons and the hint's "Show me": motion moves
        their hover (and is not taken), a press is taken by the first that wants it."""
        if event.kind is Kind.POINTER_MOVE:
            self.hint_show.handle(event)
            for button in self.play_buttons:
                button.handle(event)
            return False
        return self.hint_show.handle(event) or any(b.handle(event) for b in self.play_buttons)

    def show_me(self) -> None:
        """The hint's reasoning played on the board (S, or "Show me")."""
        self.hint_show.play()

    # --- moves --------------------------------------------------------------------------------

    def changed(self, change: Change | None = None) -> None:
        """Follow a change of the board. ``change`` None: the board was changed straight
        through the session (screenshots, benchmarks), so no line sound."""
        if change is not None and (change.completed_rows or change.completed_columns):
            self.app.sounds.play("line")
        self.hint_line = None
        if self.message_kind == "hint":
            self.message = ""
        if not self.app.setting(AUTO_CHECK):
            self.show_errors = False
            self.checks.pending = False  # a check asked for spoke of the board as it was
            if self.message_kind == "error":
                self.set_message("", "info")
        self.looks.sync()
        if not self.session.solved and self.app.setting(AUTO_CHECK):
            self.check(quiet=True)

    def toggle_trial(self) -> None:
        self.trial_mode = not self.trial_mode
        self.pen.new_mode()
        if not self.trial_mode:
            self.set_message(_("Trial mode off."), "info")
            return
        # The two buttons as they read now: "Keep trial (K)", "Keep trial (RS→)" after a pad.
        buttons = self.chrome.buttons
        self.set_message(
            _(
                "Trial mode on: marks are orange (fill) and light blue (cross). "
                "{keep} makes them real, {drop} erases them."
            ).format(keep=buttons.keep.text(self.app), drop=buttons.drop.text(self.app)),
            "info",
        )

    def keep_trial(self) -> None:
        if self.apply(CommitTrial()):
            self.trial_mode = False
            self.set_message(_("Trial marks kept as real marks."), "info")

    def drop_trial(self) -> None:
        if self.apply(DiscardTrial()):
            self.trial_mode = False
            self.set_message(_("Trial marks dropped."), "info")

    def toggle_auto_check(self) -> None:
        value = not bool(self.app.setting(AUTO_CHECK))
        self.app.set_setting(AUTO_CHECK, value)
        self.show_errors = value
        self.looks.refresh()
        if value:
            self.check(quiet=True)

    # --- check and hint ----------------------------------------------------------------------

    def check(self, quiet: bool = False, again: bool = False) -> None:
        """Show broken lines, and wrong marks once the answer is known (``PlayChecks``)."""
        self.checks.check(quiet, again)

    def hint(self) -> None:
        """The most instructive deduction from the player's marks (``PlayChecks``)."""
        self.checks.hint()

    def set_message(self, text: str, kind: str = "info") -> None:
        self.message = text
        self.message_kind = kind

    # --- win -------------------------------------------------------------------------------------

    def won(self) -> None:
        self.win_note = self.exits.win_note()
        self.pen.let_go()
        self.set_ui(trial_mode=False, flash=Flash(), hint_line=None, preview=None, drag_count=0)
        if not self.regions.panel_shown:
            self._build(self._size)  # the result and its buttons are in the panel

    # --- restart and names ----------------------------------------------------------------------

    def ask_reset(self) -> None:
        self.exits.ask_reset()

    def back_to_editor(self) -> None:
        self.exits.back_to_editor()

    def open_solver(self) -> None:
        self.exits.open_solver()

    def reset(self) -> None:
        self.trial_mode = False
        self.apply(ClearAll())

    def restarted(self) -> None:
        self.drop_stroke()
        self.set_ui(
            trial_mode=False,
            flash=Flash(),
            hint_line=None,
            show_errors=bool(self.app.setting(AUTO_CHECK)),
        )
        self.looks.sync(again=True)

    def shown_name(self) -> str:
        """What the puzzle is called on screen: its place in the pack until it is solved."""
        solved = self.solved_before or self.win is not None
        return shown_name(self.title, self.place, solved)

    # --- frame ------------------------------------------------------------------------------------

    @property
    def answer_known(self) -> bool:
        """The goal picture is known to be the puzzle's only answer (the solver said so), so
        marks can be judged against it."""
        return bool(self.checks.unique)

    def answer_was_shown(self) -> bool:
        self.note_solver_view()
        return self.session.answer_shown

    def note_solver_view(self) -> None:
        """Once the solver's replay opened from this game is closed, remember whether it
        showed the answer to the end (the game then earns no best time, issue 46)."""
        view = self.solver_view
        if view is None or view in self.app.scenes:
            return
        self.solver_view = None
        if view.finished and not self.session.answer_shown:
            self.session.answer_shown = True
            self.keeper.save_soon()

    # --- the UI value -----------------------------------------------------------------------

    def play_view(self) -> PlayView:
        """What the chrome draws now besides the UI value and the game."""
        return PlayView(
            puzzle=self.puzzle,
            regions=self.regions,
            layout=self.layout,
            grid_view=self.grid_view,
            minimap=self.minimap,
            palette_bar=self.palette_bar,
            hint_show=self.hint_show,
            title=self.title,
            place=self.place,
            pack=self.pack,
            solved_before=self.solved_before,
            paused=self.paused,
            win=self.win,
            win_buttons=tuple(self.win_buttons),
            win_note=self.win_note,
        )

    def set_ui(self, **changes: object) -> None:
        """The UI value with ``changes`` (field names of ``PlayUI``)."""
        self.ui = replace(self.ui, **changes)  # type: ignore[arg-type]

    @property
    def show_cursor(self) -> bool:
        return self.ui.show_cursor

    @show_cursor.setter
    def show_cursor(self, value: bool) -> None:
        self.ui = replace(self.ui, show_cursor=value)

    @property
    def cursor(self) -> tuple[int, int]:
        return self.ui.cursor

    @cursor.setter
    def cursor(self, value: tuple[int, int]) -> None:
        self.ui = replace(self.ui, cursor=value)

    @property
    def trial_mode(self) -> bool:
        return self.ui.trial_mode

    @trial_mode.setter
    def trial_mode(self, value: bool) -> None:
        self.ui = replace(self.ui, trial_mode=value)

    @property
    def colour(self) -> int:
        return self.ui.colour

    @colour.setter
    def colour(self, value: int) -> None:
        self.ui = replace(self.ui, colour=value)

    @property
    def flash(self) -> Flash:
        return self.ui.flash

    @property
    def hint_line(self) -> tuple[str, int] | None:
        return self.ui.hint_line

    @hint_line.setter
    def hint_line(self, value: tuple[str, int] | None) -> None:
        self.ui = replace(self.ui, hint_line=value)

    @property
    def show_errors(self) -> bool:
        return self.ui.show_errors

    @show_errors.setter
    def show_errors(self, value: bool) -> None:
        self.ui = replace(self.ui, show_errors=value)

    @property
    def hover_row(self) -> int | None:
        return self.ui.hover_row

    @property
    def hover_column(self) -> int | None:
        return self.ui.hover_column

    @property
    def drag_count(self) -> int:
        return self.ui.drag_count

    def known_unique(self) -> None:
        """The solver found the goal to be the only answer (the file's opening check)."""
        self.checks.known_unique()

    @property
    def file_name(self) -> str:
        return self._path.name if self._path is not None else ""

    def update(self, dt: float) -> None:
        self.note_solver_view()
        if self.opening_check is not None and self.opening_check.running:
            self.opening_check.advance(UNIQUENESS_SLICE)
        self.tick_game(dt, hands_busy=self.pen.busy)
        self.checks.tick()
        flash = self.ui.flash
        if flash.cells:
            age = self.ui.flash_age + dt
            fade = 1.0 - age / FLASH_SECONDS
            if fade <= 0:
                self.set_ui(flash=Flash(), flash_age=age)
            else:
                strength = fade * (0.55 + 0.45 * math.cos(age * 9.0))
                self.set_ui(flash=Flash(flash.cells, strength), flash_age=age)
        self.hint_show.tick(dt)
        self.input.tick(dt)
        self.chrome.show(self.play_view())
        self.chrome.update_buttons()
        self.rail.update()

    def wake_in(self) -> float | None:
        """0 while something moves by itself (a flash, the win reveal, a hint's "show me", the
        uniqueness check a check waits for, a drag scrolling at the board's edge); else the
        time until the clock shows its next second, or None with the clock stopped."""
        animating = (
            bool(self.ui.flash.cells)
            or (self.win is not None and self.win.age < WIN_ANIMATION_SECONDS)
            or self.hint_show.animating
            or self.checks.working
            or (self.opening_check is not None and self.opening_check.running)
            or self.input.edge_scrolling
        )
        if animating:
            return 0.0
        return self.clock_wake()

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        view = self.grid_view
        view.set_theme(theme)
        self.sync_symbols()
        self.minimap.set_theme(theme)
        self.chrome.show(self.play_view())
        surface.blit(self.chrome.compose(surface.get_size()), (0, 0))
        self.chrome.draw_board(surface)
        if self.palette_bar is not None and not self.paused:
            self.palette_bar.draw_at_cursor(surface)
        self.rail.draw(surface)
        self.chrome.draw_drag_counter(surface)
        if self.focus_lost and self.win is None and self.app.top is self:
            self.chrome.draw_paused_banner(surface)
