"""The nonogram play screen's frame around the board: the header, the side panel (mini-map,
buttons, the message, the result after a win), the help line, the paused banner, and how
the clue strips look (greyed, done, in error).

:class:`PlayChrome` only shows what the scene hands it: the UI value, the game and a
:class:`~game.ui.scenes.play.ui.PlayView` (the widgets, the header's facts, the win) given each
frame, never the scene's own fields. Once a frame it makes each part's look
(``game.ui.scenes.shared.play.frame``), and the frame's cache draws a part again only when its look
changed, so a frame costs one blit for all of it; the board and its clue strips are the grid
view's (``game.ui.widgets.grid_view``).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import pygame

from game.core.board import shown_colours
from game.core.i18n import N_, _
from game.core.palette import ColourClue
from game.core.play.moves import Move
from game.core.play.session import Change, Session
from game.core.rating import size_label
from game.core.solver.hints import placed_runs
from game.core.store.packs import shown_name
from game.ui.input import Action
from game.ui.input.prompts import PLAY_PAD_ONE_COLOUR
from game.ui.layout import Box, intersect
from game.ui.scenes.shared.play import frame
from game.ui.settings import AUTO_CHECK, CLUE_GREYING, MINIMAP
from game.ui.widgets.base import radius
from game.ui.widgets.button import Button
from game.ui.widgets.grid_view import ClueLook, changed_lines
from game.ui.widgets.win_reveal import REVEAL_SECONDS, title_appear

if TYPE_CHECKING:
    from game.core.puzzle import Puzzle
    from game.ui.scenes.play.scene import PlayScene
    from game.ui.scenes.play.ui import PlayView
    from game.ui.widgets.grid_view import GridView


HELP_LONG = N_(
    "Left: fill · Right: cross · Shift+click: clear · Drag: a line · "
    "Middle- or Space+drag: move the view · Arrows: move · Space/Z fill · X cross · C clear · "
    "Ctrl+Z/Y undo/redo · +/− zoom · P panel · Esc pause"
)
HELP_SHORT = N_(
    "Left fill · Right cross · Shift+click clear · Middle/Space+drag view · "
    "Arrows, Space/Z, X, C · Ctrl+Z/Y · +/− zoom · P panel · Esc pause"
)
# At 800x600 the short line lost its end ("… P panel · Esc p…", QA). Esc pause leads
# everywhere else, so this one keeps it and leaves out zooming (the buttons beside the
# board say + and − too).
HELP_TINY = N_(
    "Left fill · Right cross · Shift+click clear · Middle/Space+drag view · "
    "Arrows, Space/Z, X, C · Ctrl+Z/Y · P panel · Esc pause"
)


@dataclass(frozen=True)
class PanelButtons:
    """The side panel's buttons: the game's actions while it is played, and the way back to
    the editor a game started from one offers after the win."""

    undo: Button
    redo: Button
    trial: Button
    keep: Button
    drop: Button
    check: Button
    hint: Button
    auto: Button
    reset: Button
    solve: Button
    pause: Button
    editor: Button

    @classmethod
    def make(cls, scene: PlayScene) -> PanelButtons:
        size = 17
        return cls(
            undo=Button(N_("Undo"), scene.undo, font_size=size, prompt=Action.UNDO),
            redo=Button(N_("Redo"), scene.redo, font_size=size, prompt=Action.REDO),
            trial=Button(
                N_("Trial mode (T)"), scene.toggle_trial, font_size=size, prompt=Action.TRIAL
            ),
            keep=Button(
                N_("Keep trial (K)"),
                scene.keep_trial,
                font_size=size,
                short_label=N_("Keep (K)"),
                prompt=Action.KEEP_TRIAL,
            ),
            drop=Button(
                N_("Drop trial (D)"),
                scene.drop_trial,
                font_size=size,
                short_label=N_("Drop (D)"),
                prompt=Action.DROP_TRIAL,
            ),
            check=Button(N_("Check (V)"), scene.check, font_size=size, prompt=Action.CHECK),
            hint=Button(N_("Hint (H)"), scene.hint, font_size=size, prompt=Action.HINT),
            auto=Button(N_("Auto-check: off"), scene.toggle_auto_check, font_size=size),
            reset=Button(N_("Reset"), scene.ask_reset, font_size=size),
            # It opens the solver's replay (the game waits), it does not fill the board in.
            solve=Button(
                N_("Watch the solver"), scene.open_solver, font_size=size, short_label=N_("Solver")
            ),
            pause=Button(N_("Pause (Esc)"), scene.open_pause, font_size=size, prompt=Action.PAUSE),
            editor=Button(
                N_("Back to the editor"), scene.back_to_editor, primary=True, font_size=20
            ),
        )

    def rows(self) -> list[list[Button]]:
        """The buttons as the panel stacks them, one or two a row."""
        return [
            [self.undo, self.redo],
            [self.trial],
            [self.keep, self.drop],
            [self.check, self.hint],
            [self.auto],
            [self.solve],  # a row of its own: "Watch the solver" says what it does
            [self.reset, self.pause],
        ]

    def playing(self) -> list[Button]:
        """The buttons shown while the game is played, in the order Tab would take them."""
        return [button for row in self.rows() for button in row]


class PlayChrome(frame.ShellChrome[Move, Change, Session]):
    """Places and draws everything on the play screen but the board, for one scene. It
    makes and owns the panel's buttons (:class:`PanelButtons`)."""

    helps = (HELP_LONG, HELP_SHORT, HELP_TINY)

    def __init__(self, scene: PlayScene, puzzle: Puzzle) -> None:
        super().__init__(scene)
        self.scene = scene
        self.buttons = PanelButtons.make(scene)
        if puzzle.colour_palette is None:
            self.pad_help = PLAY_PAD_ONE_COLOUR  # the help line offers no colours to choose
        self.message_box = Box(0, 0, 0, 0)
        self.panel_top = 0
        self.column = Box(0, 0, 0, 0)  # the panel's column of buttons (beside the map)
        self._view: PlayView | None = None

    def show(self, view: PlayView) -> None:
        """What to draw from now on besides the UI value and the game (the scene hands it
        over each frame, and before placing the panel)."""
        self._view = view

    @property
    def view(self) -> PlayView:
        assert self._view is not None, "the scene hands its view before the chrome draws"
        return self._view

    # --- placing -----------------------------------------------------------------------

    def place(self) -> None:
        """Lay the side panel out: the mini-map, the buttons in rows, the message below."""
        view = self.view
        app = self.scene.app
        panel = view.regions.side_panel
        pad = view.regions.padding
        if not view.regions.panel_shown:
            # Hidden: nothing of it may be hit, and the mini-map has no room.
            for button in [*self.buttons.playing(), *view.win_buttons]:
                button.rect = pygame.Rect(0, 0, 0, 0)
            view.minimap.set_area(Box(panel.x, panel.y, 1, 1))
            self.message_box = Box(panel.x, panel.y, 0, 0)
            return
        x, width = panel.x + pad, panel.w - 2 * pad
        y = panel.y + pad
        if view.regions.panel_below:
            # Under the board: the mini-map on the left, the buttons in a column beside it.
            side = min(panel.h - 2 * pad, round(width * 0.35))
            view.minimap.set_area(Box(x, y, side, side))
            if app.setting(MINIMAP):
                x, width = x + side + pad, width - side - pad
        else:
            map_box = Box(x, y, width, min(width, round(panel.h * 0.28)))
            view.minimap.set_area(map_box)
            if app.setting(MINIMAP):
                y = view.minimap.box.bottom + pad
        if view.palette_bar is not None:
            y = view.palette_bar.place(x, y, width) + pad
        self.panel_top = y
        row_h = app.scaled(36)
        gap = app.scaled(8)
        y = frame.place_button_rows(self.buttons.rows(), x, y, width, row_h, gap)
        self.message_box = Box(x, y + gap, width, max(0, panel.bottom - y - gap - pad))
        self.column = Box(x - pad, panel.y, width + 2 * pad, panel.h)
        # After a win the same space holds the result and three buttons.
        self.place_win_buttons(x, self.panel_top + app.scaled(100), width, gap)

    def update_buttons(self) -> None:
        """Labels and enabled states from the session and the settings."""
        scene, buttons = self.scene, self.buttons
        session = scene.session
        has_trial = session.board.has_trial()
        buttons.undo.enabled = session.can_undo
        buttons.redo.enabled = session.can_redo
        trial = scene.ui.trial_mode
        buttons.trial.label = N_("Trial mode: on (T)") if trial else N_("Trial mode: off (T)")
        buttons.trial.primary = trial
        buttons.keep.enabled = has_trial
        buttons.drop.enabled = has_trial
        auto = bool(scene.app.setting(AUTO_CHECK))
        buttons.auto.label = N_("Auto-check: on") if auto else N_("Auto-check: off")
        buttons.auto.primary = auto
        buttons.reset.enabled = bool(session.can_undo or session.board.known_mask().any())

    def win_area(self) -> Box:
        """Under the board the result stands beside the mini-map, in the buttons' column."""
        if self.view.regions.panel_below:
            return self.column
        return self.view.regions.side_panel

    # --- the looks -----------------------------------------------------------------------

    def header(self, fade: int) -> tuple[str, str, str]:
        view = self.view
        name = shown_name(view.title, view.place, view.solved_before or fade > 0)
        where = view.place.label if view.place is not None else _(view.pack or "")  # "" stays ""
        # "Daily puzzle 2026-11-29 · 25x20 · Daily puzzle" said its pack twice.
        shown_where = where and not name.startswith(where)
        # Its size and what the size costs ("40x30 · long"), beside the pack.
        details = size_label(view.puzzle) + (f" · {where}" if shown_where else "")
        return name, details, self.scene.session.count_text()

    def win_look(self, extra: str = "", note: str = "") -> frame.WinLook | None:
        extra = extra or self.scene.session.helps_text()
        return super().win_look(extra, note or self.view.win_note)

    def panel_extra(self) -> Hashable:
        view = self.view
        # The mini-map (when shown) and, on a big board, the part of it in view.
        return (
            bool(self.scene.app.setting(MINIMAP)),
            (*view.layout.scroll, view.layout.cell),
            self.scene.ui.colour,
            view.grid_view.symbols,
        )

    def win_appear(self) -> float:
        """0 -> 1 as the title and the result panel fade in, as the reveal's wave ends."""
        win = self.view.win
        return 0.0 if win is None else title_appear(win.age)

    # --- the parts ---------------------------------------------------------------------

    def win_top(self) -> int:
        return self.panel_top

    def draw_panel_top(self, surface: pygame.Surface) -> None:
        view = self.view
        if view.palette_bar is not None and view.win is None:
            view.palette_bar.draw(surface)
        if not self.scene.app.setting(MINIMAP):
            return
        if view.paused:
            # The board is hidden while paused; the map would show it all the same.
            view.minimap.draw_blank(surface)
        else:
            view.minimap.set_won(view.win is not None)
            view.minimap.draw(surface, self.scene.session.board)
            if view.layout.scrollable:
                self._draw_view_frame(surface)

    def draw_panel_body(self, surface: pygame.Surface) -> None:
        box = self.message_box
        if self.view.hint_show.hint is not None:  # "Show me" sits at the box's bottom
            button = self.scene.app.scaled(32) + self.scene.app.scaled(4)
            box = Box(box.x, box.y, box.w, max(0, box.h - button))
        frame.draw_message(surface, self.scene.app, box, self.message_look())

    def _draw_view_frame(self, surface: pygame.Surface) -> None:
        """Outline on the mini-map the part of a big board that is in view."""
        shown = self.view
        layout, box, per = shown.layout, shown.minimap.box, shown.minimap.per_cell
        view = layout.cells_view
        first_x = max(0, (view.x - layout.left) // layout.cell)
        first_y = max(0, (view.y - layout.top) // layout.cell)
        last_x = min(layout.columns, -(-(view.right - layout.left) // layout.cell))
        last_y = min(layout.rows, -(-(view.bottom - layout.top) // layout.cell))
        frame = pygame.Rect(
            box.x + first_x * per,
            box.y + first_y * per,
            max(1, (last_x - first_x) * per),
            max(1, (last_y - first_y) * per),
        )
        pygame.draw.rect(surface, self.scene.app.theme.accent, frame, 2)

    # --- over the board ----------------------------------------------------------------

    def draw_board(self, surface: pygame.Surface) -> None:
        """The board with the scene's cursor, flash, hint, win reveal and highlighted lines
        (those of the clue under the pointer, else the cursor's); an empty frame while paused:
        a stopped clock must not buy free thinking time."""
        scene, shown = self.scene, self.view
        ui = scene.ui
        view, win = shown.grid_view, shown.win
        overlays = view.overlays
        overlays.cursor = ui.cursor
        overlays.show_cursor = ui.show_cursor and win is None
        overlays.preview = ui.preview
        overlays.flash = ui.flash
        line = ui.hint_line
        overlays.hint_row = line[1] if line and line[0] == "row" else None
        overlays.hint_column = line[1] if line and line[0] == "column" else None
        overlays.reveal = None if win is None else min(1.0, win.age / REVEAL_SECONDS)
        if ui.hover_row is not None or ui.hover_column is not None:
            view.highlight_row, view.highlight_column = ui.hover_row, ui.hover_column
        else:
            view.highlight_row, view.highlight_column = ui.cursor[1], ui.cursor[0]
        if not shown.paused:
            view.draw(surface, scene.session.board)
            shown.hint_show.draw(surface)
            return
        board = self.paused_plate()
        surface.fill(scene.app.theme.background, board)
        pygame.draw.rect(
            surface, scene.app.theme.panel_border, board, 1, border_radius=radius(scene.app)
        )

    def paused_plate(self) -> Box:
        """The empty frame shown for the board while paused: the board with a small margin,
        kept inside the board's area (a zoomed board reaches far past the panel and footer)."""
        layout = self.view.layout
        plate = layout.outer_box.inset(-4)
        return plate if layout.view is None else intersect(plate, layout.view)

    def draw_drag_counter(self, surface: pygame.Surface) -> None:
        """The length of the stroke under way, in a small tag beside the pointer (Picross
        shows "5" while five cells are dragged), so a long run is counted without squinting."""
        scene = self.scene
        count = scene.ui.drag_count
        if count < 1 or self.view.paused:
            return
        app, theme = scene.app, scene.app.theme
        text = app.fonts.render(str(count), app.scaled(20), theme.toast_text, True)
        pad = app.scaled(6)
        rect = text.get_rect()
        back = rect.inflate(pad * 2, pad)
        back.w = max(back.w, back.h)  # a round tag for one digit, a pill for more
        x, y = app.mouse_pos
        offset = app.scaled(18)
        back.topleft = (x + offset, y + offset)
        # Kept on screen: near the right or bottom edge it goes to the other side.
        width, height = surface.get_size()
        if back.right > width:
            back.right = x - offset
        if back.bottom > height:
            back.bottom = y - offset
        pygame.draw.rect(surface, theme.toast, back, border_radius=back.h // 2)
        surface.blit(text, text.get_rect(center=back.center))

    def draw_paused_banner(
        self, surface: pygame.Surface, centre: tuple[int, int] | None = None
    ) -> None:
        """Veil the screen and say the clock waits (the window lost focus)."""
        super().draw_paused_banner(surface, centre or self.paused_plate().centre)


class ClueLooks:
    """Keeps the grid view's clue looks in step with the board: the numbers the marks prove
    placed are greyed (with the clue-greying setting), complete lines are done, and lines
    that contradict their clues are red while the scene shows errors."""

    def __init__(self, scene: PlayScene, puzzle: Puzzle, view: GridView) -> None:
        self.scene = scene
        self.puzzle = puzzle
        self.view = view
        self._placed_rows: list[frozenset[int]] = [frozenset()] * puzzle.height
        self._placed_columns: list[frozenset[int]] = [frozenset()] * puzzle.width
        self._seen: np.ndarray[Any, np.dtype[np.int8]] | None = None

    def sync(self, again: bool = False) -> None:
        """Recompute greying for the lines that changed since last time (every line when
        ``again``, for a new session), then the looks."""
        scene = self.scene
        puzzle = self.puzzle
        cells = scene.session.board.cells
        if self._seen is None or again:
            rows, columns = list(range(puzzle.height)), list(range(puzzle.width))
        else:
            rows, columns = changed_lines(self._seen, cells)
        self._seen = cells.copy()
        # A run greys as soon as the marks prove its place and it is painted, in colour too.
        greying = bool(scene.app.setting(CLUE_GREYING))
        colours = puzzle.colour_count
        for y in rows:
            self._placed_rows[y] = _placed(greying, puzzle.row_runs(y), cells[y, :], colours)
        for x in columns:
            self._placed_columns[x] = _placed(greying, puzzle.column_runs(x), cells[:, x], colours)
        self.refresh()

    def refresh(self) -> None:
        """Set every line's look from the session's line status and the settings."""
        scene = self.scene
        greying = bool(scene.app.setting(CLUE_GREYING))
        errors = scene.ui.show_errors
        session, view = scene.session, self.view
        for y in range(self.puzzle.height):
            status = session.row_status(y)
            placed = self._placed_rows[y] if greying else frozenset()
            complete, wrong = status.complete and greying, status.contradicted and errors
            view.set_row_look(y, ClueLook(placed, complete, wrong))
        for x in range(self.puzzle.width):
            status = session.column_status(x)
            placed = self._placed_columns[x] if greying else frozenset()
            complete, wrong = status.complete and greying, status.contradicted and errors
            view.set_column_look(x, ClueLook(placed, complete, wrong))


def _placed(
    greying: bool, runs: ColourClue, line: np.ndarray[Any, Any], colours: int
) -> frozenset[int]:
    """The runs the marks prove placed (the line solver's word, never a guess)."""
    if not greying or not runs:
        return frozenset()
    return frozenset(placed_runs(runs, shown_colours(line).tolist(), colours))
