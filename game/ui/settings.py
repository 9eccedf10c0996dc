"""The game's settings as typed keys: each with its name in the progress file, its default and
the test a stored value must pass (a hand-edited file may hold anything; a value that fails
reads as the default). ``app.setting(SOUND)`` is then a ``bool``, never ``Any``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeGuard, TypeVar

from game.core.i18n import NAMES, SYSTEM
from game.ui.input.bindings import is_binding_table
from game.ui.theme import DEFAULT_THEME, INTERFACE_SIZES

T = TypeVar("T")


@dataclass(frozen=True)
class Setting(Generic[T]):
    """A setting's name in the progress file, its default, and the test a stored value must
    pass (a hand-edited file may hold anything; a value that fails reads as the default)."""

    key: str
    default: T
    valid: Callable[[object], TypeGuard[T]]


def _is_bool(value: object) -> TypeGuard[bool]:
    return isinstance(value, bool)


def _is_number(value: object) -> TypeGuard[float]:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _is_count(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _is_text(value: object) -> TypeGuard[str]:
    return isinstance(value, str)


def _is_optional_text(value: object) -> TypeGuard[str | None]:
    return value is None or isinstance(value, str)


def _is_window_size(value: object) -> TypeGuard[Sequence[int] | None]:
    if value is None:
        return True
    return (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(isinstance(item, int) and not isinstance(item, bool) for item in value)
    )


SOUND = Setting("sound", True, _is_bool)
VOLUME = Setting("volume", 0.7, _is_number)
AUTO_CHECK = Setting("auto_check", False, _is_bool)
MINIMAP = Setting("minimap", True, _is_bool)
CLUE_GREYING = Setting("clue_greying", True, _is_bool)
AUTO_CROSS = Setting("auto_cross", False, _is_bool)  # cross the rest of a finished line
# Colour puzzles: a letter per colour on cells and clues (for colour-blind comfort).
# Colour-blind symbols (issue 48; the key is the old "Colour letters" switch's, so a player
# who had it on keeps it on).
COLOUR_SYMBOLS = Setting("colour_letters", False, _is_bool)
THEME = Setting("theme", DEFAULT_THEME, _is_text)


def _is_language(value: object) -> TypeGuard[str]:
    return isinstance(value, str) and (value == SYSTEM or value in NAMES)


def _is_interface_size(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and value in INTERFACE_SIZES


# The interface's size, a percentage of what fits the window (theme.INTERFACE_SIZES).
INTERFACE_SIZE = Setting("interface_size", 100, _is_interface_size)
# The language: "system" follows the system's locale; else a code (game.core.i18n).
LANGUAGE = Setting("language", SYSTEM, _is_language)
WINDOW_SIZE: Setting[Sequence[int] | None] = Setting("window_size", None, _is_window_size)
FULLSCREEN = Setting("fullscreen", False, _is_bool)
# The player's changes to the keys and pad buttons: action name -> chords (game.ui.input).
BINDINGS: Setting[dict[str, list[str]]] = Setting("bindings", {}, is_binding_table)
LAST_PACK: Setting[str | None] = Setting("last_pack", None, _is_optional_text)
LAST_KAKURO_PACK: Setting[str | None] = Setting("last_kakuro_pack", None, _is_optional_text)
PLAY_PANEL = Setting("play_panel", True, _is_bool)  # the play screen's side panel shown
# Kakuro: a typed digit that repeats in its run or makes its sum impossible is drawn red.
KAKURO_RED_DIGITS = Setting("kakuro_red_digits", True, _is_bool)
# The first lesson: offered once on the first start (answered either way), and finished.
LESSON_OFFERED = Setting("lesson_offered", False, _is_bool)
LESSON_DONE = Setting("lesson_done", False, _is_bool)
LESSONS_FINISHED = Setting("lessons_finished", 0, _is_count)  # the furthest one finished (from 1)

_ALL_SETTINGS: tuple[Setting[Any], ...] = (
    SOUND, VOLUME, AUTO_CHECK, MINIMAP, CLUE_GREYING, AUTO_CROSS, THEME, WINDOW_SIZE, FULLSCREEN,
    LAST_PACK, LAST_KAKURO_PACK, PLAY_PANEL, KAKURO_RED_DIGITS, LESSON_OFFERED, LESSON_DONE,
    LESSONS_FINISHED,
    COLOUR_SYMBOLS, LANGUAGE, INTERFACE_SIZE,
)  # fmt: skip
SETTINGS: dict[str, Setting[Any]] = {setting.key: setting for setting in _ALL_SETTINGS}
