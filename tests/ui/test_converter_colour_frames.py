"""Issue 47: the frame that shows a new colour grid does not also vote its cells.

The colour work ends over three frames: its last steps, then the cells voted (3-7 ms on a
photo), then the puzzle built and drawn; the vote and the puzzle in one frame were the colour
scenario's longest frame (13-15 ms at idle, 22-28 ms on a loaded machine). The work's clock is
injected (a slice a reading: one step a frame); nothing here times anything."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.convert.converter import Converter
from tests.ui.test_converter_queued_input import _open_in_auto_colours


def test_the_cells_are_voted_on_a_frame_before_the_one_that_shows_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, scene = _open_in_auto_colours(tmp_path)
    votes: list[int] = []
    frame = [0]
    plain = Converter._colour_cells

    def counted(self: Converter, options: object) -> object:
        votes.append(frame[0])
        return plain(self, options)  # type: ignore[arg-type]

    monkeypatch.setattr(Converter, "_colour_cells", counted)
    shown: list[int] = []
    grid_changed = scene.grid_changed

    def showing() -> None:
        shown.append(frame[0])
        grid_changed()

    monkeypatch.setattr(scene, "grid_changed", showing)
    scene._change_options(width=25, height=20)  # a new size: colour work over frames
    assert scene.colour_part.busy
    for frame[0] in range(1, 400):
        app.step()
        if not scene.colour_part.busy:
            break
    assert not scene.colour_part.busy
    assert shown and votes, (shown, votes)
    assert scene.document.options.width == 25 and scene.document.grid.shape == (20, 25)
    # Voted once, on a frame of its own before the one that showed the grid, which looked
    # the cells up.
    assert len(votes) == 1 and votes[0] < shown[0], (votes, shown)
