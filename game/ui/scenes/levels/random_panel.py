"""Level select's "Random" entry: choose a size and a level, get a fresh fair puzzle, play it.

The panel takes the place of the cards when "Random" is chosen in the pack list. The
player picks a size (square and wide presets, 5x5 to 40x30), one of the five named levels
and the colours (black and white, or a colour puzzle of 3, 4 or 6 colours, the background
counted, made by :class:`~game.core.generate.generator.ColourGeneration`); "Make a puzzle"
starts a :class:`~game.core.generate.generator.Generation` under the generating overlay
(``game.ui.scenes.levels.generating``: sliced per frame, cancellable), writes the puzzle to
the random folder (so Continue can resume it) and plays it. Back from the game the panel
shows the last random puzzle: continue it, or, once solved, keep it in "My puzzles".

Keyboard: arrows move between the buttons (Left from the first column goes to the pack
list), Enter presses one.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeGuard

import pygame

from game.core.generate.files import (
    cover_place,
    daily_folder,
    keep_in_my_puzzles,
    kept_copy,
    newest_random,
    played_pictures,
    prune_random,
    random_folder,
    random_stem,
    write_generated,
)
from game.core.generate.generator import ColourGeneration, Generated, Generation, Making
from game.core.generate.picture_puzzles import PictureGeneration
from game.core.i18n import N_, _
from game.core.rating import LEVEL_TEXT, STAR_NAMES
from game.core.store.packs import difficulty_of, title_of
from game.ui.input import Action, Input, Kind
from game.ui.opening import PlayContext
from game.ui.settings import Setting
from game.ui.widgets.base import draw_focus_ring
from game.ui.widgets.button import Button
from game.ui.widgets.text import draw_text, fit_text, format_time

if TYPE_CHECKING:
    from game.core.puzzle import Puzzle
    from game.ui.app import App

SIZES: tuple[tuple[int, int], ...] = (
    (5, 5),
    (10, 10),
    (15, 15),
    (20, 15),
    (20, 20),
    (25, 25),
    (30, 20),
    (30, 30),
    (40, 30),
)
# The level's words come from core, the same wherever levels are explained.
LEVEL_HINTS = LEVEL_TEXT
PACK_NAME = N_("Random")
RANDOM_KEY = "random"  # the last pack setting's value while the Random entry is open
DESCRIPTION = N_(
    "A fresh puzzle made for you: one solution, at the level you choose; "
    "abstract shapes or a picture."
)


def _is_size(value: object) -> TypeGuard[str]:
    return isinstance(value, str) and value in {f"{w}x{h}" for w, h in SIZES}


def _is_level(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and value in STAR_NAMES


# The colours offered, the background counted (2: black and white), and their labels,
# which count the colours to paint with (the play screen's swatches), as every label does.
COLOUR_CHOICES: tuple[tuple[int, str], ...] = (
    (2, N_("Black and white")),
    (3, N_("2 colours")),
    (4, N_("3 colours")),
    (6, N_("5 colours")),
)


def _colours_setting(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and value in dict(COLOUR_CHOICES)


RANDOM_SIZE = Setting("random_size", "15x15", _is_size)
RANDOM_COLOURS = Setting("random_colours", 2, _colours_setting)


# Where the puzzle comes from: the generator's abstract shapes, or a picture of the library.
SOURCES = {"shapes": N_("Shapes"), "picture": N_("Picture")}


def _is_source(value: object) -> TypeGuard[str]:
    return isinstance(value, str) and value in SOURCES


RANDOM_SOURCE = Setting("random_source", "shapes", _is_source)
RANDOM_LEVEL = Setting("random_level", 2, _is_level)


# Library pictures read from this side up; below it (5x5, 10x10) they were staircase blobs
# under an emoji's title (issue 46: "Church", "Skunk" at 10x10), so Picture makes shapes.
PICTURE_MIN_SIDE = 15


def pictures_read_at(size: tuple[int, int]) -> bool:
    return min(size) >= PICTURE_MIN_SIDE


def new_seed() -> int:
    """A fresh seed, short enough to read in the puzzle's title."""
    return secrets.randbelow(1_000_000)


def level_note(asked: int, made: int, puzzle: Puzzle) -> str | None:
    """What the player is told when Random could not make the level asked (a colour picture
    at 40x30 is never Easy, the library's colour pictures seldom need probing: the nearest
    was made), or None when it is the level asked."""
    if made == asked:
        return None
    return _("No {size} puzzle came out {asked}: this one is {made}, the nearest").format(
        size=f"{puzzle.width}x{puzzle.height}",
        asked=_(STAR_NAMES[asked]),
        made=_(STAR_NAMES[made]),
    )


