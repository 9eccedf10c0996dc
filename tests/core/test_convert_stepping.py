"""The converter's work on a photo comes in steps a frame can hold (issue 47: frames of 31.5
and 27.1 ms against a 20 ms target), and what depends only on the picture is worked out once.

No test times anything: the steps are counted, and each step's result is held against the
same work done in one go or by a plain rule written here."""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path
from typing import TypeVar

import numpy as np
import pytest
from PIL import Image

from game.core.convert import saliency
from game.core.convert.converter import Converter
from game.core.convert.first_look import defaults_for
from game.core.convert.grid import summed_area_steps
from game.core.convert.load import border_box_steps, load_image
from game.core.convert.opening import PictureOpening
from game.core.convert.options import ConvertOptions
from game.core.convert.quantise import (
    AUTO_COUNTS,
    choosing_count,
    fit_histogram,
    histogram,
    histogram_steps,
)
from game.core.convert.small_subject import small_subject_frame
from game.core.convert.stepping import PerPicture, run_steps
from game.core.create.paced_check import PacedCheck, screen_check
from game.core.puzzle import Puzzle

T = TypeVar("T")


def count_steps(steps: Generator[None, None, T]) -> tuple[int, T]:
    """How many steps ``steps`` yields before it returns, and what it returns."""
    taken = 0
    try:
        while True:
            next(steps)
            taken += 1
    except StopIteration as done:
        return taken, done.value


def _red_bug_on_leaves(path: Path) -> Path:
    """Grainy green leaves and a blue sky band with a small red blob off-centre."""
    rng = np.random.default_rng(11)
    height, width = 240, 320
    yy, xx = np.mgrid[0:height, 0:width]
    pixels = np.zeros((height, width, 3))
    pixels[...] = (70, 130, 55)
    pixels[yy < 60] = (120, 160, 220)
    pixels[(yy - 150) ** 2 + (xx - 200) ** 2 < 9**2] = (210, 35, 30)
    pixels *= (0.75 + 0.4 * yy / height)[..., None]
    pixels += rng.normal(0, 12, pixels.shape)
    Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8)).save(path)
    return path


