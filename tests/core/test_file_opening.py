"""Files opened into the converter a slice at a time (core/create/file_opening.py)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image

from game.core.convert.options import ConvertOptions
from game.core.create.file_opening import EditorFiles, NotOpened, OpenedLevel, OpenedPicture
from game.core.formats import write_puzzle
from tests.shared_data import HEART

LEVELS = Path(__file__).parent.parent.parent / "levels"


def run(files: EditorFiles, limit: int = 2000) -> object:
    for _ in range(limit):
        opened = files.advance(ConvertOptions(), 0.01, 0.01)
        if opened is not None:
            assert not files.busy
            return opened
    raise AssertionError("the file never opened")


def a_picture(tmp_path: Path) -> Path:
    pixels = np.zeros((40, 40, 3), dtype=np.uint8)
    pixels[10:30, 10:30] = 255
    path = tmp_path / "square.png"
    Image.fromarray(pixels).save(path)
    return path


def test_a_picture_opens_with_its_converter(tmp_path: Path) -> None:
    files = EditorFiles()
    path = a_picture(tmp_path)
    files.open(path)
    assert files.busy and files.name == "square.png"
    opened = run(files)
    assert isinstance(opened, OpenedPicture) and opened.path == path
    assert opened.converter.source.original_size == (40, 40)


def test_a_nonogram_opens_its_goal_picture(tmp_path: Path) -> None:
    path = tmp_path / "heart.non"
    write_puzzle(HEART, path)
    files = EditorFiles()
    files.open(path)
    opened = run(files)
    assert isinstance(opened, OpenedLevel)
    goal = HEART.goal_array()
    assert goal is not None and np.array_equal(opened.picture, goal)


def test_a_kakuro_or_junk_is_refused_with_a_reason(tmp_path: Path) -> None:
    files = EditorFiles()
    files.open(LEVELS / "kakuro-01-starter" / "01-starter.kak")
    opened = run(files)
    assert isinstance(opened, NotOpened) and opened.reason
    junk = tmp_path / "junk.non"
    junk.write_text("this is no puzzle\n")
    files.open(junk)
    opened = run(files)
    assert isinstance(opened, NotOpened) and "junk" not in opened.reason  # no path repeated


def test_a_newer_file_wins(tmp_path: Path) -> None:
    files = EditorFiles()
    files.open(a_picture(tmp_path))
    files.advance(ConvertOptions(), 0.0, 0.0)  # started, not done
    heart = tmp_path / "heart.non"
    write_puzzle(HEART, heart)
    files.open(heart)
    opened = run(files)
    assert isinstance(opened, OpenedLevel) and opened.path == heart
