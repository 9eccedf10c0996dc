"""Told to stop (SIGTERM: a shutdown, ``kill``) with unsaved work, the game ends and keeps it.

QA: SDL turned SIGTERM into a window close, the converter's "Quit and lose the unsaved
puzzle?" came up, and the process waited for an answer nobody could give (still running 21
minutes after a ``kill``); a shutdown would then have ended it and lost the picture's puzzle.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from game.core.formats import read_puzzle
from tests.ui.test_quit_fast import run_game

PROGRAM = textwrap.dedent(
    """
    import os, signal, sys
    from pathlib import Path
    from game.commands.play import save_on_hang_up

    save_on_hang_up()  # as the game's window is opened
    from game.ui.app import App
    from game.ui.scenes.converter.scene import ConverterScene
    from game.ui.scenes.menu.scene import MenuScene

    app = App()
    app.push(MenuScene(app, offer_lesson=False))
    converter = ConverterScene(app, Path(sys.argv[1]))
    app.push(converter)
    frames = []
    stopping = []
    pump = app.pump

    def pump_then_stop(dt):
        frames.append(dt)
        # Once the picture has opened (a slice a frame, a few dozen frames at most).
        if len(frames) < 400 and (len(frames) < 3 or converter.opening):
            return pump(dt)
        if not stopping:
            stopping.append(True)
            assert app.unsaved_work(), "the converter should hold unsaved work"
            os.kill(os.getpid(), signal.SIGTERM)
        return pump(dt)

    app.pump = pump_then_stop
    try:
        app.run()
    except KeyboardInterrupt:
        print("stopped")
    """
)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_sigterm_ends_the_game_and_keeps_the_unsaved_puzzle(tmp_path: Path) -> None:
    picture = tmp_path / "disc.png"
    image = Image.new("RGB", (200, 200), "white")
    ImageDraw.Draw(image).ellipse((40, 40, 159, 159), fill=(30, 30, 30))
    image.save(picture)
    home = tmp_path / "home"
    done = run_game(PROGRAM, home, str(picture))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "stopped"  # ended, not waiting on a question
    kept = list(home.rglob("*-unsaved.non"))
    assert len(kept) == 1, sorted(map(str, home.rglob("*")))
    assert f"kept in My puzzles as {kept[0].name}" in done.stderr
    puzzle = read_puzzle(kept[0])  # the picture's puzzle, whole
    assert puzzle.goal is not None and puzzle.width >= 5 and puzzle.height >= 5
    filled = sum(map(sum, puzzle.goal))
    assert 0 < filled < puzzle.width * puzzle.height  # a disc, not a blank
