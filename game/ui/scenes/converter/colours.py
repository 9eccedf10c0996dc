"""The converter screen in colour: the Colours control, the palette as swatches, and the
palette's edits (merge, recolour, drop), all as one part the scene owns.

Colours 2 is black and white (the methods); 3..8 or Auto make a colour puzzle in the
picture's own colours (:mod:`game.core.convert.quantise`). In colour the method, level and
invert rows give their places to the palette: the swatches (click one to paint with it; the
background first; left paints the chosen one, right the background), then Merge into…,
Recolour… and Drop, then Dark lines (the black-and-white sketch's lines over the colours,
see :meth:`~game.core.convert.converter.Converter.colour_lines`). Merge into… waits for the
swatch that takes the chosen one's cells; Recolour… opens a picker over the preview (a few plain
colours and a grid of hues and shades). Every edit is one undo step of the document
(:mod:`game.core.create.palette_edits`).

The colour work of a new palette (the fits, the labels, the tables) is spread over frames:
:meth:`ConverterColours.defer` holds a change of options back until
:meth:`~game.core.convert.converter.Converter.preparing_colours` has done it, a slice a
frame, so no frame waits on it (benchmarks/frame_time.py, ``colour``).
"""

from __future__ import annotations

import colorsys
import time
from collections.abc import Callable, Generator, Sequence
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
import pygame

from game.core.convert.options import ConvertOptions
from game.core.convert.quantise import ColourCount
from game.core.create.palette_edits import RECOLOURS, PaletteEditError, Swatch
from game.core.i18n import N_, _
from game.core.palette import RGB, colour_count_text
from game.ui.input import Action, Input, Kind
from game.ui.layout import compute_play_regions, fit_cell
from game.ui.scenes.shared.editor.panels import draw_busy_note
from game.ui.widgets.base import Widget
from game.ui.widgets.button import Button
from game.ui.widgets.colour_marks import draw_swatch, ink_on
from game.ui.widgets.text import draw_text
from game.ui.widgets.toggle import Selector, Toggle

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scenes.converter.scene import ConverterScene
    from game.ui.scenes.shared.editor.layout import ConverterPlaces

# The value counts the background (as ``convert --colours`` does); the label counts the
# colours to paint with, beside the background's swatch ("bg"), as the play screen shows
# them: "3 + bg" over the swatches bg, 1, 2, 3 (a bare "4" read as a colour missing in play).
COLOUR_LABELS: list[tuple[ColourCount, str]] = [
    (2, N_("B&W")), (3, N_("2 + bg")), (4, N_("3 + bg")), (5, N_("4 + bg")), (6, N_("5 + bg")),
    (7, N_("6 + bg")), (8, N_("7 + bg")), ("auto", N_("Auto"))
]  # fmt: skip
# Seconds of colour work a frame while a new palette is prepared.
PREPARE_SLICE = 0.003
# The picker's grid of hues and shades, besides the plain colours.
PICKER_HUES = 12
PICKER_SHADES = 5


def picker_colours() -> list[RGB]:
    """The recolour picker's colours: the plain ones, then hues by shade (light to dark)."""
    shades: list[RGB] = []
    for shade in range(PICKER_SHADES):
        lightness = 0.8 - shade * 0.14
        for hue in range(PICKER_HUES):
            r, g, b = colorsys.hls_to_rgb(hue / PICKER_HUES, lightness, 0.75)
            shades.append((round(r * 255), round(g * 255), round(b * 255)))
    return [*RECOLOURS, *shades]


