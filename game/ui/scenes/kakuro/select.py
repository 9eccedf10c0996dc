"""Kakuro level select: the Kakuro packs on the left, the chosen pack's puzzles as cards.

The same look and keys as the nonogram level select (``level_select``), which opens this
screen from its "Kakuro" button (or K). A card shows the puzzle's number (solved or not,
see ``kakuro_name``), size, stars, best time, a solved or "in progress" badge, and a
thumbnail: the empty board's layout before, the solved digits after. "Watch" opens the
solver's replay.

Mouse: click a pack, click a card to play, the wheel scrolls. Keyboard: arrows move, Enter
plays, W watches the solver, Tab / Shift+Tab switch packs, N back to nonograms, Esc back.
Kakuro files are a few hundred bytes: a pack is read when it is opened, on the frame.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.core.kakuro.model import KakuroPuzzle
from game.core.kakuro.packs import (
    KakuroEntry,
    entries_after,
    kakuro_name,
    kakuro_place,
    list_kakuro_packs,
    read_kakuro_entries,
    read_kakuro_entry,
)
from game.core.store.packs import Pack, PackPlace, recorded_file
from game.resources import levels_dir
from game.ui.layout import Box
from game.ui.scene import Scene
from game.ui.scenes.kakuro.board import BoardLook, KakuroLayout, draw_board
from game.ui.scenes.levels.cards import (
    card_columns,
    card_grid_rect,
    draw_badge,
    draw_broken_card,
    select_frame,
    solved_badge,
)
from game.ui.scenes.levels.view import draw_pack_row
from game.ui.settings import LAST_KAKURO_PACK
from game.ui.widgets.base import draw_card_focus_ring, radius
from game.ui.widgets.button import Button
from game.ui.widgets.scroll import ScrollArea
from game.ui.widgets.text import draw_help_line, draw_text, fit_text, format_time

if TYPE_CHECKING:
    from game.core.store.progress import PuzzleRecord
    from game.ui.app import App

CARD_WIDTH = 200
CARD_HEIGHT = 262
CARD_GAP = 18
PACK_ROW = 64


class KakuroSelectScene(Scene):
    def __init__(self, app: App, levels: Path | None = None) -> None:
        super().__init__(app)
        self.levels = levels if levels is not None else levels_dir()
        self.packs: list[Pack] = list_kakuro_packs(self.levels, app.store.user_puzzles_dir())
        self.entries_of: dict[str, list[KakuroEntry]] = {
            pack.key: read_kakuro_entries(pack) for pack in self.packs
        }
        self.pack_index = 0
        last = app.setting(LAST_KAKURO_PACK)
        for index, pack in enumerate(self.packs):
            if pack.key == last:
                self.pack_index = index
        self.selected = 0
        self.show_focus = False
        self.focus_area = "cards"
        self.hover_card: int | None = None
        self.hover_pack: int | None = None
        self.scroll = ScrollArea()
        self.back_button = Button("‹ Back", self.app.pop, font_size=20)
        self.nonogram_button = Button("Nonograms ›", self.open_nonograms, font_size=20)
        self.records: dict[str, PuzzleRecord] = {}
        self.pack_panel = pygame.Rect(0, 0, 0, 0)
        self.columns = 1
        self._card = (CARD_WIDTH, CARD_HEIGHT)
        self._gap = CARD_GAP
        self._refresh()

    # -- data ------------------------------------------------------------------------------

    @property
    def pack(self) -> Pack | None:
        return self.packs[self.pack_index] if self.packs else None

    @property
    def entries(self) -> list[KakuroEntry]:
        pack = self.pack
        return self.entries_of.get(pack.key, []) if pack is not None else []

    def _refresh(self) -> None:
        for entries in self.entries_of.values():
            for entry in entries:
                if entry.key is not None:
                    self.records[entry.key] = self.app.store.record(entry.key)

    def record(self, entry: KakuroEntry) -> PuzzleRecord | None:
        return self.records.get(entry.key) if entry.key is not None else None

    def solved_count(self, pack: Pack) -> int:
        return sum(
            1
            for entry in self.entries_of.get(pack.key, [])
            if (record := self.record(entry)) is not None and record.solved
        )

    def place(self, index: int) -> PackPlace | None:
        """A bundled pack's puzzle's place ("#3"); the player's own are named by title."""
        pack = self.pack
        return PackPlace(pack.name, index + 1) if pack is not None and not pack.user else None

    def card_name(self, index: int) -> str:
        """What card ``index`` is called: "#3" under its pack (see ``kakuro_name``)."""
        return kakuro_name(self.entries[index].name, self.place(index), with_pack=False)

    def on_enter(self) -> None:
        self.show_focus = self.app.keyboard_last  # reached by a key: its card is outlined
        self._refresh()

    # -- actions ---------------------------------------------------------------------------

    def select_pack(self, index: int) -> None:
        if not self.packs:
            return
        index %= len(self.packs)
        if index == self.pack_index:
            return
        self.pack_index = index
        self.selected = 0
        self.scroll.scroll_to(0)
        self.arrange(self.app.screen_size)
        self.app.set_setting(LAST_KAKURO_PACK, self.packs[index].key)

    def play(self, index: int) -> None:
        from game.ui.scenes.kakuro.play import KakuroPlayScene

        entries = self.entries
        if not 0 <= index < len(entries):
            return
        entry = entries[index]
        if entry.puzzle is None:
            self.app.toast(f"{entry.path.name} cannot be opened: {entry.error}", error=True)
            return
        self.app.sounds.play("click")
        following = [
            (later.puzzle, later.path) for later in entries[index + 1 :] if later.puzzle is not None
        ]
        pack = self.pack
        self.app.push(
            KakuroPlayScene(
                self.app,
                entry.puzzle,
                path=entry.path,
                pack=pack.name if pack is not None else None,
                place=self.place(index),
                next_puzzles=following,
            )
        )

    def watch(self, index: int) -> None:
        from game.ui.scenes.kakuro.replay import KakuroReplayScene

        entries = self.entries
        if not 0 <= index < len(entries) or entries[index].puzzle is None:
            return
        entry = entries[index]
        assert entry.puzzle is not None
        name = kakuro_name(entry.name, self.place(index))
        self.app.push(KakuroReplayScene(self.app, entry.puzzle, name=name))

    def open_nonograms(self) -> None:
        from game.ui.scenes.levels.select import LevelSelectScene

        if self.app.find(LevelSelectScene) is not None:
            self.app.pop_to(LevelSelectScene)
        else:
            self.app.replace(LevelSelectScene(self.app))

    # -- events ----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if self.back_button.handle(event) or self.nonogram_button.handle(event):
            return True
        if self.scroll.handle(event, self.app):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.show_focus = False
            self.hover_pack = self._pack_at(event.pos)
            self.hover_card = self._card_at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            pack = self._pack_at(event.pos)
            if pack is not None:
                self.focus_area = "packs"
                self.select_pack(pack)
                return True
            card = self._card_at(event.pos)
            if card is None:
                return False
            self.selected = card
            self.focus_area = "cards"
            if self._watch_rect(card).collidepoint(event.pos):
                self.watch(card)
            else:
                self.play(card)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        self.show_focus = True
        count = len(self.entries)
        steps = {
            pygame.K_LEFT: -1,
            pygame.K_RIGHT: 1,
            pygame.K_UP: -self.columns,
            pygame.K_DOWN: self.columns,
        }
        if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.app.pop()
        elif key == pygame.K_TAB:
            self.select_pack(self.pack_index + (-1 if event.mod & pygame.KMOD_SHIFT else 1))
        elif key == pygame.K_n:
            self.open_nonograms()
        elif self.focus_area == "packs":
            if key in (pygame.K_UP, pygame.K_DOWN):
                self.select_pack(self.pack_index + (1 if key == pygame.K_DOWN else -1))
            elif key in (pygame.K_RIGHT, pygame.K_RETURN, pygame.K_KP_ENTER) and count:
                self.focus_area = "cards"
            else:
                return False
        elif key == pygame.K_LEFT and self.selected % self.columns == 0:
            self.focus_area = "packs"
        elif key in steps and count:
            target = self.selected + steps[key]
            if 0 <= target < count:
                self.selected = target
            rect = self._content_rect(self.selected)
            self.scroll.ensure_visible(rect.top, rect.bottom, self._gap)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and count:
            self.play(self.selected)
        elif key == pygame.K_w and count:
            self.watch(self.selected)
        else:
            return False
        return True

    # -- layout ----------------------------------------------------------------------------

    def arrange(self, size: tuple[int, int]) -> None:
        scale = self.app.ui_scale
        frame = select_frame(scale, size, (CARD_WIDTH, CARD_HEIGHT), CARD_GAP)
        self.back_button.rect = frame.back
        self.nonogram_button.rect = pygame.Rect(0, 0, round(160 * scale), round(42 * scale))
        self.nonogram_button.rect.topright = (size[0] - frame.margin, round(16 * scale))
        self.pack_panel = frame.pack_panel
        self._gap = frame.gap
        self._card = frame.card
        self.scroll.viewport = frame.viewport
        self.columns = card_columns(
            self.scroll.viewport.width - self.scroll.bar_width(self.app), self._card[0], self._gap
        )
        rows = (len(self.entries) + self.columns - 1) // self.columns
        self.scroll.content_height = rows * (self._card[1] + self._gap) + self._gap if rows else 0
        self.scroll.clamp()

    def _content_rect(self, index: int) -> pygame.Rect:
        inner = self.scroll.viewport.width - self.scroll.bar_width(self.app)
        return card_grid_rect(index, self.columns, self._card, self._gap, inner)

    def card_rect(self, index: int) -> pygame.Rect:
        return self._content_rect(index).move(
            self.scroll.viewport.left, self.scroll.viewport.top - round(self.scroll.offset)
        )

    def _watch_rect(self, index: int) -> pygame.Rect:
        card = self.card_rect(index)
        scale = self.app.ui_scale
        label_w, label_h = self.app.fonts.get(round(13 * scale)).size("Watch")
        rect = pygame.Rect(
            0, 0, max(round(64 * scale), label_w + 16), max(round(26 * scale), label_h + 6)
        )
        rect.bottomright = (card.right - round(8 * scale), card.bottom - round(8 * scale))
        return rect

    def pack_rect(self, index: int) -> pygame.Rect:
        row = round(PACK_ROW * self.app.ui_scale)
        top = self.pack_panel.top + round(8 * self.app.ui_scale) + index * row
        return pygame.Rect(self.pack_panel.left + 4, top, self.pack_panel.width - 8, row - 4)

    def _pack_at(self, position: tuple[int, int]) -> int | None:
        for index in range(len(self.packs)):
            if self.pack_rect(index).collidepoint(position):
                return index
        return None

    def _card_at(self, position: tuple[int, int]) -> int | None:
        if not self.scroll.viewport.collidepoint(position):
            return None
        for index in range(len(self.entries)):
            if self.card_rect(index).collidepoint(position):
                return index
        return None

    # -- drawing ---------------------------------------------------------------------------

    def wake_in(self) -> float | None:
        return None

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        theme = app.theme
        scale = app.ui_scale
        surface.fill(theme.background)
        self.back_button.draw(surface, app)
        self.nonogram_button.draw(surface, app)
        title = (app.screen_size[0] // 2, round(20 * scale))
        draw_text(surface, app, "Kakuro", round(30 * scale), theme.text, title, "midtop", True)
        self._draw_packs(surface)
        pack = self.pack
        left = self.scroll.viewport.left + round(4 * scale)
        if pack is not None:
            top = self.pack_panel.top
            draw_text(
                surface, app, pack.name, round(24 * scale), theme.text, (left, top), bold=True
            )
            if pack.description:
                size = round(15 * scale)
                text = fit_text(
                    app.fonts.get(size), pack.description, self.scroll.viewport.width - 8
                )
                draw_text(
                    surface, app, text, size, theme.text_muted, (left, top + round(30 * scale))
                )
        clip = surface.get_clip()
        surface.set_clip(self.scroll.viewport)
        if not self.entries:
            message = "No Kakuro puzzles found in " + str(self.levels)
            draw_text(
                surface,
                app,
                message,
                round(18 * scale),
                theme.text_muted,
                (left, self.scroll.viewport.top + 20),
            )
        for index, entry in enumerate(self.entries):
            rect = self.card_rect(index)
            if rect.bottom >= self.scroll.viewport.top and rect.top <= self.scroll.viewport.bottom:
                self._draw_card(surface, index, entry, rect)
        surface.set_clip(clip)
        self.scroll.draw_bar(surface, app)
        draw_help_line(
            surface,
            app,
            "Arrows move  ·  Enter plays  ·  W watches the solver  ·  Tab next pack  ·  "
            "N nonograms  ·  Esc back",
            gap=8,
        )

    def _draw_packs(self, surface: pygame.Surface) -> None:
        app = self.app
        theme = app.theme
        corner = radius(app)
        pygame.draw.rect(surface, theme.panel, self.pack_panel, border_radius=corner)
        pygame.draw.rect(surface, theme.panel_border, self.pack_panel, 1, border_radius=corner)
        for index, pack in enumerate(self.packs):
            rect = self.pack_rect(index)
            if rect.bottom > self.pack_panel.bottom:
                break
            chosen = index == self.pack_index
            total = len(self.entries_of.get(pack.key, []))
            detail = (
                f"{total} puzzle{'s' if total != 1 else ''}  ·  {self.solved_count(pack)} solved"
            )
            draw_pack_row(
                surface,
                app,
                rect,
                pack.name,
                detail,
                chosen=chosen,
                hovered=index == self.hover_pack,
                focused=chosen and self.focus_area == "packs" and self.show_focus,
            )

    def _draw_card(
        self, surface: pygame.Surface, index: int, entry: KakuroEntry, rect: pygame.Rect
    ) -> None:
        app = self.app
        theme = app.theme
        scale = app.ui_scale
        corner = radius(app)
        hovered = index == self.hover_card
        pygame.draw.rect(
            surface, theme.button_hover if hovered else theme.panel, rect, border_radius=corner
        )
        border = theme.error if entry.puzzle is None else theme.panel_border
        pygame.draw.rect(surface, border, rect, 1, border_radius=corner)
        if index == self.selected and self.focus_area == "cards" and self.show_focus:
            draw_card_focus_ring(surface, app, rect)
        pad = round(10 * scale)
        small = round(14 * scale)
        if entry.puzzle is None:
            draw_broken_card(surface, app, rect, entry.path.name, entry.error, pad)
            return
        puzzle = entry.puzzle
        record = self.record(entry)
        solved = bool(record and record.solved)
        side = rect.width - 2 * pad
        # Line steps never tighter than the fonts, and the thumbnail shortened so the text
        # clears "Watch" (as the nonogram cards do on a small window).
        title_font, small_font = app.fonts.get(round(17 * scale), True), app.fonts.get(small)
        title_step = max(round(24 * scale), title_font.get_linesize())
        small_step = max(round(22 * scale), small_font.get_linesize())
        text_height = round(6 * scale) + title_step + small_step + small_font.get_linesize()
        watch_top = self._watch_rect(index).top
        height = min(side - round(34 * scale), watch_top - 2 - rect.top - pad - text_height)
        box = Box(rect.left + pad, rect.top + pad, side, max(1, height))
        pygame.draw.rect(surface, theme.cell_unknown, pygame.Rect(box), border_radius=corner // 2)
        layout = KakuroLayout.fit(box.inset(6), puzzle.width, puzzle.height, min_cell=2)
        digits = [0] * puzzle.white_count
        if solved and puzzle.solution is not None:
            digits = [puzzle.solution[y][x] for x, y in puzzle.white_cells]
        look = BoardLook(digits, [0] * puzzle.white_count)
        # The layout is no secret; the digits show once solved, "?" before (as nonograms).
        draw_board(surface, app, puzzle, layout, look, sums=False)
        if not solved:
            veil = pygame.Surface(pygame.Rect(layout.box).size, pygame.SRCALPHA)
            veil.fill((*theme.cell_unknown, 150))
            surface.blit(veil, pygame.Rect(layout.box))
            centre = pygame.Rect(box).center
            size = round(box.h * 0.5)
            draw_text(surface, app, "?", size, theme.clue_done, centre, "center", bold=True)
        y = box.bottom + round(6 * scale)
        title = self.card_name(index)
        draw_text(
            surface,
            app,
            fit_text(app.fonts.get(round(17 * scale), True), title, side),
            round(17 * scale),
            theme.text,
            (rect.left + pad, y),
            bold=True,
        )
        y += title_step
        draw_text(surface, app, puzzle.size_text, small, theme.text_muted, (rect.left + pad, y))
        stars = entry.stars
        star_text = "★" * stars + "☆" * (5 - stars) if stars is not None else ""
        draw_text(
            surface,
            app,
            star_text,
            round(16 * scale),
            theme.star,
            (rect.right - pad, y),
            "topright",
        )
        y += small_step
        best = f"Best {format_time(record.best_time)}" if record and record.best_time else ""
        in_progress = bool(record and record.session is not None)
        # As the nonogram cards: the best time, and a badge at the line's right end.
        status = best or ("" if in_progress and not solved else "Not solved yet")
        draw_text(surface, app, status, small, theme.text_muted, (rect.left + pad, y))
        if solved:
            room = rect.width - 2 * pad
            badge = solved_badge(app, app.fonts.get(small).size(status)[0], room)
            draw_badge(surface, self.app, badge, theme.success, (rect.right - pad, y))
        elif in_progress:
            draw_badge(surface, self.app, "In progress", theme.badge, (rect.right - pad, y))
        watch = self._watch_rect(index)
        pygame.draw.rect(surface, theme.button, watch, border_radius=corner)
        pygame.draw.rect(surface, theme.panel_border, watch, 1, border_radius=corner)
        draw_text(
            surface, app, "Watch", round(13 * scale), theme.button_text, watch.center, "center"
        )


# -- ways in from elsewhere: a file opened or dropped, the menu's Continue -----------------


def open_kakuro_game(app: App, puzzle: KakuroPuzzle, path: Path | None) -> None:
    """Play ``puzzle``; a file of a bundled Kakuro pack keeps its place ("Kakuro starter #3")
    and offers the pack's next puzzles after a win. Over a game already open it replaces it."""
    from game.ui.scenes.kakuro.play import KakuroPlayScene

    pack_name: str | None = None
    place: PackPlace | None = None
    following: list[Path] = []
    if path is not None:
        found = kakuro_place(path, levels_dir())
        if found is not None:
            pack, place = found
            pack_name = pack.name
            following = entries_after(pack, path)
    scene = KakuroPlayScene(app, puzzle, path, pack_name, place, following)
    if isinstance(app.top, KakuroPlayScene):
        app.replace(scene)
    else:
        app.push(scene)


def open_kakuro_file(app: App, path: Path) -> bool:
    """Read a ``.kak`` file and play it; a toast with the reason when it cannot be read."""
    entry = read_kakuro_entry(path)
    if entry.puzzle is None:
        app.toast(f"{path.name}: {entry.error}", error=True)
        return False
    open_kakuro_game(app, entry.puzzle, path)
    return True


def kakuro_continue(
    app: App, key: str | None = None, path_text: str | None = None
) -> tuple[KakuroPuzzle, Path] | None:
    """The game ``key`` played from ``path_text`` (the last game played when not given) when
    it is a Kakuro with a saved game that still fits its file."""
    store = app.store
    if key is None:
        key, path_text = store.last_played, store.last_played_path
    if not key or not path_text or not path_text.lower().endswith(".kak"):
        return None
    if store.record(key).session is None:
        return None
    path = recorded_file(path_text, levels_dir())
    if path is None:
        return None
    entry = read_kakuro_entry(path)
    if entry.puzzle is None or entry.key != key:
        return None  # unreadable, or edited since: the saved game no longer fits
    return entry.puzzle, path


def kakuro_continue_name(app: App, puzzle: KakuroPuzzle, path: Path) -> str:
    """What the menu's Continue calls it: "Kakuro starter #3" (see ``kakuro_name``)."""
    found = kakuro_place(path, levels_dir())
    return kakuro_name(puzzle.title or path.stem, found[1] if found is not None else None)
