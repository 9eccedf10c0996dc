"""The select screen's UI state, and the keys turned into changes of it and actions.

:class:`SelectUI` is a value (Tatham's ``game_ui``): which row of the pack list is open,
which card is selected, where the keyboard focus is and whether it is shown, what the mouse
is over. The shell keeps one and replaces it; the view reads it. :func:`key_input` is pure:
a key, the state and the few facts of the screen it needs in, the next state and what the
shell must do out (open a pack, play a card...).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from game.ui.input import Action, Input

Focus = Literal["cards", "packs"]
ARROWS = (Action.LEFT, Action.RIGHT, Action.UP, Action.DOWN)


@dataclass(frozen=True)
class SelectUI:
    """What the player has chosen and pointed at on the select screen."""

    pack_index: int = 0  # the open pack (kept while the panel is open)
    panel_open: bool = False  # the row after the packs (Random) is open
    selected: int = 0  # the card Enter plays
    focus: Focus = "cards"
    show_focus: bool = False  # the keyboard's outline is drawn
    hover_pack: int | None = None  # a row of the pack list
    hover_card: int | None = None
    hover_watch: int | None = None  # the card whose Watch button is under the mouse

    def list_index(self, packs: int) -> int:
        """The chosen row of the pack list (the panel is the row after the ``packs``)."""
        return packs if self.panel_open else self.pack_index


OPEN_FILE_KEY = "o"  # "Open a puzzle file…"


@dataclass(frozen=True)
class Order:
    """What a key asks of the shell besides a new state.

    ``back``: leave; ``switch``: the other kind's select; ``row``: open pack list row
    ``index``; ``panel``: keyboard focus into the open panel; ``play``/``watch``: card
    ``index``; ``show``: scroll the selected card into view; ``open``: "Open a puzzle
    file…"; ``make``: the kind's button that makes a puzzle.
    """

    name: Literal["back", "switch", "row", "panel", "play", "watch", "show", "open", "make"]
    index: int = 0


@dataclass(frozen=True)
class Screen:
    """The facts of the screen a key needs: how many cards and rows, the grid's shape."""

    cards: int
    rows: int  # rows of the pack list: the packs and the panel, if any
    packs: int
    columns: int
    page: int  # cards in a page of rows (PageUp/PageDown)
    switch_key: str  # the letters of the header's buttons
    make_key: str | None = None


def key_input(ui: SelectUI, event: Input, screen: Screen) -> tuple[SelectUI, Order | None, bool]:
    """The state after the press ``event``, what the shell should do, and whether the press
    was used."""
    shown_before = ui.show_focus
    ui = replace(ui, show_focus=True)
    count = screen.cards
    here = ui.list_index(screen.packs)
    letter = "" if event.ctrl or event.alt else event.source
    if event.pressed(Action.BACK, Action.ERASE):
        return ui, Order("back"), True
    if letter == screen.switch_key:
        return ui, Order("switch"), True
    if letter == OPEN_FILE_KEY:
        return ui, Order("open"), True
    if screen.make_key is not None and letter == screen.make_key:
        return ui, Order("make"), True
    if event.pressed(Action.FOCUS_NEXT, Action.FOCUS_PREVIOUS):
        return ui, Order("row", here + (-1 if event.pressed(Action.FOCUS_PREVIOUS) else 1)), True
    if ui.focus == "packs":
        if event.pressed(Action.UP):
            return ui, Order("row", max(0, here - 1)), True
        if event.pressed(Action.DOWN):
            return ui, Order("row", min(screen.rows - 1, here + 1)), True
        if event.pressed(Action.RIGHT, Action.CONFIRM) and ui.panel_open:
            return replace(ui, focus="cards"), Order("panel"), True
        if event.pressed(Action.RIGHT, Action.CONFIRM) and count:
            return replace(ui, focus="cards", selected=min(ui.selected, count - 1)), None, True
        return ui, None, False
    arrow = event.action(*ARROWS)
    if arrow is not None and not shown_before and count:
        # The first arrow only shows where the selection is: moving it unseen would leave
        # the player guessing which card Enter plays.
        return ui, Order("show"), True
    columns = screen.columns
    if arrow is Action.LEFT and ui.selected % columns == 0:
        return replace(ui, focus="packs"), None, True
    if arrow is not None and count:
        step = {
            Action.LEFT: -1,
            Action.RIGHT: 1,
            Action.UP: -columns,
            Action.DOWN: columns,
        }[arrow]
        target = ui.selected + step
        if 0 <= target < count:
            ui = replace(ui, selected=target)
        elif arrow is Action.DOWN and ui.selected // columns < (count - 1) // columns:
            ui = replace(ui, selected=count - 1)  # the last row is short: its last card
        return ui, Order("show"), True
    if event.pressed(Action.FIRST, Action.LAST) and count:
        selected = 0 if event.pressed(Action.FIRST) else count - 1
        return replace(ui, selected=selected), Order("show"), True
    if event.pressed(Action.PAGE_UP, Action.PAGE_DOWN) and count:
        step = screen.page * (-1 if event.pressed(Action.PAGE_UP) else 1)
        selected = max(0, min(count - 1, ui.selected + step))
        return replace(ui, selected=selected), Order("show"), True
    if event.pressed(Action.CONFIRM, Action.SELECT) and count:
        return ui, Order("play", ui.selected), True
    if event.pressed(Action.WATCH) and count:
        return ui, Order("watch", ui.selected), True
    return ui, None, False
