"""Options: sound and volume, auto-check, mini-map, clue greying and the colour theme.

Every change applies at once (the theme repaints this very screen) and is written to the
progress file when the screen closes. Esc or "Back" returns to where the player came from.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.app import AUTO_CHECK, CLUE_GREYING, MINIMAP, SOUND, THEME, VOLUME
from game.ui.scene import Scene
from game.ui.theme import THEMES
from game.ui.widgets.base import FocusGroup, Widget, radius
from game.ui.widgets.button import Button
from game.ui.widgets.slider import Slider
from game.ui.widgets.text import draw_text
from game.ui.widgets.toggle import Choice, Toggle

if TYPE_CHECKING:
    from game.ui.app import App

# One sentence under each option, so the player knows what it changes.
EXPLANATIONS = {
    SOUND: "Short sounds when you paint, complete a line or win.",
    VOLUME: "How loud the sounds are.",
    AUTO_CHECK: "Mark rows and columns that contradict their clues after every move.",
    MINIMAP: "Show a small picture of your marks beside the grid.",
    CLUE_GREYING: "Grey a clue number once your marks prove where it goes.",
    THEME: "High contrast draws trial marks with shapes as well as colours.",
}


class OptionsScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        setting = app.setting
        self.sound = Toggle("Sound", bool(setting(SOUND)), lambda on: self._set(SOUND, on))
        self.volume = Slider(
            "Volume", float(setting(VOLUME) or 0.0), lambda value: self._set(VOLUME, value)
        )
        self.auto_check = Toggle(
            "Auto-check", bool(setting(AUTO_CHECK)), lambda on: self._set(AUTO_CHECK, on)
        )
        self.minimap = Toggle("Mini-map", bool(setting(MINIMAP)), lambda on: self._set(MINIMAP, on))
        self.clue_greying = Toggle(
            "Clue greying", bool(setting(CLUE_GREYING)), lambda on: self._set(CLUE_GREYING, on)
        )
        self.theme_choice: Choice[str] = Choice(
            "Colour theme",
            [(theme.name, theme.label) for theme in THEMES.values()],
            app.theme.name,
            lambda name: self._set(THEME, name),
        )
        self.back = Button("Back", self.close, primary=True)
        self.rows: list[tuple[Widget, str | None]] = [
            (self.sound, SOUND),
            (self.volume, VOLUME),
            (self.auto_check, AUTO_CHECK),
            (self.minimap, MINIMAP),
            (self.clue_greying, CLUE_GREYING),
            (self.theme_choice, THEME),
            (self.back, None),
        ]
        self.focus = FocusGroup([widget for widget, _ in self.rows])
        self._layout_size = (0, 0)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._pending_volume: float | None = None

    def _set(self, key: str, value: object) -> None:
        if key == VOLUME and isinstance(value, float):
            # A drag sends many values: hear them at once, write the last one on leaving.
            self.app.sounds.volume = value
            self._pending_volume = value
            return
        self.app.set_setting(key, value)
        if key == SOUND:
            self.volume.enabled = bool(value)
            self.app.sounds.play("click")

    def on_enter(self) -> None:
        self.volume.enabled = self.sound.value

    def _write_volume(self) -> None:
        if self._pending_volume is not None:
            self.app.set_setting(VOLUME, self._pending_volume)
            self._pending_volume = None

    def on_exit(self) -> None:
        self._write_volume()

    def on_quit(self) -> None:
        self._write_volume()

    def close(self) -> None:
        self._write_volume()
        self.app.save_store()
        self.app.pop()

    def handle(self, event: pygame.event.Event) -> bool:
        self._layout()
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.close()
            return True
        return self.focus.handle(event)

    def _layout(self) -> None:
        size = self.app.screen_size
        if size == self._layout_size:
            return
        self._layout_size = size
        scale = self.app.ui_scale
        width, height = size
        row_height = round(50 * scale)
        note_font = self.app.fonts.get(round(15 * scale))
        note_height = max(round(22 * scale), note_font.get_linesize() + round(4 * scale))
        pad = round(24 * scale)
        # Text never shrinks below readable: on a small window the panel widens to keep the
        # explanations inside it.
        widest_note = max(note_font.size(text)[0] for text in EXPLANATIONS.values())
        panel_width = max(round(680 * scale), widest_note + 2 * pad + round(24 * scale))
        panel_width = min(width - round(40 * scale), panel_width)
        title_height = round(70 * scale)
        body = sum(row_height + (note_height if key else round(16 * scale)) for _, key in self.rows)
        self.panel = pygame.Rect(0, 0, panel_width, title_height + body + pad)
        self.panel.center = (width // 2, height // 2)
        y = self.panel.top + title_height
        for widget, key in self.rows:
            if widget is self.back:
                y += round(8 * scale)
                widget.rect = pygame.Rect(0, y, round(220 * scale), row_height)
                widget.rect.centerx = self.panel.centerx
            else:
                widget.rect = pygame.Rect(
                    self.panel.left + pad, y, panel_width - 2 * pad, row_height
                )
            y += row_height + (note_height if key else 0)

    def draw(self, surface: pygame.Surface) -> None:
        self._layout()
        app = self.app
        theme = app.theme
        scale = app.ui_scale
        surface.fill(theme.background)
        pygame.draw.rect(surface, theme.panel, self.panel, border_radius=radius(app))
        pygame.draw.rect(
            surface,
            theme.panel_border,
            self.panel,
            max(1, theme.line_weight),
            border_radius=radius(app),
        )
        draw_text(
            surface,
            app,
            "Options",
            round(36 * scale),
            theme.text,
            (self.panel.centerx, self.panel.top + round(16 * scale)),
            "midtop",
            bold=True,
        )
        self.focus.draw(surface, app)
        for widget, key in self.rows:
            if key is None:
                continue
            colour = theme.text_muted if widget.enabled else theme.button_text_disabled
            draw_text(
                surface,
                app,
                EXPLANATIONS[key],
                round(15 * scale),
                colour,
                (widget.rect.left + round(12 * scale), widget.rect.bottom - round(4 * scale)),
                "topleft",
            )
        hint = "Up/Down choose  ·  Left/Right or Enter change  ·  Esc back"
        draw_text(
            surface,
            app,
            hint,
            round(15 * scale),
            theme.text_muted,
            (app.screen_size[0] // 2, app.screen_size[1] - round(16 * scale)),
            "midbottom",
        )


def _shot_options(app: App) -> None:
    app.push(OptionsScene(app))
    app.step(1 / 60)


def _shot_options_contrast(app: App) -> None:
    app.set_setting(THEME, "contrast")
    _shot_options(app)


SCREENSHOTS = {"options": _shot_options, "options-contrast": _shot_options_contrast}
