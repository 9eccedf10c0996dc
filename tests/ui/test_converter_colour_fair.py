"""Make it fair on a colour conversion (issue 33): the search gives cells other colours, the
edits are one undo step, and the report says one solution afterwards."""

from __future__ import annotations

from pathlib import Path

from game.core.create.fairness import check_uniqueness
from game.core.create.make_fair import MakeFair
from game.ui.scenes.converter.shots import _ambiguous_picture
from tests.ui.test_converter import _open, _settle


def test_make_it_fair_on_a_colour_conversion_recolours_cells_as_one_undo_step(
    tmp_path: Path,
) -> None:
    app, scene = _open(_ambiguous_picture(tmp_path / "cat_and_bird.png"))
    scene._change_options(width=15, height=15, colours=3)
    _settle(app, scene)
    before = scene.document.puzzle()
    assert before.is_colour
    report = scene.report
    assert report is not None and report.status == "multiple"
    exact = check_uniqueness(before, timeout=2.0, free_time_limit=4.0)
    assert set(report.ambiguous_cells) == set(exact.ambiguous_cells)
    scene.make_fair()
    search = scene.fairness.fair_search
    assert isinstance(search, MakeFair) and search.palette is not None
    _settle(app, scene, frames=4000)
    applied = scene.fairness.applied
    assert applied is not None and applied.found
    assert all(edit.colour >= 0 for edit in applied.edits)  # colour edits, named
    after = scene.document.puzzle()
    assert after.is_colour and check_uniqueness(after, timeout=2.0).status == "unique"
    assert scene.report is not None and scene.report.status == "unique"
    scene.undo()  # one step takes every edit back
    assert scene.document.puzzle() == before
