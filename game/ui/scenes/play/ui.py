"""The play screen's UI state as one value (issue 45; Tatham's ``game_ui``, as the select
screen's ``SelectUI`` and the replay's ``ReplayUI``): where the cursor is and whether it
shows, the clue lines under the pointer, the stroke under way (its cells' count and the
preview of what it paints), trial mode and the colour a fill paints, and what the board
shows besides the marks: the flash of wrong marks, the hint's line and whether broken
lines are shown. The scene keeps one and replaces it (``PlayScene.set_ui``); its input and
its chrome read it rather than the scene's fields."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.ui.widgets.grid_view import Flash, Preview


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
