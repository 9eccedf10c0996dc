"""The select screen of every puzzle kind: the packs on the left, the open pack's puzzles as
cards on the right, a panel such as "Random" listed after the packs.

A card shows the puzzle's size, its difficulty in stars, the best time, a solved mark, an
"in progress" badge and a thumbnail (the kind draws it: once solved, the answer). A file
that cannot be read is a card with the reason; the rest of the pack plays as usual. What
differs between kinds is a :class:`~game.ui.scenes.shared.select.kind.SelectKind`; each kind's
screen is a thin subclass (``LevelSelectScene``, ``KakuroSelectScene``).

Mouse: click a pack, click a card to play, "Watch" on a card opens the solver replay; the
wheel scrolls. Keyboard: arrows move (Left from the first column goes to the pack list),
Enter plays, W watches the solver, Tab / Shift+Tab switch packs, PageUp/PageDown/Home/End
scroll, the kind's switch key (K, N) opens the other kind's select, Esc goes back.

Nothing slow runs on the frame: a pack's files are read by a ``PackReader`` (on a worker
thread for nonograms: the open pack at once, the others one after another, so their
"solved" counts fill in), and cards appear as their files are read; stars a kind works out (the
nonograms' ``Ratings``) take a few milliseconds a frame, visible cards first.

The screen's choices are one :class:`~game.ui.scenes.shared.select.state.SelectUI` value, changed
by the events (keys through :func:`~game.ui.scenes.shared.select.state.key_input`); each frame the
shell gathers what is shown into a :class:`~game.ui.scenes.shared.select.view.Shown` value that the
view draws.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Generic

import pygame

from game.core.i18n import N_, _, ngettext
from game.core.store.packs import Pack, PackPlace, recorded_file
from game.ui.input import Action, Input, Kind
from game.ui.input.prompts import SELECT_PAD, help_for
from game.ui.scene import Scene
from game.ui.scenes.shared.select.cards import Card, Thumbnail
from game.ui.scenes.shared.select.kind import E, ListPanel, Place, SelectKind
from game.ui.scenes.shared.select.layout import (
    OPEN_FILE_LABEL,
    SelectLayout,
    empty_layout,
    select_layout,
)
from game.ui.scenes.shared.select.state import Order, Screen, SelectUI, key_input
from game.ui.scenes.shared.select.view import SelectView, Shown
from game.ui.widgets.button import Button
from game.ui.widgets.scroll import ScrollArea

if TYPE_CHECKING:
    from game.core.store.pack_reader import PackReader
    from game.core.store.progress import PuzzleRecord
    from game.ui.app import App

# How long opening the screen waits for the open pack's files, so a usual pack is complete
# on the first frame instead of filling in; a slow one fills in afterwards.
FIRST_READ_WAIT = 0.05


@dataclass
class PackState(Generic[E]):
    pack: Pack
    reader: PackReader[E] | None = None
    entries: list[E] = field(default_factory=list)
    solved: int = 0

    @property
    def reading(self) -> bool:
        """Started and not finished, or not started at all."""
        return (
            self.reader is None or not self.reader.done or len(self.entries) < self.reader.count()
        )


class SelectScene(Scene, Generic[E]):
    def __init__(
        self,
        app: App,
        kind: SelectKind[E],
        levels: Path,
        user_dir: Path | None = None,
        pack_key: str | None = None,
    ) -> None:
        super().__init__(app)
        self.kind = kind
        self.levels = levels
        self.user_dir = user_dir if user_dir is not None else app.store.user_puzzles_dir()
        self.packs = [PackState[E](pack) for pack in kind.list_packs(self.levels, self.user_dir)]
        self.records: dict[str, PuzzleRecord] = {}
        self.scroll = ScrollArea()
        # The pack list scrolls too: with the picture packs it is taller than the window.
        self.pack_scroll = ScrollArea()
        self._show_chosen_row = True  # on the first arrange: the open pack's row in view
        self.back_button = Button(N_("‹ Back"), self.app.pop, font_size=20)
        switch = kind.header_switch()
        self.switch_button = Button(switch.label, lambda: switch.opens(self.app), font_size=20)
        # Any puzzle file, played blind (issue 35: a book's puzzle is not spoiled first).
        self.open_button = Button(OPEN_FILE_LABEL, self.open_file, font_size=20)
        make = kind.make
        self.make_button: Button | None = (
            Button(make.label, lambda: make.opens(self.app), font_size=20)
            if make is not None
            else None
        )
        self.layout: SelectLayout = empty_layout(app)
        self.view = SelectView(app)
        self.panel: ListPanel | None = kind.panel(app, self.user_dir, self._focus_packs)
        if self.panel is not None:
            self.panel.on_kept = self._reload_user_pack
        if pack_key is None:
            pack_key = self._pack_of_last_game() or app.setting(kind.last_pack)
        pack_index = next(
            (index for index, state in enumerate(self.packs) if state.pack.key == pack_key), 0
        )
        panel_open = self.panel is not None and pack_key == self.panel.key
        self.ui = SelectUI(pack_index=pack_index, panel_open=panel_open)
        # Back from a game (or the menu), start on the puzzle last played when it is in view:
        # deep in a pack of twenty the next one to play is then on screen. Done once the
        # open pack's files are read.
        self._select_last_played = True
        self._scroll_to_selected = False
        if self.packs:
            reader = self._start_reading(pack_index)
            reader.wait(FIRST_READ_WAIT)
            self._sync(pack_index)
        if kind.reads_at_once:
            for index in range(len(self.packs)):
                self._start_reading(index)
                self._sync(index)

    # -- data -------------------------------------------------------------------------------

    @property
    def pack(self) -> Pack | None:
        return self.packs[self.ui.pack_index].pack if self.packs else None

    @property
    def entries(self) -> list[E]:
        """The open pack's entries read so far, in play order."""
        return self.packs[self.ui.pack_index].entries if self.packs else []

    @property
    def reading(self) -> bool:
        """The open pack still has files being read."""
        return bool(self.packs) and self.packs[self.ui.pack_index].reading

    # The UI state, read by tests and tools under the names the screens always had.
    @property
    def selected(self) -> int:
        return self.ui.selected

    @property
    def focus_area(self) -> str:
        return self.ui.focus

    @property
    def show_focus(self) -> bool:
        return self.ui.show_focus

    @property
    def columns(self) -> int:
        return self.layout.columns

    @property
    def pack_panel(self) -> pygame.Rect:
        return self.layout.pack_panel

    @property
    def row_count(self) -> int:
        """Rows of the pack list: the packs and the panel, if any."""
        return len(self.packs) + (self.panel is not None)

    def _start_reading(self, index: int) -> PackReader[E]:
        state = self.packs[index]
        if state.reader is None:
            state.reader = self.kind.reader(state.pack)
        return state.reader

    def _sync(self, index: int) -> bool:
        """Take the entries pack ``index``'s reader has ready; True when there were new ones."""
        state = self.packs[index]
        reader = state.reader
        if reader is None or reader.count() == len(state.entries):
            return False
        state.entries = reader.entries()
        self._refresh_records(state)
        if index == self.ui.pack_index:
            if self._select_last_played and reader.done:
                self._select_last_played = False
                selected = self._last_played_index()
                self.ui = replace(self.ui, selected=selected)
                self._scroll_to_selected = selected > 0
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

    def _refresh_records(self, state: PackState[E]) -> None:
        solved = 0
        for entry in state.entries:
            key = entry.key
            if key is None:
                continue
            record = self.app.store.record(key)
            self.records[key] = record
            solved += bool(record.solved)
        state.solved = solved

    def record(self, entry: E) -> PuzzleRecord | None:
        key = entry.key
        return self.records.get(key) if key is not None else None

    def solved(self, entry: E) -> bool:
        record = self.record(entry)
        return bool(record and record.solved)

    def stars(self, entry: E) -> int | None:
        return self.kind.stars(self.app, entry)

    def place(self, index: int) -> PackPlace | None:
        """Card ``index``'s place in a bundled pack ("#3"); None in "My puzzles", whose
        puzzles the player made or chose and which are called by their titles."""
        pack = self.pack
        if pack is None or pack.user:
            return None
        return PackPlace(pack.name, index + 1)

    def on_enter(self) -> None:
        # Reached (or come back to) by a key: the card Enter plays is outlined from the start
        # (QA: Enter from the menu, then Enter again, played a card no outline showed).
        self.ui = replace(self.ui, show_focus=self.app.keyboard_last)
        # Coming back from a game: best times, badges and thumbnails may have changed.
        for state in self.packs:
            self._refresh_records(state)
        if self.panel is not None:
            self.panel.refresh()

    def _focus_packs(self) -> None:
        self.ui = replace(self.ui, focus="packs", show_focus=True)

    def _reload_user_pack(self) -> None:
        """A puzzle went into "My puzzles": read that pack again."""
        for index, state in enumerate(self.packs):
            if state.pack.user:
                self.packs[index] = PackState[E](state.pack)
                self._start_reading(index)

    # -- actions ----------------------------------------------------------------------------

    def open_panel(self) -> None:
        if self.panel is None or self.ui.panel_open:
            return
        self.ui = replace(self.ui, panel_open=True)
        self.panel.refresh()
        self._show_chosen_row = True
        self.arrange(self.app.screen_size)
        self.app.set_setting(self.kind.last_pack, self.panel.key)

    def select_pack(self, index: int) -> None:
        """Open row ``index`` of the pack list (counted round): a pack, or the panel."""
        if not self.row_count:
            return
        index %= self.row_count
        if index == len(self.packs):
            self.open_panel()
            return
        if index == self.ui.pack_index and not self.ui.panel_open:
            return
        self.ui = replace(self.ui, pack_index=index, panel_open=False, selected=0)
        self._select_last_played = False
        self.scroll.scroll_to(0)
        self._start_reading(index)
        self._sync(index)
        self._show_chosen_row = True
        self.arrange(self.app.screen_size)
        self.app.set_setting(self.kind.last_pack, self.packs[index].pack.key)

    def _readable(self, index: int) -> E | None:
        """Entry ``index`` when it can be played; a toast with the reason when not."""
        entries = self.entries
        if not 0 <= index < len(entries):
            return None
        entry = entries[index]
        if entry.puzzle is None:
            self.app.toast(
                _("{name} cannot be opened: {reason}").format(
                    name=entry.path.name, reason=entry.error
                ),
                error=True,
            )
            return None
        return entry

    def play(self, index: int) -> None:
        if self._readable(index) is None:
            return
        self.app.sounds.play("click")
        entries = self.entries
        following = [later for later in entries[index + 1 :] if later.puzzle is not None]
        pack = self.pack
        where = Place(pack.name if pack is not None else None, self.place(index))
        self.kind.play(self.app, entries[index], following, where)

    def watch(self, index: int) -> None:
        entry = self._readable(index)
        if entry is not None:
            self.kind.watch(self.app, entry, self.place(index), self.solved(entry))

    def open_file(self) -> None:
        """ "Open a puzzle file…": the file browser; the file chosen is played."""
        self.app.router.open_puzzle_file()

    def _act(self, action: Order) -> None:
        if action.name == "back":
            self.app.pop()
        elif action.name == "switch":
            self.kind.header_switch().opens(self.app)
        elif action.name == "open":
            self.open_file()
        elif action.name == "make" and self.kind.make is not None:
            self.kind.make.opens(self.app)
        elif action.name == "row":
            self.select_pack(action.index)
        elif action.name == "panel" and self.panel is not None:
            self.panel.focus_first()
        elif action.name == "show":
            self._show_selected()
        elif action.name == "play":
            self.play(action.index)
        elif action.name == "watch":
            self.watch(action.index)

    # -- events -----------------------------------------------------------------------------

    def handle(self, event: Input) -> bool:
        if any(button.handle(event) for button in self._header_buttons()):
            return True
        if self.ui.panel_open and self._panel_handles(event):
            return True
        if self.pack_scroll.handle(event, self.app) or self.scroll.handle(event, self.app):
            self._update_hover(self.app.mouse_pos)
            return True
        if event.kind is Kind.POINTER_MOVE:
            self.ui = replace(self.ui, show_focus=False)
            self._update_hover(event.pos)
            return False
        if event.down():
            return self._click(event.pos)
        if event.kind is Kind.PRESS:
            layout = self.layout
            rows = max(1, layout.viewport.height // max(1, layout.pitch))
            screen = Screen(
                cards=len(self.entries),
                rows=self.row_count,
                packs=len(self.packs),
                columns=layout.columns,
                page=rows * layout.columns,
                switch_key=self.kind.header_switch().key,
                make_key=self.kind.make.key if self.kind.make is not None else None,
            )
            self.ui, action, used = key_input(self.ui, event, screen)
            if action is not None:
                self._act(action)
            return used
        return False

    def _header_buttons(self) -> tuple[Button, ...]:
        buttons = [self.back_button, self.open_button, self.switch_button]
        if self.make_button is not None:
            buttons.insert(1, self.make_button)
        return tuple(buttons)

    def _panel_handles(self, event: Input) -> bool:
        """The panel's share of the events: its buttons, its arrows and Enter."""
        panel = self.panel
        assert panel is not None
        if event.kind is Kind.POINTER_DOWN and self._pack_at(event.pos) is not None:
            return False
        if event.kind is Kind.PRESS:
            if self.ui.focus != "cards" or event.pressed(
                Action.BACK, Action.ERASE, Action.FOCUS_NEXT, Action.FOCUS_PREVIOUS
            ):
                return False
            return panel.handle(event)
        if event.kind is Kind.POINTER_MOVE:
            self.ui = replace(self.ui, hover_pack=self._pack_at(event.pos))
        used = panel.handle(event)
        if used and event.kind is Kind.POINTER_DOWN:
            self.ui = replace(self.ui, focus="cards")
        return used

    def _update_hover(self, position: tuple[int, int]) -> None:
        card = self._card_at(position)
        on_watch = card is not None and self._watch_rect(card).collidepoint(position)
        self.ui = replace(
            self.ui,
            hover_pack=self._pack_at(position),
            hover_card=card,
            hover_watch=card if on_watch else None,
        )

    def _click(self, position: tuple[int, int]) -> bool:
        pack = self._pack_at(position)
        if pack is not None:
            self.ui = replace(self.ui, focus="packs")
            self.select_pack(pack)
            return True
        card = self._card_at(position)
        if card is None:
            return False
        self.ui = replace(self.ui, focus="cards", selected=card)
        if self._watch_rect(card).collidepoint(position):
            self.watch(card)
        else:
            self.play(card)
        return True

    def _show_selected(self) -> None:
        rect = self.layout.content_rect(self.ui.selected)
        self.scroll.ensure_visible(rect.top, rect.bottom, self.layout.frame.gap)

    # -- layout -----------------------------------------------------------------------------

    def arrange(self, size: tuple[int, int]) -> None:
        kind = self.kind
        bar = self.scroll.bar_width(self.app)
        make = _(kind.make.label) if kind.make is not None else None
        layout = select_layout(
            self.app, size, kind.card_size, kind.header_switch().width, bar, make
        )
        self.layout = layout
        self.back_button.rect = layout.frame.back
        self.switch_button.rect = layout.switch
        self.open_button.rect = layout.open_file
        if self.make_button is not None:
            self.make_button.rect = layout.make
        self.scroll.viewport = layout.viewport
        self.scroll.content_height = layout.content_height(len(self.entries))
        self.scroll.clamp()
        scale = self.app.ui_scale
        self.pack_scroll.viewport = layout.pack_panel
        self.pack_scroll.content_height = layout.pack_list_height(self.row_count, scale)
        if self.pack_scroll.max_offset > 0:  # the rows leave room for the bar
            layout = replace(layout, pack_bar=bar)
            self.layout = layout
        self.pack_scroll.clamp()
        if self._show_chosen_row:
            self._show_chosen_row = False
            top = round(8 * scale) + self.ui.list_index(len(self.packs)) * layout.pack_row
            self.pack_scroll.ensure_visible(top, top + layout.pack_row, round(8 * scale))
        if self.panel is not None:
            self.panel.arrange(layout.panel)
        if self._scroll_to_selected:
            self._scroll_to_selected = False
            self._show_selected()

    def card_rect(self, index: int) -> pygame.Rect:
        """Card ``index`` on screen (it may lie outside the viewport)."""
        return self.layout.card_rect(index, self.scroll.offset)

    def _watch_rect(self, index: int) -> pygame.Rect:
        return self.layout.watch_rect(index, self.scroll.offset)

    def pack_rect(self, index: int) -> pygame.Rect:
        return self.layout.pack_rect(index, self.app.ui_scale, self.pack_scroll.offset)

    def _pack_at(self, position: tuple[int, int]) -> int | None:
        return self.layout.pack_at(
            position, self.row_count, self.app.ui_scale, self.pack_scroll.offset
        )

    def _card_at(self, position: tuple[int, int]) -> int | None:
        if self.ui.panel_open:
            return None
        return self.layout.card_at(position, len(self.entries), self.scroll.offset)

    def _visible_range(self) -> tuple[int, int]:
        return self.layout.visible_range(len(self.entries), self.scroll.offset)

    # -- frame ------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        # The other packs are read for the "solved" counts beside them, one after another:
        # a reader thread each at once (one more a frame) held the frames up to ~45 ms of
        # wall time with 23 packs, each thread taking its turn at the interpreter.
        if not any(state.reader is not None and not state.reader.done for state in self.packs):
            waiting = next((i for i, state in enumerate(self.packs) if state.reader is None), None)
            if waiting is not None:
                self._start_reading(waiting)
        for index in range(len(self.packs)):
            self._sync(index)
        first, last = self._visible_range()
        order = list(range(first, last)) + list(range(len(self.entries)))
        self.kind.rate(self.app, self.entries, order)

    def wake_in(self) -> float | None:
        """Every frame while packs are read or stars worked out (cards fill in as they
        come); otherwise the screen is still until the player does something."""
        if any(state.reading for state in self.packs):
            return 0.0
        return 0.0 if self.kind.rating(self.app, self.entries) else None

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface, self.shown())

    def shown(self) -> Shown:
        """What this frame shows, for the view."""
        kind = self.kind
        panel = self.panel if self.ui.panel_open else None
        pack = self.pack
        header = None
        if pack is not None:
            description = _(pack.description) if pack.description else ""
            if pack.problem:
                description = f"{description}  ({pack.problem})" if description else pack.problem
            header = (_(pack.name), description)
        empty = None
        if not self.entries:
            empty = (
                _("Reading the puzzle files…")
                if self.reading
                else kind.empty_message(pack, self.levels)
            )
        help_text = (
            _(panel.help)
            if panel is not None
            else "  ·  ".join(
                _(part)
                for part in (
                    kind.help,
                    kind.make.help if kind.make is not None else "",
                    N_("O open a file"),
                    kind.header_switch().help,
                    N_("Esc back"),
                )
                if part
            )
        )
        return Shown(
            ui=self.ui,
            layout=self.layout,
            title=_(kind.title),
            rows=self._rows(),
            header=header,
            cards=[] if panel is not None else self._cards(),
            thumbnail_room=kind.thumbnail_room,
            empty=empty,
            help=help_for(self.app.last_device, self.app.input.bindings, help_text, SELECT_PAD),
            panel=panel,
            buttons=self._header_buttons(),
            scroll=self.scroll,
            pack_scroll=self.pack_scroll,
        )

    def _rows(self) -> list[tuple[str, str]]:
        """Each row of the pack list: its name and its line of detail."""
        rows = []
        for state in self.packs:
            listed = state.reader.total() if state.reader is not None else None
            if state.reading and listed is not None:
                # Its size at once; the solved count once every file is read (a count that
                # grew as the files came showed "Things: 28 puzzles" for a pack of 60).
                detail = (
                    ngettext("{count} puzzle", "{count} puzzles", listed).format(count=listed)
                    + "  ·  "
                    + _("reading…")
                )
            elif state.reading:
                detail = _("Reading…") if state.reader is not None else ""
            else:
                total = len(state.entries)
                detail = ngettext("{count} puzzle", "{count} puzzles", total).format(count=total)
                if total:
                    detail += "  ·  " + _("{count} solved").format(count=state.solved)
            rows.append((_(state.pack.name), detail))
        if self.panel is not None:
            rows.append((_(self.panel.name), _(self.panel.detail)))
        return rows

    def _cards(self) -> list[tuple[Card, Thumbnail]]:
        first, last = self._visible_range()
        return [self._card(index, self.entries[index]) for index in range(first, last)]

    def _card(self, index: int, entry: E) -> tuple[Card, Thumbnail]:
        kind = self.kind
        ui = self.ui
        record = self.record(entry)
        solved = bool(record and record.solved)
        puzzle = entry.puzzle
        card = Card(
            rect=self.card_rect(index),
            watch=self._watch_rect(index),
            title=kind.card_title(entry, self.place(index), solved) if puzzle is not None else "",
            size_text=kind.size_words(entry),
            stars=kind.stars(self.app, entry),
            unknown_stars=kind.unknown_stars,
            solved=solved,
            in_progress=bool(record and record.session is not None),
            best_time=record.best_time if record is not None else None,
            broken=(entry.path.name, entry.error) if puzzle is None else None,
            hovered=index == ui.hover_card,
            focused=index == ui.selected and ui.focus == "cards" and ui.show_focus,
            watch_hovered=index == ui.hover_watch,
        )

        def thumbnail(surface: pygame.Surface, box: pygame.Rect, solved: bool) -> None:
            kind.draw_thumbnail(surface, self.app, box, entry, solved)

        return card, thumbnail
