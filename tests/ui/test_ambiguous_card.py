"""My puzzles: a puzzle with more than one solution gets an "Ambiguous" badge, never stars."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.formats import format_puzzle
from game.core.puzzle import Puzzle
from game.ui.app import App
from game.ui.scenes.levels.select import LevelSelectScene
from game.ui.scenes.shared.select.cards import CardPainter


def _write(path: Path, puzzle: Puzzle) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(format_puzzle(puzzle, "non"), encoding="utf-8")


def test_an_ambiguous_puzzle_shows_a_badge_and_no_stars(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = tmp_path / "mine"
    # Two lone cells on a diagonal: the other diagonal fits the same clues.
    _write(mine / "a-diagonal.non", Puzzle.from_grid([[1, 0], [0, 1]], title="Diagonal"))
    _write(mine / "b-cross.non", Puzzle.from_grid([[0, 1, 0], [1, 1, 1], [0, 1, 0]], title="X"))
    levels = tmp_path / "levels"
    levels.mkdir()
    app = App(headless=True)
    scene = LevelSelectScene(app, levels=levels, user_dir=mine)
    assert scene.wait_for_files()
    app.push(scene)
    diagonal, cross = scene.entries
    for _ in range(100):
        app.step()
        if scene.stars(diagonal) is not None and scene.stars(cross) is not None:
            break
    assert scene.stars(diagonal) == 0 and scene.stars(cross) == 1
    badges: list[str] = []
    stars_drawn: list[str] = []
    original_badge = CardPainter._badge

    def spy_badge(self: CardPainter, surface: object, text: str, *args: object) -> None:
        badges.append(text)
        original_badge(self, surface, text, *args)  # type: ignore[arg-type]

    import game.ui.scenes.shared.select.cards as cards

    original_text = cards.draw_text

    def spy_text(surface: object, app_: object, text: str, *args: object, **kw: object) -> None:
        if "★" in text or "☆" in text:
            stars_drawn.append(text)
        original_text(surface, app_, text, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(CardPainter, "_badge", spy_badge)
    monkeypatch.setattr(cards, "draw_text", spy_text)
    scene.draw(app.screen)
    assert badges.count("Ambiguous") == 1
    assert stars_drawn == ["★☆☆☆☆"]  # the cross's one star; none for the diagonal
