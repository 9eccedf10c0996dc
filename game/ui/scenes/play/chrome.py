"""The play screen's frame around the board: the header, the side panel (mini-map, buttons,
the message, the result after a win), the help line, the paused banner, and how the clue
strips look (greyed, done, in error).

:class:`PlayChrome` only shows what the scene holds. It keeps the frame in one cached surface
and redraws a part only when what that part shows changed, so a frame costs one blit for all
of it; the board and its clue strips are the grid view's (``game.ui.widgets.grid_view``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import pygame

from game.core.solver.hints import placed_runs
from game.core.store.packs import shown_name
from game.ui.layout import Box
from game.ui.settings import AUTO_CHECK, CLUE_GREYING, MINIMAP
from game.ui.widgets.base import Veil, radius
from game.ui.widgets.button import Button
from game.ui.widgets.grid_view import ClueLook, changed_lines
from game.ui.widgets.text import fit_text, format_time, wrap_text
from game.ui.widgets.win_reveal import REVEAL_SECONDS, title_appear

if TYPE_CHECKING:
    from game.ui.scenes.play.scene import PlayScene


HELP_LONG = (
    "Left: fill · Right: cross · Shift+click: clear · Drag: a line · "
    "Middle- or Space+drag: move the view · Arrows: move · Space/Z fill · X cross · C clear · "
    "Ctrl+Z/Y undo/redo · +/− zoom · P panel · Esc pause"
)
HELP_SHORT = (
    "Left fill · Right cross · Shift+click clear · Middle/Space+drag view · "
    "Arrows, Space/Z, X, C · Ctrl+Z/Y · +/− zoom · P panel · Esc pause"
)
# At 800x600 the short line lost its end ("… P panel · Esc p…", QA). Esc pause leads
# everywhere else, so this one keeps it and leaves out zooming (the buttons beside the
# board say + and − too).
HELP_TINY = (
    "Left fill · Right cross · Shift+click clear · Middle/Space+drag view · "
    "Arrows, Space/Z, X, C · Ctrl+Z/Y · P panel · Esc pause"
)


@dataclass
class WinState:
    seconds: float
    new_best: bool
    best: float | None
    age: float = 0.0


def place_button_rows(
    rows: list[list[Button]], x: int, y: int, width: int, row_height: int, gap: int
) -> int:
    """Stack ``rows`` of one or two buttons down a side panel from ``y`` (a pair shares the
    width, ``gap`` between them); the y below the last row's gap. Every play and replay
    panel lays its buttons out this way."""
    half = (width - gap) // 2
    for row in rows:
        if len(row) == 1:
            row[0].rect = pygame.Rect(x, y, width, row_height)
        else:
            row[0].rect = pygame.Rect(x, y, half, row_height)
            row[1].rect = pygame.Rect(x + width - half, y, half, row_height)
        y += row_height + gap
    return y


def short_label(label: str) -> str:
    """A button's label without its key ("Undo (Z)" -> "Undo"), for a narrow panel."""
    return label.split(" (")[0]


