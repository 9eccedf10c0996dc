"""The converter's fairness report while it checks (issue 35, item 4: "Checking…" for three
minutes at 95 % CPU after the race, where a fresh check took 7.6 s). The check counts engine
work, not seconds: it says what it is doing and how much of its work is done, it ends within
that work, "Keep checking" raises it a bounded number of times, and a loaded machine (a clock
that jumps) gives the same verdict as an idle one."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from game.core.create.fairness import UniquenessCheck
from game.core.create.free_cells import WORK_PER_SECOND
from game.ui.app import App
from game.ui.scenes.converter import fairness as converter_fairness
from game.ui.scenes.converter.scene import ConverterScene
from tests.ui.converter_helpers import finish_opening
from tests.ui.ui_events import click

# Small limits (seconds of work at WORK_PER_SECOND) so the test is quick: 8,000 lines for
# two solutions and 16,000 for the free cells.
CHECK_SECONDS = 0.2
FREE_SECONDS = 0.4
WORK = (CHECK_SECONDS + FREE_SECONDS) * WORK_PER_SECOND
# A solve stops within this many lines past its limit (the engine counts them 16 at a time).
SLACK = 100


def _noise_picture(path: Path, seed: int) -> Path:
    """A 40x30 grid of coin flips, drawn 8 pixels a cell: the converter reads it back cell for
    cell. Seed 0 is too hard to settle in the small limits, seed 5 has two solutions."""
    grid = np.random.default_rng(seed).random((30, 40)) < 0.5
    pixels = np.where(grid, 0, 255).astype(np.uint8)
    Image.fromarray(pixels, "L").resize((320, 240), Image.Resampling.NEAREST).save(path)
    return path


def _converter(path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[App, ConverterScene]:
    monkeypatch.setattr(converter_fairness, "CHECK_TIME_LIMIT", CHECK_SECONDS)
    monkeypatch.setattr(converter_fairness, "FREE_TIME_LIMIT", FREE_SECONDS)
    app = App(headless=True, size=(1280, 800))
    scene = ConverterScene(app, path)
    app.push(scene)
    app.step()
    finish_opening(app, scene)
    scene._change_options(width=40, height=30, method="threshold", threshold=0.5)
    return app, scene


def _steps(check: UniquenessCheck) -> int:
    """Engine work the check did, both phases, in lines looked at."""
    first = check.counted.work if check.counted is not None else check.task.work
    return first + (check.free_search.work if check.free_search is not None else 0)


def _run_check(app: App, scene: ConverterScene) -> tuple[list[str], int]:
    """Step until the report is in: the "Checking" lines shown meanwhile, and the steps."""
    shown: list[str] = []
    check: UniquenessCheck | None = None
    for _ in range(5000):
        app.step()
        paced = scene.fairness.paced
        check = paced.check or check
        if paced.report is not None:
            break
        shown += [text for _, text in scene.report_lines() if text.startswith(("Checking", "Two"))]
    assert scene.report is not None, "the check never ended"
    assert check is not None
    return shown, _steps(check)


def test_the_check_says_how_far_it_is_and_ends_within_its_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, scene = _converter(_noise_picture(tmp_path / "hard.png", 0), monkeypatch)
    shown, steps = _run_check(app, scene)
    assert scene.report is not None and scene.report.status == "unknown"
    # Every frame of "Checking…" says how much of its work is done, never going back.
    shares = [int(match.group(1)) for text in shown if (match := re.search(r"(\d+) %", text))]
    assert shown and len(shares) == len(shown), shown[:3]
    assert shares == sorted(shares) and shares[-1] <= 100
    assert steps <= WORK + SLACK
    # "Keep checking" gives four times the work, once; then the report stays undecided.
    fairness = scene.fairness
    for scale in (4,):
        assert not scene.hidden(fairness.longer_button)
        click(app, fairness.longer_button.rect.center)
        assert fairness.paced.limit_scale == scale
        shown, steps = _run_check(app, scene)
        assert steps <= scale * WORK + SLACK
        assert scene.report is not None and scene.report.status == "unknown"
    assert scene.hidden(fairness.longer_button) and not fairness.paced.longer()
    assert fairness.paced.limit_scale == 4


def _load_the_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every reading of the check's clock a second later than the last: its engine time runs
    out at once, as on a machine busy with something else (the race just left, other
    programs), and each frame's slice is a few dozen steps."""
    now = [0.0]

    def jumping() -> float:
        now[0] += 1.0
        return now[0]

    defaults = dict(UniquenessCheck.__init__.__kwdefaults__ or {})
    monkeypatch.setattr(UniquenessCheck.__init__, "__kwdefaults__", {**defaults, "clock": jumping})


def test_the_check_names_its_second_phase_with_the_free_cells_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _load_the_machine(monkeypatch)  # slices of a few dozen steps: the phases take frames
    app, scene = _converter(_noise_picture(tmp_path / "two.png", 5), monkeypatch)
    shown, _ = _run_check(app, scene)
    assert scene.report is not None and scene.report.status == "multiple"
    assert any(re.match(r"Two solutions found: .*\(\d+ so far\).* % of its work", t) for t in shown)


def test_a_loaded_machine_gets_the_same_verdict(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _noise_picture(tmp_path / "two.png", 5)
    app, scene = _converter(path, monkeypatch)
    _run_check(app, scene)
    idle = scene.report
    assert idle is not None and idle.status == "multiple"
    app.pop()
    _load_the_machine(monkeypatch)
    app, scene = _converter(path, monkeypatch)
    _run_check(app, scene)
    busy = scene.report
    assert busy is not None
    assert (busy.status, busy.ambiguous_cells, busy.free_exact) == (
        idle.status,
        idle.ambiguous_cells,
        idle.free_exact,
    )
