"""The palette bar of a colour nonogram: one swatch per colour with its number key.

1-9 choose a colour, Q / E step through them, and so does the wheel over the bar; a click on
a swatch chooses it. Left click and drag paint the chosen colour; the chosen colour is also
shown at the cursor (``draw_at_cursor``), so the player need not look away from the board.
L turns the colour letters on and off (the colour-blind option, also in Options).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.convert.colour_names import said_name, spoken_name
from game.core.i18n import _
from game.core.play.symbols import symbol_of
from game.ui.input import Action, Input, Kind
from game.ui.settings import COLOUR_SYMBOLS
from game.ui.widgets.colour_marks import draw_swatch
from game.ui.widgets.text import draw_text

if TYPE_CHECKING:
    from game.core.palette import Palette
    from game.ui.scenes.play.scene import PlayScene

KEYS_SHOWN = 9  # colours past the ninth have no number key (Q / E reach them)


def next_colour(current: int, step: int, count: int) -> int:
    """The colour ``step`` places on from ``current`` (1..count), wrapping around."""
    return (current - 1 + step) % count + 1


def colour_for_digit(digit: int | None, count: int) -> int | None:
    """The colour the digit key ``digit`` chooses (1 the first), or None."""
    if digit is not None and 1 <= digit <= min(KEYS_SHOWN, count):
        return digit
    return None


class PaletteBar:
    """The swatches of one colour puzzle, placed in the play screen's side panel."""

    def __init__(self, scene: PlayScene, palette: Palette) -> None:
        self.scene = scene
        self.palette = palette
        self.rects: list[pygame.Rect] = []
        self.area = pygame.Rect(0, 0, 0, 0)

    @property
    def count(self) -> int:
        return self.palette.count

    def place(self, x: int, y: int, width: int) -> int:
        """Lay the swatches out from (x, y) across ``width``; returns the bottom."""
        app = self.scene.app
        label_h = app.scaled(20)
        gap = app.scaled(8)
        per_row = max(1, min(self.count, 8))
        side = max(16, min(app.scaled(40), (width - gap * (per_row - 1)) // per_row))
        self.rects = []
        top = y + label_h
        for index in range(self.count):
            row, column = divmod(index, per_row)
            self.rects.append(
                pygame.Rect(x + column * (side + gap), top + row * (side + gap), side, side)
            )
        rows = -(-self.count // per_row)
        bottom = top + rows * side + (rows - 1) * gap
        self.area = pygame.Rect(x, y, width, bottom - y)
        return bottom

    def choose(self, colour: int) -> None:
        scene = self.scene
        if 1 <= colour <= self.count and colour != scene.colour:
            scene.colour = colour
            scene.pen.new_mode()

    def step(self, step: int) -> None:
        self.choose(next_colour(self.scene.colour, step, self.count))

    def handle(self, event: Input) -> bool:
        """A click on a swatch chooses it; the wheel over the bar steps through colours."""
        if event.down():
            for index, rect in enumerate(self.rects):
                if rect.inflate(4, 4).collidepoint(event.pos):
                    self.choose(index + 1)
                    return True
        if event.kind is Kind.WHEEL and self.area.collidepoint(self.scene.app.mouse_pos):
            self.step(-1 if event.scroll[1] > 0 else 1)
            return True
        return False

    def handle_key(self, event: Input) -> bool:
        colour = colour_for_digit(event.digit, self.count)
        if colour is not None:
            self.choose(colour)
            return True
        if event.pressed(Action.PREVIOUS_COLOUR, Action.NEXT_COLOUR):
            self.step(-1 if event.pressed(Action.PREVIOUS_COLOUR) else 1)
            return True
        if event.pressed(Action.COLOUR_LIST):
            app = self.scene.app
            app.set_setting(COLOUR_SYMBOLS, not app.setting(COLOUR_SYMBOLS))
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        app = scene.app
        theme = app.theme
        if not self.rects:
            return
        name = said_name(spoken_name(self.palette, scene.colour))
        draw_text(
            surface,
            app,
            _("Colour: {name} (1-{last}, Q/E)").format(name=name, last=min(KEYS_SHOWN, self.count)),
            app.scaled(15),
            theme.text,
            (self.area.x, self.area.y),
        )
        for index, rect in enumerate(self.rects):
            colour = index + 1
            key = str(colour) if colour <= KEYS_SHOWN else ""
            draw_swatch(
                surface,
                rect,
                self.palette.colour(colour).rgb,
                key,
                app.fonts,
                theme,
                colour == scene.colour,
                symbol_of(self.palette, colour) if scene.grid_view.symbols else None,
            )

    def draw_at_cursor(self, surface: pygame.Surface) -> None:
        """The chosen colour, a small square at the cursor cell's corner."""
        scene = self.scene
        if not scene.show_cursor or scene.win is not None:
            return
        box = pygame.Rect(scene.layout.cell_box(*scene.cursor))
        if not pygame.Rect(scene.layout.cells_view).contains(box):
            return
        side = max(5, box.w // 3)
        rect = pygame.Rect(box.right - side + 2, box.bottom - side + 2, side, side)
        surface.fill(self.palette.colour(scene.colour).rgb, rect)
        pygame.draw.rect(surface, scene.app.theme.cursor, rect, 1)
