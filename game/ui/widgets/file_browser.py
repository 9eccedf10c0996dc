"""An in-game file browser: folders, pictures and puzzle files, over a dimmed scene.

``FileBrowserScene`` is an overlay pushed like a dialog. Click a row to select it, click it
again (or double-click, or press Enter) to open it: a folder is entered, a file is handed to
``on_pick`` after the browser closes. Backspace goes up a folder, Esc cancels. Typing the
first letters of a name jumps to it (pressing one letter again steps through the names that
start with it), as in desktop file choosers: busy folders need no long scrolling. A path can
be typed: "/" or "~" (or Ctrl+L, from the folder shown) starts it in the path line, Enter
opens it (a folder is entered, a file picked), Esc leaves it. A folder that cannot be read,
or a typed path that is not there, shows why and the browser stays where it was.

``folder_entries`` is the pure part (what a folder shows, in which order) and is tested alone.
Which files it shows is the game's one rule of where a file opens
(:func:`~game.core.opening.listed_kind`, by name): the files that open in the screen
that asks, for the converter its pictures and nonograms.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs
import pygame

from game.core.i18n import N_, _
from game.core.locale_numbers import format_decimal
from game.core.opening import Asker, listed_kind
from game.core.store.fileio import natural_key, os_reason
from game.ui.input import Action, Input, Kind
from game.ui.scene import Scene
from game.ui.widgets.base import FocusGroup, Veil, radius
from game.ui.widgets.button import Button
from game.ui.widgets.scroll import ScrollArea
from game.ui.widgets.text import draw_text, fit_text
from game.ui.widgets.thumbnails import THUMBNAILS

if TYPE_CHECKING:
    from game.ui.app import App

# "parent", "folder", "picture" or a puzzle kind's name (game.core.kinds).
EntryKind = str
DOUBLE_CLICK_SECONDS = 0.45
TYPE_AHEAD_SECONDS = 1.0  # a pause this long starts a new name
KIND_TAGS: dict[EntryKind, str] = {"parent": "", "folder": N_("folder"),
                                   "picture": N_("picture"), "nonogram": N_("puzzle"),
                                   "kakuro": "Kakuro"}  # fmt: skip


@dataclass(frozen=True)
class FolderEntry:
    """One row of the browser."""

    name: str
    path: Path
    kind: EntryKind
    size: int = 0  # bytes, for files


def folder_entries(folder: Path, into: Asker = "editor") -> list[FolderEntry]:
    """What ``folder`` shows to ``into``: its parent, its sub-folders, then the files that
    open there (:func:`listed_kind`), each group sorted by name as people count
    (:func:`natural_key`). Hidden entries are left out.

    Raises OSError when the folder cannot be listed."""
    folders: list[FolderEntry] = []
    files: list[FolderEntry] = []
    with os.scandir(folder) as listing:
        for item in listing:
            if item.name.startswith("."):
                continue
            try:
                if item.is_dir():
                    folders.append(FolderEntry(item.name, Path(item.path), "folder"))
                    continue
                kind = listed_kind(Path(item.name), into)
                if kind is not None and item.is_file():
                    size = item.stat().st_size
                    files.append(FolderEntry(item.name, Path(item.path), kind, size))
            except OSError:
                continue  # a broken link or a vanished file: just not listed
    folders.sort(key=lambda entry: natural_key(entry.name))
    files.sort(key=lambda entry: natural_key(entry.name))
    parent = folder.parent
    head = [FolderEntry("..", parent, "parent")] if parent != folder else []
    return head + folders + files


def room_for_end(font: pygame.font.Font, text: str, width: int) -> str:
    """The end of ``text`` that fits in ``width`` pixels, "…" before it when cut."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size("…" + text)[0] > width:
        text = text[1:]
    return "…" + text


