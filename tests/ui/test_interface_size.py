"""The interface size (issue 48): a 4K screen's text is drawn at its size (the scale no
longer stops at a 2048x1280 window's), and Options' "Interface size" makes buttons and text
smaller to give the board room, on every screen at once."""

from __future__ import annotations

import pytest

from game.core.formats import read_puzzle
from game.resources import levels_dir
from game.ui.app import App
from game.ui.layout import compute_play_regions
from game.ui.scenes.play.scene import PlayScene
from game.ui.settings import INTERFACE_SIZE
from game.ui.theme import ui_scale


def test_a_4k_screen_scales_the_interface_to_its_size() -> None:
    assert ui_scale((3840, 2160)) == pytest.approx(2.7)
    assert ui_scale((1280, 800)) == 1.0
    assert ui_scale((1920, 1080), 0.8) == pytest.approx(1.08)
    assert compute_play_regions(3840, 2160).scale == pytest.approx(2.7)
    assert compute_play_regions(3840, 2160, share=0.7).scale == pytest.approx(1.89)


def test_a_smaller_interface_gives_the_board_more_room_at_once() -> None:
    app = App(headless=True, size=(1600, 1000))
    path = (
        levels_dir()
        / "06-thirty"
        / sorted(p.name for p in (levels_dir() / "06-thirty").glob("*.non"))[0]
    )
    scene = PlayScene(app, read_puzzle(path), path=path)
    app.push(scene)
    app.step()
    before_scale, before_cell = app.ui_scale, scene.layout.cell
    before_panel = scene.regions.side_panel.w
    app.set_setting(INTERFACE_SIZE, 70)
    app.step()
    assert app.ui_scale == pytest.approx(before_scale * 0.7)
    assert scene.regions.side_panel.w < before_panel
    assert scene.layout.cell > before_cell
