"""Options: sound and volume, auto-check, mini-map, clue greying, Kakuro's red digits, the
colour theme, and the first lesson to take (again).

Every change applies at once (the theme repaints this very screen) and is written to the
progress file when the screen closes. Esc or "Back" returns to where the player came from.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.i18n import N_, SYSTEM, _, offered
from game.core.play.lesson_book import LESSONS
from game.ui.input import Action, Input
from game.ui.input.prompts import help_for
from game.ui.scene import Scene
from game.ui.settings import (
    AUTO_CHECK,
    AUTO_CROSS,
    CLUE_GREYING,
    COLOUR_SYMBOLS,
    INTERFACE_SIZE,
    KAKURO_RED_DIGITS,
    LANGUAGE,
    LESSON_DONE,
    LESSONS_FINISHED,
    MINIMAP,
    SOUND,
    THEME,
    VOLUME,
)
from game.ui.theme import INTERFACE_SIZES, THEMES
from game.ui.widgets.base import FocusGroup, Widget, radius
from game.ui.widgets.button import Button
from game.ui.widgets.slider import Slider
from game.ui.widgets.text import draw_help_line, draw_text
from game.ui.widgets.toggle import Selector, Toggle

if TYPE_CHECKING:
    from game.ui.app import App

LESSON = "lesson"  # the lesson button's row (not a setting)

# One sentence under each option (by the setting's name), so the player knows what it changes.
EXPLANATIONS = {
    SOUND.key: N_("Short sounds when you paint, complete a line or win."),
    VOLUME.key: N_("How loud the sounds are."),
    # Both halves are true: lines always, single marks only once the puzzle's picture is
    # known to be its only answer (game.core.play.advice.check_marks).
    AUTO_CHECK.key: N_("After each move, mark lines that break their clues and flash wrong marks."),
    MINIMAP.key: N_("Show a small picture of your marks beside the grid."),
    CLUE_GREYING.key: N_("Grey a clue number once your marks prove where it goes."),
    KAKURO_RED_DIGITS.key: N_(
        "Kakuro: a digit that repeats in its run or breaks its sum turns red."
    ),
    AUTO_CROSS.key: N_("Cross the other cells of a line once it shows its clue (off: you do)."),
    COLOUR_SYMBOLS.key: (
        N_("Colour puzzles: a shape for each colour on its cells and beside its clues (L in play).")
    ),
    THEME.key: N_("High contrast draws trial marks with shapes as well as colours."),
    INTERFACE_SIZE.key: N_("Buttons and text; smaller leaves the board more room."),
    LANGUAGE.key: N_("The game's words; as the system follows your computer's language."),
    LESSON: N_("Five tiny guided puzzles: the rules, overlap, crosses, trial marks and hints."),
}


class OptionsScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        setting = app.setting
        self.sound = Toggle(N_("Sound"), setting(SOUND), self._set_sound)
        self.volume = Slider(N_("Volume"), float(setting(VOLUME)), self._set_volume)
        self.auto_check = Toggle(
            N_("Auto-check"), setting(AUTO_CHECK), lambda on: app.set_setting(AUTO_CHECK, on)
        )
        self.minimap = Toggle(
            N_("Mini-map"), setting(MINIMAP), lambda on: app.set_setting(MINIMAP, on)
        )
        self.clue_greying = Toggle(
            N_("Clue greying"), setting(CLUE_GREYING), lambda on: app.set_setting(CLUE_GREYING, on)
        )
        self.red_digits = Toggle(
            N_("Red digits"),
            setting(KAKURO_RED_DIGITS),
            lambda on: app.set_setting(KAKURO_RED_DIGITS, on),
        )
        self.auto_cross = Toggle(
            N_("Cross finished lines"),
            setting(AUTO_CROSS),
            lambda on: app.set_setting(AUTO_CROSS, on),
        )
        self.colour_symbols = Toggle(
            N_("Colour-blind symbols"),
            setting(COLOUR_SYMBOLS),
            lambda on: app.set_setting(COLOUR_SYMBOLS, on),
        )
        self.theme_choice: Selector[str] = Selector(
            N_("Colour theme"),
            [(theme.name, theme.label) for theme in THEMES.values()],
            app.theme.name,
            lambda name: app.set_setting(THEME, name),
        )
        self.interface_size: Selector[int] = Selector(
            N_("Interface size"),
            [
                (share, N_("Fits the window") if share == 100 else f"{share}%")
                for share in INTERFACE_SIZES
            ],
            setting(INTERFACE_SIZE),
            lambda share: app.set_setting(INTERFACE_SIZE, share),
        )
        # Offered only when a language besides English has a complete catalogue.
        choices = [(SYSTEM, N_("As the system"))] + [
            (language.code, language.name) for language in offered()
        ]
        current = setting(LANGUAGE)
        self.language: Selector[str] = Selector(
            N_("Language"),
            choices,
            current if current in {code for code, _name in choices} else SYSTEM,
            lambda code: app.set_setting(LANGUAGE, code),
        )
        self.lesson = Button(self._lesson_label(), self.open_lesson)
        self.controls = Button(N_("Controls…"), self.open_controls)
        self.back = Button(N_("Back"), self.close, primary=True)
        self.rows: list[tuple[Widget, str | None]] = [
            (self.sound, SOUND.key),
            (self.volume, VOLUME.key),
            (self.auto_check, AUTO_CHECK.key),
            (self.minimap, MINIMAP.key),
            (self.clue_greying, CLUE_GREYING.key),
            (self.red_digits, KAKURO_RED_DIGITS.key),
            (self.auto_cross, AUTO_CROSS.key),
            (self.colour_symbols, COLOUR_SYMBOLS.key),
            (self.theme_choice, THEME.key),
            (self.interface_size, INTERFACE_SIZE.key),
            *([(self.language, LANGUAGE.key)] if len(choices) > 2 else []),
            (self.lesson, LESSON),
            (self.back, None),
        ]
        # "Controls…" stands beside Back, on its row (the rows are as many as 800x600 holds).
        self.focus = FocusGroup(
            [*(widget for widget, _ in self.rows[:-1]), self.controls, self.back]
        )
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.note_size = 15  # the explanations' pixel size (arrange may make it smaller)
        # Where each row's explanation is drawn (made in arrange).
        self.notes: dict[str, pygame.Rect] = {}

    def _set_sound(self, on: bool) -> None:
        self.app.set_setting(SOUND, on)
        self.volume.enabled = on
        self.app.sounds.play("click")

    def _set_volume(self, value: float) -> None:
        # Kept in memory as the slider moves (the sounds follow); written on leaving.
        self.app.set_setting(VOLUME, value)

    def _lesson_label(self) -> str:
        if self.app.setting(LESSON_DONE):
            return N_("Take the first lesson again")
        finished = self.app.setting(LESSONS_FINISHED)
        if 0 < finished < len(LESSONS):
            return _("Continue the lesson ({finished} of {total} done)").format(
                finished=finished, total=len(LESSONS)
            )
        return N_("Take the first lesson")

    def open_controls(self) -> None:
        self.app.router.controls()

    def open_lesson(self) -> None:
        self.app.save_store()
        self.app.router.lesson()

    def on_enter(self) -> None:
        self.volume.enabled = self.sound.value
        self.lesson.label = self._lesson_label()  # finished meanwhile: "again"
        if self.app.setting(LESSON_DONE) and self.focus.focused is self.lesson:
            # Back from the finished lesson: Enter leaves Options. It stayed on the button
            # that had started the lesson, and a second Enter began it again at lesson 1.
            self.focus.focus_widget(self.back)

    def close(self) -> None:
        self.app.save_store()
        self.app.pop()

    def handle(self, event: Input) -> bool:
        if event.pressed(Action.BACK, Action.ERASE):
            self.close()
            return True
        return self.focus.handle(event)

    def arrange(self, size: tuple[int, int]) -> None:
        scale = self.app.ui_scale
        fonts = self.app.fonts
        width, height = size
        pad = round(24 * scale)
        margin = round(6 * scale)
        # The panel stays above the help line. Thirteen rows with the language's (and a
        # taller script, Japanese) do not fit 800 px at ease: the rows, the title's band and
        # then the explanations' type (never under readable) give up room in turn.
        help_top = height - round(16 * scale) - fonts.get(round(15 * scale)).get_height()
        # The help line sits in the panel's foot, under Back.
        pad = max(pad, height - help_top - margin + round(6 * scale))
        limit = height - 2 * margin
        for note_size, least in ((15, 36), (15, 32), (13, 30), (12, 26)):
            note_font = fonts.get(round(note_size * scale))
            note_height = max(round(20 * scale), note_font.get_linesize() + round(3 * scale))
            title_height = round(70 * scale)
            notes = sum(note_height if key else round(16 * scale) for _, key in self.rows)
            room = limit - title_height - pad - notes
            row_height = max(round(least * scale), min(round(50 * scale), room // len(self.rows)))
            body = sum(
                row_height + (note_height if key else round(16 * scale)) for _, key in self.rows
            )
            # The title's band gives up its air first (never under its text).
            title_height = max(round(56 * scale), min(title_height, limit - body - pad))
            if title_height + body + pad <= limit:
                break
        self.note_size = round(note_size * scale)
        # Text never shrinks below readable: on a small window the panel widens to keep the
        # explanations inside it.
        widest_note = max(note_font.size(_(text))[0] for text in EXPLANATIONS.values())
        panel_width = max(round(680 * scale), widest_note + 2 * pad + round(24 * scale))
        panel_width = min(width - round(40 * scale), panel_width)
        self.panel = pygame.Rect(0, 0, panel_width, title_height + body + pad)
        self.panel.center = (width // 2, height // 2)
        y = self.panel.top + title_height
        self.notes = {}
        for widget, key in self.rows:
            if widget is self.back:
                y += round(8 * scale)
                gap = round(16 * scale)
                widget.rect = pygame.Rect(0, y, round(220 * scale), row_height)
                widget.rect.left = self.panel.centerx + gap // 2
                self.controls.rect = pygame.Rect(0, y, round(220 * scale), row_height)
                self.controls.rect.right = self.panel.centerx - gap // 2
            else:
                # A button draws its whole box and, focused, a ring around it: it leaves room
                # above and below for the explanations ("Continue the lesson" sat on its own).
                inset = 0
                if isinstance(widget, Button):  # a tight row keeps the button's label room
                    inset = round(4 * scale) if row_height >= round(44 * scale) else 1
                widget.rect = pygame.Rect(
                    self.panel.left + pad, y + inset, panel_width - 2 * pad, row_height - 2 * inset
                )
            if key is not None:
                # Clear of the button's focus ring (its width and a pixel of air).
                ring = max(2, round(3 * scale)) + 2
                note_top = max(widget.rect.bottom + ring, y + row_height - round(4 * scale))
                width_of = note_font.size(_(EXPLANATIONS[key]))[0]
                self.notes[key] = pygame.Rect(
                    widget.rect.left + round(12 * scale),
                    note_top,
                    width_of,
                    note_font.get_linesize(),
                )
            y += row_height + (note_height if key else 0)

    def wake_in(self) -> float | None:
        return None  # nothing moves until the player does something

    def draw(self, surface: pygame.Surface) -> None:
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
            _("Options"),
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
                _(EXPLANATIONS[key]),
                self.note_size,
                colour,
                self.notes[key].topleft,
                "topleft",
            )
        draw_help_line(
            surface,
            app,
            help_for(
                app.last_device,
                app.input.bindings,
                _("Up/Down choose  ·  Left/Right or Enter change  ·  Esc back"),
            ),
        )
