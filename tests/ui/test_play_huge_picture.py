"""QA: ``play huge.png`` leaked Pillow's DecompressionBombWarning and opened a window first."""

from __future__ import annotations

import io
import warnings
from pathlib import Path

import pytest

from game.core.convert.load import MAX_SOURCE_PIXELS, header_problem
from game.ui.app import App
from tests.core.test_convert import bomb_png

# 144 million pixels: above our limit and Pillow's warning limit (89 million), below the
# limit where Pillow raises instead (twice that), so Pillow only warns unless we stop it.
HUGE = (12000, 12000)


def _huge(tmp_path: Path) -> Path:
    path = tmp_path / "huge.png"
    path.write_bytes(bomb_png(*HUGE))  # a real header and a token of data: a few hundred bytes
    return path


def test_the_header_check_refuses_without_a_warning() -> None:
    assert HUGE[0] * HUGE[1] > MAX_SOURCE_PIXELS
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        problem = header_problem(io.BytesIO(bomb_png(*HUGE)))
    assert problem is not None and "144 million pixels" in problem
    assert caught == []


def test_play_refuses_a_huge_picture_in_one_line_before_the_window(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from game.cli import main

    path = _huge(tmp_path)
    opened: list[App] = []
    monkeypatch.setattr(App, "run", lambda app: opened.append(app))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert main(["play", str(path)]) == 2
    assert [str(w.message) for w in caught] == []
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "144 million pixels" in err
    assert err.startswith(f"hanjie: {path}: ")
    assert opened == []


def test_a_dropped_huge_picture_is_refused_on_the_next_frames(tmp_path: Path) -> None:
    path = _huge(tmp_path)
    app = App(headless=True)
    app.step()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        app.open_dropped_file(path)
        frames = 0
        while not any("144 million" in text for text in app.toasts.texts):
            app.step()
            frames += 1
            assert frames <= 3, "the refusal took more than three frames"
    assert caught == []
