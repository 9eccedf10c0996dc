"""Results do not depend on the machine's load (issue 35, item 6): convert's uniqueness check
and Make it fair count solver work, not seconds, so a slowed clock gives the same puzzle, the
same report and the same edits; and Make it fair, finding no fix, says why and offers the
best it found."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
from PIL import Image

from game.core.convert.methods import dither_grid
from game.core.convert.options import ConvertOptions
from game.core.create.conversion import convert
from game.core.create.fair_edits import apply_edits
from game.core.create.fairness import check_uniqueness
from game.core.create.free_cells import WORK_PER_SECOND, FreeCells
from game.core.create.make_fair import MakeFair
from tests.core.test_free_cells import _ticking_clock


def _textured_photo(path: Path) -> Path:
    rng = np.random.default_rng(3)
    yy, xx = np.mgrid[0:200, 0:200]
    light = 128 + 60 * np.sin(xx / 11.0) * np.cos(yy / 15.0) + rng.normal(0, 40, (200, 200))
    Image.fromarray(np.clip(light, 0, 255).astype(np.uint8), "L").convert("RGB").save(path)
    return path


def test_a_conversion_gives_the_same_report_however_slow_the_clock(tmp_path: Path) -> None:
    path = _textured_photo(tmp_path / "texture.png")
    options = ConvertOptions(width=25, height=25, method="dither")
    normal = convert(path, options, timeout=2.0)
    # Every clock reading a whole second later: a machine so loaded that a 2-second wall
    # limit ends the check at once ("not decided in time", as 6 of 69 conversions were).
    slow = convert(path, options, timeout=2.0, clock=_ticking_clock(1.0))
    assert normal.report.status in {"unique", "multiple"}
    assert slow.puzzle == normal.puzzle
    assert slow.report.status == normal.report.status
    assert slow.report.ambiguous_cells == normal.report.ambiguous_cells
    assert slow.report.free_exact == normal.report.free_exact
    assert slow.report.stars == normal.report.stars


def test_the_uniqueness_check_counts_work_not_seconds() -> None:
    grid = dither_grid(np.linspace(0.2, 0.8, 400).reshape(20, 20), 0.5)
    from game.core.puzzle import Puzzle

    puzzle = Puzzle.from_grid(grid)
    normal = check_uniqueness(puzzle, timeout=1.0, free_time_limit=2.0)
    slow = check_uniqueness(puzzle, timeout=1.0, free_time_limit=2.0, clock=_ticking_clock(5.0))
    assert normal.status == slow.status == "multiple"
    assert slow.ambiguous_cells == normal.ambiguous_cells and slow.free_exact


def test_make_it_fair_makes_the_same_edits_on_a_slowed_clock() -> None:
    grid = dither_grid(np.linspace(0.2, 0.8, 256).reshape(16, 16), 0.5)
    limit = 2 * WORK_PER_SECOND
    normal = MakeFair(grid, work_limit=limit, clock=time.perf_counter).run()
    # Ten times slower: the safety cap (120 s of engine time) is far off either way.
    started = time.perf_counter()
    slow = MakeFair(
        grid, work_limit=limit, clock=lambda: started + 10 * (time.perf_counter() - started)
    ).run()
    assert normal.found and slow.found
    assert slow.edits == normal.edits and np.array_equal(slow.grid, normal.grid)


def test_make_it_fair_finding_no_fix_says_why_and_offers_what_it_found() -> None:
    grid = dither_grid(np.linspace(0.2, 0.8, 144).reshape(12, 12), 0.5)
    result = MakeFair(grid, max_edits=1).run()
    assert not result.found and result.edits == ()
    assert "one edit at a time" in result.why
    assert len(result.partial) == 1 and 0 < result.free_left < result.free_before
    assert f"{result.free_left} of its {result.free_before} free cells" in result.text
    assert np.array_equal(result.partial_grid, apply_edits(grid, result.partial))
    assert not np.array_equal(result.partial_grid, grid)


def test_make_it_fair_out_of_work_says_how_much_work() -> None:
    grid = dither_grid(np.linspace(0.2, 0.8, 256).reshape(16, 16), 0.5)
    result = MakeFair(grid, FreeCells((), False), work_limit=WORK_PER_SECOND // 2).run()
    assert not result.found and result.stopped == "work"
    assert f"{result.work:,} lines checked" in result.text