def size_text(size: int) -> str:
    """Bytes as people read them: 512 B, 14 KB, 3.2 MB."""
    if size < 1024:
        return _("{size} B").format(size=size)
    if size < 1024 * 1024:
        return _("{size} KB").format(size=size // 1024)
    return _("{size} MB").format(size=format_decimal(size / (1024 * 1024), 1))


def default_start_folder() -> Path:
    """The system's Pictures folder when there is one (platformdirs asks the system: the
    XDG user folders on Linux, whatever the language, the known folder on Windows), else the
    home folder. Five guessed names missed a "Fotos" or a moved one."""
    try:
        pictures = Path(platformdirs.user_pictures_dir())
        if pictures.is_dir():
            return pictures
    except (OSError, ValueError):
        pass  # no answer from the system: the home folder
    return Path.home()


class FileBrowserScene(Scene):
    """A modal file chooser over the dimmed screen below. ``on_pick(path)`` runs after the
    browser has closed; a file dropped on the window while browsing is taken as the choice."""

    transparent = True

    def __init__(
        self,
        app: App,
        on_pick: Callable[[Path], None],
        *,
        start: Path | None = None,
        title: str = N_("Open a picture"),
        into: Asker = "editor",
    ) -> None:
        super().__init__(app)
        self.on_pick = on_pick
        self.title = title
        self.into: Asker = into
        self.folder = Path.home()
        self.entries: list[FolderEntry] = []
        self.selected = 0
        self.problem = ""
        self.scroll = ScrollArea()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.path_rect = pygame.Rect(0, 0, 0, 0)
        self.row_height = 30
        self._last_click: tuple[int, float] = (-1, -10.0)
        self.typed = ""  # the name being typed to jump to
        self.path_typed: str | None = None  # a path being typed in the path line
        self.thumbnails = THUMBNAILS
        self._typed_at = -10.0
        self._veil = Veil(120)
        self.up_button = Button(N_("Up"), self.go_up, font_size=18)
        self.home_button = Button(N_("Home"), self.go_home, font_size=18)
        self.pictures_button = Button(N_("Pictures"), self.go_pictures, font_size=18)
        self.open_button = Button(N_("Open"), self.open_selected, primary=True, font_size=18)
        self.cancel_button = Button(N_("Cancel"), self.cancel, font_size=18)
        self.buttons = [
            self.up_button,
            self.home_button,
            self.pictures_button,
            self.open_button,
            self.cancel_button,
        ]
        self.focus = FocusGroup(self.buttons)
        self.focus.focus_widget(self.open_button)
        if not self.enter(start or default_start_folder()) and not self.enter(Path.home()):
            self.enter(Path(Path.home().anchor or "/"))

    # -- navigation -------------------------------------------------------------------------

    def enter(self, folder: Path) -> bool:
        """Show ``folder``; on failure keep the current one and say why."""
        try:
            folder = folder.expanduser().resolve()
            entries = folder_entries(folder, self.into)
        except OSError as error:
            reason = (
                _("permission denied") if isinstance(error, PermissionError) else os_reason(error)
            )
            self.problem = _("Cannot open {name}: {reason}").format(
                name=folder.name or folder, reason=reason
            )
            return False
        previous = self.folder
        self.folder = folder
        self.entries = entries
        self.problem = ""
        self.typed = ""
        self.scroll.scroll_to(0)
        # Coming back up, keep the folder we came from selected.
        self.selected = next(
            (index for index, entry in enumerate(entries) if entry.path == previous),
            1 if len(entries) > 1 and entries[0].kind == "parent" else 0,
        )
        self._ensure_selected_visible()
        return True

    def go_up(self) -> None:
        if self.folder.parent != self.folder:
            self.enter(self.folder.parent)

    def go_home(self) -> None:
        self.enter(Path.home())

    def go_pictures(self) -> None:
        self.enter(default_start_folder())

    def cancel(self) -> None:
        self.app.pop()

    def open_entry(self, entry: FolderEntry) -> None:
        if entry.kind in ("parent", "folder"):
            self.enter(entry.path)
            return
        self.app.pop()
        self.on_pick(entry.path)

    def open_selected(self) -> None:
        if 0 <= self.selected < len(self.entries):
            self.open_entry(self.entries[self.selected])

    def select(self, index: int) -> None:
        if not self.entries:
            return
        self.selected = max(0, min(len(self.entries) - 1, index))
        self._ensure_selected_visible()

    def type_to_find(self, char: str) -> bool:
        """Jump to the first name starting with what was typed; True when one was found."""
        if self.app.time - self._typed_at > TYPE_AHEAD_SECONDS:
            self.typed = ""
        self._typed_at = self.app.time
        self.typed += char.lower()
        names = [entry.name.lower() if entry.kind != "parent" else "" for entry in self.entries]
        count = len(names)
        if len(set(self.typed)) == 1:
            # "t", "tt", "ttt": step through the names starting with t, after the current one.
            prefix, first = self.typed[0], self.selected + 1
            if any(name.startswith(self.typed) for name in names) and len(self.typed) > 1:
                prefix, first = self.typed, self.selected
        else:
            prefix, first = self.typed, self.selected
        for step in range(count):
            index = (first + step) % count
            if names[index].startswith(prefix):
                self.select(index)
                return True
        return False

    def _ensure_selected_visible(self) -> None:
        top = self.selected * self.row_height
        self.scroll.content_height = len(self.entries) * self.row_height
        self.scroll.ensure_visible(top, top + self.row_height)

    # -- frames -----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.thumbnails.poll():
            self.app.redraw()

    def wake_in(self) -> float | None:
        """Every frame while thumbnails are being made (to show them as they come), and
        while a typed name's "Find:" line is shown; otherwise still."""
        if self.thumbnails.busy or self.app.time - self._typed_at <= TYPE_AHEAD_SECONDS:
            return 0.0
        return None

    def on_exit(self) -> None:
        self.thumbnails.forget_pending()

    # -- events -----------------------------------------------------------------------------

    def handle(self, event: Input) -> bool:
        if event.kind is Kind.DROP:
            self.app.pop()
            self.on_pick(Path(event.text))
            return True
        if event.kind is Kind.PRESS:
            return self._handle_key(event) or True
        if self.scroll.handle(event, self.app):
            return True
        if event.down():
            index = self._row_at(event.pos)
            if index is not None:
                self._click_row(index)
                return True
        self.focus.handle(event)
        return True  # modal

    def open_typed(self) -> None:
        """Open the typed path: a folder is entered, a file picked; else say why."""
        text = (self.path_typed or "").strip()
        if not text:
            self.path_typed = None
            return
        path = Path(text).expanduser()
        if not path.is_absolute():
            path = self.folder / path
        if path.is_dir():
            if self.enter(path):
                self.path_typed = None
        elif path.is_file():
            self.path_typed = None
            self.app.pop()
            self.on_pick(path)
        else:
            self.problem = _("Nothing at {path}").format(path=text)

    def _handle_path_key(self, event: Input) -> None:
        """A key while a path is typed: edit it, Enter opens it, Esc leaves it."""
        typed = self.path_typed or ""
        self.problem = ""
        if event.pressed(Action.BACK):
            self.path_typed = None
        elif event.pressed(Action.CONFIRM):
            self.open_typed()
        elif event.pressed(Action.ERASE):
            self.path_typed = typed[:-1]
        elif event.text and not (event.ctrl or event.alt):
            self.path_typed = typed + event.text

    def _handle_key(self, event: Input) -> bool:
        if self.path_typed is not None:
            self._handle_path_key(event)
            return True
        char = event.text
        if event.pressed(Action.LOCATION):
            self.path_typed = str(self.folder) + os.sep
            return True
        if char in ("/", "~", os.sep) and not self.typed:
            self.path_typed = char
            return True
        page = max(1, self.scroll.viewport.height // max(1, self.row_height) - 1)
        moves = {Action.UP: -1, Action.DOWN: 1, Action.PAGE_UP: -page, Action.PAGE_DOWN: page}
        move = event.action(*moves)
        if event.pressed(Action.BACK):
            self.cancel()
        elif move is not None:
            self.select(self.selected + moves[move])
        elif event.pressed(Action.FIRST):
            self.select(0)
        elif event.pressed(Action.LAST):
            self.select(len(self.entries) - 1)
        elif event.pressed(Action.CONFIRM):
            focused = self.focus.focused
            if self.focus.show_focus and focused is not None and focused is not self.open_button:
                focused.activate()
            else:
                self.open_selected()
        elif event.pressed(Action.ERASE):
            self.go_up()
        elif event.pressed(Action.FOCUS_NEXT, Action.FOCUS_PREVIOUS):
            self.focus.handle(event)
        else:
            typing = char.isprintable() and (char != " " or self.typed)
            if not char or not typing or event.ctrl or event.alt:
                return False
            self.type_to_find(char)
        return True

    def _row_at(self, position: tuple[int, int]) -> int | None:
        if not self.scroll.viewport.collidepoint(position):
            return None
        _, y = self.scroll.to_content(position)
        index = y // max(1, self.row_height)
        return index if 0 <= index < len(self.entries) else None

    def _click_row(self, index: int) -> None:
        last_index, last_time = self._last_click
        self._last_click = (index, self.app.time)
        if index == last_index and self.app.time - last_time <= DOUBLE_CLICK_SECONDS:
            self._last_click = (-1, -10.0)
            self.select(index)
            self.open_selected()
            return
        self.select(index)

    # -- layout and drawing -----------------------------------------------------------------

    def arrange(self, size: tuple[int, int]) -> None:
        scale = self.app.ui_scale
        width, height = size
        pad = round(20 * scale)
        self.panel = pygame.Rect(0, 0, min(width - 2 * pad, round(760 * scale)),
                                 min(height - 2 * pad, round(640 * scale)))  # fmt: skip
        self.panel.center = (width // 2, height // 2)
        self.row_height = max(20, round(30 * scale))
        title_height = round(44 * scale)
        path_height = round(30 * scale)
        button_height = round(42 * scale)
        self.path_rect = pygame.Rect(
            self.panel.left + pad, self.panel.top + pad + title_height,
            self.panel.width - 2 * pad, path_height,
        )  # fmt: skip
        list_top = self.path_rect.bottom + round(8 * scale)
        list_bottom = self.panel.bottom - pad - button_height - round(12 * scale)
        first_arrange = self.scroll.viewport.height == 0
        self.scroll.viewport = pygame.Rect(
            self.panel.left + pad, list_top, self.panel.width - 2 * pad, list_bottom - list_top
        )
        self.scroll.content_height = len(self.entries) * self.row_height
        if first_arrange:
            # The first folder was entered before there was a list to scroll: showing its
            # selected row in no room at all scrolled it out of sight, with ".." above it
            # (QA: the browser opened on a list cut off at the top, nothing selected).
            self.scroll.scroll_to(0)
            self._ensure_selected_visible()
        self.scroll.clamp()
        gap = round(10 * scale)
        count = len(self.buttons)
        each = (self.panel.width - 2 * pad - (count - 1) * gap) // count
        for index, button in enumerate(self.buttons):
            button.rect = pygame.Rect(
                self.panel.left + pad + index * (each + gap),
                self.panel.bottom - pad - button_height,
                each,
                button_height,
            )

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        theme = app.theme
        scale = app.ui_scale
        self._veil.draw(surface)
        corner = radius(app)
        pygame.draw.rect(surface, theme.panel, self.panel, border_radius=corner)
        pygame.draw.rect(surface, theme.panel_border, self.panel, max(1, theme.line_weight),
                         border_radius=corner)  # fmt: skip
        pad = round(20 * scale)
        draw_text(surface, app, _(self.title), round(24 * scale), theme.text,
                  (self.panel.left + pad, self.panel.top + pad), bold=True)  # fmt: skip
        size = round(16 * scale)
        font = app.fonts.get(size)
        if self.path_typed is not None and not self.problem:
            line, colour = _("Go to: {path}").format(path=self.path_typed) + "|", theme.text
            shown = room_for_end(font, line, self.path_rect.width)  # the end being typed
            draw_text(surface, app, shown, size, colour, self.path_rect.midleft, "midleft")
            self._draw_rows(surface, app)
            self.focus.draw(surface, app)
            return
        if self.problem:
            line, colour = self.problem, theme.error
        elif self.typed and app.time - self._typed_at <= TYPE_AHEAD_SECONDS:
            line, colour = _("Find: {typed}").format(typed=self.typed), theme.text
        else:
            line, colour = str(self.folder), theme.text_muted
        shown = fit_text(font, line, self.path_rect.width)
        draw_text(surface, app, shown, size, colour, self.path_rect.midleft, "midleft")
        self._draw_rows(surface, app)
        self.focus.draw(surface, app)

    def _draw_rows(self, surface: pygame.Surface, app: App) -> None:
        theme = app.theme
        scale = app.ui_scale
        view = self.scroll.viewport
        pygame.draw.rect(surface, theme.cell_unknown, view)
        pygame.draw.rect(surface, theme.panel_border, view, 1)
        clip = surface.get_clip()
        surface.set_clip(view)
        size = round(17 * scale)
        small = round(14 * scale)
        font = app.fonts.get(size)
        pad = round(10 * scale)
        first = int(self.scroll.offset // self.row_height)
        last = min(len(self.entries), first + view.height // self.row_height + 2)
        tag_width = round(90 * scale)
        side = self.row_height - 4  # a thumbnail's box
        for index in range(first, last):
            entry = self.entries[index]
            top = view.top + index * self.row_height - round(self.scroll.offset)
            row = pygame.Rect(view.left, top, view.width, self.row_height)
            if index == self.selected:
                pygame.draw.rect(surface, theme.highlight, row)
                pygame.draw.rect(surface, theme.accent, row, max(1, round(2 * scale)))
            if entry.kind == "parent":
                label = "..  " + _("(up one folder)")
            elif entry.kind == "folder":
                label = entry.name + "/"
            else:
                label = entry.name
            bold = entry.kind in ("parent", "folder")
            right = row.right - pad - tag_width - ScrollArea.bar_width(app)
            # Files show a thumbnail (made on a worker thread, kept for the run).
            left = row.left + pad + side + pad // 2
            thumbnail = self.thumbnails.get(entry.kind, entry.path, side)
            if thumbnail is not None:
                place = thumbnail.get_rect(center=(row.left + pad + side // 2, row.centery))
                surface.blit(thumbnail, place)
            text = fit_text(font, label, right - left - pad)
            draw_text(surface, app, text, size, theme.text, (left, row.centery),
                      "midleft", bold=bold)  # fmt: skip
            detail = _(KIND_TAGS.get(entry.kind, entry.kind))
            if entry.kind not in ("parent", "folder"):
                detail = f"{detail}, {size_text(entry.size)}"
            if detail:
                draw_text(surface, app, detail, small, theme.text_muted,
                          (right + tag_width, row.centery), "midright")  # fmt: skip
        if not self.entries:
            draw_text(surface, app, _("This folder is empty."), size, theme.text_muted,
                      (view.centerx, view.top + pad), "midtop")  # fmt: skip
        surface.set_clip(clip)
        self.scroll.draw_bar(surface, app)
