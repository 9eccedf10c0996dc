"""The game window's sizes and decorations: pure helpers the app calls when it opens or
resizes its window (no state of their own)."""

from __future__ import annotations

import warnings

import pygame

MIN_WINDOW = (800, 600)
# Room left on the desktop around a new window for its frame, title bar and a task bar.
DESKTOP_ROOM = (16, 80)
# Beyond this a saved size is taken as a mistake (a hand-edited settings file).
MAX_WINDOW = (7680, 4320)


# A first window (no size of the player's kept) takes this share of the desktop each way, and
# at least the default size when that fits: on a 1920x1080 screen the game opened at
# 1280x800 (or 1264x720), its 30x30 boards on 20 px cells (issue 35).
DESKTOP_SHARE = 0.9


def first_size(default: tuple[int, int]) -> tuple[int, int]:
    """The size of a window the player has not sized yet: most of the desktop, never less
    than ``default`` where it fits (``start_size`` then fits it to the desktop)."""
    desktops = pygame.display.get_desktop_sizes()
    if not desktops:
        return default
    screen_w, screen_h = desktops[0]
    return (
        max(default[0], round(screen_w * DESKTOP_SHARE)),
        max(default[1], round(screen_h * DESKTOP_SHARE)),
    )


def start_size(wanted: tuple[int, int]) -> tuple[int, int]:
    """The size to open a window at: ``wanted`` (saved or default) fitted to this desktop, so a
    size bigger than the screen does not open partly off it, and never below the minimum."""
    width, height = wanted
    desktops = pygame.display.get_desktop_sizes()
    if desktops:
        room_w, room_h = desktops[0][0] - DESKTOP_ROOM[0], desktops[0][1] - DESKTOP_ROOM[1]
        width, height = min(width, room_w), min(height, room_h)
    return (
        max(MIN_WINDOW[0], min(width, MAX_WINDOW[0])),
        max(MIN_WINDOW[1], min(height, MAX_WINDOW[1])),
    )


def set_minimum_size() -> None:
    """Tell the window manager the smallest size the screens are laid out for."""
    # pygame-ce offers the minimum size only through its Window object; reaching it from
    # a display-module window is flagged as deprecated but is the only way for now. Every
    # ``set_mode`` resets it to 1x1 (measured), so it is set again after each one.
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            window = pygame.Window.from_display_module()
        window.minimum_size = MIN_WINDOW
    except (AttributeError, pygame.error):
        pass


def set_icon() -> None:
    """A tiny nonogram heart, drawn rather than shipped."""
    pattern = ("01100110", "11111111", "11111111", "11111111",
               "01111110", "00111100", "00011000", "00000000")  # fmt: skip
    icon = pygame.Surface((32, 32))
    icon.fill((250, 248, 243))
    for y, row in enumerate(pattern):
        for x, cell in enumerate(row):
            if cell == "1":
                pygame.draw.rect(icon, (196, 52, 44), (x * 4, y * 4, 4, 4))
    pygame.display.set_icon(icon)
