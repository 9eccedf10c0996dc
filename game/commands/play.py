"""``python -m game`` / ``python -m game play [FILE]``: open the game window.

With a file the game opens straight into that puzzle (the menu is underneath, so leaving
the puzzle lands on the menu). A file that cannot be read is reported on one line and the
window does not open.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HELP = "open the game window (optionally straight into the puzzle FILE)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?", help="a puzzle file to play at once")


def run(args: argparse.Namespace) -> int:
    puzzle = None
    path = Path(args.file) if getattr(args, "file", None) else None
    if path is not None:
        from game.core.formats import read_puzzle

        try:
            puzzle = read_puzzle(path)
        except (ValueError, OSError) as error:
            reason = getattr(error, "reason", None) or str(error)
            print(f"hanjie: {path}: {reason}", file=sys.stderr)
            return 2
    import pygame

    from game.ui.app import App
    from game.ui.scenes.menu import MenuScene

    try:
        app = App()
    except pygame.error as error:
        print(f"hanjie: cannot open the game window: {error}", file=sys.stderr)
        return 2
    app.push(MenuScene(app))
    if puzzle is not None:
        app.play_puzzle(puzzle, path=path)
    app.run()
    return 0