class SwatchRow(Widget):
    """The palette as a row of swatches; a click (or Left/Right) chooses one."""

    def __init__(self, on_pick: object) -> None:
        super().__init__()
        self.swatches: list[Swatch] = []
        self.chosen: int | None = None
        self.on_pick = on_pick

    def swatch_rects(self) -> list[pygame.Rect]:
        count = max(1, len(self.swatches))
        gap = max(2, self.rect.height // 8)
        side = min(self.rect.height, (self.rect.width - gap * (count - 1)) // count)
        return [
            pygame.Rect(self.rect.left + i * (side + gap), self.rect.top, side, side)
            for i in range(len(self.swatches))
        ]

    def handle(self, event: Input) -> bool:
        super().handle(event)
        if not self.enabled or event.kind is not Kind.POINTER_DOWN or event.button != 1:
            return False
        for swatch, rect in zip(self.swatches, self.swatch_rects(), strict=True):
            if rect.collidepoint(event.pos):
                self.on_pick(swatch.label)  # type: ignore[operator]
                return True
        return False

    def adjust(self, step: int) -> bool:
        labels = [swatch.label for swatch in self.swatches]
        if not labels:
            return False
        index = labels.index(self.chosen) if self.chosen in labels else 0
        self.on_pick(labels[(index + step) % len(labels)])  # type: ignore[operator]
        return True

    def draw(self, surface: pygame.Surface, app: App) -> None:
        for number, (swatch, rect) in enumerate(
            zip(self.swatches, self.swatch_rects(), strict=True)
        ):
            label = _("bg") if swatch.background else str(number)
            draw_swatch(surface, rect, swatch.rgb, label, app.fonts, app.theme,
                        swatch.label == self.chosen)  # fmt: skip


class ColourPicker(Widget):
    """A grid of colours over the preview, to recolour a swatch: click one, or Esc."""

    def __init__(self, on_choose: object) -> None:
        super().__init__()
        self.colours = picker_colours()
        self.on_choose = on_choose
        self.open = False
        self.columns = max(PICKER_HUES, 8)

    def cell_rects(self) -> list[pygame.Rect]:
        rows = -(-len(self.colours) // self.columns)
        inner = self.rect.inflate(-self.rect.width // 8, -self.rect.height // 4)
        side = max(8, min(inner.width // self.columns, inner.height // rows))
        left = inner.centerx - side * self.columns // 2
        top = inner.centery - side * rows // 2
        return [
            pygame.Rect(
                left + (i % self.columns) * side,
                top + (i // self.columns) * side,
                side - 2,
                side - 2,
            )
            for i in range(len(self.colours))
        ]

    def handle(self, event: Input) -> bool:
        if not self.open:
            return False
        if event.pressed(Action.BACK):
            self.open = False
            return True
        if event.kind is Kind.POINTER_DOWN:
            for rgb, rect in zip(self.colours, self.cell_rects(), strict=True):
                if rect.collidepoint(event.pos):
                    self.open = False
                    self.on_choose(rgb)  # type: ignore[operator]
                    return True
            self.open = False  # a click elsewhere closes it
            return True
        return event.kind in (Kind.POINTER_UP, Kind.POINTER_MOVE)

    def draw(self, surface: pygame.Surface, app: App) -> None:
        if not self.open:
            return
        theme = app.theme
        pygame.draw.rect(surface, theme.background, self.rect, border_radius=6)
        pygame.draw.rect(surface, theme.grid_line_thick, self.rect, 2, border_radius=6)
        scale = app.ui_scale
        draw_text(surface, app, _("Recolour: choose a colour (Esc to cancel)"), round(17 * scale),
                  theme.text, (self.rect.centerx, self.rect.top + round(12 * scale)),
                  "midtop")  # fmt: skip
        for rgb, rect in zip(self.colours, self.cell_rects(), strict=True):
            surface.fill(rgb, rect)
            if rect.collidepoint(pygame.mouse.get_pos()):
                pygame.draw.rect(surface, ink_on(rgb), rect, 2)


class ConverterColours:
    """The scene's colour part (see the module text)."""

    def __init__(self, scene: ConverterScene) -> None:
        self.scene = scene
        self.choice: Selector[ColourCount] = Selector(
            N_("Colours"), COLOUR_LABELS, 2, self._colours_chosen, font_size=19
        )
        self.swatch_row = SwatchRow(self.pick)
        self.merge_button = Button(N_("Merge into…"), self._merge_clicked, font_size=15,
                                   short_label=N_("Merge"))  # fmt: skip
        self.recolour_button = Button(N_("Recolour…"), self._recolour_clicked, font_size=15,
                                      short_label=N_("Colour"))  # fmt: skip
        self.drop_button = Button(N_("Drop"), self._drop_clicked, font_size=15)
        self.lines_toggle = Toggle(N_("Dark lines"), True, self._lines_set, font_size=19)
        self.picker = ColourPicker(self._recoloured)
        self.chosen: int | None = None
        self.merging = False
        self.preparing: Generator[None, None, None] | None = None
        self.pending: ConvertOptions | None = None
        # The work ended on the last frame; its cells are voted on this one and shown on the
        # next (the vote, 3-7 ms, and the puzzle built and drawn were one 13-15 ms frame).
        self.worked_out = False
        self.voted = False
        # Actions that need the document as the pending options will leave it (an undo, a
        # palette edit), taken while the colours are worked out and run, in order, after.
        self.queued: list[Callable[[], object]] = []
        # The clock the work's slices are measured by (a test gives it one that ticks).
        self.clock: Callable[[], float] = time.perf_counter
        self.window = (1280, 800)

    @property
    def widgets(self) -> list[Widget]:
        return [self.choice, self.swatch_row, self.merge_button, self.recolour_button,
                self.drop_button, self.lines_toggle]  # fmt: skip

    @property
    def active(self) -> bool:
        """A colour picture is open (its palette shows)."""
        document = self.scene.document
        return document.mode == "image" and document.colour_cells is not None

    @property
    def busy(self) -> bool:
        return self.preparing is not None

    def hides(self, widget: Widget) -> bool:
        """Whether ``widget`` (this part's, or a method control it replaces) is hidden."""
        mine = (self.swatch_row, self.merge_button, self.recolour_button, self.drop_button,
                self.lines_toggle)  # fmt: skip
        if widget in mine:
            return not self.active
        scene = self.scene
        replaced = (scene.method_choice, scene.threshold_slider, scene.invert_toggle)
        return widget in replaced and self.active

    # -- the number of colours ---------------------------------------------------------------

    def _colours_chosen(self, value: ColourCount) -> None:
        self.scene._change_options(colours=value)

    def _lines_set(self, value: bool) -> None:
        self.scene._change_options(lines=value)

    def defer(self, options: ConvertOptions) -> bool:
        """Hold ``options`` back while their colour work is done over the next frames;
        False when there is none to do (black and white, or done before)."""
        converter = self.scene.document.converter
        if self.scene.document.mode != "image" or converter is None or not options.in_colour:
            self.preparing = self.pending = None
            self.worked_out = False
            return False
        if converter.colours_ready(options):
            self.preparing = self.pending = None
            self.worked_out = False
            return False
        self.pending = options
        self.worked_out = self.voted = False
        self.preparing = converter.preparing_colours(options)
        return True

    def update(self) -> None:
        """A slice of the colour work (at least one step, then more while the next step
        should still end within the slice); on the frame after it ends, the cells voted; on
        the next, the held options (the puzzle built and shown: a frame's work of its own),
        then the actions queued meanwhile."""
        if self.preparing is None:
            return
        if self.worked_out and not self.voted:
            self.voted = True
            converter = self.scene.document.converter
            if self.pending is not None and converter is not None:
                converter.colour_cells(self.pending)
            return
        if self.worked_out:
            options, self.preparing, self.pending = self.pending, None, None
            self.worked_out = self.voted = False
            if options is not None:
                self.scene.document.set_options(options)
                self.scene.grid_changed()
            self._run_queued()
            return
        before = self.clock()
        deadline = before + PREPARE_SLICE
        longest = 0.0
        while True:
            try:
                next(self.preparing)
            except StopIteration:
                self.worked_out = True
                return
            after = self.clock()
            longest = max(longest, after - before)
            if after + longest >= deadline:  # the next step would likely overrun
                return
            before = after

    def when_ready(self, action: Callable[[], object]) -> None:
        """Run ``action`` now, or after the colour work when it is under way: a click on
        Undo or a swatch while the colours are found is kept, never dropped."""
        if self.busy:
            self.queued.append(action)
        else:
            action()

    def _run_queued(self) -> None:
        while self.queued and not self.busy:  # an action may start new colour work
            self.queued.pop(0)()

    # -- the palette -------------------------------------------------------------------------

    def sync(self) -> None:
        """Show the document's palette and number of colours."""
        document = self.scene.document
        options = self.pending or document.options
        self.choice.index = [value for value, _ in COLOUR_LABELS].index(options.colours)
        self.choice.enabled = document.mode == "image"
        swatches = document.swatches
        labels = [swatch.label for swatch in swatches]
        if self.chosen not in labels:
            self.chosen = labels[1] if len(labels) > 1 else None
            self.merging = False
        self.swatch_row.swatches = swatches
        self.swatch_row.chosen = self.chosen
        self.swatch_row.enabled = self.active
        self.lines_toggle.value = options.lines
        self.lines_toggle.enabled = self.active
        chosen_background = bool(swatches) and self.chosen == labels[0]
        can_lose = len(swatches) > 2 and not chosen_background
        self.merge_button.enabled = can_lose
        self.drop_button.enabled = can_lose
        self.recolour_button.enabled = self.chosen is not None
        self.merge_button.label = N_("Merge into: pick") if self.merging else N_("Merge into…")

    def pick(self, label: int) -> None:
        """A swatch was clicked: the colour to paint with, or the one a merge goes into."""
        if self.merging and self.chosen is not None and label != self.chosen:
            self.merging = False
            self._edit(lambda: self.scene.document.merge_swatches(self.chosen or 0, label))
            self.chosen = label
        else:
            self.merging = False
            self.chosen = label
        self.scene.sync_widgets()

    def _merge_clicked(self) -> None:
        self.merging = not self.merging
        self.sync()

    def _recolour_clicked(self) -> None:
        self.picker.open = True

    def _recoloured(self, rgb: RGB) -> None:
        self.picker.open = False
        if self.chosen is not None:
            label = self.chosen
            self._edit(lambda: self.scene.document.recolour_swatch(label, rgb))

    def _drop_clicked(self) -> None:
        if self.chosen is not None:
            label = self.chosen
            self._edit(lambda: self.scene.document.drop_swatch(label))

    def _edit(self, change: object) -> None:
        self.when_ready(lambda: self._edit_now(change))

    def _edit_now(self, change: object) -> None:
        try:
            change()  # type: ignore[operator]
        except PaletteEditError as error:
            self.scene.app.toast(str(error), error=True)
            return
        self.scene.grid_changed()

    def paint_value(self, value: bool) -> bool | int:
        """What a stroke paints: in colour the chosen swatch (left) or the background."""
        if not self.active or self.chosen is None:
            return value
        swatches = self.scene.document.swatches
        return self.chosen if value else swatches[0].label

    # -- the preview -------------------------------------------------------------------------

    def cell_colours(self) -> npt.NDArray[np.uint8] | None:
        """Each cell's RGB for the preview (None in black and white)."""
        document = self.scene.document
        edits, cells = document.palette_edits, document.colour_cells
        if edits is None or cells is None:
            return None
        table = np.array(edits.rgb, dtype=np.uint8)
        colours: npt.NDArray[np.uint8] = table[cells.astype(np.intp)]
        return colours

    def stroke_rgb(self) -> tuple[RGB, RGB]:
        edits = self.scene.document.palette_edits
        if edits is None:
            return ((0, 0, 0), (255, 255, 255))
        chosen = self.chosen if self.chosen is not None else edits.background
        return (edits.rgb[chosen], edits.rgb[edits.background])

    def game_cell(self, row_clues: Sequence[Sequence[int]],
                  column_clues: Sequence[Sequence[int]]) -> int:  # fmt: skip
        """The cell side play will give this puzzle in a window of this size."""
        regions = compute_play_regions(*self.window)
        return fit_cell(regions.board_area, len(column_clues), len(row_clues), row_clues,
                        column_clues)  # fmt: skip

    def caption(self) -> str | None:
        """The preview's caption in colour (None in black and white)."""
        if not self.active:
            return None
        grid = self.scene.document.grid
        height, width = grid.shape
        count = colour_count_text(len(self.scene.document.swatches))  # the background's too
        text = _("{width}x{height} puzzle in {count}, {cells} cells coloured").format(
            width=width, height=height, count=count, cells=int(grid.sum())
        )
        touched = self.scene.document.touched
        return text + (_(", {count} touched up").format(count=touched) if touched else "")

    # -- layout and drawing ------------------------------------------------------------------

    def arrange(self, places: ConverterPlaces, size: tuple[int, int]) -> None:
        self.window = size
        self.choice.rect = places.colours
        self.swatch_row.rect = places.method
        row = places.level
        gap = places.gap
        each = (row.width - 2 * gap) // 3
        for index, button in enumerate((self.merge_button, self.recolour_button,
                                        self.drop_button)):  # fmt: skip
            button.rect = pygame.Rect(row.left + index * (each + gap), row.top, each, row.height)
        self.lines_toggle.rect = places.invert
        self.picker.rect = places.preview_panel

    def draw(self, surface: pygame.Surface) -> None:
        """ "Finding the colours…" while they are found, and the picker when it is open."""
        app = self.scene.app
        if self.busy:
            draw_busy_note(surface, app, self.picker.rect.center, _("Finding the colours…"))
        self.picker.draw(surface, app)
