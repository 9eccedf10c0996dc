"""Level select: the packs on the left, the chosen pack's puzzles as cards on the right.

A card shows the puzzle's size, its difficulty in stars, the best time, a solved mark, an
"in progress" badge and, once solved, a thumbnail of the picture ("?" before). A file that
cannot be read is a card with the reason; the rest of the pack plays as usual.

Mouse: click a pack, click a card to play, "Watch" on a card opens the solver replay; the
wheel scrolls. Keyboard: arrows move (Left from the first column goes to the pack list),
Enter plays, W watches the solver, Tab / Shift+Tab switch packs, PageUp/PageDown/Home/End
scroll, Esc goes back.

Nothing slow runs on the frame: a pack's files are read on a worker thread
(``level_files.PackReader``; the open pack at once, the others one more a frame, so their
"solved" counts fill in), and cards appear as their files are read. Difficulty stars come
from the level file's ``difficulty`` key; when it is absent they are worked out by the app's
``Ratings`` (``level_ratings``), a few milliseconds a frame, visible cards first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.core.store.pack_reader import PackReader
from game.core.store.packs import (
    Pack,
    PackPlace,
    PuzzleEntry,
    list_packs,
    next_entries,
    recorded_file,
    shown_name,
)
from game.resources import levels_dir
from game.ui.opening import PlayContext
from game.ui.scene import Scene
from game.ui.scenes.levels.cards import (
    CardPainter,
    card_columns,
    card_grid_rect,
    select_frame,
)
from game.ui.scenes.levels.random_panel import RandomPanel
from game.ui.scenes.levels.view import LevelSelectView
from game.ui.settings import LAST_PACK
from game.ui.widgets.button import Button
from game.ui.widgets.scroll import ScrollArea

if TYPE_CHECKING:
    from game.core.puzzle import Puzzle
    from game.core.store.progress import PuzzleRecord
    from game.ui.app import App

# Card size at scale 1; the grid fits as many columns as the width allows.
CARD_WIDTH = 200
CARD_HEIGHT = 268
CARD_GAP = 18
PACK_ROW_HEIGHT = 64
# How long opening the screen waits for the open pack's files, so a usual pack is complete
# on the first frame instead of filling in; a slow one fills in afterwards.
FIRST_READ_WAIT = 0.05


@dataclass
class _PackState:
    pack: Pack
    reader: PackReader | None = None
    entries: list[PuzzleEntry] = field(default_factory=list)
    solved: int = 0

    @property
    def reading(self) -> bool:
        """Started and not finished, or not started at all."""
        return (
            self.reader is None or not self.reader.done or len(self.entries) < self.reader.count()
        )


RANDOM_KEY = "random"  # LAST_PACK's value while the Random entry is open
ARROW_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)


class LevelSelectScene(Scene):
    def __init__(
        self,
        app: App,
        levels: Path | None = None,
        user_dir: Path | None = None,
        pack_key: str | None = None,
    ) -> None:
        super().__init__(app)
        self.levels = levels if levels is not None else levels_dir()
        if user_dir is None:
            user_dir = app.store.user_puzzles_dir()
        self.user_dir = user_dir
        self.packs = [_PackState(pack) for pack in list_packs(self.levels, self.user_dir)]
        self.pack_index = 0
        if pack_key is None:
            pack_key = self._pack_of_last_game() or app.setting(LAST_PACK)
        for index, state in enumerate(self.packs):
            if state.pack.key == pack_key:
                self.pack_index = index
        self.selected = 0
        self.focus_area = "cards"  # or "packs"
        self.show_focus = False
        self.hover_card: int | None = None
        self.hover_pack: int | None = None
        self.hover_watch: int | None = None
        self.scroll = ScrollArea()
        self.back_button = Button("‹ Back", self.app.pop, font_size=20)
        self.kakuro_button = Button("Kakuro ›", self.open_kakuro, font_size=20)
        self.records: dict[str, PuzzleRecord] = {}
        self.cards = CardPainter(app)
        self.view = LevelSelectView(self)
        # "Random" sits in the pack list after the packs; chosen, its panel replaces the cards.
        self.random = RandomPanel(app, self.user_dir, self._focus_packs)
        self.random.on_kept = self._reload_user_pack
        self.random_open = pack_key == RANDOM_KEY
        self.pack_panel = pygame.Rect(0, 0, 0, 0)
        self.columns = 1
        self._card_size = (CARD_WIDTH, CARD_HEIGHT)
        self._gap = CARD_GAP
        # Back from a game (or the menu), start on the puzzle last played when it is in view:
        # deep in a pack of twenty the next one to play is then on screen. Done once the
        # open pack's files are read.
        self._select_last_played = True
        self._scroll_to_selected = False
        if self.packs:
            reader = self._start_reading(self.pack_index)
            reader.wait(FIRST_READ_WAIT)
            self._sync(self.pack_index)

    # -- data -------------------------------------------------------------------------------

    @property
    def pack(self) -> Pack | None:
        return self.packs[self.pack_index].pack if self.packs else None

    @property
    def entries(self) -> list[PuzzleEntry]:
        """The open pack's entries read so far, in play order."""
        return self.packs[self.pack_index].entries if self.packs else []

    @property
    def reading(self) -> bool:
        """The open pack still has files being read."""
        return bool(self.packs) and self.packs[self.pack_index].reading

    def _start_reading(self, index: int) -> PackReader:
        state = self.packs[index]
        if state.reader is None:
            state.reader = PackReader(state.pack)
        return state.reader

    def _sync(self, index: int) -> bool:
        """Take the entries pack ``index``'s reader has ready; True when there were new ones."""
        state = self.packs[index]
        reader = state.reader
        if reader is None or reader.count() == len(state.entries):
            return False
        state.entries = reader.entries()
        self._refresh_records(state)
        if index == self.pack_index:
            if self._select_last_played and reader.done:
                self._select_last_played = False
                self.selected = self._last_played_index()
                self._scroll_to_selected = self.selected > 0
            self.arrange(self.app.screen_size)
        return True

    def wait_for_files(self, timeout: float = 10.0) -> bool:
        """Read every pack to the end (tests and screenshots); False if ``timeout`` ran out."""
        done = all(self._start_reading(index).wait(timeout) for index in range(len(self.packs)))
        for index in range(len(self.packs)):
            self._sync(index)
        return done

    def _pack_of_last_game(self) -> str | None:
        """The pack holding the puzzle last played: where the player will want to go on."""
        played = self._last_played_file()
        if played is None:
            return None
        folder = played.parent
        for state in self.packs:
            if state.pack.directory == folder:
                return state.pack.key
        return None

    def _last_played_file(self) -> Path | None:
        """The last played puzzle's file (an old relative record found from here)."""
        played = self.app.store.last_played_path
        return recorded_file(played, self.levels) if played else None

    def _last_played_index(self) -> int:
        played = self._last_played_file()
        if played is None:
            return 0
        for index, entry in enumerate(self.entries):
            if str(entry.path) == str(played):
                return index
        return 0

    def _refresh_records(self, state: _PackState) -> None:
        solved = 0
        for entry in state.entries:
            key = entry.key
            if key is None:
                continue
            record = self.app.store.record(key)
            self.records[key] = record
            solved += bool(record.solved)
        state.solved = solved

    def on_enter(self) -> None:
        # Reached (or come back to) by a key: the card Enter plays is outlined from the start
        # (QA: Enter from the menu, then Enter again, played a card no outline showed).
        self.show_focus = self.app.keyboard_last
        # Coming back from a game: best times, badges and thumbnails may have changed.
        for state in self.packs:
            self._refresh_records(state)
        self.random.refresh()

    def _focus_packs(self) -> None:
        self.focus_area = "packs"
        self.show_focus = True

    def _reload_user_pack(self) -> None:
        """A puzzle went into "My puzzles": read that pack again."""
        for index, state in enumerate(self.packs):
            if state.pack.user:
                self.packs[index] = _PackState(state.pack)
                self._start_reading(index)

    def record(self, entry: PuzzleEntry) -> PuzzleRecord | None:
        key = entry.key
        return self.records.get(key) if key is not None else None

    def stars(self, entry: PuzzleEntry) -> int | None:
        declared = entry.difficulty
        if declared is not None:
            return declared
        key = entry.key
        return self.app.ratings.stars_of(key) if key is not None else None

    def _unrated(self) -> list[tuple[str, Puzzle]]:
        """The open pack's puzzles without stars yet, the visible ones first."""
        entries = self.entries
        first, last = self._visible_range()
        order = list(range(first, last)) + list(range(len(entries)))
        found: list[tuple[str, Puzzle]] = []
        for index in order:
            entry = entries[index]
            key = entry.key
            if key is None or entry.puzzle is None or entry.difficulty is not None:
                continue
            if key not in self.app.ratings.stars:
                found.append((key, entry.puzzle))
        return found

    # -- actions ----------------------------------------------------------------------------

    @property
    def entry_count(self) -> int:
        """Rows of the pack list: the packs and "Random"."""
        return len(self.packs) + 1

    def open_random(self) -> None:
        if self.random_open:
            return
        self.random_open = True
        self.random.refresh()
        self.arrange(self.app.screen_size)
        self.app.set_setting(LAST_PACK, RANDOM_KEY)

    def select_pack(self, index: int) -> None:
        index %= self.entry_count
        if index == len(self.packs):
            self.open_random()
            return
        if index == self.pack_index and not self.random_open:
            return
        self.random_open = False
        self.pack_index = index
        self.selected = 0
        self._select_last_played = False
        self.scroll.scroll_to(0)
        self._start_reading(index)
        self._sync(index)
        self.arrange(self.app.screen_size)
        pack = self.pack
        if pack is not None:
            self.app.set_setting(LAST_PACK, pack.key)

    def play(self, index: int) -> None:
        entries = self.entries
        if not 0 <= index < len(entries):
            return
        entry = entries[index]
        if entry.puzzle is None:
            self.app.toast(f"{entry.path.name} cannot be opened: {entry.error}", error=True)
            return
        self.app.sounds.play("click")
        following = [(later.puzzle, later.path) for later in next_entries(entries, entry.path)]
        self.app.play_puzzle(
            entry.puzzle,
            path=entry.path,
            context=PlayContext(
                pack=self.pack.name if self.pack is not None else None,
                place=self.place(index),
                next_puzzles=[(puzzle, path) for puzzle, path in following if puzzle is not None],
            ),
        )

    def open_kakuro(self) -> None:
        """The Kakuro packs (``kakuro_select``): back to the one under this screen, if any."""
        from game.ui.scenes.kakuro.select import KakuroSelectScene

        if self.app.find(KakuroSelectScene) is not None:
            self.app.pop_to(KakuroSelectScene)
        else:
            self.app.replace(KakuroSelectScene(self.app))

    def watch(self, index: int) -> None:
        entries = self.entries
        if not 0 <= index < len(entries):
            return
        entry = entries[index]
        if entry.puzzle is None:
            self.app.toast(f"{entry.path.name} cannot be opened: {entry.error}", error=True)
            return
        # Loaded on first use: the replay is a large module the level select rarely needs.
        from game.ui.scenes.replay.scene import ReplayScene

        record = self.record(entry)
        name = shown_name(entry.name, self.place(index), bool(record and record.solved))
        self.app.push(ReplayScene(self.app, entry.puzzle, name=name))

    # -- events -----------------------------------------------------------------------------

    @property
    def list_index(self) -> int:
        """The chosen row of the pack list ("Random" is the row after the packs)."""
        return len(self.packs) if self.random_open else self.pack_index

    def handle(self, event: pygame.event.Event) -> bool:
        if self.back_button.handle(event) or self.kakuro_button.handle(event):
            return True
        if self.random_open and self._random_handles(event):
            return True
        if self.scroll.handle(event, self.app):
            self._update_hover(self.app.mouse_pos)
            return True
        if event.type == pygame.MOUSEMOTION:
            self.show_focus = False
            self._update_hover(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _random_handles(self, event: pygame.event.Event) -> bool:
        """The Random panel's share of the events: its buttons, its arrows and Enter."""
        if event.type == pygame.MOUSEBUTTONDOWN and self._pack_at(event.pos) is not None:
            return False
        if event.type == pygame.KEYDOWN:
            if self.focus_area != "cards" or event.key in (
                pygame.K_ESCAPE,
                pygame.K_BACKSPACE,
                pygame.K_TAB,
            ):
                return False
            return self.random.handle(event)
        if event.type == pygame.MOUSEMOTION:
            self.hover_pack = self._pack_at(event.pos)
        used = self.random.handle(event)
        if used and event.type == pygame.MOUSEBUTTONDOWN:
            self.focus_area = "cards"
        return used

    def _update_hover(self, position: tuple[int, int]) -> None:
        self.hover_pack = self._pack_at(position)
        self.hover_card = self._card_at(position)
        self.hover_watch = None
        if self.hover_card is not None and self._watch_rect(self.hover_card).collidepoint(position):
            self.hover_watch = self.hover_card

    def _click(self, position: tuple[int, int]) -> bool:
        pack = self._pack_at(position)
        if pack is not None:
            self.focus_area = "packs"
            self.select_pack(pack)
            return True
        card = self._card_at(position)
        if card is None:
            return False
        self.focus_area = "cards"
        self.selected = card
        if self._watch_rect(card).collidepoint(position):
            self.watch(card)
        else:
            self.play(card)
        return True

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        focus_was_shown = self.show_focus
        self.show_focus = True
        count = len(self.entries)
        if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.app.pop()
        elif key == pygame.K_k:
            self.open_kakuro()
        elif key == pygame.K_TAB:
            self.select_pack(self.list_index + (-1 if event.mod & pygame.KMOD_SHIFT else 1))
        elif self.focus_area == "packs":
            if key == pygame.K_UP:
                self.select_pack(max(0, self.list_index - 1))
            elif key == pygame.K_DOWN:
                self.select_pack(min(self.entry_count - 1, self.list_index + 1))
            elif key in (pygame.K_RIGHT, pygame.K_RETURN, pygame.K_KP_ENTER) and self.random_open:
                self.focus_area = "cards"
                self.random.focus_first()
            elif key in (pygame.K_RIGHT, pygame.K_RETURN, pygame.K_KP_ENTER) and count:
                self.focus_area = "cards"
                self.selected = min(self.selected, count - 1)
            else:
                return False
        elif key in ARROW_KEYS and not focus_was_shown and count:
            # The first arrow only shows where the selection is: moving it unseen would
            # leave the player guessing which card Enter plays.
            self._show_selected()
        elif key == pygame.K_LEFT and self.selected % self.columns == 0:
            self.focus_area = "packs"
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN) and count:
            step = {
                pygame.K_LEFT: -1,
                pygame.K_RIGHT: 1,
                pygame.K_UP: -self.columns,
                pygame.K_DOWN: self.columns,
            }[key]
            target = self.selected + step
            if 0 <= target < count:
                self.selected = target
            elif (
                key == pygame.K_DOWN and self.selected // self.columns < (count - 1) // self.columns
            ):
                self.selected = count - 1  # last row is short: land on its last card
            self._show_selected()
        elif key in (pygame.K_HOME, pygame.K_END) and count:
            self.selected = 0 if key == pygame.K_HOME else count - 1
            self._show_selected()
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and count:
            rows = max(1, self.scroll.viewport.height // self._row_pitch())
            step = rows * self.columns * (-1 if key == pygame.K_PAGEUP else 1)
            self.selected = max(0, min(count - 1, self.selected + step))
            self._show_selected()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and count:
            self.play(self.selected)
        elif key == pygame.K_w and count:
            self.watch(self.selected)
        else:
            return False
        return True

    def _show_selected(self) -> None:
        rect = self._card_content_rect(self.selected)
        self.scroll.ensure_visible(rect.top, rect.bottom, self._gap)

    # -- layout -----------------------------------------------------------------------------

    def _row_pitch(self) -> int:
        return self._card_size[1] + self._gap

    def arrange(self, size: tuple[int, int]) -> None:
        count = len(self.entries)
        scale = self.app.ui_scale
        frame = select_frame(scale, size, (CARD_WIDTH, CARD_HEIGHT), CARD_GAP)
        margin, header = frame.margin, frame.header
        self.back_button.rect = frame.back
        self.kakuro_button.rect = self.back_button.rect.inflate(round(20 * scale), 0)
        self.kakuro_button.rect.topright = (size[0] - margin, self.back_button.rect.top)
        self.pack_panel = frame.pack_panel
        self._gap = frame.gap
        self._card_size = frame.card
        self.scroll.viewport = frame.viewport
        self.columns = card_columns(
            self.scroll.viewport.width - self.scroll.bar_width(self.app),
            self._card_size[0],
            self._gap,
        )
        self.scroll.content_height = self._content_height(count)
        self.scroll.clamp()
        viewport = self.scroll.viewport
        self.random.arrange(
            pygame.Rect(
                viewport.left + round(4 * scale),
                header,
                min(viewport.width - margin, round(760 * scale)),
                viewport.bottom - header,
            )
        )
        if self._scroll_to_selected:
            self._scroll_to_selected = False
            self._show_selected()

    def _content_height(self, count: int) -> int:
        rows = (count + self.columns - 1) // self.columns
        return rows * self._row_pitch() + self._gap if rows else 0

    def _card_content_rect(self, index: int) -> pygame.Rect:
        """Card ``index`` in content coordinates (x relative to the viewport)."""
        inner = self.scroll.viewport.width - self.scroll.bar_width(self.app)
        return card_grid_rect(index, self.columns, self._card_size, self._gap, inner)

    def card_rect(self, index: int) -> pygame.Rect:
        """Card ``index`` on screen (it may lie outside the viewport)."""
        rect = self._card_content_rect(index)
        return rect.move(
            self.scroll.viewport.left, self.scroll.viewport.top - round(self.scroll.offset)
        )

    def _watch_rect(self, index: int) -> pygame.Rect:
        card = self.card_rect(index)
        scale = self.app.ui_scale
        # As large as the label needs: text stays readable on a small window.
        font = self.app.fonts.get(round(13 * scale))
        label_w, label_h = font.size("Watch")
        rect = pygame.Rect(
            0,
            0,
            max(round(64 * scale), label_w + 2 * max(6, round(10 * scale))),
            max(round(26 * scale), label_h + 6),
        )
        rect.bottomright = (card.right - round(8 * scale), card.bottom - round(8 * scale))
        return rect

    def pack_rect(self, index: int) -> pygame.Rect:
        row = self._pack_row_height()
        top = self.pack_panel.top + round(8 * self.app.ui_scale) + index * row
        return pygame.Rect(self.pack_panel.left + 4, top, self.pack_panel.width - 8, row - 4)

    def _pack_row_height(self) -> int:
        """A pack's row: its design height, or what its two lines of text need."""
        fonts = self.app.fonts
        scale = self.app.ui_scale
        text = (
            fonts.get(round(19 * scale), bold=True).get_linesize()
            + fonts.get(round(15 * scale)).get_linesize()
        )
        return max(round(PACK_ROW_HEIGHT * scale), text + round(16 * scale) + 6)

    def _pack_at(self, position: tuple[int, int]) -> int | None:
        for index in range(self.entry_count):
            if self.pack_rect(index).collidepoint(position):
                return index
        return None

    def _card_at(self, position: tuple[int, int]) -> int | None:
        if self.random_open or not self.scroll.viewport.collidepoint(position):
            return None
        first, last = self._visible_range()
        for index in range(first, last):
            if self.card_rect(index).collidepoint(position):
                return index
        return None

    def _visible_range(self) -> tuple[int, int]:
        pitch = max(1, self._row_pitch())
        first_row = int(self.scroll.offset) // pitch
        last_row = (int(self.scroll.offset) + self.scroll.viewport.height) // pitch + 1
        return first_row * self.columns, min(len(self.entries), (last_row + 1) * self.columns)

    # -- frame ------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        # One more pack starts reading each frame, for the "solved" counts beside the packs.
        waiting = next((i for i, state in enumerate(self.packs) if state.reader is None), None)
        if waiting is not None:
            self._start_reading(waiting)
        for index in range(len(self.packs)):
            self._sync(index)
        self.app.ratings.work(self._unrated())

    def wake_in(self) -> float | None:
        """Every frame while packs are read or stars worked out (cards fill in as they
        come); otherwise the screen is still until the player does something."""
        if any(state.reading for state in self.packs) or self.app.ratings.busy:
            return 0.0
        return 0.0 if self._unrated() else None

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface)

    def card_title(self, index: int, solved: bool) -> str:
        """What a card is called: its number in the pack ("#3") until it is solved, since a
        title ("Cat") gives the picture away; its title after (see ``shown_name``). The
        pack's name is in the header already."""
        return shown_name(self.entries[index].name, self.place(index), solved, with_pack=False)

    def place(self, index: int) -> PackPlace | None:
        """Card ``index``'s place in a bundled pack; None in "My puzzles", whose puzzles the
        player made and which are called by their titles."""
        pack = self.pack
        if pack is None or pack.user:
            return None
        return PackPlace(pack.name, index + 1)
