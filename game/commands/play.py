"""``python -m game`` / ``python -m game play [FILE]``: open the game window.

With a puzzle file the game opens straight into that puzzle; with a picture it opens the
converter on it, as dropping either on the window does (the menu is underneath, so leaving
lands on the menu). A file that cannot be read is reported on one line and the window does
not open.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.ui.app import App

HELP = "open the game window (optionally straight into the puzzle FILE, or a picture to convert)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file", nargs="?", help="a puzzle file to play at once, or a picture to turn into one"
    )


def file_problem(path: Path) -> str | None:
    """Why ``path`` cannot be opened, or None. Checked before the window opens."""
    from game.ui.app import is_picture_file

    if is_picture_file(path):
        return _picture_problem(path)
    from game.core.formats import read_puzzle

    try:
        read_puzzle(path)
    except (ValueError, OSError) as error:
        return str(getattr(error, "reason", None) or error)
    return None


def _picture_problem(path: Path) -> str | None:
    # Only the header is read here; the converter decodes the picture and explains anything
    # wrong with its contents in the window.
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(path):
            pass
    except UnidentifiedImageError:
        return "not a picture this game can read"
    except OSError as error:
        return error.strerror or str(error)
    except (Image.DecompressionBombError, ValueError, SyntaxError) as error:
        return str(error)
    return None


def open_start_scenes(app: App, path: Path | None) -> None:
    """The menu, and over it whatever ``path`` opens: the same route as a dropped file."""
    from game.ui.scenes.menu import MenuScene

    app.push(MenuScene(app))
    if path is not None:
        app.open_dropped_file(path)


def open_window() -> App | None:
    """The game window, or None after one line on stderr when there is no display for it."""
    import pygame

    from game.ui.app import App

    try:
        return App()
    except pygame.error as error:
        print(f"hanjie: cannot open the game window: {error}", file=sys.stderr)
        return None


def run(args: argparse.Namespace) -> int:
    path = Path(args.file) if getattr(args, "file", None) else None
    if path is not None:
        problem = file_problem(path)
        if problem is not None:
            print(f"hanjie: {path}: {problem}", file=sys.stderr)
            return 2
    app = open_window()
    if app is None:
        return 2
    open_start_scenes(app, path)
    app.run()
    return 0
