"""The converter screen's fairness side: the sliced check, the report panel, Make it fair.

The scene (:mod:`game.ui.scenes.converter.scene`) owns one :class:`ConverterFairness`. Each new
grid restarts it (:meth:`ConverterFairness.reset`); every frame :meth:`ConverterFairness.update`
spends ``CHECK_SLICE`` seconds of solver work on it, so a frame never waits on the engine.
The check (:class:`~game.core.create.fairness.UniquenessCheck`) counts the free cells exactly, and
the preview hatches them. "Make it fair" runs :class:`~game.core.create.make_fair.MakeFair` the same
way, applies its edits as one undo step, outlines the changed cells and offers Undo. Saving
an ambiguous puzzle asks first (:meth:`ConverterFairness.confirm_save`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.core.create.conversion import fair_search
from game.core.create.fair_edits import Edit
from game.core.create.fairness import Report, UniquenessCheck, report_lines
from game.core.create.free_cells import WORK_PER_SECOND, FreeCells
from game.core.create.make_fair import FairResult, MakeFair
from game.core.create.paced_check import CHECK_SLICE as CHECK_SLICE
from game.core.create.paced_check import LONGER as LONGER
from game.core.create.paced_check import PacedCheck, screen_check
from game.core.i18n import N_, _, ngettext
from game.core.locale_numbers import format_decimal
from game.core.solver.steps import CellPosition
from game.ui.scenes.shared.editor.panels import draw_panel, draw_report
from game.ui.widgets.base import Widget
from game.ui.widgets.button import Button
from game.ui.widgets.dialog import DialogScene

if TYPE_CHECKING:
    from game.ui.scenes.converter.scene import ConverterScene

# Wait this long after the last change before checking, so a slider drag does not start
# (and throw away) a check on every frame.
CHECK_DELAY = 0.15
# Engine work for two solutions, and for counting free cells once two are found, counted in
# lines looked at (see game.core.create.paced_check.screen_check) and written as seconds at
# WORK_PER_SECOND: 240,000 and 360,000 lines, the same verdict on every machine and on either
# engine. (First tuned in steps: 150,000 and 225,000, at 13,000-44,000 steps a second on a
# loaded machine; a 40x30 photo's second solution took 120,000 steps: still decided.)
CHECK_TIME_LIMIT = 6.0
FREE_TIME_LIMIT = 9.0
# Engine work Make it fair may do (lines, so a picture gets the same edits on any machine:
# about 15 s of solving, which at FAIR_SLICE a frame takes about 25 s on screen), and the last
# resort, seconds of the player's time (frames' dt): a machine so busy that the work would take
# longer than that gives up, and the report says so.
FAIR_WORK_LIMIT = 15 * WORK_PER_SECOND
FAIR_WALL_LIMIT = 60.0
# Seconds of search per frame: more than a check's slice (the player pressed a button and is
# waiting for it), still well inside a 60 FPS frame.
FAIR_SLICE = 0.010
# The edits Make it fair names in the report; more are outlined on the grid. At 1280x800 a
# dithered temple's 38 pushed "One solution" and "Undo the edits" out of the panel.
LISTED_EDITS = 4


class ConverterFairness:
    """The uniqueness check of the scene's puzzle, its report, and Make it fair."""

    def __init__(self, scene: ConverterScene) -> None:
        self.scene = scene
        # The check, its pause and its limits' scale ("Keep checking" raises it, a new grid
        # puts it back).
        self.paced = PacedCheck(CHECK_DELAY)
        self.fair_search: MakeFair | None = None
        # The last Make it fair: its result while its edits are the last change, for the
        # outline and the "Undo" button; a failed search, for its sentence.
        self.applied: FairResult | None = None
        self.failed: FairResult | None = None
        # The player stopped the last search (the report says so rather than "no edits").
        self.stopped = False
        self.fair_elapsed = 0.0  # the running search's seconds on screen
        self.fair_button = Button(N_("Make it fair"), self.fair_clicked, primary=True, font_size=17)
        self.undo_button = Button(N_("Undo the edits"), self.undo_fair, font_size=17)
        self.longer_button = Button(N_("Keep checking"), self.check_longer, font_size=17)
        self.report_rect = pygame.Rect(0, 0, 0, 0)
        self.report_text_rect = pygame.Rect(0, 0, 0, 0)
        self.report_full_rect = pygame.Rect(0, 0, 0, 0)

    @property
    def widgets(self) -> list[Widget]:
        """The report's buttons, in Tab order."""
        return [self.fair_button, self.undo_button, self.longer_button]

    def reset(self) -> None:
        """The grid changed: forget the report and check again after a pause."""
        if self.fair_search is not None:
            self.fair_search.cancel()
        self.fair_search = None
        self.applied = None
        self.failed = None
        self.stopped = False
        self.paced.restart()

    @property
    def report(self) -> Report | None:
        return self.paced.report

    def check_longer(self) -> None:
        """Check again, with more time: a busy machine or a hard picture ran out of it."""
        if self.paced.longer():
            self.scene.sync_widgets()

    @property
    def ambiguous(self) -> bool:
        return self.report is not None and self.report.status == "multiple"

    def sync(self) -> None:
        """Enable the buttons that can do something now."""
        searching = self.fair_search is not None
        # While the search runs the same button stops it; after a search that found no fix
        # but edits that leave fewer free cells, it offers those.
        self.fair_button.enabled = self.ambiguous or searching
        offer = self.offer
        if searching:
            self.fair_button.label = N_("Stop")
        elif offer is not None:
            count = len(offer.partial)
            self.fair_button.label = ngettext(
                "Use its {count} edit", "Use its {count} edits", count
            ).format(count=count)
        else:
            self.fair_button.label = N_("Make it fair")
        self.undo_button.enabled = self.applied is not None
        self.longer_button.enabled = self.paced.can_go_longer

    @property
    def checking(self) -> bool:
        return self.scene.document.mode != "empty" and self.report is None

    @property
    def busy(self) -> bool:
        """The check or Make it fair is under way."""
        return self.checking or self.fair_search is not None

    def update(self, dt: float) -> None:
        """One frame's slice of the check (after the pause) or of Make it fair."""
        if self.report is None:
            if self.paced.advance(dt, self._start_check) is not None:
                self.scene.sync_widgets()
        elif self.fair_search is not None:
            self.fair_elapsed += dt
            if self.fair_elapsed >= FAIR_WALL_LIMIT:
                self.fair_search.give_up()  # out of the player's time: said as such
            if self.fair_search.advance(FAIR_SLICE):
                result = self.fair_search.result
                self.fair_search = None
                if result is not None:
                    self._apply(result)
                self.scene.sync_widgets()

    def _start_check(self, scale: float) -> UniquenessCheck:
        return screen_check(self.scene.puzzle, CHECK_TIME_LIMIT, FREE_TIME_LIMIT, scale)

    # -- Make it fair -----------------------------------------------------------------------

    def make_fair(self) -> None:
        """Start the search for a few edits that give the puzzle one solution."""
        report = self.report
        if report is None or report.status != "multiple" or self.fair_search is not None:
            return
        free = FreeCells(report.ambiguous_cells, report.free_exact)
        self.failed = None
        self.stopped = False
        self.fair_elapsed = 0.0
        # On the puzzle's own picture; in colour the edits give cells other colours.
        self.fair_search = fair_search(self.scene.puzzle, free, work_limit=FAIR_WORK_LIMIT)
        self.scene.sync_widgets()

    @property
    def offer(self) -> FairResult | None:
        """The last search, when it found no fix but edits that leave fewer free cells."""
        failed = self.failed
        return failed if failed is not None and failed.partial and not failed.gave_up else None

    def fair_clicked(self) -> None:
        """The report's main button: Make it fair, Stop while the search runs, or the
        edits a search that found no fix offers."""
        if self.fair_search is not None:
            self.stop_fair()
        elif self.offer is not None:
            self.use_offer()
        else:
            self.make_fair()

    def use_offer(self) -> None:
        """Make the edits the last search offered (one undo step); the check runs again,
        and Make it fair can go on from there."""
        offer = self.offer
        if offer is None:
            return
        self.scene.document.apply_offer(offer)  # one undo step
        self.scene.grid_changed()
        self.applied = replace(offer, edits=offer.partial)

    def stop_fair(self) -> bool:
        """Stop the running search, leaving the picture as it was; False if none runs."""
        if self.fair_search is None:
            return False
        self.fair_search.cancel()
        self.fair_search = None
        self.failed = None
        self.stopped = True
        self.scene.sync_widgets()
        return True

    def _apply(self, result: FairResult) -> None:
        if not self.scene.document.apply_fair(result):  # one undo step
            self.failed = result
            return
        self.scene.grid_changed()
        self.applied = result  # after grid_changed, which forgets the last one

    def undo_fair(self) -> None:
        if self.applied is not None:
            self.scene.undo()

    def changed_cells(self) -> tuple[CellPosition, ...]:
        """The cells the last Make it fair changed, outlined on the preview."""
        return tuple(edit.cell for edit in self.applied.edits) if self.applied else ()

    # -- saving -----------------------------------------------------------------------------

    def confirm_save(self, save: Callable[[], object]) -> None:
        """Save, but ask first when the puzzle is known to have more than one solution."""
        scene = self.scene
        if not self.ambiguous:
            save()
            return
        assert self.report is not None

        def save_anyway() -> None:
            save()

        def fair_then_wait() -> None:
            self.make_fair()
            scene.app.toast(_("Making it fair: save again once the edits are shown"))

        scene.app.push(
            DialogScene(
                scene.app,
                _("Save an ambiguous puzzle?"),
                _(
                    "Its clues have more than one solution: {free}. "
                    "A player cannot reason it out, and My puzzles will mark it Ambiguous."
                ).format(free=self.report.free_text),
                [
                    (_("Save anyway"), save_anyway),
                    (_("Make it fair"), fair_then_wait),
                    (_("Cancel"), None),
                ],
                cancel_index=2,
            )
        )

    # -- layout and drawing -----------------------------------------------------------------

    def hidden(self, widget: Widget) -> bool:
        """Report buttons show only when they can do something."""
        if widget is self.fair_button:
            return not self.ambiguous
        if widget is self.undo_button:
            # Offered edits leave the puzzle ambiguous: Make it fair keeps the place (Ctrl+Z
            # takes them back, as the report says).
            return self.applied is None or not self.applied.found
        if widget is self.longer_button:
            return not self.paced.can_go_longer
        return False

    def arrange(self, report_rect: pygame.Rect, scale: float, margin: int, gap: int) -> None:
        """Place the panel and its buttons in ``report_rect``."""
        self.report_rect = report_rect
        inner = report_rect.inflate(-2 * margin, -2 * gap)
        button_width = round(240 * scale)
        button_height = round(38 * scale)
        bx = inner.right - button_width
        by = inner.top + gap
        self.fair_button.rect = pygame.Rect(bx, by, button_width, button_height)
        self.undo_button.rect = pygame.Rect(bx, by, button_width, button_height)
        # Below Undo: a check of the edited grid may also run out of time.
        self.longer_button.rect = pygame.Rect(
            bx, by + button_height + gap, button_width, button_height
        )
        self.report_text_rect = pygame.Rect(
            inner.left, inner.top, inner.width - button_width - margin, inner.height
        )
        self.report_full_rect = pygame.Rect(inner)

    def marked_cells(self) -> tuple[CellPosition, ...]:
        """The cells the preview hatches: the free cells."""
        return self.report.ambiguous_cells if self.report is not None else ()

    def report_lines(self) -> list[tuple[str, str]]:
        """What the report panel says, as (kind, text) with kind in
        title/good/bad/info/warning."""
        scene = self.scene
        document = scene.document
        lines: list[tuple[str, str]] = [("title", _("Fairness report"))]
        if document.mode == "empty":
            hint = _("Open a picture or draw one to see whether it makes a fair puzzle.")
            return [*lines, ("info", hint)]
        dots = 1 + int(scene.app.time * 3) % 3
        if self.applied is not None:
            edits = self.applied.edits
            count = len(edits)
            if self.applied.found:
                made = ngettext(
                    "Made fair: {count} cell changed (outlined on the grid).",
                    "Made fair: {count} cells changed (outlined on the grid).",
                    count,
                )
                lines.append(("good", made.format(count=count)))
            else:
                offered = ngettext(
                    "{count} cell changed as offered (outlined): Make it fair goes on from "
                    "here; Ctrl+Z takes them back.",
                    "{count} cells changed as offered (outlined): Make it fair goes on from "
                    "here; Ctrl+Z takes them back.",
                    count,
                )
                lines.append(("info", offered.format(count=count)))
            listed = "; ".join(edit.text for edit in edits[:LISTED_EDITS])
            if count > LISTED_EDITS:  # the rest are outlined: a long list hid the verdict
                listed += _("; and {count} more").format(count=count - LISTED_EDITS)
            lines.append(("info", listed[:1].upper() + listed[1:] + "."))
        lines += report_lines(self.report, document.grid, dots=dots, progress=self.paced.progress)
        search = self.fair_search
        if search is not None:
            tried = ngettext(
                "Making it fair{dots} ({count} edit tried): Stop or Esc ends it.",
                "Making it fair{dots} ({count} edits tried): Stop or Esc ends it.",
                search.tried,
            )
            lines.append(("info", tried.format(dots="." * dots, count=search.tried)))
        elif self.stopped:
            lines.append(("info", _("Make it fair stopped: the picture is unchanged.")))
        elif self.failed is not None and self.failed.gave_up:
            gave_up = _(
                "Make it fair gave up after {seconds} s, before its work was done "
                "(a busy machine): try again, or try {advice}."
            )
            seconds = format_decimal(self.fair_elapsed, 0)
            lines.append(("warning", gave_up.format(seconds=seconds, advice=self._advice())))
        elif self.offer is not None:
            # Why, and what it found, which the button makes: short enough for the panel.
            count = len(self.offer.partial)
            lines.append(("warning", _("No fix found: {why}.").format(why=self.offer.why)))
            best = ngettext(
                'Its best: {offer}; "{button}" makes it.',
                'Its best: {offer}; "{button}" makes them.',
                count,
            )
            lines.append(
                ("info", best.format(offer=self.offer.offer, button=self.fair_button.label))
            )
        elif self.failed is not None:
            no_fix = _("No fix found: {why}: try {advice}.")
            lines.append(("warning", no_fix.format(why=self.failed.why, advice=self._advice())))
        if self.applied is not None:
            # When the edits took most of the picture the line says so, in its place.
            lost = _picture_lost(self.applied.edits, int(document.grid.sum()))
            if lost:
                lines.append(("warning", lost))
            elif self.applied.found:
                lines.append(("info", _(UNDO_EDITS)))
        if document.saved_path is not None:
            state = _("saved") if not document.dirty else _("changed since saved")
            where = _("My puzzles/{name} ({state})")
            lines.append(("info", where.format(name=document.saved_path.name, state=state)))
        return lines

    def _advice(self) -> str:
        """What the player can change: the method only exists for an opened picture."""
        if self.scene.document.mode == "image":
            return _("touching up, another size or another method")
        return _("touching up the picture or another size")

    def draw_changed(self, surface: pygame.Surface) -> None:
        """Outline the cells Make it fair changed (over the preview, so after it)."""
        app = self.scene.app
        preview = self.scene.preview
        for cell in self.changed_cells():
            ring = preview.cell_rect(cell).inflate(6, 6)
            pygame.draw.rect(surface, app.theme.accent, ring, max(3, preview.cell_size // 6))

    def draw(self, surface: pygame.Surface) -> None:
        app = self.scene.app
        draw_panel(surface, app, self.report_rect)
        # The text keeps clear of the buttons only while one is shown.
        shown = not all(self.hidden(widget) for widget in self.widgets)
        rect = self.report_text_rect if shown else self.report_full_rect
        draw_report(surface, app, rect, self.report_lines())


UNDO_EDITS = N_("Undo the edits (or Ctrl+Z) takes them back.")


def _picture_lost(edits: Sequence[Edit], filled_after: int) -> str:
    """A warning when the edits cleared most of the picture (QA: a drawn diagonal of 10
    cells was "made fair" by clearing 9 of them, the report all green), else ""."""
    cleared = sum(1 for edit in edits if not edit.filled)
    before = filled_after + cleared - (len(edits) - cleared)
    if before <= 0 or 2 * cleared <= before:
        return ""
    return _(
        "That cleared {cleared} of your {before} filled cells: Undo the edits (Ctrl+Z) keeps them."
    ).format(cleared=cleared, before=before)
