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

import pygame

Focus = Literal["cards", "packs"]
ARROW_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


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


OPEN_FILE_KEY = pygame.K_o  # "Open a puzzle file…"


@dataclass(frozen=True)
class Action:
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
    switch_key: int
    make_key: int | None = None


def key_input(
    ui: SelectUI, key: int, shift: bool, screen: Screen
) -> tuple[SelectUI, Action | None, bool]:
    """The state after ``key``, what the shell should do, and whether the key was used."""
    shown_before = ui.show_focus
    ui = replace(ui, show_focus=True)
    count = screen.cards
    here = ui.list_index(screen.packs)
    if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
        return ui, Action("back"), True
    if key == screen.switch_key:
        return ui, Action("switch"), True
    if key == OPEN_FILE_KEY:
        return ui, Action("open"), True
    if screen.make_key is not None and key == screen.make_key:
        return ui, Action("make"), True
    if key == pygame.K_TAB:
        return ui, Action("row", here + (-1 if shift else 1)), True
    if ui.focus == "packs":
        if key == pygame.K_UP:
            return ui, Action("row", max(0, here - 1)), True
        if key == pygame.K_DOWN:
            return ui, Action("row", min(screen.rows - 1, here + 1)), True
        if key in (pygame.K_RIGHT, *ENTER_KEYS) and ui.panel_open:
            return replace(ui, focus="cards"), Action("panel"), True
        if key in (pygame.K_RIGHT, *ENTER_KEYS) and count:
            return replace(ui, focus="cards", selected=min(ui.selected, count - 1)), None, True
        return ui, None, False
    if key in ARROW_KEYS and not shown_before and count:
        # The first arrow only shows where the selection is: moving it unseen would leave
        # the player guessing which card Enter plays.
        return ui, Action("show"), True
    columns = screen.columns
    if key == pygame.K_LEFT and ui.selected % columns == 0:
        return replace(ui, focus="packs"), None, True
    if key in ARROW_KEYS and count:
        step = {
            pygame.K_LEFT: -1,
            pygame.K_RIGHT: 1,
            pygame.K_UP: -columns,
            pygame.K_DOWN: columns,
        }[key]
        target = ui.selected + step
        if 0 <= target < count:
            ui = replace(ui, selected=target)
        elif key == pygame.K_DOWN and ui.selected // columns < (count - 1) // columns:
            ui = replace(ui, selected=count - 1)  # the last row is short: its last card
        return ui, Action("show"), True
    if key in (pygame.K_HOME, pygame.K_END) and count:
        return replace(ui, selected=0 if key == pygame.K_HOME else count - 1), Action("show"), True
    if key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and count:
        step = screen.page * (-1 if key == pygame.K_PAGEUP else 1)
        selected = max(0, min(count - 1, ui.selected + step))
        return replace(ui, selected=selected), Action("show"), True
    if key in (*ENTER_KEYS, pygame.K_SPACE) and count:
        return ui, Action("play", ui.selected), True
    if key == pygame.K_w and count:
        return ui, Action("watch", ui.selected), True
    return ui, None, False
