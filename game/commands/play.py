"""``python -m game`` / ``python -m game play [FILE]``: open the game window.

With a puzzle file the game opens straight into that puzzle; with a picture it opens the
converter on it, as dropping either on the window does (the menu is underneath, so leaving
lands on the menu). A file that cannot be read is reported on one line and the window does
not open.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from game.commands.common import (
    CommandError,
    check_input_file,
    fail,
    kernel_note,
    open_puzzle,
    os_reason,
    pygame_problem,
    quote,
)

if TYPE_CHECKING:
    from game.ui.app import App

# Where SDL needs X11 or Wayland to show a window (elsewhere the system always has one).
X_PLATFORMS = ("linux", "freebsd", "openbsd", "netbsd", "dragonfly", "sunos")
# SDL's drivers that draw into memory: a window on them is never seen.
INVISIBLE_DRIVERS = ("offscreen", "dummy")
NO_DISPLAY = "Hanjie needs a display: no X11 or Wayland display was found"
# The window's class (X11 WM_CLASS, Wayland app id) however the game starts: the desktop
# file's StartupWMClass, so a desktop groups the window under its launcher (under
# ``python -m game`` SDL named it ``__main__.py``).
APP_ID = "hanjie"
WINDOW_CLASS_HINTS = ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS")

HELP = "open the game window (optionally straight into the puzzle FILE, or a picture to convert)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file", nargs="?", help="a puzzle file to play at once, or a picture to turn into one"
    )


def check_file(path: Path) -> None:
    """Refuse (CommandError) a file that cannot be opened; checked before pygame is loaded.

    Nothing here imports pygame, so a bad name gets its one line and nothing before it.
    """
    from game.core.kinds import NONOGRAM
    from game.core.opening import Convert, Play, Refused, where_opens

    where = where_opens(path)  # where the window will open it: checked the same way here
    if isinstance(where, Refused):
        raise CommandError(f"{quote(path)}: {where.reason}")
    if isinstance(where, Convert):
        if not check_input_file(str(path), "a picture"):
            raise CommandError(f"{quote(path)}: No such file or directory")
        problem = _picture_problem(path)
        if problem is not None:
            raise CommandError(f"{quote(path)}: {problem}")
        return
    if isinstance(where, Play) and where.kind is not NONOGRAM:  # read by its kind's reader
        from game.core.formats import FormatError

        check_input_file(str(path), "a puzzle file")
        try:
            where.kind.read(path)
        except FormatError as error:
            where_text = (
                quote(error.path) if error.line is None else f"{quote(error.path)}:{error.line}"
            )
            raise CommandError(f"{where_text}: {quote(error.reason)}") from None
        return
    puzzle = open_puzzle(str(path), picks=False)  # the game plays a file's first puzzle
    # A puzzle the play screen would refuse (no cells, too large) is refused here too: the
    # window opened on the menu with a toast, and `play` exited 0.
    from game.core.playable import unplayable

    refusal = unplayable(puzzle)
    if refusal is not None:
        raise CommandError(f"{quote(path)}: {refusal}")


def _picture_problem(path: Path) -> str | None:
    # Only the header is read here, with the converter's own checks (format, size, shape),
    # so a picture the converter would refuse (a "decompression bomb") is refused now, in one
    # line, before a window opens; the converter explains anything wrong with its contents.
    from game.core.convert.load import header_problem

    try:
        with path.open("rb") as stream:
            return header_problem(stream)
    except OSError as error:
        return os_reason(error)


def open_start_scenes(app: App, path: Path | None) -> None:
    """The menu, and over it whatever ``path`` opens: the same route as a dropped file."""
    from game.ui.scenes.menu.scene import MenuScene

    # The first lesson is offered on a plain start, not over a file the player asked for.
    app.push(MenuScene(app, offer_lesson=False if path is not None else None))
    if path is not None:
        app.open_dropped_file(path)


def display_problem(environ: Mapping[str, str], platform: str) -> str | None:
    """Why no window could be seen here, checked before SDL is started (it would print its
    own complaints, then fall back to drawing into memory and run invisibly), or None. A
    driver asked for by name (``SDL_VIDEODRIVER=dummy`` for tests and screenshots) is the
    asker's business."""
    if environ.get("SDL_VIDEODRIVER") or not platform.startswith(X_PLATFORMS):
        return None
    if environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"):
        return None
    return f"{NO_DISPLAY} (DISPLAY is not set)."


