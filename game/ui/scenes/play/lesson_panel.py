"""What the lesson screen draws around and over its board: the top bar, the side panel (the
step's sentence, the correction or hint, the buttons), and what the step points at (its clue
lines in a band, its cells outlined, a hint's cells ringed).

Only drawing and placing: the scene holds the run and decides."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.i18n import N_, _
from game.ui.layout import Box
from game.ui.widgets.base import radius
from game.ui.widgets.text import fit_text, wrap_text

if TYPE_CHECKING:
    from game.ui.scenes.play.lesson import LessonScene

HELP = N_(
    "Left: fill · Right: cross · Drag: a line · Arrows + Space/X: keyboard · "
    "T trial · D drop · H hint · Enter next · Backspace back · Esc leave"
)


class LessonPanel:
    """Places the lesson scene's buttons and draws everything but the grid view's board."""

    def __init__(self, scene: LessonScene) -> None:
        self.scene = scene
        self.text_box = Box(0, 0, 0, 0)
        self._bands: dict[tuple[int, int], pygame.Surface] = {}

    def place(self) -> None:
        scene = self.scene
        app = scene.app
        panel, pad = scene.regions.side_panel, scene.regions.padding
        x, width = panel.x + pad, panel.w - 2 * pad
        row_h, gap = app.scaled(38), app.scaled(8)
        half = (width - gap) // 2
        rows = [
            [scene.next_button],
            [scene.back_button, scene.skip_button],
            [scene.trial_button, scene.drop_button],
            [scene.hint_button],
            [scene.leave_button],
        ]
        y = panel.bottom - pad - len(rows) * (row_h + gap) + gap
        buttons_top = y
        for row in rows:
            if len(row) == 1:
                row[0].rect = pygame.Rect(x, y, width, row_h)
            else:
                row[0].rect = pygame.Rect(x, y, half, row_h)
                row[1].rect = pygame.Rect(x + width - half, y, half, row_h)
            y += row_h + gap
        self.text_box = Box(x, panel.y + pad, width, max(0, buttons_top - panel.y - 2 * pad))

    def update_buttons(self) -> None:
        scene = self.scene
        run = scene.run
        done = run.lesson_done
        last = run.lesson_index + 1 == len(run.lessons)
        if done:
            scene.next_button.label = N_("Finish the lesson") if last else N_("Next lesson (Enter)")
        else:
            scene.next_button.label = N_("Next (Enter)")
        scene.next_button.enabled = done or run.can_go_next
        scene.back_button.enabled = run.can_go_back or done
        scene.skip_button.enabled = not done
        on = run.trial_mode
        scene.trial_button.label = N_("Trial: on (T)") if on else N_("Trial: off (T)")
        scene.trial_button.primary = on
        scene.trial_button.enabled = not done
        scene.drop_button.enabled = run.board.has_trial()
        scene.hint_button.enabled = not done

    # --- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        self._draw_top(surface)
        self._draw_side(surface)
        self._draw_help(surface)
        view = scene.grid_view
        overlays = view.overlays
        reveal = scene.reveal
        overlays.reveal = None if reveal is None else reveal.board_progress
        overlays.cursor = scene.cursor
        overlays.show_cursor = reveal is None and scene.show_cursor
        overlays.hint_row = overlays.hint_column = None
        view.highlight_row = view.highlight_column = None
        view.draw(surface, scene.run.board)
        if reveal is None:
            self._draw_pointers(surface)

    def _draw_top(self, surface: pygame.Surface) -> None:
        scene = self.scene
        app, theme, run = scene.app, scene.app.theme, scene.run
        bar, pad = scene.regions.top_bar, scene.regions.padding
        surface.fill(theme.panel, bar)
        surface.fill(theme.panel_border, (bar.x, bar.bottom - 1, bar.w, 1))
        cy = bar.y + bar.h // 2
        title = app.fonts.render(
            _("First lesson") + f" · {_(run.lesson.title)}", app.scaled(24), theme.text, True
        )
        surface.blit(title, title.get_rect(midleft=(bar.x + pad, cy)))
        where = app.fonts.render(run.progress_text, app.scaled(18), theme.text_muted)
        surface.blit(where, where.get_rect(midright=(bar.right - pad, cy)))
        reveal = scene.reveal
        if reveal is not None and reveal.title_appear > 0:
            solved = app.fonts.render(_("Well done!"), app.scaled(24), theme.success, True).copy()
            solved.set_alpha(round(255 * reveal.title_appear))
            x = bar.x + pad + title.get_width() + 2 * pad
            surface.blit(solved, solved.get_rect(midleft=(x, cy)))

    def _draw_side(self, surface: pygame.Surface) -> None:
        scene = self.scene
        app, theme, run = scene.app, scene.app.theme, scene.run
        panel = scene.regions.side_panel
        surface.fill(theme.panel, panel)
        surface.fill(theme.panel_border, (panel.x, panel.y, 1, panel.h))
        box = self.text_box
        y = box.y
        if run.lesson_done:
            reveal = scene.reveal
            if reveal is not None and not reveal.buttons_shown:
                return  # the picture has the stage; the words come with the title
            # The top bar says "Well done!" already: the panel says what comes next.
            last = run.lesson_index + 1 == len(run.lessons)
            heading, text = (
                (
                    _("Lesson complete"),
                    _(
                        "You finished the last picture: you know all it takes. Every puzzle in "
                        "Play uses just these ideas, on bigger boards."
                    ),
                )
                if last
                else (
                    _("Picture done"),
                    _("Next lesson: {title}.").format(
                        title=_(run.lessons[run.lesson_index + 1].title)
                    ),
                )
            )
            y = self._paragraph(surface, heading, app.scaled(26), theme.success, y, bold=True)
            self._paragraph(surface, text, app.scaled(19), theme.text, y + app.scaled(6))
        else:
            y = self._paragraph(surface, _(run.step.text), app.scaled(19), theme.text, y)
            if scene.message:
                colour = {"error": theme.error, "hint": theme.accent}.get(
                    scene.message_kind, theme.text_muted
                )
                self._paragraph(surface, scene.message, app.scaled(17), colour, y + app.scaled(12))
        for button in scene.buttons:
            button.draw(surface, app)

    def _paragraph(
        self,
        surface: pygame.Surface,
        text: str,
        size: int,
        colour: tuple[int, int, int],
        y: int,
        bold: bool = False,
    ) -> int:
        """Wrapped text from ``y`` inside the text box; returns where it ended."""
        app, box = self.scene.app, self.text_box
        font = app.fonts.get(size, bold)
        line_h = font.get_linesize()
        for line in wrap_text(font, text, box.w):
            if y + line_h > box.bottom:
                break
            surface.blit(app.fonts.render(line, size, colour, bold), (box.x, y))
            y += line_h
        return y

    def _draw_help(self, surface: pygame.Surface) -> None:
        scene = self.scene
        app, theme = scene.app, scene.app.theme
        line = scene.regions.help_line
        surface.fill(theme.panel, line)
        surface.fill(theme.panel_border, (line.x, line.y, line.w, 1))
        size = app.scaled(15)
        text = fit_text(app.fonts.get(size), _(HELP), line.w - 2 * scene.regions.padding)
        rendered = app.fonts.render(text, size, theme.text_muted)
        surface.blit(rendered, rendered.get_rect(center=(line.x + line.w // 2, line.centre[1])))

    def _band(self, w: int, h: int) -> pygame.Surface:
        band = self._bands.get((w, h))
        if band is None:
            band = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
            band.fill((*self.scene.app.theme.accent, 40))
            self._bands = {(w, h): band, **dict(list(self._bands.items())[:8])}
        return band

    def _draw_pointers(self, surface: pygame.Surface) -> None:
        """The step's lines in an accent band with their clues framed, the cells it waits
        for outlined, a hint's cells ringed in the "good" colour."""
        scene = self.scene
        theme, layout, step = scene.app.theme, scene.layout, scene.run.step
        rows, columns = list(step.rows), list(step.columns)
        if scene.hint_line is not None:
            axis, index = scene.hint_line
            (rows if axis == "row" else columns).append(index)
        ring = max(2, layout.cell // 14)
        corner = radius(scene.app)
        for y in rows:
            surface.blit(self._band(layout.grid_width, layout.cell), layout.cell_box(0, y)[:2])
            clue = pygame.Rect(layout.row_clue_box(y)).inflate(-2, -2)
            pygame.draw.rect(surface, theme.accent, clue, ring, border_radius=corner)
        for x in columns:
            surface.blit(self._band(layout.cell, layout.grid_height), layout.cell_box(x, 0)[:2])
            clue = pygame.Rect(layout.column_clue_box(x)).inflate(-2, -2)
            pygame.draw.rect(surface, theme.accent, clue, ring, border_radius=corner)
        for x, y in scene.run.pending_cells():
            box = pygame.Rect(layout.cell_box(x, y)).inflate(-2 * ring, -2 * ring)
            pygame.draw.rect(surface, theme.accent, box, ring + 1, border_radius=corner)
        for x, y in scene.hint_cells:
            cell = pygame.Rect(layout.cell_box(x, y))
            pygame.draw.rect(surface, theme.success, cell.inflate(-ring, -ring), ring)
            inner = cell.inflate(-4 * ring - 4, -4 * ring - 4)
            if inner.w > 2 * ring:
                pygame.draw.rect(surface, theme.success, inner, ring)
