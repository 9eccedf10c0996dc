"""Issue 35 item 2: clue digits at least 12 px high and apart from their neighbours at
1280x800 on every bundled board and a 40x30, fitted and zoomed in three notches, measured
on what the grid view draws (``GridView.clue_metrics``; ``benchmarks/clue_sizes.py`` prints
the table)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from game.core.formats import read_puzzle
from game.resources import levels_dir
from game.ui.app import App
from game.ui.scenes.play.scene import PlayScene
from game.ui.window import quit_display

HILL = Path(__file__).resolve().parent.parent / "data" / "hill_40x30.non"
MIN_DIGIT_PX = 12
MIN_GAP_PX = 2


@pytest.fixture(scope="module")
def app() -> Iterator[App]:
    app = App(headless=True, size=(1280, 800))
    yield app
    quit_display()


def boards() -> list[Path]:
    return [*sorted(levels_dir().glob("[0-9]*/*.non")), HILL]


def test_the_boards_measured_include_thirties_and_a_40x30() -> None:
    sizes = {read_puzzle(path).size_text for path in boards()}
    assert {"30x30", "40x30"} <= sizes
    hill = read_puzzle(HILL)
    # Two-digit numbers side by side in neighbouring columns: the hard case.
    assert all(clue and clue[0] >= 10 for clue in hill.column_clues[5:12])


@pytest.mark.parametrize("path", boards(), ids=lambda path: path.stem)
def test_clue_digits_are_readable_and_apart_at_1280x800(app: App, path: Path) -> None:
    scene = PlayScene(app, read_puzzle(path), path=path)
    app.push(scene)
    app.step()
    try:
        for notches in range(4):
            if notches:
                assert scene.viewport.can_zoom(1)
                scene.zoom_centre(1)
                app.step()
            m = scene.grid_view.clue_metrics()
            where = f"{path.name}, zoomed {notches}, cell {scene.layout.cell}: {m}"
            assert m.digit_px >= MIN_DIGIT_PX, where
            assert m.column_gap >= MIN_GAP_PX and m.row_gap >= MIN_GAP_PX, where
            assert m.stack_gap >= MIN_GAP_PX, where
    finally:
        app.pop()
        app.step()


RANDOM_COLOUR = Path(__file__).resolve().parent.parent / "data" / "random_colour_40x30.non"


def test_two_digit_colour_clues_take_their_tiles_width(app: App) -> None:
    """QA: on a Random 40x30 colour board (16 px cells at 1280x800) the two-digit column
    numbers kept 48% of their width, condensed into the room left for a gap between black
    and white numbers; a colour number's tile keeps it apart, so it takes the tile's width
    (57%), its digits still 12 px high and apart from the next column's."""
    puzzle = read_puzzle(RANDOM_COLOUR)
    assert puzzle.is_colour and any(run >= 10 for clue in puzzle.column_clues for run in clue)
    scene = PlayScene(app, puzzle, path=RANDOM_COLOUR)
    app.push(scene)
    app.step()
    try:
        m = scene.grid_view.clue_metrics()
        where = f"cell {scene.layout.cell}: {m}"
        assert scene.layout.cell == 16, where
        assert m.squeeze >= 0.55, where
        assert m.digit_px >= MIN_DIGIT_PX and m.column_gap >= MIN_GAP_PX, where
    finally:
        app.pop()
        app.step()
