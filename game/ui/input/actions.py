"""The game's actions: what a player asks for, whatever the device (issue 45).

A key, a pad button or a gesture becomes one or more of these through the bindings
(``game.ui.input.bindings``); screens ask "was FILL pressed?", never "was Z pressed?". One
key may carry several actions at once (Space fills on the board, activates a focused button
and pauses a replay): each screen takes the one it knows.
"""

from __future__ import annotations

from enum import Enum


class Action(Enum):
    """One thing a player can ask for. The value is the name in the settings file."""

    # Moving: the cursor on a board, the focus in a menu, the card in a grid.
    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"
    FOCUS_NEXT = "focus_next"
    FOCUS_PREVIOUS = "focus_previous"
    PAGE_UP = "page_up"
    PAGE_DOWN = "page_down"
    FIRST = "first"
    LAST = "last"
    # Saying yes or no.
    CONFIRM = "confirm"
    SELECT = "select"  # press the focused button (Space; a pad's A)
    BACK = "back"
    ERASE = "erase"  # the character before the text cursor (and "up a level" in lists)
    DELETE = "delete"  # the character after the text cursor
    # Marking the board.
    FILL = "fill"
    CROSS = "cross"
    CLEAR = "clear"
    EXTEND = "extend"  # held: the cursor keys paint (Shift)
    PAN = "pan"  # held: the pointer drags the view (Space with the mouse)
    NEXT_COLOUR = "next_colour"
    PREVIOUS_COLOUR = "previous_colour"
    COLOUR_LIST = "colour_list"
    TRIAL = "trial"
    KEEP_TRIAL = "keep_trial"
    DROP_TRIAL = "drop_trial"
    UNDO = "undo"
    REDO = "redo"
    ZOOM_IN = "zoom_in"
    ZOOM_OUT = "zoom_out"
    ZOOM_FIT = "zoom_fit"
    HINT = "hint"
    SHOW_HINT = "show_hint"
    CHECK = "check"
    PANEL = "panel"
    PAUSE = "pause"
    # Kakuro.
    PENCIL = "pencil"
    CHECK_VALUE = "check_value"
    REVEAL = "reveal"
    SOLVER = "solver"
    ACROSS = "across"
    DOWNWARD = "downward"
    # The replay.
    PLAY_PAUSE = "play_pause"
    STEP = "step"
    STEP_BACK = "step_back"
    RESTART = "restart"
    TO_END = "to_end"
    NEXT_PUZZLE = "next_puzzle"
    PREVIOUS_PUZZLE = "previous_puzzle"
    MARKS = "marks"
    FASTER = "faster"
    SLOWER = "slower"
    # Files and the app.
    SAVE = "save"
    OPEN = "open"
    PLAY_NOW = "play_now"
    WATCH = "watch"
    LOCATION = "location"
    SELECT_ALL = "select_all"
    COPY = "copy"
    CUT = "cut"
    PASTE = "paste"
    QUIT = "quit"
    FULL_SCREEN = "full_screen"


# The actions a player may rebind in Options, in the order the list shows them.
REMAPPABLE: tuple[Action, ...] = (
    Action.UP,
    Action.DOWN,
    Action.LEFT,
    Action.RIGHT,
    Action.FILL,
    Action.CROSS,
    Action.CLEAR,
    Action.NEXT_COLOUR,
    Action.PREVIOUS_COLOUR,
    Action.TRIAL,
    Action.KEEP_TRIAL,
    Action.DROP_TRIAL,
    Action.PENCIL,
    Action.UNDO,
    Action.REDO,
    Action.ZOOM_IN,
    Action.ZOOM_OUT,
    Action.HINT,
    Action.CHECK,
    Action.PAUSE,
    Action.CONFIRM,
    Action.BACK,
)

# The grid step each cursor action moves (x, y): every grid screen's arrows.
ARROW_STEPS: dict[Action, tuple[int, int]] = {
    Action.LEFT: (-1, 0),
    Action.RIGHT: (1, 0),
    Action.UP: (0, -1),
    Action.DOWN: (0, 1),
}
