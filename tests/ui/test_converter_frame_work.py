"""The converter keeps each frame's work small (issue 47: 31.5 and 27.1 ms frames against a
20 ms target): the colour work does not start a step that would overrun its slice, the cells
it ends with are voted on a frame of their own and shown on the next, the picture's folder is
saved on a frame after the picture appears, and a burst of clicks posted in one frame during
the work all count.
The work's clock is injected; nothing sleeps or times anything."""

from __future__ import annotations

from collections.abc import Generator
from itertools import count
from pathlib import Path

import pygame
import pytest

from game.core.convert.converter import Converter
from game.core.convert.options import ConvertOptions
from game.core.convert.quantise import ColourCells
from game.ui.app import App
from game.ui.scenes.converter.colours import PREPARE_SLICE
from game.ui.scenes.converter.scene import LAST_FOLDER_SETTING, ConverterScene
from tests.ui.test_converter_queued_input import _open_in_auto_colours, _photo, _plus, _settle


def _steps(taken: list[int]) -> Generator[None, None, None]:
    for step in range(100):
        taken.append(step)
        yield None


def _clock_of(step_seconds: float) -> object:
    ticks = count()
    return lambda: next(ticks) * step_seconds  # each reading one step's time later


def test_the_colour_work_starts_no_step_that_would_overrun_its_slice(tmp_path: Path) -> None:
    _app, scene = _open_in_auto_colours(tmp_path)
    part = scene.colour_part
    # Steps of two thirds of the slice: one a frame (a second would end at 4/3 of it).
    taken: list[int] = []
    part.preparing, part.pending = _steps(taken), None
    part.clock = _clock_of(PREPARE_SLICE * 2 / 3)  # type: ignore[assignment]
    part.update()
    assert len(taken) == 1
    # Steps of a tenth of it: several, and the last ends within the slice.
    taken.clear()
    part.clock = _clock_of(PREPARE_SLICE / 10)  # type: ignore[assignment]
    part.update()
    assert 5 <= len(taken) <= 10, taken
    part.preparing = None


def test_the_grid_the_colour_work_ends_with_is_shown_on_a_frame_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The work's last step, then the cells voted, then the grid shown: three frames (the vote
    and the puzzle built and drawn in one frame were the colour scenario's longest, 13-15 ms
    at idle, 22-28 ms on a busy machine)."""
    app, scene = _open_in_auto_colours(tmp_path)
    part = scene.colour_part
    votes: list[bool] = []
    plain = Converter._colour_cells

    def counted(self: Converter, options: ConvertOptions) -> ColourCells:
        votes.append(part.worked_out)
        return plain(self, options)

    monkeypatch.setattr(Converter, "_colour_cells", counted)
    scene._change_options(height=18)
    assert part.busy and scene.document.options.height == 15
    while not part.worked_out:
        app.step()
        assert part.busy
    assert scene.document.options.height == 15  # the work ended; not shown on its frame
    assert votes == []
    app.step()  # the cells voted, on a frame of their own
    assert part.busy and scene.document.options.height == 15
    assert votes == [True]
    app.step()  # shown, the vote looked up
    assert not part.busy and scene.document.options.height == 18
    assert scene.document.grid.shape == (18, 20)
    assert votes == [True]


def test_the_pictures_folder_is_saved_on_the_frame_after_it_appears(tmp_path: Path) -> None:
    app = App(headless=True)
    scene = ConverterScene(app, _photo(tmp_path / "field.png"))
    app.push(scene)
    app.step()
    for _ in range(400):
        if not scene.opening:
            break
        app.step()
        if scene.document.mode == "image":  # the frame it appeared: not saved yet
            assert app.store.get_setting(LAST_FOLDER_SETTING, None) is None
            break
    assert scene.document.mode == "image"
    app.step()
    assert app.store.get_setting(LAST_FOLDER_SETTING, None) == str(tmp_path)


def test_a_burst_of_clicks_posted_in_one_frame_during_the_work_all_count(
    tmp_path: Path,
) -> None:
    app, scene = _open_in_auto_colours(tmp_path)
    scene._change_options(height=16)  # colour work under way
    assert scene.colour_part.busy
    plus = _plus(scene)
    app.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=plus, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(8):  # eight clicks arrive before the next frame
        app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=plus, button=1))
        app.feed(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=plus, button=1))
    app.step()
    assert scene.height_stepper.value == 24
    _settle(app, scene)
    assert scene.document.options.height == 24
    assert scene.document.grid.shape == (24, 20)