class RandomPanel:
    """The chooser, its buttons and the last random puzzle, inside ``rect``: a panel of the
    select shell, listed after the packs."""

    key = RANDOM_KEY
    name = PACK_NAME
    detail = N_("Any size, any level")
    help = N_("Arrows move  ·  Enter chooses  ·  Tab next pack  ·  Esc back")

    def __init__(
        self,
        app: App,
        user_dir: Path,
        to_packs: Callable[[], None],
        seed: Callable[[], int] = new_seed,
    ) -> None:
        self.app = app
        self.user_dir = user_dir  # "My puzzles", where a puzzle is kept
        self.to_packs = to_packs
        self.seed = seed
        self.rect = pygame.Rect(0, 0, 0, 0)
        size_text = app.setting(RANDOM_SIZE)
        self.size = SIZES[[f"{w}x{h}" for w, h in SIZES].index(size_text)]
        self.level = app.setting(RANDOM_LEVEL)
        self.size_buttons = [
            Button(f"{w}x{h}", self._size_chooser((w, h)), font_size=18) for w, h in SIZES
        ]
        self.level_buttons = [
            Button(f"{stars} " + _(STAR_NAMES[stars]), self._level_chooser(stars), font_size=18)
            for stars in STAR_NAMES
        ]
        self.colours = app.setting(RANDOM_COLOURS)
        self.colour_buttons = [
            Button(label, self._colours_chooser(count), font_size=18)
            for count, label in COLOUR_CHOICES
        ]
        self.source = app.setting(RANDOM_SOURCE)
        self.source_buttons = [
            Button(label, self._source_chooser(key), font_size=18) for key, label in SOURCES.items()
        ]
        self.make_button = Button(N_("Make a puzzle"), self.make, primary=True, font_size=22)
        self.play_last_button = Button(N_("Continue it"), self.play_last, font_size=18)
        self.keep_button = Button(N_("Keep in My puzzles"), self.keep, font_size=18)
        self.last: tuple[Puzzle, Path] | None = None
        self.kept: Path | None = None
        self.on_kept: Callable[[], None] = lambda: None
        self.row = 0
        self.column = 0
        self.show_focus = False
        self.refresh()

    # -- state ------------------------------------------------------------------------------

    @property
    def rows(self) -> list[list[Button]]:
        """The buttons by row, for the arrow keys; only what is shown and enabled."""
        rows = [
            self.size_buttons,
            self.level_buttons,
            self.source_buttons,
            self.colour_buttons,
            [self.make_button],
        ]
        last = [button for button in (self.play_last_button, self.keep_button) if button.enabled]
        if self.last is not None and last:
            rows.append(last)
        return rows

    def refresh(self) -> None:
        """Read the last random puzzle again (coming back from a game)."""
        self.last = newest_random(random_folder(self.app.store))
        self.kept = None
        solved = False
        if self.last is not None:
            puzzle = self.last[0]
            solved = bool(self.app.store.record(puzzle.fingerprint()).solved)
            self.kept = kept_copy(puzzle, self.user_dir) if solved else None
        self.play_last_button.label = N_("Play it again") if solved else N_("Continue it")
        self.play_last_button.enabled = self.last is not None
        self.keep_button.enabled = solved and self.kept is None
        self.row = min(self.row, len(self.rows) - 1)
        self.column = min(self.column, len(self.rows[self.row]) - 1)

    def _size_chooser(self, size: tuple[int, int]) -> Callable[[], None]:
        def choose() -> None:
            self.size = size
            self.app.set_setting(RANDOM_SIZE, f"{size[0]}x{size[1]}")

        return choose

    def _level_chooser(self, level: int) -> Callable[[], None]:
        def choose() -> None:
            self.level = level
            self.app.set_setting(RANDOM_LEVEL, level)

        return choose

    def _colours_chooser(self, colours: int) -> Callable[[], None]:
        def choose() -> None:
            self.colours = colours
            self.app.set_setting(RANDOM_COLOURS, colours)

        return choose

    def _source_chooser(self, source: str) -> Callable[[], None]:
        def choose() -> None:
            self.source = source
            self.app.set_setting(RANDOM_SOURCE, source)

        return choose

    # -- actions ----------------------------------------------------------------------------

    def make(self) -> None:
        width, height = self.size
        generation: Making
        colours = self.colours if self.colours > 2 else 0
        if self.source == "picture" and pictures_read_at(self.size):
            store = self.app.store
            played = played_pictures(random_folder(store), daily_folder(store))
            generation = PictureGeneration(
                width, height, self.level, self.seed(), played=played, colours=colours
            )
        elif colours:
            generation = ColourGeneration(width, height, self.level, self.seed(), colours)
        else:
            generation = Generation(width, height, self.level, self.seed())
        self.app.router.generating(generation, self._made)

    def _made(self, made: Generated) -> None:
        puzzle = made.puzzle
        store = self.app.store
        path: Path | None = None
        try:
            folder = random_folder(store)
            stem = random_stem(puzzle, self.level, made.seed)
            path = write_generated(folder, puzzle, stem)
            prune_random(folder, store=store)
        except (OSError, ValueError) as error:
            # Playable all the same; only Continue will not find it later.
            self.app.toast(
                _("The puzzle could not be saved for later: {error}").format(error=error),
                error=True,
            )
        if path is not None:
            self.last = (puzzle, path)
        self.app.play_puzzle(puzzle, path=path, context=_context(puzzle))
        note = level_note(self.level, made.rating.stars, puzzle)
        if note:
            self.app.toast(note, seconds=6.0)

    def play_last(self) -> None:
        if self.last is None:
            return
        puzzle, path = self.last
        self.app.play_puzzle(puzzle, path=path, context=_context(puzzle))

    def keep(self) -> None:
        if self.last is None:
            return
        puzzle = self.last[0]
        try:
            path, written = keep_in_my_puzzles(puzzle, self.user_dir)
        except (OSError, ValueError) as error:
            self.app.toast(_("Could not keep the puzzle: {error}").format(error=error), error=True)
            return
        self.kept = path
        self.keep_button.enabled = False
        self.app.toast(
            _("Kept in My puzzles as {name}").format(name=path.name)
            if written
            else _("Already kept")
        )
        self.on_kept()

    # -- events -----------------------------------------------------------------------------

    def handle(self, event: Input) -> bool:
        buttons = [button for row in self.rows for button in row]
        if event.kind is Kind.POINTER_MOVE:
            self.show_focus = False
        if event.kind in (Kind.POINTER_MOVE, Kind.POINTER_DOWN, Kind.POINTER_UP):
            used = False
            for button in buttons:
                if button.handle(event):
                    used = True
            return used
        if event.kind is Kind.PRESS:
            return self._key(event)
        return False

    def _key(self, event: Input) -> bool:
        arrow = event.action(Action.LEFT, Action.RIGHT, Action.UP, Action.DOWN)
        if not self.show_focus and arrow is not None:
            self.show_focus = True  # the first arrow shows where the focus is
            return True
        rows = self.rows
        if arrow is Action.LEFT:
            if self.column == 0:
                self.show_focus = False
                self.to_packs()
            else:
                self.column -= 1
        elif arrow is Action.RIGHT:
            self.column = min(self.column + 1, len(rows[self.row]) - 1)
        elif arrow is not None:
            step = -1 if arrow is Action.UP else 1
            self.row = max(0, min(len(rows) - 1, self.row + step))
            self.column = min(self.column, len(rows[self.row]) - 1)
        elif event.pressed(Action.CONFIRM, Action.SELECT):
            self.show_focus = True
            rows[self.row][self.column].activate()
        else:
            return False
        return True

    def focus_first(self) -> None:
        """Keyboard focus arrives from the pack list: on the chosen size."""
        self.row = 0
        self.column = SIZES.index(self.size)
        self.show_focus = True

    # -- layout and drawing -----------------------------------------------------------------

    def arrange(self, rect: pygame.Rect) -> None:
        self.rect = rect
        scale = self.app.ui_scale
        gap = round(10 * scale)
        height = round(40 * scale)
        top = rect.top + round(96 * scale)
        _grid(self.size_buttons, rect, top, (3, len(SIZES)), round(92 * scale), gap, height)
        top = self.size_buttons[-1].rect.bottom + round(52 * scale)
        _grid(self.level_buttons, rect, top, (2, 5), round(120 * scale), gap, height)
        top = self.level_buttons[-1].rect.bottom + round(66 * scale)
        _grid(self.source_buttons, rect, top, (2, 2), round(120 * scale), gap, height)
        top = self.source_buttons[-1].rect.bottom + round(52 * scale)
        _grid(self.colour_buttons, rect, top, (2, 4), round(150 * scale), gap, height)
        top = self.colour_buttons[-1].rect.bottom + round(20 * scale)
        self.make_button.rect = pygame.Rect(
            rect.left, top, min(rect.width, round(260 * scale)), round(50 * scale)
        )
        top = self.make_button.rect.bottom + round(64 * scale)
        half = min((rect.width - gap) // 2, round(220 * scale))
        self.play_last_button.rect = pygame.Rect(rect.left, top, half, height)
        self.keep_button.rect = pygame.Rect(rect.left + half + gap, top, half, height)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        theme = app.theme
        scale = app.ui_scale
        left, top = self.rect.left, self.rect.top
        draw_text(surface, app, _(PACK_NAME), round(24 * scale), theme.text, (left, top), bold=True)
        size = round(15 * scale)
        text = fit_text(app.fonts.get(size), _(DESCRIPTION), self.rect.width)
        draw_text(surface, app, text, size, theme.text_muted, (left, top + round(30 * scale)))
        label = round(18 * scale)
        labels = (
            (_("Size"), self.size_buttons[0]),
            (_("Level"), self.level_buttons[0]),
            (_("Draws"), self.source_buttons[0]),
            (_("Colours"), self.colour_buttons[0]),
        )
        for word, first in labels:
            spot = (left, first.rect.top - round(28 * scale))
            draw_text(surface, app, word, label, theme.text, spot, bold=True)
        for button, choice in zip(self.size_buttons, SIZES, strict=True):
            button.primary = choice == self.size
            button.draw(surface, app)
        for button, stars in zip(self.level_buttons, STAR_NAMES, strict=True):
            button.primary = stars == self.level
            button.draw(surface, app)
        for button, source in zip(self.source_buttons, SOURCES, strict=True):
            button.primary = source == self.source
            button.draw(surface, app)
        self.make_button.draw(surface, app)
        if self.source == "picture" and not pictures_read_at(self.size):
            # Said before a blob is made under a picture's name.
            note = _("Pictures read from {side}x{side}: at {size} this makes shapes").format(
                side=PICTURE_MIN_SIDE, size=f"{self.size[0]}x{self.size[1]}"
            )
            last = self.make_button.rect  # beside the button it changes
            room = self.rect.right - last.right - round(12 * scale)
            draw_text(
                surface,
                app,
                fit_text(app.fonts.get(size), note, room),
                size,
                theme.text_muted,
                (last.right + round(12 * scale), last.centery),
                anchor="midleft",
            )
        hint = _(STAR_NAMES[self.level]) + ": " + _(LEVEL_HINTS[self.level])
        draw_text(
            surface,
            app,
            fit_text(app.fonts.get(size), hint, self.rect.width),
            size,
            theme.text_muted,
            (left, self.level_buttons[-1].rect.bottom + round(8 * scale)),
        )
        for button, (count, _label) in zip(self.colour_buttons, COLOUR_CHOICES, strict=True):
            button.primary = count == self.colours
            button.draw(surface, app)
        self._draw_last(surface)
        if self.show_focus:
            rows = self.rows
            focused = rows[min(self.row, len(rows) - 1)]
            draw_focus_ring(surface, app, focused[min(self.column, len(focused) - 1)].rect)

    def _draw_last(self, surface: pygame.Surface) -> None:
        if self.last is None:
            return
        app = self.app
        theme = app.theme
        scale = app.ui_scale
        puzzle = self.last[0]
        record = app.store.record(puzzle.fingerprint())
        stars = difficulty_of(puzzle)
        place = _context(puzzle).place
        hidden = place is not None and not record.solved  # a picture's title is its answer
        parts = [place.label if hidden and place is not None else title_of(puzzle, self.last[1])]
        if stars is not None:
            parts.append(_(STAR_NAMES.get(stars, "")) if stars in STAR_NAMES else "")
        if record.solved:
            parts.append(_("solved in {time}").format(time=format_time(record.best_time)))
        elif record.session is not None:
            parts.append(_("in progress"))
        if self.kept is not None:
            parts.append(_("kept in My puzzles as {name}").format(name=self.kept.name))
        top = self.play_last_button.rect.top - round(30 * scale)
        size = round(16 * scale)
        heading = _("Last random puzzle:") + " "
        text = fit_text(app.fonts.get(size), heading + "  ·  ".join(parts), self.rect.width)
        draw_text(surface, app, text, size, theme.text, (self.rect.left, top))
        self.play_last_button.draw(surface, app)
        if record.solved:
            self.keep_button.draw(surface, app)


def _context(puzzle: Puzzle) -> PlayContext[Puzzle]:
    """Random's pack; a picture is called "Random picture #seed" until it is solved (its
    title names the picture), as a bundled puzzle is called by its number."""
    return PlayContext(pack=PACK_NAME, place=cover_place(puzzle))


def _grid(
    buttons: list[Button],
    rect: pygame.Rect,
    top: int,
    columns: tuple[int, int],
    least_width: int,
    gap: int,
    height: int,
) -> None:
    """Lay ``buttons`` out in rows across ``rect`` from ``top``: as many columns as fit
    buttons ``least_width`` wide, within ``columns`` (fewest, most)."""
    fewest, most = columns
    count = max(fewest, min(most, (rect.width + gap) // (least_width + gap)))
    width = (rect.width - (count - 1) * gap) // count
    for index, button in enumerate(buttons):
        row, column = divmod(index, count)
        button.rect = pygame.Rect(
            rect.left + column * (width + gap), top + row * (height + gap), width, height
        )
