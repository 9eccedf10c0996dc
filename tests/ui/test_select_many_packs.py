"""Level select with more packs than the window holds (issue 34's picture packs): the pack
list scrolls, by keyboard and by wheel, and only its rows in view are drawn."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pygame
import pytest

from game.core.formats import format_puzzle
from game.core.puzzle import Puzzle
from game.core.store.pack_reader import PackReader
from game.core.store.packs import Pack, PuzzleEntry, read_entry
from game.ui.app import App
from game.ui.scenes.levels.select import LevelSelectScene, NonogramKind
from game.ui.scenes.shared.select.shell import SelectScene
from tests.ui.ui_events import key, wheel

PACKS = 24
DOT = Puzzle.from_grid([[1, 0], [0, 1]])


@pytest.fixture
def many_packs(tmp_path: Path) -> Path:
    root = tmp_path / "levels"
    for number in range(PACKS):
        folder = root / f"{number:02d}-pack"
        folder.mkdir(parents=True)
        (folder / "01.non").write_text(format_puzzle(DOT, "non"), encoding="utf-8")
        (folder / "pack.json").write_text(json.dumps({"name": f"Pack {number}", "order": number}))
    return root


def open_select(levels: Path, tmp_path: Path) -> tuple[App, LevelSelectScene]:
    app = App(headless=True, size=(1280, 800))
    scene = LevelSelectScene(app, levels=levels, user_dir=tmp_path / "mine")
    assert scene.wait_for_files()
    app.push(scene)
    app.step()
    return app, scene


def test_tab_reaches_the_last_row_and_the_list_scrolls_it_into_view(
    many_packs: Path, tmp_path: Path
) -> None:
    app, scene = open_select(many_packs, tmp_path)
    panel = scene.pack_panel
    last = scene.row_count - 1  # Random, after the packs and My puzzles
    assert not panel.contains(scene.pack_rect(last))  # the list is taller than the window
    for _ in range(last):
        key(app, pygame.K_TAB)
    app.step()
    assert scene.random_open
    assert panel.contains(scene.pack_rect(last))
    assert not panel.colliderect(scene.pack_rect(0))  # scrolled away at the top
    key(app, pygame.K_TAB)  # round to the first pack: back up the list
    app.step()
    assert scene.ui.pack_index == 0 and not scene.random_open
    assert panel.contains(scene.pack_rect(0))


def test_the_wheel_over_the_pack_list_scrolls_it_not_the_cards(
    many_packs: Path, tmp_path: Path
) -> None:
    app, scene = open_select(many_packs, tmp_path)
    before = scene.pack_rect(0).top
    wheel(app, scene.pack_panel.center, -3)
    assert scene.pack_rect(0).top < before
    assert scene.scroll.offset == 0
    # A click lands on the row drawn under the pointer, scrolled as it is.
    row = next(
        index
        for index in range(scene.row_count)
        if scene.pack_panel.contains(scene.pack_rect(index)) and index > 3
    )
    assert scene._pack_at(scene.pack_rect(row).center) == row


class GatedKind(NonogramKind):
    """Nonograms whose files are read only once the gate opens (a slow disk, held)."""

    def __init__(self, gate: threading.Event) -> None:
        super().__init__()
        self.gate = gate

    def reader(self, pack: Pack) -> PackReader[PuzzleEntry]:
        def read(path: Path) -> PuzzleEntry:
            self.gate.wait(10)
            return read_entry(path)

        return PackReader(pack, read)


def test_the_other_packs_are_read_one_after_another(many_packs: Path, tmp_path: Path) -> None:
    """A reader thread for every pack at once (one more a frame) took turns at the
    interpreter with the drawing thread: frames of 30-45 ms of wall time."""
    gate = threading.Event()
    app = App(headless=True, size=(1280, 800))
    scene = SelectScene(app, GatedKind(gate), many_packs, tmp_path / "mine")
    app.push(scene)
    for _ in range(5):
        app.step()
    started = [state for state in scene.packs if state.reader is not None]
    assert len(started) == 1  # the open pack; the rest wait for it
    gate.set()
    assert scene.wait_for_files()
    for _ in range(len(scene.packs) + 2):
        app.step()
    assert all(state.reader is not None and state.reader.done for state in scene.packs)
    assert scene._rows()[PACKS - 1][1].startswith("1 puzzle")


def test_a_solved_thumbnail_is_made_once_not_looked_up_each_frame(
    many_packs: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, scene = open_select(many_packs, tmp_path)
    app.store.mark_solved(DOT.fingerprint(), 12.0)
    scene.on_enter()
    looked_up: list[str] = []
    solution_of = app.ratings.solution_of

    def counted(puzzle: Puzzle) -> object:
        looked_up.append(puzzle.fingerprint())
        return solution_of(puzzle)

    monkeypatch.setattr(app.ratings, "solution_of", counted)
    for _ in range(4):
        scene.draw(app.screen)
    assert looked_up == [DOT.fingerprint()]


def test_stars_worked_out_come_back_next_run(many_packs: Path, tmp_path: Path) -> None:
    app, _scene = open_select(many_packs, tmp_path)
    key = DOT.fingerprint()  # the packs' puzzle declares no difficulty: it is rated
    for _ in range(200):
        app.step()
        if app.ratings.stars_of(key) is not None:
            break
    stars = app.ratings.stars_of(key)
    assert stars is not None
    app.pop()  # leaving the screen keeps them
    app.step()
    later = App(headless=True, size=(1280, 800))
    assert later.ratings.stars_of(key) is None
    LevelSelectScene(later, levels=many_packs, user_dir=tmp_path / "mine")
    assert later.ratings.stars_of(key) == stars
