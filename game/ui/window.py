"""The game window's sizes and decorations: pure helpers the app calls when it opens or
resizes its window (no state of their own)."""

from __future__ import annotations

import weakref

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


class GameWindow(pygame.Window):
    """A ``pygame.Window`` that can be found again (weakly) to be closed before SDL's video
    stops: see :func:`close_windows`."""

    __slots__ = ("__weakref__",)


# Every window open_window made that is not destroyed yet (nor collected).
_open_windows: weakref.WeakSet[GameWindow] = weakref.WeakSet()
# Whether close_windows is registered to run at the next pygame.quit() (which forgets it).
_quit_hook = [False]


def open_window(title: str, size: tuple[int, int]) -> pygame.Window:
    """The game's one window, made once: resizable, with its minimum size. Full screen and
    resizes change this window (``set_fullscreen``, ``size``); it is never re-created."""
    window = GameWindow(title, size, resizable=True)
    window.minimum_size = MIN_WINDOW
    _open_windows.add(window)
    if not _quit_hook[0]:
        pygame.register_quit(_on_pygame_quit)
        _quit_hook[0] = True
    return window


def close_windows() -> None:
    """Destroy every window still open, as SDL's video must not stop under one.

    ``pygame.display.quit()`` (and ``pygame.quit()``) frees every SDL window, but a
    ``pygame.Window`` made before keeps the freed pointer and its surface the freed pixels:
    drawing on that surface then crashes, and when the object is collected later its
    ``SDL_DestroyWindow`` on the stale pointer destroys whichever new window malloc put at
    the same address, under a live screen (the full suite's 1-in-6 segfault in a ``fill``).
    ``destroy()`` first empties both, so that surface refuses drawing (``pygame.error``)
    and the later collection does nothing. ``set_mode``'s one display surface never had the
    problem: pygame empties it itself when the display quits."""
    for window in list(_open_windows):
        window.destroy()
    _open_windows.clear()


def _on_pygame_quit() -> None:
    _quit_hook[0] = False  # pygame.quit() forgets what it ran
    close_windows()


def quit_display() -> None:
    """``pygame.display.quit()`` with the windows closed first (see :func:`close_windows`):
    what any code that stops the display while the game's windows may live must call."""
    close_windows()
    pygame.display.quit()


def cover_desktop(window: pygame.Window) -> tuple[int, int] | None:
    """Before ``set_fullscreen``: put the window over the whole desktop (at 0, 0, its size),
    and return where it was, for :func:`uncover_desktop`; None (nothing done) on a desktop of
    several screens, whose origins pygame does not tell.

    SDL makes a window full screen by asking the window manager; with none (a bare X server,
    Xvfb) the request is lost, yet SDL takes the desktop's size for the window's and hands out
    a surface of it: the screens laid out for 1280x800 in a window left at 1000x700, cut off
    (measured under Xvfb). A window moved and sized by hand covers the desktop either way."""
    desktops = pygame.display.get_desktop_sizes()
    if len(desktops) != 1:
        return None
    position = (int(window.position[0]), int(window.position[1]))
    window.position = (0, 0)
    window.size = desktops[0]
    return position


def uncover_desktop(
    window: pygame.Window, size: tuple[int, int], position: tuple[int, int] | None
) -> None:
    """After ``set_windowed``: the window back at ``size`` (and ``position`` when known)."""
    # SDL places a window by its frame, from the frame's borders the window manager last
    # reported: full screen they were 0, and the news of the title bar back waits in the
    # event queue. Placed before SDL reads it, the window came back a title bar lower on
    # every F11 out (+1, +20 px each time under openbox, measured); one pump reads it
    # (events stay queued for the game).
    pygame.event.pump()
    if tuple(window.size) != size:
        window.size = size
    if position is not None:
        window.position = position


# The game's icon: a nonogram heart. tools/make_icons.py draws the desktop's SVG and PNG icons
# (packaging/linux/icons) from the same cells and colours.
ICON_CELLS = ("01100110", "11111111", "11111111", "11111111",
              "01111110", "00111100", "00011000", "00000000")  # fmt: skip
ICON_PAPER = (250, 248, 243)
ICON_INK = (196, 52, 44)


def set_icon(window: pygame.Window) -> None:
    """A tiny nonogram heart, drawn rather than shipped."""
    icon = pygame.Surface((32, 32))
    icon.fill(ICON_PAPER)
    for y, row in enumerate(ICON_CELLS):
        for x, cell in enumerate(row):
            if cell == "1":
                pygame.draw.rect(icon, ICON_INK, (x * 4, y * 4, 4, 4))
    window.set_icon(icon)
