"""Everything the Kakuro play screen draws: the top bar, the board with its highlights, the
side panel (buttons, the selected cell's runs and their combinations, the message, the result
after a win), the help line and the paused veil. It shows what the scene holds and decides
nothing; the look is the nonogram screen's (the same regions, theme colours and fonts)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.kakuro.combos import combination_text, combinations, number_word
from game.ui.scenes.kakuro.board import BoardLook, draw_board
from game.ui.scenes.play.chrome import place_button_rows, short_label
from game.ui.widgets.base import Veil, radius
from game.ui.widgets.button import Button
from game.ui.widgets.text import fit_text, format_time, wrap_text
from game.ui.widgets.win_reveal import settle_flash, settle_progress, title_appear, wave_delays

if TYPE_CHECKING:
    from game.ui.scenes.kakuro.play import KakuroPlayScene
    from game.ui.theme import Colour

HELP_LONG = (
    "Click or arrows: choose a cell · 1-9 type · Backspace clear · P pencil (Shift+digit) · "
    "V check · C check cell · R reveal · Ctrl+Z/Y undo/redo · Esc pause"
)
HELP_SHORT = "Arrows · 1-9 · Backspace · P pencil · V check · C/R cell · Ctrl+Z/Y · Esc"
# How many combinations a run's panel lists before it only counts the rest.
LISTED = 12


def blend(a: Colour, b: Colour, t: float) -> Colour:
    t = max(0.0, min(1.0, t))
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


class KakuroChrome:
    """Places and draws one Kakuro play scene."""

    def __init__(self, scene: KakuroPlayScene) -> None:
        self.scene = scene
        self.runs_top = 0
        self.panel_top = 0
        self._veil = Veil(90)
        self._delays = wave_delays(scene.puzzle.width, scene.puzzle.height)

    # --- placing --------------------------------------------------------------------------

    def place(self) -> None:
        scene = self.scene
        app = scene.app
        panel = scene.regions.side_panel
        pad = scene.regions.padding
        x, width = panel.x + pad, panel.w - 2 * pad
        y = panel.y + pad
        self.panel_top = y
        row_h = app.scaled(34)
        gap = app.scaled(7)
        rows: list[list[Button]] = [
            [scene.undo_button, scene.redo_button],
            [scene.pencil_button],
            [scene.check_button],
            [scene.value_button, scene.reveal_button],
            [scene.solver_button],
            [scene.restart_button, scene.pause_button],
        ]
        y = place_button_rows(rows, x, y, width, row_h, gap)
        for row in rows:
            for button in row:
                button.short_label = short_label(button.label)
        self.runs_top = y + gap
        y = self.panel_top + app.scaled(110)
        win_rows = [[button] for button in scene.win_buttons]
        place_button_rows(win_rows, x, y, width, app.scaled(44), gap)

    def update_buttons(self) -> None:
        scene = self.scene
        session = scene.session
        scene.undo_button.enabled = session.can_undo
        scene.redo_button.enabled = session.can_redo
        scene.pencil_button.label = "Pencil: on (P)" if scene.pencil else "Pencil: off (P)"
        scene.pencil_button.primary = scene.pencil
        has_cell = session.cursor is not None
        scene.value_button.enabled = has_cell
        scene.reveal_button.enabled = has_cell
        scene.restart_button.enabled = bool(session.can_undo or any(session.digits))

    # --- drawing --------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        theme = scene.app.theme
        surface.fill(theme.background)
        self._draw_top_bar(surface)
        self._draw_board(surface)
        self._draw_panel(surface)
        self._draw_help(surface)
        if scene.focus_lost and scene.win is None and scene.app.top is scene:
            self._veil.draw(surface)
            app = scene.app
            text = app.fonts.render(
                "Paused: the clock waits for you", app.scaled(22), theme.toast_text
            )
            rect = text.get_rect(center=pygame.Rect(scene.layout.box).center)
            back = rect.inflate(app.scaled(40), app.scaled(24))
            pygame.draw.rect(surface, theme.toast, back, border_radius=radius(app))
            surface.blit(text, rect)

    def look(self) -> BoardLook:
        """What the board shows now."""
        scene = self.scene
        theme = scene.app.theme
        session = scene.session
        puzzle = scene.puzzle
        runs = scene.selected_runs()
        look = BoardLook(
            digits=session.digits,
            small=session.marks,
            selected=session.cursor if scene.show_cursor and scene.win is None else None,
            # A flagged run is not drawn as selected: the highlight would hide its red sum.
            highlighted_runs=frozenset(runs) - scene.problem_runs
            if runs is not None and scene.win is None
            else (frozenset()),
        )
        for run in range(len(puzzle.runs)):
            if session.run_is_done(run):
                look.run_colours[run] = theme.clue_done
        # A flagged run: its sum in the error colour and its cells tinted; only a digit
        # that is itself wrong (repeated in a run) is drawn in the error colour.
        tint = blend(theme.cell_unknown, theme.error, 0.18)
        for run in scene.problem_runs:
            look.run_colours[run] = theme.clue_error
            for index in puzzle.run_whites[run]:
                look.cell_fills[index] = tint
        index_of = puzzle.white_index
        for cell in scene.problems:
            look.digit_colours[index_of[cell]] = theme.error
        for index, verdict in scene.flash.items():
            colour = theme.success if verdict == "right" else theme.error
            look.outlined[index] = colour
            look.digit_colours[index] = colour
        if scene.win is not None:
            progress = settle_progress(scene.win.age, self._delays)
            for index, (x, y) in enumerate(puzzle.white_cells):
                amount = settle_flash(float(progress[y, x]))
                look.cell_fills[index] = blend(theme.cell_unknown, theme.accent, amount)
                if progress[y, x] > 0:
                    look.digit_colours[index] = theme.text
        return look

    def _draw_board(self, surface: pygame.Surface) -> None:
        scene = self.scene
        app = scene.app
        if scene.paused:
            box = pygame.Rect(scene.layout.box).inflate(8, 8)
            pygame.draw.rect(surface, app.theme.panel_border, box, 1, border_radius=radius(app))
            return
        draw_board(surface, app, scene.puzzle, scene.layout, self.look())

    def _draw_top_bar(self, surface: pygame.Surface) -> None:
        scene = self.scene
        app, theme = scene.app, scene.app.theme
        bar = scene.regions.top_bar
        surface.fill(theme.panel, bar)
        surface.fill(theme.panel_border, (bar.x, bar.bottom - 1, bar.w, 1))
        pad = scene.regions.padding
        cy = bar.y + bar.h // 2
        small = app.scaled(18)
        time_text = app.fonts.render(
            format_time(scene.session.elapsed), app.scaled(26), theme.text, True
        )
        rect = time_text.get_rect(midright=(bar.right - pad, cy))
        surface.blit(time_text, rect)
        label = "Time" if scene.clock_running or scene.win is not None else "Paused"
        tag = app.fonts.render(label, small, theme.text_muted)
        tag_rect = tag.get_rect(midright=(rect.x - pad // 2, cy))
        surface.blit(tag, tag_rect)
        session = scene.session
        count = f"{session.filled_count} of {scene.puzzle.white_count} cells"
        left = app.fonts.render(count, small, theme.text)
        left_rect = left.get_rect(midright=(tag_rect.x - 2 * pad, cy))
        surface.blit(left, left_rect)
        limit = left_rect.x - 2 * pad
        best = app.store.record(scene.key).best_time if scene.win is None else None
        if best is not None:
            shown = app.fonts.render(f"Best {format_time(best)}", small, theme.text_muted)
            best_rect = shown.get_rect(midright=(limit, cy))
            surface.blit(shown, best_rect)
            limit = best_rect.x - 2 * pad
        appear = title_appear(scene.win.age) if scene.win is not None else 0.0
        x = bar.x + pad
        big = app.scaled(24)
        font = app.fonts.get(big, bold=True)
        if appear > 0:
            solved = app.fonts.render("Solved!", big, theme.success, True).copy()
            solved.set_alpha(round(255 * appear))
            surface.blit(solved, solved.get_rect(midleft=(x, cy)))
            x += solved.get_width() + font.size(" ")[0]
        name = scene.shown_name()
        where = scene.place.label if scene.place is not None else scene.pack
        details = f"Kakuro {scene.puzzle.size_text}" + (
            f" · {where}" if where and where != name else ""
        )
        detail = app.fonts.render(details, small, theme.text_muted)
        room = max(20, limit - x - pad - detail.get_width())
        title = app.fonts.render(fit_text(font, name, room), big, theme.text, True)
        surface.blit(title, title.get_rect(midleft=(x, cy)))
        surface.blit(detail, detail.get_rect(midleft=(x + title.get_width() + pad, cy + 2)))

    def _draw_panel(self, surface: pygame.Surface) -> None:
        scene = self.scene
        app, theme = scene.app, scene.app.theme
        panel = scene.regions.side_panel
        surface.fill(theme.panel, panel)
        surface.fill(theme.panel_border, (panel.x, panel.y, 1, panel.h))
        if scene.win is not None:
            self._draw_win(surface)
            return
        for button in scene.play_buttons:
            button.draw(surface, app)
        pad = scene.regions.padding
        x, right = panel.x + pad, panel.right - pad
        y = self.runs_top
        if not scene.paused:
            y = self._draw_runs(surface, x, right, y)
        self._draw_message(surface, x, right, y + app.scaled(6), panel.bottom - pad)

    def _draw_runs(self, surface: pygame.Surface, x: int, right: int, y: int) -> int:
        """The selected cell's across and down runs: the sum, the combinations still
        possible (from the digits placed and the pencil marks), struck-out ones counted."""
        scene = self.scene
        app, theme = scene.app, scene.app.theme
        runs = scene.selected_runs()
        if runs is None:
            return y
        head = app.scaled(16)
        size = app.scaled(15)
        font = app.fonts.get(size)
        for run_index in runs:
            run = scene.puzzle.runs[run_index]
            word = "Across" if run.axis == "across" else "Down"
            text = f"{word}: {run.total} in {number_word(run.length)} cells"
            colour = theme.error if run_index in scene.problem_runs else theme.text
            surface.blit(app.fonts.render(text, head, colour, True), (x, y))
            y += app.fonts.get(head, bold=True).get_linesize()
            every = combinations(run.total, run.length)
            left = scene.session.run_combinations(run_index)
            if not left:
                line = "No combination fits the digits and marks."
                lines = wrap_text(font, line, right - x)
                tone = theme.error
            else:
                shown = "  ".join(combination_text(mask) for mask in left[:LISTED])
                if len(left) > LISTED:
                    shown += f"  +{len(left) - LISTED} more"
                lines = wrap_text(font, shown, right - x)[:3]
                tone = theme.accent
            for line in lines:
                surface.blit(app.fonts.render(line, size, tone), (x, y))
                y += font.get_linesize()
            gone = len(every) - len(left)
            note = f"{len(left)} of {len(every)} still possible" + (
                f" ({gone} ruled out)" if gone else ""
            )
            note_font = app.fonts.get(app.scaled(13))
            for line in wrap_text(note_font, note, right - x):
                surface.blit(app.fonts.render(line, app.scaled(13), theme.text_muted), (x, y))
                y += note_font.get_linesize()
            y += app.scaled(6)
        return y

    def _draw_message(
        self, surface: pygame.Surface, x: int, right: int, top: int, bottom: int
    ) -> None:
        scene = self.scene
        if not scene.message:
            return
        app, theme = scene.app, scene.app.theme
        size = app.scaled(16)
        font = app.fonts.get(size)
        colour = {"error": theme.error, "success": theme.success, "hint": theme.accent}.get(
            scene.message_kind, theme.text
        )
        y = top
        for line in wrap_text(font, scene.message, right - x):
            if y + font.get_linesize() > bottom:
                break
            surface.blit(app.fonts.render(line, size, colour), (x, y))
            y += font.get_linesize()

    def _draw_win(self, surface: pygame.Surface) -> None:
        scene = self.scene
        app, theme = scene.app, scene.app.theme
        win = scene.win
        assert win is not None
        appear = title_appear(win.age)
        if appear <= 0:
            return
        panel = scene.regions.side_panel
        cx = panel.x + panel.w // 2
        y = self.panel_top
        title = app.fonts.render("Solved!", app.scaled(34), theme.success, True).copy()
        title.set_alpha(round(255 * appear))
        surface.blit(title, title.get_rect(midtop=(cx, y)))
        y += title.get_height() + app.scaled(4)
        line = f"Time {format_time(win.seconds)}"
        if win.new_best:
            line += " · New best!"
        elif win.best is not None:
            line += f" · Best {format_time(win.best)}"
        result = app.fonts.render(line, app.scaled(19), theme.text, win.new_best).copy()
        result.set_alpha(round(255 * appear))
        surface.blit(result, result.get_rect(midtop=(cx, y)))
        helps = scene.session.checks_used + scene.session.reveals_used
        if helps:
            y += result.get_height() + app.scaled(2)
            text = f"{scene.session.checks_used} checked, {scene.session.reveals_used} revealed"
            note = app.fonts.render(text, app.scaled(15), theme.text_muted)
            surface.blit(note, note.get_rect(midtop=(cx, y)))
        if appear >= 1.0:
            for button in scene.win_buttons:
                button.draw(surface, app)
            if not scene.next_button.enabled:
                note = app.fonts.render(
                    "No next puzzle in this pack.", app.scaled(15), theme.text_muted
                )
                surface.blit(note, note.get_rect(midtop=(cx, scene.menu_button.rect.bottom + 8)))

    def _draw_help(self, surface: pygame.Surface) -> None:
        scene = self.scene
        app, theme = scene.app, scene.app.theme
        line = scene.regions.help_line
        if scene.win is not None:
            return
        surface.fill(theme.panel, line)
        surface.fill(theme.panel_border, (line.x, line.y, line.w, 1))
        size = app.scaled(15)
        font = app.fonts.get(size)
        room = line.w - 2 * scene.regions.padding
        text = HELP_LONG if font.size(HELP_LONG)[0] <= room else fit_text(font, HELP_SHORT, room)
        rendered = app.fonts.render(text, size, theme.text_muted)
        surface.blit(rendered, rendered.get_rect(center=(line.x + line.w // 2, line.centre[1])))
