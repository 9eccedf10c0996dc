"""The play screen's UI state as one value (issue 45; Tatham's ``game_ui``, as the select
screen's ``SelectUI`` and the replay's ``ReplayUI``): where the cursor is and whether it
shows, the clue lines under the pointer, the stroke under way (its cells' count and the
preview of what it paints), trial mode and the colour a fill paints, and what the board
shows besides the marks: the flash of wrong marks, the hint's line and whether broken
lines are shown. The scene keeps one and replaces it (``PlayScene.set_ui``); its input and
its chrome read it rather than the scene's fields. :class:`PlayView` is the rest of what the
chrome draws, handed to it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.ui.widgets.grid_view import Flash, Preview

if TYPE_CHECKING:
    from game.core.play.keeping import WinState
    from game.core.puzzle import Puzzle
    from game.core.store.packs import PackPlace
    from game.ui.layout import BoardLayout, PlayRegions
    from game.ui.scenes.play.hint import HintShow
    from game.ui.scenes.play.palette_bar import PaletteBar
    from game.ui.widgets.button import Button
    from game.ui.widgets.grid_view import GridView
    from game.ui.widgets.minimap import MiniMap


@dataclass(frozen=True)
class PlayUI:
    cursor: tuple[int, int] = (0, 0)
    show_cursor: bool = True
    hover_row: int | None = None  # a row's clue under the pointer
    hover_column: int | None = None
    drag_count: int = 0  # cells in the mouse stroke under way (shown beside the pointer)
    preview: Preview | None = None  # what the stroke under way would paint
    trial_mode: bool = False
    colour: int = 1  # the colour a fill paints (1 in black and white)
    flash: Flash = field(default_factory=Flash)  # wrong marks blinking after a check
    flash_age: float = 0.0  # seconds since the flash began
    hint_line: tuple[str, int] | None = None  # ("row" | "column", index) of the last hint
    show_errors: bool = False  # lines that contradict their clues are drawn red


@dataclass(frozen=True)
class PlayView:
    """What the play screen's chrome draws besides the UI value and the game, handed to it
    by the scene each frame (``PlayScene.play_view``) so that it never reaches into the
    scene: the widgets it places and draws, the regions and the board's layout, the header's
    facts and the win's result and buttons."""

    puzzle: Puzzle
    regions: PlayRegions
    layout: BoardLayout
    grid_view: GridView
    minimap: MiniMap
    palette_bar: PaletteBar | None
    hint_show: HintShow
    title: str
    place: PackPlace | None  # its place in a bundled pack names it until it is solved
    pack: str | None
    solved_before: bool
    paused: bool
    win: WinState | None
    win_buttons: tuple[Button, ...]
    win_note: str  # under the win buttons: where the next game is ("" from an editor)
