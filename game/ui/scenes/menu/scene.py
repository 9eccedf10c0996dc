"""The main menu: Continue, Play, the daily puzzle, Create a puzzle | Open a file…, Options, Quit.

Mouse or keyboard: Up/Down move between buttons, Enter activates. Esc moves the focus to Quit
and a second Esc (or Enter) quits: leaving the game with Esc from deep inside took one press
too many to notice, and the menu must not close on it. "Continue" reopens the most recent
unfinished game of any kind that still has a saved session; it is disabled when there is none.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.core.generate.daily import Today, local_today
from game.core.i18n import N_, _
from game.core.kinds import NONOGRAM, kind_of
from game.core.store.fileio import readable
from game.core.store.packs import recorded_file
from game.core.titles import display_title
from game.resources import levels_dir
from game.ui.input import Action, Input
from game.ui.input.prompts import help_for
from game.ui.kinds import SavedGame, screens_for
from game.ui.scene import Scene
from game.ui.scenes.menu.daily import DailyEntry
from game.ui.widgets.base import FocusGroup
from game.ui.widgets.button import Button
from game.ui.widgets.dialog import DialogButton, DialogScene
from game.ui.widgets.text import draw_help_line, draw_text

if TYPE_CHECKING:
    from game.ui.app import App

# The picture beside the title: a small nonogram of a heart-shaped leaf, solved.
EMBLEM = (
    "..##.##..",
    ".#######.",
    "#########",
    "#########",
    ".#######.",
    "..#####..",
    "...###...",
    "....#....",
)

# Games in progress the "More…" list offers beside Continue's own.
MORE_GAMES = 8

TITLE = "Hanjie"
SUBTITLE = N_("Paint the numbers. Find the picture.")
TITLE_TOP = 0.08  # the emblem's top, as a share of the window height


class MenuScene(Scene):
    """``offer_lesson``: on a first start, ask whether to take the first lesson (None: in a
    real window, not in headless tests and screenshots)."""

    def __init__(
        self, app: App, offer_lesson: bool | None = None, today: Today = local_today
    ) -> None:
        super().__init__(app)
        self.daily = DailyEntry(app, today)
        self.offer_lesson = not app.headless if offer_lesson is None else offer_lesson
        self.continue_button = Button(N_("Continue"), self.continue_last, primary=True)
        # The other games in progress (shown when there are any), in Continue's row.
        self.more_button = Button(N_("More…"), self.show_games, font_size=20)
        self.play_button = Button(N_("Play"), self.open_levels, primary=True)
        self.create_button = Button(N_("Create a puzzle"), self.open_converter)
        # Any puzzle file played blind (issue 35): beside Create, on the same row.
        self.open_button = Button(N_("Open a file…"), self.open_puzzle_file)
        self.options_button = Button(N_("Options"), self.open_options)
        self.quit_button = Button(N_("Quit"), self.app.close)
        self.buttons = [
            self.continue_button,
            self.more_button,
            self.play_button,
            self.daily.button,
            self.create_button,
            self.open_button,
            self.options_button,
            self.quit_button,
        ]
        self._all_buttons = list(self.buttons)
        self.buttons.remove(self.more_button)  # until on_enter finds other games
        self.focus = FocusGroup(self.buttons)
        self.continue_title = ""
        self._continue: SavedGame | None = None  # the game Continue reopens
        self._entered = False
        # The last game could not be reopened, and the player was told (once a menu).
        self._told_lost = False
        self._day = self.daily.today()
        # Esc put the focus on Quit (and it is still there): the next Esc quits.
        self.quit_armed = False
        # A held Esc repeats its key-down: only a fresh press may quit.
        self._escape_released = True

    # -- state ------------------------------------------------------------------------------

    def on_enter(self) -> None:
        self.quit_armed = False
        self.daily.refresh()
        self._day = self.daily.today()
        self._continue = self._find_continue()
        self.continue_button.enabled = self._continue is not None
        self.more_button.enabled = len(self._find_games(2)) > 1
        focused = self.focus.focused
        # "More…" is there only when there are other games: out of the group otherwise.
        self.buttons = [
            button
            for button in self._all_buttons
            if button is not self.more_button or self.more_button.enabled
        ]
        self.focus.widgets = list(self.buttons)
        if focused in self.focus.widgets:
            self.focus.focus_widget(focused)
        self.arrange(self.app.screen_size)
        self.continue_title = self._continue_name()
        self.continue_button.label = (
            _("Continue: {title}").format(title=self.continue_title)
            if self.continue_title
            else N_("Continue")
        )
        # One blue button: the most likely choice.
        self.continue_button.primary = self.continue_button.enabled
        self.play_button.primary = not self.continue_button.enabled
        self.focus.refresh()
        if not self._entered:
            # First time shown: start on the likeliest choice. Coming back from a screen
            # keeps the focus where the player left it.
            self._entered = True
            default = self.continue_button if self.continue_button.enabled else self.play_button
            self.focus.focus_widget(default)
            if self.offer_lesson:
                self.app.router.offer_first_lesson()

    def _continue_name(self) -> str:
        """What Continue calls its puzzle: "First steps #5" for a bundled pack's puzzle not
        solved yet, the title otherwise (``game.core.store.packs.shown_name``)."""
        return self._continue.name if self._continue is not None else ""

    def _find_continue(self) -> SavedGame | None:
        """The most recent unfinished game of any kind (nonogram, random, daily, Kakuro) that
        can still be read: the last game played, else, when that one is finished (QA: a
        Kakuro solved after a few moves of a Random puzzle greyed Continue out), the other
        games with a saved session, the most recently recorded first."""
        games = self._find_games(1)
        return games[0] if games else None

    def _find_games(self, limit: int = MORE_GAMES + 1) -> list[SavedGame]:
        """Up to ``limit`` unfinished games that can still be read, the last played first,
        then the others with a saved session, the most recently recorded first: each kind's
        screens find its own (``game.ui.kinds``)."""
        store = self.app.store
        candidates: list[tuple[str | None, str | None]] = [
            (store.last_played, store.last_played_path)
        ]
        for other in reversed(store.puzzle_keys()):
            record = store.record(other)
            if other != store.last_played and record.session is not None and record.path:
                candidates.append((other, record.path))
        games: list[SavedGame] = []
        for key, path_text in candidates:
            if len(games) >= limit:
                break
            if not key or not path_text:
                continue
            kind = kind_of(Path(path_text)) or NONOGRAM
            found = screens_for(kind).saved_game(self.app, key, path_text)
            if found is not None:
                games.append(found)
            elif key == store.last_played:
                self._tell_lost(key, path_text)
        return games

    def show_games(self) -> None:
        """Every other game in progress, to continue any of them (Continue takes the last)."""
        games = self._find_games()[1:]
        buttons: list[DialogButton] = []
        for game in games[:MORE_GAMES]:
            buttons.append(DialogButton(game.name, game.resume))
        buttons.append(DialogButton(N_("Cancel")))
        self.app.push(
            DialogScene(
                self.app,
                _("Games in progress"),
                "",
                buttons,
                cancel_index=len(buttons) - 1,
                vertical=True,
                name="games",
            )
        )

    def _tell_lost(self, key: str, path_text: str) -> None:
        """One line on why the game left mid-way is not the one Continue offers (QA: its file
        was moved away and the menu offered another game without a word). Its saved moves
        stay in the progress file: putting the file back brings Continue back."""
        record = self.app.store.record(key)
        if self._told_lost or record.session is None:
            return
        self._told_lost = True
        name = readable(Path(path_text).name)
        path = recorded_file(path_text, levels_dir())
        reason = _("its file {name} is no longer there").format(name=name)
        if path is not None:
            reason = _("its file {name} has changed since").format(name=name)
            try:
                (kind_of(path) or NONOGRAM).read(path)
            except (ValueError, OSError):
                reason = _("its file {name} can no longer be read").format(name=name)
        title = display_title(record.title) or Path(name).stem
        self.app.toast(
            _("Your game of {title} cannot be continued: {reason}.").format(
                title=title, reason=reason
            ),
            seconds=8.0,
        )

    # -- actions ----------------------------------------------------------------------------

    def continue_last(self) -> None:
        if self._continue is not None:
            self._continue.resume()

    def open_levels(self) -> None:
        self.app.router.level_select()

    def open_converter(self) -> None:
        # Loaded on first use: the converter brings Pillow and the picture methods, which
        # the menu's first frame should not wait for.
        self.app.router.converter()

    def open_options(self) -> None:
        self.app.router.options()

    def open_puzzle_file(self) -> None:
        self.app.router.open_puzzle_file()

    # -- events -----------------------------------------------------------------------------

    def handle(self, event: Input) -> bool:
        if event.released(Action.BACK):
            self._escape_released = True
            return True
        if event.pressed(Action.BACK):
            fresh = self._escape_released
            self._escape_released = False
            if self.quit_armed and self.focus.focused is self.quit_button and fresh:
                self.app.close()
            else:
                self.focus.focus_widget(self.quit_button)
                self.focus.show_focus = True
                self.quit_armed = True
            return True
        used = self.focus.handle(event)
        if self.focus.focused is not self.quit_button:
            self.quit_armed = False
        return used

    # -- drawing ----------------------------------------------------------------------------

    def arrange(self, size: tuple[int, int]) -> None:
        scale = self.app.ui_scale
        width, height = size
        button_width = round(380 * scale)
        button_height = round(56 * scale)
        gap = round(14 * scale)
        # The daily puzzle's line of standing sits under its button.
        caption = self.app.fonts.get(round(15 * scale)).get_linesize() + round(4 * scale)
        rows = len(self._all_buttons) - 2  # Create and Open share a row, More… Continue's
        total = rows * button_height + (rows - 1) * gap + caption
        # The buttons sit under the title, a little above the middle of the room left
        # between it and the help line (on a small window they had sunk to the bottom).
        title_bottom = self._title_bottom(round(height * TITLE_TOP))
        help_top = height - round(16 * scale) - self.app.fonts.get(round(15 * scale)).get_height()
        room = help_top - title_bottom - total
        if room < 2 * gap:
            # A tall script (Japanese's line is higher than DejaVu's) or a short window: the
            # buttons give up height rather than run over the help line.
            spare = help_top - title_bottom - 2 * gap - caption - (rows - 1) * gap
            button_height = max(round(40 * scale), min(button_height, spare // rows))
            total = rows * button_height + (rows - 1) * gap + caption
            room = help_top - title_bottom - total
        top = title_bottom + max(gap, round(room * 0.3))
        row = 0
        for button in self._all_buttons:
            button.font_size = 24
            if button in (self.open_button, self.more_button):
                continue
            button.rect = pygame.Rect(0, 0, button_width, button_height)
            button.rect.midtop = (width // 2, top + row * (button_height + gap))
            row += 1
            if button is self.daily.button:
                top += caption
                button.font_size = 21
        # Create a puzzle and Open a file… share their row, half of it each.
        half = (button_width - gap // 2 * 2) // 2
        create = self.create_button.rect
        self.create_button.rect = pygame.Rect(create.left, create.top, half, button_height)
        self.open_button.rect = pygame.Rect(create.right - half, create.top, half, button_height)
        self.create_button.font_size = self.open_button.font_size = 21
        # "More…" shares Continue's row, at its right end, when there are other games.
        self.more_button.font_size = 20
        line = self.continue_button.rect
        more = self.more_button.fitting_width(self.app)
        self.more_button.rect = pygame.Rect(line.right - more, line.top, more, line.height)
        if self.more_button.enabled:
            self.continue_button.rect = pygame.Rect(
                line.left, line.top, line.width - more - gap, line.height
            )

    def wake_in(self) -> float | None:
        # Nothing moves until the player does something, except the date: at midnight the
        # daily entry shows the new day's puzzle.
        return self.daily.seconds_to_midnight()

    def update(self, dt: float) -> None:
        if self.daily.today() != self._day:
            self.on_enter()

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        theme = app.theme
        width, height = app.screen_size
        surface.fill(theme.background)
        self._draw_title(surface, width // 2, round(height * TITLE_TOP))
        self.focus.draw(surface, app)
        scale = app.ui_scale
        daily = self.daily.button.rect
        draw_text(
            surface,
            app,
            self.daily.caption,
            round(15 * scale),
            theme.text_muted,
            (daily.centerx, daily.bottom + round(5 * scale)),
            "midtop",
        )
        draw_help_line(surface, app, self.help_text())

    def help_text(self) -> str:
        if self.quit_armed:
            return _("Esc again or Enter quits  ·  Up / Down to stay")
        return help_for(
            self.app.last_device,
            self.app.input.bindings,
            _("Arrows and Enter to choose  ·  F11 full screen  ·  Esc goes to Quit"),
        )

    def _title_bottom(self, top: int) -> int:
        """Where the block ``_draw_title`` draws from ``top`` ends, without drawing it."""
        fonts = self.app.fonts
        scale = self.app.ui_scale
        emblem = len(EMBLEM) * max(4, round(15 * scale)) + round(8 * scale)
        title = fonts.get(round(72 * scale), True).size(TITLE)[1]
        subtitle = fonts.get(round(20 * scale)).size(_(SUBTITLE))[1]
        return top + emblem + title + subtitle

    def _draw_title(self, surface: pygame.Surface, centre_x: int, top: int) -> int:
        """The emblem and the game's name; returns the bottom of the block."""
        app = self.app
        theme = app.theme
        scale = app.ui_scale
        cell = max(4, round(15 * scale))
        rows = len(EMBLEM)
        columns = len(EMBLEM[0])
        grid = pygame.Rect(0, 0, columns * cell, rows * cell)
        grid.midtop = (centre_x, top)
        pygame.draw.rect(surface, theme.cell_unknown, grid)
        for y, row in enumerate(EMBLEM):
            for x, mark in enumerate(row):
                cell_rect = pygame.Rect(grid.left + x * cell, grid.top + y * cell, cell, cell)
                if mark == "#":
                    pygame.draw.rect(surface, theme.error, cell_rect)
                pygame.draw.rect(surface, theme.grid_line, cell_rect, 1)
        pygame.draw.rect(surface, theme.grid_line_thick, grid, max(1, theme.line_weight))
        title_rect = draw_text(
            surface,
            app,
            TITLE,
            round(72 * scale),
            theme.text,
            (centre_x, grid.bottom + round(8 * scale)),
            "midtop",
            bold=True,
        )
        subtitle = draw_text(
            surface,
            app,
            _(SUBTITLE),
            round(20 * scale),
            theme.text_muted,
            (centre_x, title_rect.bottom),
            "midtop",
        )
        return subtitle.bottom
