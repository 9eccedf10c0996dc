"""The converter screen's fairness side: the sliced check, the report panel and its buttons.

The scene (:mod:`game.ui.scenes.converter`) owns one :class:`ConverterFairness`. Each new
grid restarts it (:meth:`ConverterFairness.reset`); every frame :meth:`ConverterFairness.update`
spends ``CHECK_SLICE`` seconds of solver work on it, so a frame never waits on the engine.
What the report says comes from :mod:`game.core.fairness`; this module holds the state a
screen needs around it (the pause after a change, the buttons, where they go).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core.fairness import Fix, FixSearch, Report, UniquenessCheck, report_lines
from game.ui.scenes.converter_panels import draw_panel, draw_report
from game.ui.widgets.base import Widget
from game.ui.widgets.button import Button

if TYPE_CHECKING:
    from game.ui.scenes.converter import ConverterScene

# Seconds of solver work per frame: small enough to keep 60 frames a second.
CHECK_SLICE = 0.006
# Wait this long after the last change before checking, so a slider drag does not start
# (and throw away) a check on every frame.
CHECK_DELAY = 0.15
CHECK_TIME_LIMIT = 4.0
FIX_TIME_EACH = 0.4
MAX_FIX_BUTTONS = 3


class ConverterFairness:
    """The uniqueness check of the scene's puzzle, its report, and the fix search."""

    def __init__(self, scene: ConverterScene) -> None:
        self.scene = scene
        self.check: UniquenessCheck | None = None
        self.check_wait = 0.0
        self.report: Report | None = None
        self.fix_search: FixSearch | None = None
        self.suggest_button = Button("Suggest a fix", self.suggest_fixes, font_size=17)
        self.fix_buttons = [
            Button("", self._fix_applier(index), font_size=16) for index in range(MAX_FIX_BUTTONS)
        ]
        self.report_rect = pygame.Rect(0, 0, 0, 0)
        self.report_text_rect = pygame.Rect(0, 0, 0, 0)
        self.report_full_rect = pygame.Rect(0, 0, 0, 0)

    @property
    def widgets(self) -> list[Widget]:
        """The report's buttons, in Tab order."""
        return [self.suggest_button, *self.fix_buttons]

    def _fix_applier(self, index: int) -> Callable[[], None]:
        return lambda: self.apply_fix(index)

    def reset(self) -> None:
        """The grid changed: forget the report and check again after a pause."""
        self.report = None
        self.fix_search = None
        self.check = None
        self.check_wait = CHECK_DELAY

    def sync(self) -> None:
        """Enable the buttons that can do something now."""
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

    @property
    def checking(self) -> bool:
        return self.scene.document.mode != "empty" and self.report is None

    def update(self, dt: float) -> None:
        """One frame's slice of the check (after the pause) or of the fix search."""
        if self.report is None:
            if self.check is None:
                self.check_wait -= dt
                if self.check_wait > 0:
                    return
                self.check = UniquenessCheck(self.scene.puzzle, CHECK_TIME_LIMIT)
            if self.check.advance(CHECK_SLICE):
                self.report = self.check.report
                self.check = None
                self.scene.sync_widgets()
        elif self.fix_search is not None and not self.fix_search.done:
            found = len(self.fix_search.fixes)
            self.fix_search.advance(CHECK_SLICE)
            if len(self.fix_search.fixes) != found or self.fix_search.done:
                self.scene.sync_widgets()

    def suggest_fixes(self) -> None:
        report = self.report
        if report is None or report.status != "multiple":
            return
        self.fix_search = FixSearch(
            self.scene.document.grid,
            report.ambiguous_cells,
            max_fixes=MAX_FIX_BUTTONS,
            time_each=FIX_TIME_EACH,
        )
        self.scene.sync_widgets()

    def apply_fix(self, index: int) -> None:
        if self.fix_search is None or index >= len(self.fix_search.fixes):
            return
        self.scene.document.apply_fix(self.fix_search.fixes[index])
        self.scene.grid_changed()

    def hovered_fix(self) -> Fix | None:
        if self.fix_search is None:
            return None
        focus = self.scene.focus
        for index, button in enumerate(self.fix_buttons):
            pointed = button.hovered or (button.focused and focus.show_focus)
            if button.enabled and pointed and index < len(self.fix_search.fixes):
                return self.fix_search.fixes[index]
        return None

    def hidden(self, widget: Widget) -> bool:
        """Report buttons show only when they can do something."""
        if widget is self.suggest_button:
            return self.report is None or self.report.status != "multiple"
        return widget in self.fix_buttons and not widget.enabled

    # -- layout and drawing -----------------------------------------------------------------

    def arrange(self, report_rect: pygame.Rect, scale: float, margin: int, gap: int) -> None:
        """Place the panel and its buttons in ``report_rect``."""
        self.report_rect = report_rect
        inner = report_rect.inflate(-2 * margin, -2 * gap)
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

    def marked_cells(self) -> tuple[tuple[int, int], ...]:
        """The cells the preview hatches."""
        return self.report.ambiguous_cells if self.report is not None else ()

    def report_lines(self) -> list[tuple[str, str]]:
        """What the report panel says, as (kind, text) with kind in
        title/good/bad/info/warning."""
        scene = self.scene
        document = scene.document
        lines: list[tuple[str, str]] = [("title", "Fairness report")]
        if document.mode == "empty":
            hint = "Open a picture or draw one to see whether it makes a fair puzzle."
            return [*lines, ("info", hint)]
        dots = 1 + int(scene.app.time * 3) % 3
        lines += report_lines(self.report, self.fix_search, document.grid, dots=dots)
        if document.saved_path is not None:
            state = "saved" if not document.dirty else "changed since saved"
            lines.append(("info", f"My puzzles/{document.saved_path.name} ({state})"))
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        app = self.scene.app
        draw_panel(surface, app, self.report_rect)
        # The text keeps clear of the fix buttons only while they are shown.
        rect = self.report_full_rect if self.hidden(self.suggest_button) else self.report_text_rect
        draw_report(surface, app, rect, self.report_lines())
