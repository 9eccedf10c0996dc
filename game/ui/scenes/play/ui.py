"""The play screen's UI state as one value (issue 45; Tatham's ``game_ui``, as the select
screen's ``SelectUI`` and the replay's ``ReplayUI``): where the cursor is and whether it
shows, the clue lines under the pointer, the cells of the stroke under way, trial mode and
the colour a fill paints. The scene keeps one and replaces it (``PlayScene.set_ui``); its
input and its chrome read it rather than the scene's fields."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PlayUI:
    cursor: tuple[int, int] = (0, 0)
    show_cursor: bool = True
    hover_row: int | None = None  # a row's clue under the pointer
    hover_column: int | None = None
    drag_count: int = 0  # cells in the mouse stroke under way (shown beside the pointer)
    trial_mode: bool = False
    colour: int = 1  # the colour a fill paints (1 in black and white)
