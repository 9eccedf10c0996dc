"""The replay of a colour puzzle: deductions drawn in their colours, solutions browsed in
colour, guesses in trial marks."""

from __future__ import annotations

import numpy as np

from game.core.board import fill_value, is_trial_value
from game.core.palette import Palette
from game.core.puzzle import Puzzle
from game.ui.app import App
from game.ui.scenes.play.shots import flower
from game.ui.scenes.replay.scene import ReplayScene

PALETTE = Palette.of(("white", (255, 255, 255)), ("red", (200, 0, 0)), ("blue", (0, 0, 200)))


def open_replay(puzzle: Puzzle) -> tuple[App, ReplayScene]:
    app = App(headless=True)
    scene = ReplayScene(app, puzzle, playing=False, time_limit=None)
    app.push(scene)
    app.step()
    return app, scene


def test_a_colour_replay_draws_each_deduction_in_its_colour() -> None:
    puzzle = flower()
    app, scene = open_replay(puzzle)
    state = scene.state
    while not state.finished and int((state.grid >= 0).sum()) < 150:
        state.advance(1.0, max_steps=1)
    app.step(1 / 60)
    goal = np.asarray(puzzle.goal_colours)
    cells = scene.part.shown_board(None).cells
    known = state.grid >= 0
    assert known.any() and (state.grid[known] == goal[known]).all()
    y, x = np.argwhere(known & (goal > 0))[0]
    assert int(cells[y, x]) == fill_value(int(goal[y, x]))
    layout = scene.part.layout
    box = layout.cell_inner(int(x), int(y)) if layout else None
    assert box is not None
    assert app.screen.get_at(box.centre)[:3] == puzzle.colours.colour(int(goal[y, x])).rgb
    scene.run_to_end()
    for _ in range(300):
        app.step(1 / 60)
        if scene.finished:
            break
    assert scene.finished and state.colour_solutions
    solved = scene.part.shown_board(0)
    assert np.array_equal(solved.colour_grid().clip(0), goal)


def test_guesses_of_an_ambiguous_colour_puzzle_are_trial_marks_and_solutions_browse() -> None:
    # The reds may sit on either diagonal: the engine must guess.
    puzzle = Puzzle.from_colour_grid([[1, 0, 2], [0, 1, 2]], PALETTE, keep_goal=False)
    _app, scene = open_replay(puzzle)
    state = scene.state
    seen_trial = False
    while not state.finished:
        state.advance(1.0, max_steps=1)
        cells = scene.part.shown_board(None).cells
        seen_trial |= any(is_trial_value(int(v)) for v in cells.flat)
    assert seen_trial
    assert len(state.colour_solutions) == 2
    first, second = (scene.part.shown_board(i).colour_grid().tolist() for i in (0, 1))
    assert sorted([first, second]) == [[[0, 1, 2], [1, 0, 2]], [[1, 0, 2], [0, 1, 2]]]


def test_a_colour_puzzle_has_no_race_and_says_which_algorithms_cannot() -> None:
    from game.core.race import ALGORITHMS, refusal, supports

    puzzle = flower()
    assert [name for name in ALGORITHMS if supports(name, puzzle)] == ["hanjie"]
    text = refusal(puzzle)
    assert "only our engine" in text and "black and white only" in text
    app, scene = open_replay(puzzle)
    scene.part.next_algorithm()  # the Solver button (A): stays on our engine, and says why
    assert scene.part.algorithm == "hanjie"
    scene.part.open_race()
    app.step(1 / 60)
    assert app.top is scene
    assert any(text in str(getattr(toast, "text", toast)) for toast in app.toasts.items)