def driver_problem(driver: str, environ: Mapping[str, str]) -> str | None:
    """Why the window SDL opened would not be seen: it fell back to a driver that draws into
    memory because the display named could not be reached; None when all is well."""
    if environ.get("SDL_VIDEODRIVER") or driver not in INVISIBLE_DRIVERS:
        return None
    named = [
        f"{name}={environ[name]}" for name in ("DISPLAY", "WAYLAND_DISPLAY") if environ.get(name)
    ]
    return f"{NO_DISPLAY} ({' and '.join(named) or 'none is named'} could not be opened)."


def only_driver(environ: Mapping[str, str], platform: str) -> str | None:
    """The one SDL video driver worth trying, or None to let SDL choose: ``x11`` when only
    an X display is named. SDL would go on to Wayland when that display cannot be opened,
    and Wayland's library prints its own complaint about XDG_RUNTIME_DIR before the game
    could say there is no display."""
    if environ.get("SDL_VIDEODRIVER") or not platform.startswith(X_PLATFORMS):
        return None
    return "x11" if environ.get("DISPLAY") and not environ.get("WAYLAND_DISPLAY") else None


def name_window_class() -> None:
    """Name the window's class ``hanjie`` unless the player named it: importing pygame named
    it after ``sys.argv[0]`` (``__main__.py`` under ``python -m game``) when DISPLAY is set,
    so that name is taken as unset."""
    pygames = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else None
    for hint in WINDOW_CLASS_HINTS:
        if os.environ.get(hint) in (None, "", pygames):
            os.environ[hint] = APP_ID


def _init_display(driver: str | None) -> bool:
    """Start SDL's video (with ``driver`` alone when given); False when that driver failed."""
    import pygame

    name_window_class()
    if driver is None:
        pygame.display.init()
        return True
    os.environ["SDL_VIDEODRIVER"] = driver
    try:
        pygame.display.init()
    except pygame.error:
        return False
    finally:
        del os.environ["SDL_VIDEODRIVER"]  # asked for here, not by the player
    return True


class HungUp(KeyboardInterrupt):
    """SIGHUP or SIGTERM: the terminal the game was started from closed, the session ended,
    or the system (or ``kill``) asked the game to stop."""


def _hung_up(signum: int, frame: object) -> None:
    import signal

    signal.signal(signum, signal.SIG_IGN)  # a second one must not cut the saving short
    raise HungUp


def save_on_hang_up() -> None:
    """Close the game as Ctrl+C does when its terminal goes away or it is told to stop: the
    loop's ``finally`` saves every scene and the progress, and keeps unsaved work in My
    puzzles (nobody is there to answer a question). SIGHUP's default ended the process at
    once, losing the moves since the last autosave (QA: a Kakuro digit typed just before the
    terminal closed); SIGTERM, which SDL turns into a window close, put up "Quit and lose the
    unsaved puzzle?" with unsaved converter work and waited for an answer that never came
    (QA: a ``kill`` left the game running 21 minutes later). Installed before SDL starts, so
    SDL leaves the two signals to us."""
    import signal

    for name in ("SIGHUP", "SIGTERM"):  # no SIGHUP on Windows
        number = getattr(signal, name, None)
        if number is not None and signal.getsignal(number) == signal.SIG_DFL:
            signal.signal(number, _hung_up)


def open_window() -> App | None:
    """The game window, or None after one line on stderr when there is no display for it."""
    save_on_hang_up()
    problem = display_problem(os.environ, sys.platform)
    if problem is not None:
        fail(problem)
        return None
    import pygame

    from game.ui.app import App

    try:
        if not _init_display(only_driver(os.environ, sys.platform)):
            display = os.environ["DISPLAY"]
            fail(f"{NO_DISPLAY} (DISPLAY={display} could not be opened).")
            return None
        problem = driver_problem(pygame.display.get_driver(), os.environ)
        if problem is not None:
            pygame.quit()
            fail(problem)
            return None
        return App()
    except pygame.error as error:
        fail(f"cannot open the game window: {quote(error)}")
        return None


def run(args: argparse.Namespace) -> int:
    problem = pygame_problem()
    if problem is not None:
        return fail(problem)
    path = Path(args.file) if getattr(args, "file", None) else None
    if path is not None:
        check_file(path)
    app = open_window()
    if app is None:
        return 2
    note = kernel_note()
    if note is not None:
        print(f"hanjie: {note}", file=sys.stderr)
    open_start_scenes(app, path)
    app.run()
    return 0