def test_a_photos_saliency_is_worked_out_once_for_its_opening_frames_and_subject(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    maps = []
    plain = saliency.saliency_map

    def counted(cells: np.ndarray) -> np.ndarray:
        maps.append(cells.shape)
        return plain(cells)

    monkeypatch.setattr(saliency, "saliency_map", counted)
    opening = PictureOpening(_red_bug_on_leaves(tmp_path / "bug.png"), ConvertOptions())
    converter = opening.run()
    assert converter.is_photo
    source = converter.source
    whole_maps = len(maps)
    assert whole_maps == 1  # the small subject and the frame shared it
    # Each new grid size's frame, the frame shown on every change and the suggested size ask
    # again: none works the photo's map out again (9-14 ms each on a loaded machine).
    for width, height in ((20, 20), (40, 30), (30, 40)):
        converter.auto_frame(width, height)
        defaults_for(source, width, height)
        small_subject_frame(source.rgb, width, height)
    converter.suggested_width(ConvertOptions())
    assert len(maps) == whole_maps


def _border_box_by_rule(rgb: np.ndarray, tolerance: float) -> tuple[int, int, int, int]:
    """Trim, from each side, rows or columns all within ``tolerance`` of the border's median."""
    edge = np.concatenate([rgb[0], rgb[-1], rgb[:, 0], rgb[:, -1]]).astype(float)
    border = np.median(edge, axis=0)
    plain = np.abs(rgb.astype(float) - border).max(axis=2) <= tolerance * 255
    top = 0
    while top < rgb.shape[0] and plain[top].all():
        top += 1
    bottom = rgb.shape[0]
    while bottom > top and plain[bottom - 1].all():
        bottom -= 1
    left = 0
    while left < rgb.shape[1] and plain[:, left].all():
        left += 1
    right = rgb.shape[1]
    while right > left and plain[:, right - 1].all():
        right -= 1
    if top == bottom or left == right:
        return (0, 0, rgb.shape[1], rgb.shape[0])
    return (left, top, right, bottom)


def test_borders_are_found_a_band_of_rows_at_a_time() -> None:
    rng = np.random.default_rng(4)
    rgb = np.full((300, 200, 3), 250, dtype=np.uint8)
    rgb[37:281, 12:171] = rng.integers(0, 256, (244, 159, 3), dtype=np.uint8)
    steps = border_box_steps(rgb, 0.05)
    taken, box = count_steps(steps)
    assert taken >= 3  # 300 rows: three bands at least, never one pass
    assert box == _border_box_by_rule(rgb, 0.05) == (12, 37, 171, 281)
    assert run_steps(border_box_steps(np.full((40, 40, 3), 9, np.uint8))) == (0, 0, 40, 40)


def test_auto_colours_fit_a_few_rounds_a_step() -> None:
    rng = np.random.default_rng(5)
    yy, xx = np.mgrid[0:200, 0:260]
    channels = [128 + 100 * np.sin(xx / 41.0), 128 + 100 * np.cos(yy / 53.0),
                128 + 70 * np.sin((xx + yy) / 67.0)]  # fmt: skip
    pixels = np.stack(channels, axis=-1) + rng.normal(0, 14, (200, 260, 3))
    hist = histogram(np.clip(pixels, 0, 255).astype(np.uint8))
    steps = choosing_count(hist)
    taken, chosen = count_steps(steps)
    # Each count's fit was one step; now its rounds, merges and palette are several.
    assert taken >= 2 * len(AUTO_COUNTS), taken
    again = fit_histogram(hist, chosen.count)
    assert chosen.rgb == again.rgb or chosen.count < AUTO_COUNTS[-1]
    assert chosen.rgb == run_steps(choosing_count(hist)).rgb  # the same, however run


def test_the_histogram_is_counted_in_steps_and_comes_out_the_same() -> None:
    rng = np.random.default_rng(8)
    pixels = rng.integers(0, 256, (120, 90, 3), dtype=np.uint8)
    steps = histogram_steps(pixels)
    taken, stepped = count_steps(steps)
    assert taken >= 2  # the counts, the bins' Lab and the coarse bins: not one 4-7 ms step
    whole = histogram(pixels)
    assert np.array_equal(stepped.codes, whole.codes)
    assert np.allclose(stepped.lab, whole.lab)
    assert np.allclose(stepped.coarse_lab, whole.coarse_lab)
    assert np.isclose(stepped.weights.sum(), 120 * 90)


def test_colour_cells_are_voted_once_for_their_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A screen votes the cells on a frame of their own and shows them on the next: the
    second ask is a look-up (the vote, 3-7 ms, with the puzzle built and drawn made the
    colour work's longest frame)."""
    converter = Converter(load_image(_red_bug_on_leaves(tmp_path / "bug.png")))
    options = ConvertOptions(width=30, height=30, colours="auto", clean=True)
    run_steps(converter.preparing_colours(options))
    assert converter.colours_ready(options)
    made = converter.colour_cells(options)

    def no_work(*_args: object) -> None:
        raise AssertionError("the cells were voted again")

    monkeypatch.setattr(converter, "_labelled", no_work)
    again = converter.colour_cells(options)
    assert again is made  # looked up, not voted again
    assert not made.cells.flags.writeable  # shared: no caller may change it
    # Another size is its own grid, voted afresh.
    monkeypatch.undo()
    other = converter.colour_cells(ConvertOptions(width=20, height=20, colours="auto", clean=True))
    assert other.cells.shape == (20, 20) and made.cells.shape == (30, 30)


def test_a_check_is_built_on_one_frame_and_worked_on_the_next() -> None:
    picture = np.zeros((30, 30), dtype=bool)
    picture[5:25, 8:22] = True
    picture[12:18, 3:27] = True
    puzzle = Puzzle.from_grid(picture)
    paced = PacedCheck(delay=0.1)
    paced.restart()
    built = []

    def start(scale: float):  # type: ignore[no-untyped-def]
        check = screen_check(puzzle, 2.0, 2.0, scale)
        built.append(check)
        return check

    assert paced.advance(0.05, start) is None and not built  # the pause
    assert paced.advance(0.06, start) is None and len(built) == 1
    assert built[0].task.steps_taken == 0  # building it was that frame's work
    frames = 0
    while paced.advance(1 / 60, start) is None:
        frames += 1
        assert frames < 500
    assert paced.report is not None and paced.report.status == "unique"


def test_per_picture_keeps_the_last_pictures_by_identity() -> None:
    made = []

    def make(value: int):  # type: ignore[no-untyped-def]
        made.append(value)
        return value * 2
        yield  # a generator

    kept: PerPicture[int] = PerPicture(keep=2)
    first, second, third = np.zeros(3), np.zeros(3), np.zeros(3)  # equal, not the same
    assert kept.get(first, lambda: make(1)) == 2
    assert kept.get(first, lambda: make(9)) == 2  # remembered
    assert kept.get(second, lambda: make(2)) == 4  # an equal array is another picture
    assert kept.get(third, lambda: make(3)) == 6
    assert kept.get(first, lambda: make(4)) == 8  # forgotten: two kept
    assert made == [1, 2, 3, 4]


def test_a_summed_area_table_is_made_in_two_steps_and_sums_every_corner_box() -> None:
    rng = np.random.default_rng(12)
    values = rng.random((37, 53)).astype(np.float32)
    taken, table = count_steps(summed_area_steps(values))
    assert taken == 1  # the columns' sums, one pause, the rows'
    assert table.shape == (38, 54) and not table[0].any() and not table[:, 0].any()
    for y, x in ((1, 1), (10, 20), (37, 53)):
        assert np.isclose(table[y, x], values[:y, :x].astype(np.float64).sum())
    mask = rng.random((9, 11)) < 0.5
    assert count_steps(summed_area_steps(mask))[1][9, 11] == mask.sum()


def test_the_cells_luminance_is_prepared_over_steps_as_it_would_be_at_once(
    tmp_path: Path,
) -> None:
    photo = load_image(_red_bug_on_leaves(tmp_path / "bug.png"))
    stepped = Converter(photo)
    options = ConvertOptions(width=30, height=20)
    taken, _ = count_steps(stepped.preparing_cell_luminance(options))
    assert taken >= 3  # the toned luminance, the table's two halves
    whole = Converter(photo).cell_luminance(options)
    assert np.array_equal(stepped.cell_luminance(options), whole)
    assert count_steps(stepped.preparing_cell_luminance(options))[0] == 0  # kept
