"""Everything the Kakuro play screen draws: the top bar, the board with its highlights, the
side panel (buttons, the selected cell's runs and their combinations, the message, the result
after a win), the help line and the paused veil. It shows what the scene holds and decides
nothing; the look is the nonogram screen's (the same regions, theme colours and fonts)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import N_, _
from game.core.kakuro.combos import combination_text, combinations, number_word
from game.core.kakuro.packs import kakuro_name
from game.core.kakuro.session import KakuroChange, KakuroMove, KakuroSession
from game.ui.input.prompts import KAKURO_PAD
from game.ui.layout import Box
from game.ui.scenes.kakuro.board import BoardLook, draw_board
from game.ui.scenes.shared.play import frame
from game.ui.widgets.base import radius
from game.ui.widgets.button import Button
from game.ui.widgets.text import wrap_text
from game.ui.widgets.win_reveal import settle_flash, settle_progress, wave_delays

if TYPE_CHECKING:
    from game.ui.scenes.kakuro.play import KakuroPlayScene
    from game.ui.theme import Colour

HELP_LONG = N_(
    "Click or arrows: choose a cell · 1-9 type · Backspace clear · P pencil (Shift+digit) · "
    "V check · C check cell · R reveal · Ctrl+Z/Y undo/redo · Esc pause"
)
HELP_SHORT = N_("Arrows · 1-9 · Backspace · P pencil · V check · C/R cell · Ctrl+Z/Y · Esc")
# How many combinations a run's panel lists before it only counts the rest.
LISTED = 12


def blend(a: Colour, b: Colour, t: float) -> Colour:
    t = max(0.0, min(1.0, t))
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


class KakuroChrome(frame.ShellChrome[KakuroMove, KakuroChange, KakuroSession]):
    """Places and draws one Kakuro play scene."""

    helps = (HELP_LONG, HELP_SHORT)
    pad_help = KAKURO_PAD

    def __init__(self, scene: KakuroPlayScene) -> None:
        super().__init__(scene)
        self.scene = scene
        self.runs_top = 0
        self.panel_top = 0
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
        y = frame.place_button_rows(rows, x, y, width, row_h, gap)
        for row in rows:
            for button in row:
                button.short_label = frame.short_label(button.label)
        self.runs_top = y + gap
        self.place_win_buttons(x, self.panel_top + app.scaled(110), width, gap)

    def update_buttons(self) -> None:
        scene = self.scene
        session = scene.session
        scene.undo_button.enabled = session.can_undo
        scene.redo_button.enabled = session.can_redo
        scene.pencil_button.label = N_("Pencil: on (P)") if scene.pencil else N_("Pencil: off (P)")
        scene.pencil_button.primary = scene.pencil
        has_cell = session.cursor is not None
        scene.value_button.enabled = has_cell
        scene.reveal_button.enabled = has_cell
        scene.restart_button.enabled = bool(session.can_undo or any(session.digits))

    # --- the looks -------------------------------------------------------------------------

    def header(self, fade: int) -> tuple[str, str, str]:
        scene = self.scene
        name = kakuro_name(scene.title, scene.place)
        where = scene.place.label if scene.place is not None else scene.pack
        details = _("Kakuro {size}").format(size=scene.puzzle.size_text) + (
            f" · {where}" if where and where != name else ""
        )
        count = _("{count} of {total} cells").format(
            count=scene.session.filled_count, total=scene.puzzle.white_count
        )
        return name, details, count

    def win_look(self, extra: str = "", note: str = "") -> frame.WinLook | None:
        scene, session = self.scene, self.scene.session
        if session.checks_used or session.reveals_used:
            extra = _("{checked} checked, {revealed} revealed").format(
                checked=session.checks_used, revealed=session.reveals_used
            )
        if not scene.next_button.enabled:
            note = _("No next puzzle in this pack.")
        return super().win_look(extra, note)

    def panel_extra(self) -> Hashable:
        scene = self.scene
        return scene.session.cursor, scene.problem_runs

    def win_top(self) -> int:
        return self.panel_top

    # --- drawing --------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The frame (its parts drawn again only when their looks changed), then the board
        and, when the window lost focus, the paused banner."""
        scene = self.scene
        surface.blit(self.compose(surface.get_size()), (0, 0))
        self._draw_board(surface)
        if scene.focus_lost and scene.win is None and scene.app.top is scene:
            self.draw_paused_banner(surface, pygame.Rect(scene.layout.box).center)

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
        # As typed (issue 35, the seed's red digits): a digit repeated in its run or making
        # its sum impossible, unless the player turned it off in Options.
        for cell in scene.digit_mistakes():
            look.digit_colours[index_of[cell]] = theme.error
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

    def draw_panel_body(self, surface: pygame.Surface) -> None:
        """The selected cell's runs (hidden while paused), then the message."""
        scene = self.scene
        app = scene.app
        panel, pad = scene.regions.side_panel, scene.regions.padding
        x, right = panel.x + pad, panel.right - pad
        y = self.runs_top
        if not scene.paused:
            y = self._draw_runs(surface, x, right, y)
        top = y + app.scaled(6)
        box = Box(x, top, right - x, max(0, panel.bottom - pad - top))
        frame.draw_message(surface, app, box, self.message_look(), size=16)

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
            text = (
                _("Across: {total} in {count} cells")
                if run.axis == "across"
                else _("Down: {total} in {count} cells")
            ).format(total=run.total, count=number_word(run.length))
            colour = theme.error if run_index in scene.problem_runs else theme.text
            surface.blit(app.fonts.render(text, head, colour, True), (x, y))
            y += app.fonts.get(head, bold=True).get_linesize()
            every = combinations(run.total, run.length)
            left = scene.session.run_combinations(run_index)
            if not left:
                line = _("No combination fits the digits and marks.")
                lines = wrap_text(font, line, right - x)
                tone = theme.error
            else:
                shown = "  ".join(combination_text(mask) for mask in left[:LISTED])
                if len(left) > LISTED:
                    shown += "  " + _("+{count} more").format(count=len(left) - LISTED)
                lines = wrap_text(font, shown, right - x)[:3]
                tone = theme.accent
            for line in lines:
                surface.blit(app.fonts.render(line, size, tone), (x, y))
                y += font.get_linesize()
            gone = len(every) - len(left)
            note = _("{count} of {total} still possible").format(
                count=len(left), total=len(every)
            ) + (" " + _("({count} ruled out)").format(count=gone) if gone else "")
            note_font = app.fonts.get(app.scaled(13))
            for line in wrap_text(note_font, note, right - x):
                surface.blit(app.fonts.render(line, app.scaled(13), theme.text_muted), (x, y))
                y += note_font.get_linesize()
            y += app.scaled(6)
        return y
