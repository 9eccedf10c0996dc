"""The converter's document: touch-ups, undo and redo, sizes, Make it fair and saving, no window."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw

from game.core.convert.converter import Converter
from game.core.convert.load import source_from_image
from game.core.create.editor import ConverterDocument
from game.core.create.fair_edits import Edit
from game.core.create.fairness import check_uniqueness
from game.core.create.make_fair import FairResult, make_fair
from game.core.formats import read_puzzle


def _square_picture() -> Converter:
    """A 200x100 picture: a dark square in its left half."""
    image = Image.new("RGB", (200, 100), "white")
    ImageDraw.Draw(image).rectangle((20, 20, 79, 79), fill="black")
    return Converter(source_from_image(image))


def _opened(width: int = 10, height: int = 10) -> ConverterDocument:
    document = ConverterDocument()
    document.open_picture(_square_picture())
    document.set_options(
        replace(document.options, width=width, height=height, fit="stretch", method="otsu")
    )
    return document


def test_a_new_document_is_empty_and_clean() -> None:
    document = ConverterDocument(size=7)
    assert document.mode == "empty" and document.grid.shape == (7, 7)
    assert not document.grid.any() and not document.dirty
    assert not document.can_undo and not document.undo()


def test_touch_ups_lie_over_the_picture_and_survive_a_new_method() -> None:
    document = _opened()
    picture = document.grid.copy()
    assert picture[5, 2] and not picture[0, 9]
    document.begin_stroke()
    document.paint([(9, 0), (2, 5)], True)
    document.paint([(2, 5)], False)
    assert document.edits == {(9, 0): True, (2, 5): False} and document.touched == 2
    assert document.grid[0, 9] and not document.grid[5, 2]
    document.set_options(replace(document.options, method="threshold", threshold=0.5))
    assert document.grid[0, 9] and not document.grid[5, 2]  # the same size keeps them
    document.set_options(replace(document.options, width=20))
    # Touch-ups follow the picture: each now covers the two cells across its old one.
    assert document.edits == {(18, 0): True, (19, 0): True, (4, 5): False, (5, 5): False}
    assert document.grid.shape == (10, 20) and not document.grid[5, 4]
    assert document.undo() and document.touched == 0  # history is kept, in picture terms


def test_undo_and_redo_walk_through_strokes() -> None:
    document = _opened()
    picture = document.grid.copy()
    document.begin_stroke()
    document.paint([(0, 0), (1, 0)], True)
    after_first = document.grid.copy()
    document.begin_stroke()
    document.paint([(0, 9)], True)
    assert document.undo() and np.array_equal(document.grid, after_first)
    assert document.undo() and np.array_equal(document.grid, picture)
    assert not document.undo()
    assert document.redo() and np.array_equal(document.grid, after_first)
    document.begin_stroke()  # a new stroke forgets what was undone
    assert not document.can_redo and not document.redo()


def _switch_canvas() -> ConverterDocument:
    """A drawing whose clues have two solutions: a diagonal pair that can trade places."""
    picture = np.zeros((5, 5), dtype=bool)
    picture[1, 1] = picture[2, 2] = True
    picture[4, :] = True
    document = ConverterDocument()
    document.start_canvas(picture)
    return document


def test_make_it_fair_is_applied_as_one_undo_step() -> None:
    document = _switch_canvas()
    before = document.grid.copy()
    assert check_uniqueness(document.puzzle()).status == "multiple"
    result = make_fair(document.grid)
    assert result.found and result.edits
    assert document.apply_fair(result)
    fair = document.grid.copy()
    assert np.array_equal(fair, result.grid) and document.dirty
    assert check_uniqueness(document.puzzle()).status == "unique"
    assert document.undo() and np.array_equal(document.grid, before)
    assert not document.can_undo  # all the edits were one step
    assert document.redo() and np.array_equal(document.grid, fair)
    assert not document.can_redo


def test_the_edits_a_fruitless_make_it_fair_offers_are_one_undo_step() -> None:
    # Issue 35, item 6: no fix found, but edits that leave fewer free cells, offered.
    document = _opened()
    before = document.grid.copy()
    offered = (Edit(9, 0, True), Edit(2, 5, False))
    result = FairResult(False, (), before, 26, 0.0, 3, partial=offered, free_left=7)
    assert not document.apply_fair(result)  # not a fix
    assert document.apply_offer(result)
    assert document.grid[0, 9] and not document.grid[5, 2]
    assert document.undo() and np.array_equal(document.grid, before) and not document.can_undo
    assert not document.apply_offer(replace(result, partial=()))


def test_make_it_fair_with_clears_and_fills_undoes_in_one_step() -> None:
    document = _opened()
    before = document.grid.copy()
    assert before[5, 2] and not before[0, 9]
    edits = (Edit(9, 0, True), Edit(2, 5, False))
    result = FairResult(True, edits, before, free_before=2, seconds=0.0, tried=2)
    assert document.apply_fair(result)
    assert document.grid[0, 9] and not document.grid[5, 2]
    assert document.edits == {(9, 0): True, (2, 5): False}  # touch-ups over the picture
    assert document.undo() and np.array_equal(document.grid, before) and not document.can_undo
    assert document.redo() and document.grid[0, 9] and not document.grid[5, 2]


def test_a_failed_make_it_fair_changes_nothing_and_adds_no_step() -> None:
    document = _switch_canvas()
    before = document.grid.copy()
    failed = FairResult(False, (), before, free_before=4, seconds=1.0, tried=9)
    already = FairResult(True, (), before, free_before=0, seconds=0.0, tried=0)
    assert not document.apply_fair(failed) and not document.apply_fair(already)
    assert np.array_equal(document.grid, before) and not document.can_undo


def test_a_canvas_keeps_its_drawing_when_resized() -> None:
    document = ConverterDocument()
    document.begin_stroke()  # a stroke on an empty document starts a canvas
    assert document.mode == "canvas"
    document.paint([(0, 0), (14, 14), (4, 2)], True)
    document.set_options(replace(document.options, width=5, height=5))
    assert document.grid.shape == (5, 5)
    assert document.grid[0, 0] and document.grid[2, 4] and document.grid.sum() == 2
    document.set_options(replace(document.options, width=8))
    assert document.grid.shape == (5, 8) and document.grid.sum() == 2


def test_keep_aspect_takes_the_height_from_the_picture() -> None:
    document = _opened(width=20)
    document.set_options(replace(document.options, keep_aspect=True))
    assert document.resolved_height == 10 and document.grid.shape == (10, 20)


def test_a_level_picture_opens_as_a_clean_canvas() -> None:
    picture = np.zeros((6, 8), dtype=bool)
    picture[1:5, 2:6] = True
    document = _opened()
    document.start_canvas(picture)
    assert document.mode == "canvas" and document.converter is None
    assert np.array_equal(document.grid, picture) and document.options.width == 8
    document.dirty = False
    document.begin_stroke()
    document.paint([(0, 0)], True)
    assert document.dirty and document.base[0, 0]


def test_saving_writes_the_grid_and_never_overwrites_another_file(tmp_path: Path) -> None:
    (tmp_path / "square.non").write_text("someone else's file")
    document = _opened()
    path = document.save(tmp_path, "  Square ", " Ana ")
    assert path.name == "square-2.non" and not document.dirty
    puzzle = read_puzzle(path)
    assert (puzzle.title, puzzle.author) == ("Square", "Ana")
    assert np.array_equal(puzzle.goal_array(), document.grid)
    document.begin_stroke()
    document.paint([(0, 0)], True)
    assert document.dirty
    assert document.save(tmp_path, "Square") == path  # its own file again, no third copy
    assert read_puzzle(path).goal_array()[0, 0]  # type: ignore[index]
    assert (tmp_path / "square.non").read_text() == "someone else's file"
    assert document.puzzle("   ").title == "Untitled"


def test_a_level_opens_with_its_goal_or_a_solution_found_in_slices(tmp_path: Path) -> None:
    from game.core.create.editor import LevelOpening
    from game.core.formats import write_puzzle
    from game.core.puzzle import Puzzle

    picture = np.random.default_rng(3).random((30, 30)) < 0.5
    with_goal, without = tmp_path / "goal.non", tmp_path / "bare.non"
    write_puzzle(Puzzle.from_grid(picture, title="Goal"), with_goal)
    write_puzzle(Puzzle.from_grid(picture, title="Bare", keep_goal=False), without)
    opened = LevelOpening(with_goal)
    assert opened.done and opened.advance(0.0) and np.array_equal(opened.picture, picture)
    level = LevelOpening(without)
    assert level.picture is None and not level.done
    slices = 1
    while not level.advance(0.001):
        slices += 1
        assert slices < 100_000
    assert slices > 1 and level.picture is not None and level.problem == ""
    assert Puzzle.from_grid(level.picture).row_clues == level.puzzle.row_clues
    timed_out = LevelOpening(without, time_limit=0.0)
    while not timed_out.advance(1.0):
        pass
    assert timed_out.picture is None and "in time" in timed_out.problem


def test_a_level_outside_the_editor_sizes_is_refused(tmp_path: Path) -> None:
    from game.core.create.editor import LevelOpening
    from game.core.formats import write_puzzle
    from game.core.puzzle import Puzzle

    path = tmp_path / "wide.non"
    write_puzzle(Puzzle.from_grid(np.ones((5, 60), dtype=bool)), path)
    with pytest.raises(ValueError, match="the editor takes 5 to 50 cells a side"):
        LevelOpening(path)


def test_file_names_from_titles_avoid_windows_device_names() -> None:
    # QA: a puzzle titled "Con" was saved as con.non, the console on Windows.
    from game.core.create.editor import file_stem_for

    assert file_stem_for("Con") == "con-puzzle"
    assert file_stem_for("LPT1") == "lpt1-puzzle"
    assert file_stem_for("Aux.") == "aux-puzzle"
    assert file_stem_for("Console") == "console"
    assert file_stem_for("../../etc/passwd") == "etc-passwd"
    assert file_stem_for("日本語") == "my-puzzle"
    assert file_stem_for("Café Über") == "cafe-uber"  # QA: it was "caf-ber"
    # Cut at 48 characters, never ending on a dash.
    assert file_stem_for("a" * 47 + " b") == "a" * 47