class PlayChrome:
    """Places and draws everything on the play screen but the board, for one scene."""

    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene
        self.message_box = Box(0, 0, 0, 0)
        self.panel_top = 0
        self._surface: pygame.Surface | None = None
        self._keys: dict[str, object] = {}
        self._pause_veil = Veil(90)

    # --- placing -----------------------------------------------------------------------

    def place(self) -> None:
        """Lay the side panel out: the mini-map, the buttons in rows, the message below."""
        scene = self.scene
        app = scene.app
        panel = scene.regions.side_panel
        pad = scene.regions.padding
        if not scene.regions.panel_shown:
            # Hidden: nothing of it may be hit, and the mini-map has no room.
            for button in [*scene.play_buttons, *scene.win_buttons]:
                button.rect = pygame.Rect(0, 0, 0, 0)
            scene.minimap.set_area(Box(panel.x, panel.y, 1, 1))
            self.message_box = Box(panel.x, panel.y, 0, 0)
            return
        x, width = panel.x + pad, panel.w - 2 * pad
        y = panel.y + pad
        map_box = Box(x, y, width, min(width, round(panel.h * 0.28)))
        scene.minimap.set_area(map_box)
        if app.setting(MINIMAP):
            y = scene.minimap.box.bottom + pad
        self.panel_top = y
        row_h = app.scaled(36)
        gap = app.scaled(8)
        rows: list[list[Button]] = [
            [scene.undo_button, scene.redo_button],
            [scene.trial_button],
            [scene.keep_button, scene.drop_button],
            [scene.check_button, scene.hint_button],
            [scene.auto_button],
            [scene.solve_button],  # a row of its own: "Watch the solver" says what it does
            [scene.reset_button, scene.pause_button],
        ]
        y = place_button_rows(rows, x, y, width, row_h, gap)
        self.message_box = Box(x, y + gap, width, max(0, panel.bottom - y - gap - pad))
        # After a win the same space holds the result and three buttons.
        y = self.panel_top + app.scaled(100)
        win_rows = [[button] for button in scene.win_buttons]
        place_button_rows(win_rows, x, y, width, app.scaled(44), gap)

    def update_buttons(self) -> None:
        """Labels and enabled states from the session and the settings."""
        scene = self.scene
        session = scene.session
        has_trial = session.board.has_trial()
        scene.undo_button.enabled = session.can_undo
        scene.redo_button.enabled = session.can_redo
        trial = scene.trial_mode
        scene.trial_button.label = "Trial mode: on (T)" if trial else "Trial mode: off (T)"
        scene.trial_button.primary = trial
        scene.keep_button.enabled = has_trial
        scene.drop_button.enabled = has_trial
        auto = bool(scene.app.setting(AUTO_CHECK))
        scene.auto_button.label = "Auto-check: on" if auto else "Auto-check: off"
        scene.auto_button.primary = auto
        scene.reset_button.enabled = bool(session.can_undo or session.board.known_mask().any())

    # --- the cached frame --------------------------------------------------------------

    def compose(self, size: tuple[int, int]) -> pygame.Surface:
        """Bring the cached frame around the board (bars, panel) up to date.

        Each part is drawn again only when what it shows changed: the timer once a second,
        the panel when a button, the message or the board changed."""
        scene = self.scene
        app, theme = scene.app, scene.app.theme
        if self._surface is None or self._surface.get_size() != size:
            self._surface = pygame.Surface(size).convert()
            self._keys = {}
        chrome = self._surface
        base_key = (size, theme.name, scene.regions)
        if self._keys.get("base") != base_key:
            chrome.fill(theme.background)
            self._keys = {"base": base_key}
        win = scene.win
        best = app.store.record(scene.key).best_time if win is None else None
        top_key = (
            format_time(scene.session.elapsed),
            scene.version,  # the count of cells changes only with the board
            scene.answer_known,
            scene.clock_running,
            best,
            win is not None,
            self._title_reveal_step(),
            app.ui_scale,
        )
        if self._keys.get("top") != top_key:
            self._draw_top_bar(chrome, best)
            self._keys["top"] = top_key
        # Rounded down: 0.98 must not share a key with 1.0, when the buttons appear, or
        # the panel was never drawn again and the buttons stayed hidden.
        appear = -1 if win is None else math.floor(self.win_appear() * 20)
        panel_key = (
            tuple(
                (button.label, button.enabled, button.hovered, button.pressed, button.primary)
                for button in (scene.win_buttons if win is not None else scene.play_buttons)
            ),
            scene.message,
            scene.message_kind,
            scene.version,
            scene.layout.scroll,
            scene.layout.cell,
            appear,
            bool(app.setting(MINIMAP)),
            app.ui_scale,
            scene.paused,
        )
        if self._keys.get("panel") != panel_key and scene.regions.panel_shown:
            self._draw_panel(chrome)
            self._keys["panel"] = panel_key
        help_key = (app.ui_scale, win is not None)
        if self._keys.get("help") != help_key and scene.regions.help_line.h:
            self._draw_help(chrome)
            self._keys["help"] = help_key
        return chrome

    def win_appear(self) -> float:
        """0 -> 1 as the title and the result panel fade in, as the reveal's wave ends."""
        win = self.scene.win
        return 0.0 if win is None else title_appear(win.age)

    def _title_reveal_step(self) -> int:
        """The header's stage of the win reveal, for its drawing cache: -1 before a win, 0
        before the title shows, then tenths (1.0 apart from 0.95, or the last fade step stuck)."""
        if self.scene.win is None:
            return -1
        appear = self.win_appear()
        return 0 if appear <= 0 else 1 + math.floor(appear * 10)

    # --- the parts ---------------------------------------------------------------------

    def _draw_top_bar(self, surface: pygame.Surface, best: float | None) -> None:
        scene = self.scene
        app, theme = scene.app, scene.app.theme
        bar = scene.regions.top_bar
        surface.fill(theme.panel, bar)
        surface.fill(theme.panel_border, (bar.x, bar.bottom - 1, bar.w, 1))
        pad = scene.regions.padding
        cy = bar.y + bar.h // 2
        big = app.scaled(24)
        small = app.scaled(18)
        right_x = bar.right - pad
        time_text = app.fonts.render(
            format_time(scene.session.elapsed), app.scaled(26), theme.text, True
        )
        rect = time_text.get_rect(midright=(right_x, cy))
        surface.blit(time_text, rect)
        label = "Time" if scene.clock_running or scene.win is not None else "Paused"
        tag = app.fonts.render(label, small, theme.text_muted)
        tag_rect = tag.get_rect(midright=(rect.x - pad // 2, cy))
        surface.blit(tag, tag_rect)
        left_text = scene.session.count_text()
        left = app.fonts.render(left_text, small, theme.text)
        left_rect = left.get_rect(midright=(tag_rect.x - 2 * pad, cy))
        surface.blit(left, left_rect)
        limit = left_rect.x - 2 * pad
        if best is not None:
            best_surface = app.fonts.render(f"Best {format_time(best)}", small, theme.text_muted)
            best_rect = best_surface.get_rect(midright=(limit, cy))
            surface.blit(best_surface, best_rect)
            limit = best_rect.x - 2 * pad
        # Until the picture shows, the name is what the player saw before the win; then
        # "Solved!" and the title fade in together, the second half of the reveal.
        reveal = self.win_appear()
        name = shown_name(scene.title, scene.place, scene.solved_before or reveal > 0)
        where = scene.place.label if scene.place is not None else scene.pack
        details = scene.puzzle.size_text + (f" · {where}" if where and where != name else "")
        detail = app.fonts.render(details, small, theme.text_muted)
        font = app.fonts.get(big, bold=True)
        x = bar.x + pad
        title_room = limit - x - pad - detail.get_width()
        if reveal > 0:
            solved = app.fonts.render("Solved!", big, theme.success, True).copy()
            solved.set_alpha(round(255 * reveal))
            surface.blit(solved, solved.get_rect(midleft=(x, cy)))
            x += solved.get_width() + font.size(" ")[0]
            title_room -= solved.get_width() + font.size(" ")[0]
        title_surface = app.fonts.render(
            fit_text(font, name, max(20, title_room)), big, theme.text, True
        )
        if reveal > 0:
            title_surface = title_surface.copy()
            title_surface.set_alpha(round(255 * reveal))
        surface.blit(title_surface, title_surface.get_rect(midleft=(x, cy)))
        surface.blit(detail, detail.get_rect(midleft=(x + title_surface.get_width() + pad, cy + 2)))

    def _draw_panel(self, surface: pygame.Surface) -> None:
        scene = self.scene
        app, theme = scene.app, scene.app.theme
        panel = scene.regions.side_panel
        surface.fill(theme.panel, panel)
        surface.fill(theme.panel_border, (panel.x, panel.y, 1, panel.h))
        if app.setting(MINIMAP):
            if scene.paused:
                # The board is hidden while paused; the map would show it all the same.
                scene.minimap.draw_blank(surface)
            else:
                scene.minimap.draw(surface, scene.session.board)
                if scene.layout.scrollable:
                    self._draw_view_frame(surface)
        if scene.win is not None:
            self._draw_win_panel(surface)
            return
        for button in scene.play_buttons:
            button.draw(surface, app)
        self._draw_message(surface)

    def _draw_view_frame(self, surface: pygame.Surface) -> None:
        """Outline on the mini-map the part of a big board that is in view."""
        scene = self.scene
        layout, box, per = scene.layout, scene.minimap.box, scene.minimap.per_cell
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
        pygame.draw.rect(surface, scene.app.theme.accent, frame, 2)

    def _draw_message(self, surface: pygame.Surface) -> None:
        scene = self.scene
        if not scene.message:
            return
        app, theme = scene.app, scene.app.theme
        box = self.message_box
        size = app.scaled(17)
        font = app.fonts.get(size)
        colour = {
            "error": theme.error,
            "success": theme.success,
            "hint": theme.accent,
        }.get(scene.message_kind, theme.text)
        line_h = font.get_linesize()
        y = box.y
        for line in wrap_text(font, scene.message, box.w):
            if y + line_h > box.bottom:
                break
            surface.blit(app.fonts.render(line, size, colour), (box.x, y))
            y += line_h

    def _draw_win_panel(self, surface: pygame.Surface) -> None:
        scene = self.scene
        app, theme = scene.app, scene.app.theme
        win = scene.win
        if win is None:
            return
        appear = self.win_appear()
        if appear <= 0:
            return
        cx = scene.regions.side_panel.x + scene.regions.side_panel.w // 2
        y = self.panel_top
        title = app.fonts.render("Solved!", app.scaled(34), theme.success, True)
        title.set_alpha(round(255 * appear))
        surface.blit(title, title.get_rect(midtop=(cx, y)))
        y += title.get_height() + app.scaled(4)
        line = f"Time {format_time(win.seconds)}"
        if win.new_best:
            line += " · New best!"
        elif win.best is not None:
            line += f" · Best {format_time(win.best)}"
        result = app.fonts.render(line, app.scaled(19), theme.text, win.new_best)
        result.set_alpha(round(255 * appear))
        surface.blit(result, result.get_rect(midtop=(cx, y)))
        if appear >= 1.0:
            for button in scene.win_buttons:
                button.draw(surface, app)
            note_text = ""
            if scene.next_button not in scene.win_buttons:
                pass  # a game from an editor: no list, so nothing to say about a next one
            elif not scene.next_button.enabled:
                note_text = scene.exits.no_next_note()
            elif scene.exits.next_pack_entry is not None:
                note_text = f"Next: {scene.exits.next_pack_name}"
            if note_text:
                # Wrapped, at most three lines (the last fitted): a sentence of where to
                # go next did not fit one line of the panel.
                room = scene.regions.side_panel.w - 2 * scene.regions.padding
                font = app.fonts.get(app.scaled(15))
                lines = wrap_text(font, note_text, room)
                if len(lines) > 3:
                    lines = [*lines[:2], " ".join(lines[2:])]
                top = scene.menu_button.rect.bottom + 8
                for line in lines:
                    note = app.fonts.render(
                        fit_text(font, line, room), app.scaled(15), theme.text_muted
                    )
                    surface.blit(note, note.get_rect(midtop=(cx, top)))
                    top += font.get_linesize()

    def _draw_help(self, surface: pygame.Surface) -> None:
        scene = self.scene
        app, theme = scene.app, scene.app.theme
        line = scene.regions.help_line
        if scene.win is not None:
            # The controls no longer apply once the puzzle is solved; the result panel and
            # its buttons say what comes next.
            surface.fill(theme.background, line)
            return
        surface.fill(theme.panel, line)
        surface.fill(theme.panel_border, (line.x, line.y, line.w, 1))
        size = app.scaled(15)
        font = app.fonts.get(size)
        room = line.w - 2 * scene.regions.padding
        text = next(
            (help for help in (HELP_LONG, HELP_SHORT) if font.size(help)[0] <= room),
            fit_text(font, HELP_TINY, room),
        )
        rendered = app.fonts.render(text, size, theme.text_muted)
        surface.blit(
            rendered, rendered.get_rect(center=(line.x + line.w // 2, line.y + line.h // 2))
        )

    # --- over the board ----------------------------------------------------------------

    def draw_board(self, surface: pygame.Surface) -> None:
        """The board with the scene's cursor, flash, hint, win reveal and highlighted lines
        (those of the clue under the pointer, else the cursor's); an empty frame while paused:
        a stopped clock must not buy free thinking time."""
        scene = self.scene
        view, win = scene.grid_view, scene.win
        overlays = view.overlays
        overlays.cursor = scene.cursor
        overlays.show_cursor = scene.show_cursor and win is None
        overlays.flash = scene.flash
        overlays.hint_cell = scene.hint_cell
        line = scene.hint_line
        overlays.hint_row = line[1] if line and line[0] == "row" else None
        overlays.hint_column = line[1] if line and line[0] == "column" else None
        overlays.reveal = None if win is None else min(1.0, win.age / REVEAL_SECONDS)
        if scene.hover_row is not None or scene.hover_column is not None:
            view.highlight_row, view.highlight_column = scene.hover_row, scene.hover_column
        else:
            view.highlight_row, view.highlight_column = scene.cursor[1], scene.cursor[0]
        if not scene.paused:
            view.draw(surface, scene.session.board)
            scene.hint_show.draw(surface)
            return
        board = scene.layout.outer_box.inset(-4)
        surface.fill(scene.app.theme.background, board)
        pygame.draw.rect(
            surface, scene.app.theme.panel_border, board, 1, border_radius=radius(scene.app)
        )

    def draw_drag_counter(self, surface: pygame.Surface) -> None:
        """The length of the stroke under way, in a small tag beside the pointer (Picross
        shows "5" while five cells are dragged), so a long run is counted without squinting."""
        scene = self.scene
        count = scene.drag_count
        if count < 1 or scene.pen.drag is None or scene.paused:
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

    def draw_paused_banner(self, surface: pygame.Surface) -> None:
        """Veil the screen and say the clock waits (the window lost focus)."""
        scene = self.scene
        app, theme = scene.app, scene.app.theme
        self._pause_veil.draw(surface)
        text = app.fonts.render("Paused: the clock waits for you", app.scaled(22), theme.toast_text)
        rect = text.get_rect(center=scene.layout.outer_box.centre)
        back = rect.inflate(app.scaled(40), app.scaled(24))
        pygame.draw.rect(surface, theme.toast, back, border_radius=radius(app))
        surface.blit(text, rect)


class ClueLooks:
    """Keeps the grid view's clue looks in step with the board: the numbers the marks prove
    placed are greyed (with the clue-greying setting), complete lines are done, and lines
    that contradict their clues are red while the scene shows errors."""

    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene
        puzzle = scene.puzzle
        self._placed_rows: list[frozenset[int]] = [frozenset()] * puzzle.height
        self._placed_columns: list[frozenset[int]] = [frozenset()] * puzzle.width
        self._seen: np.ndarray[Any, np.dtype[np.int8]] | None = None

    def sync(self, again: bool = False) -> None:
        """Recompute greying for the lines that changed since last time (every line when
        ``again``, for a new session), then the looks."""
        scene = self.scene
        puzzle = scene.puzzle
        cells = scene.session.board.cells
        if self._seen is None or again:
            rows, columns = list(range(puzzle.height)), list(range(puzzle.width))
        else:
            rows, columns = changed_lines(self._seen, cells)
        self._seen = cells.copy()
        greying = bool(scene.app.setting(CLUE_GREYING))
        for y in rows:
            self._placed_rows[y] = _placed(greying, puzzle.row_clues[y], cells[y, :])
        for x in columns:
            self._placed_columns[x] = _placed(greying, puzzle.column_clues[x], cells[:, x])
        self.refresh()

    def refresh(self) -> None:
        """Set every line's look from the session's line status and the settings."""
        scene = self.scene
        greying = bool(scene.app.setting(CLUE_GREYING))
        errors = scene.show_errors
        session, view = scene.session, scene.grid_view
        for y in range(scene.puzzle.height):
            status = session.row_status(y)
            placed = self._placed_rows[y] if greying else frozenset()
            complete, wrong = status.complete and greying, status.contradicted and errors
            view.set_row_look(y, ClueLook(placed, complete, wrong))
        for x in range(scene.puzzle.width):
            status = session.column_status(x)
            placed = self._placed_columns[x] if greying else frozenset()
            complete, wrong = status.complete and greying, status.contradicted and errors
            view.set_column_look(x, ClueLook(placed, complete, wrong))


def _placed(greying: bool, clue: tuple[int, ...], line: np.ndarray[Any, Any]) -> frozenset[int]:
    """The clue numbers the marks prove placed (the line solver's word, never a guess)."""
    if not greying or not clue:
        return frozenset()
    return frozenset(placed_runs(clue, line.tolist()))
