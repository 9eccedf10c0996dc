"""The solver replay scene, driven through the App with synthetic keys and clicks.

The central check: whatever the controls do (pause, one step, one line, play, run to the end),
the board on screen is always the board the engine's own step stream gives at that point
(applied here independently with ``apply_step``), and the final board is ``solve()``'s.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.core.board import Board, Cell
from game.core.cells import FILLED_VALUE
from game.core.puzzle import Puzzle
from game.core.solver import solve, solve_steps
from game.core.solver.steps import (
    Backtrack,
    Contradiction,
    Finished,
    LineDeduced,
    LinesChecked,
    Step,
    apply_step,
    blank_grid,
)
from game.ui.app import App
from game.ui.input import Kind
from game.ui.input.event import pointer
from game.ui.scenes.replay.board import flash_cells
from game.ui.scenes.replay.race import RaceScene
from game.ui.scenes.replay.scene import ReplayScene
from game.ui.scenes.shared.replay.view import INSTANT, SPEEDS
from tests.shared_data import SEARCH_8X8_ROWS

# Random 10x10 noise whose probes run into contradictions (2 solutions).
PROBING_10X10 = (
    "#.#...###.",
    ".#......##",
    ".##....#..",
    "###.##....",
    "####....##",
    ".#.#.##...",
    ".##..#.##.",
    "...#.#####",
    "####..#..#",
    ".#..#.....",
)
# Clues whose sums agree but that no grid satisfies.
NO_SOLUTION = Puzzle(
    width=4,
    height=4,
    row_clues=((1,), (1, 2), (4,), (2, 1)),
    column_clues=((1, 1), (1, 1), (2, 1), (4,)),
    title="Impossible",
)


def picture(rows: tuple[str, ...], title: str = "Test") -> Puzzle:
    return Puzzle.from_grid([[cell == "#" for cell in row] for row in rows], title=title)


def key(app: App, code: int, mod: int = 0) -> None:
    app.feed(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=""))


def click(app: App, rect: pygame.Rect) -> None:
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1))


def open_replay(puzzle: Puzzle, **options: object) -> tuple[App, ReplayScene]:
    app = App(headless=True)
    scene = ReplayScene(app, puzzle, **options)  # type: ignore[arg-type]
    app.push(scene)
    app.step()
    return app, scene


def settle_marks_check(app: App, scene: ReplayScene) -> None:
    """Frames until the marks check under way has its verdict."""
    for _ in range(120):
        app.step(1 / 60)
        if scene.part.marks_check is None:
            return
    raise AssertionError("the marks check gave no verdict in 120 frames")


class Reference:
    """The engine's step stream applied by hand, advanced to wherever the scene is."""

    def __init__(self, puzzle: Puzzle, max_solutions: int | None) -> None:
        self.steps: Iterator[Step] = solve_steps(puzzle, max_solutions=max_solutions)
        self.grid = blank_grid(puzzle.width, puzzle.height)
        self.taken: list[Step] = []

    def advance_to(self, count: int) -> list[Step]:
        """Apply steps until ``count`` were applied; returns the new ones."""
        new: list[Step] = []
        while len(self.taken) < count:
            step = next(self.steps)
            apply_step(self.grid, step)
            self.taken.append(step)
            new.append(step)
        return new


def check_board(scene: ReplayScene, reference: Reference) -> list[Step]:
    """The scene's board equals the reference at the scene's step count."""
    new = reference.advance_to(scene.state.counters.steps)
    if not scene.finished:
        assert np.array_equal(scene.shown_grid(), reference.grid)
        # And the board handed to the grid view matches it mark for mark (probe cells are
        # drawn on their own light layer, so they are unknown on the board).
        board = scene.shown_board()
        probes = scene.state.probe_cells() >= 0
        filled = (reference.grid == FILLED_VALUE) & ~probes
        crossed = (reference.grid == 0) & ~probes
        assert np.array_equal(board.filled_mask(), filled)
        assert np.array_equal(board.crossed_mask(), crossed)
    return new


def test_pause_step_line_and_run_to_end_show_the_engine_boards() -> None:
    puzzle = picture(SEARCH_8X8_ROWS)
    app, scene = open_replay(puzzle, time_limit=None)
    reference = Reference(puzzle, scene.part.max_solutions)
    check_board(scene, reference)

    # Playing at 50 steps a second: a frame takes about one step.
    for _ in range(6):
        app.step(1 / 60)
        check_board(scene, reference)
    assert scene.playing

    # Pause: frames go by, nothing moves.
    key(app, pygame.K_SPACE)
    app.step(1 / 60)
    assert not scene.playing
    paused_at = scene.state.counters.steps
    for _ in range(10):
        app.step(1 / 60)
    assert scene.state.counters.steps == paused_at
    check_board(scene, reference)

    # One step: exactly up to the next step that is not a quiet heartbeat.
    for _ in range(12):
        key(app, pygame.K_RIGHT)
        app.step(1 / 60)
        new = check_board(scene, reference)
        assert new, "a step advances"
        assert not isinstance(new[-1], LinesChecked)
        assert all(isinstance(step, LinesChecked) for step in new[:-1])
        assert not scene.playing

    # One line: up to (and including) the next line that gave cells.
    lines_seen = 0
    for _ in range(8):
        key(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)
        for _ in range(50):
            app.step(1 / 60)
            check_board(scene, reference)
            if scene.ui.stepping is None:
                break
        new = check_board(scene, reference)
        last = reference.taken[-1]
        assert isinstance(last, LineDeduced | Finished)
        if isinstance(last, LineDeduced):
            assert last.cells
            lines_seen += 1
            assert scene.line_highlighted() is not None
            assert scene.line_highlighted() == scene.state.current_line
        between = new[:-1]
        assert not any(isinstance(step, LineDeduced) and step.cells for step in between)
    assert lines_seen >= 1

    # Play again at full speed for a few frames, checking every frame.
    scene.set_speed(len(SPEEDS) - 1)
    key(app, pygame.K_SPACE)
    for _ in range(3):
        app.step(1 / 60)
        check_board(scene, reference)

    # Run to the end: every frame still shows an engine board, the last one solve()'s.
    key(app, pygame.K_END)
    for _ in range(600):
        app.step(1 / 60)
        check_board(scene, reference)
        if scene.finished:
            break
    assert scene.finished
    result = solve(puzzle, max_solutions=scene.part.max_solutions)
    assert scene.state.result is not None
    assert scene.state.result.status == result.status == "multiple"
    shown = scene.shown_board()
    assert np.array_equal(shown.filled_mask(), result.solutions[0])
    assert np.array_equal(shown.crossed_mask(), ~result.solutions[0])
    # Every step of the stream was shown, none skipped.
    assert isinstance(reference.taken[-1], Finished)
    assert len(reference.taken) == scene.state.counters.steps


def test_a_search_heavy_puzzle_replays_faithfully_to_solve() -> None:
    from game.core.formats import read_puzzle

    puzzle = read_puzzle(Path(__file__).resolve().parent.parent / "data" / "search_noise_14x14.non")
    app, scene = open_replay(puzzle, time_limit=None, max_solutions=2)
    reference = Reference(puzzle, 2)
    kinds: set[str] = set()
    scene.set_speed(len(SPEEDS) - 1)
    for _ in range(1200):
        app.step(1 / 60)
        kinds.update(type(step).__name__ for step in check_board(scene, reference))
        if scene.finished:
            break
    assert scene.finished
    # The replay went through probing and search, not only line logic.
    assert {"ProbeStarted", "ProbeResult", "Guess", "Backtrack"} <= kinds
    result = solve(puzzle, max_solutions=2)
    assert scene.state.result is not None and scene.state.result.status == result.status
    assert np.array_equal(scene.shown_board().filled_mask(), result.solutions[0])


def test_guessed_cells_are_drawn_in_trial_colours_with_their_depth() -> None:
    puzzle = picture(SEARCH_8X8_ROWS)
    app, scene = open_replay(puzzle, playing=False)
    state = scene.state
    while not state.finished:
        state.advance(1.0, max_steps=1)
        trial = (state.depth_of > 0) & ~state.probed & (state.grid >= 0)
        if state.counters.depth >= 1 and (trial & (state.grid == FILLED_VALUE)).any():
            break
    assert not state.finished
    app.step(1 / 60)
    board = scene.shown_board()
    assert (board.cells == Cell.TRIAL_FILLED).any()
    assert state.guesses, "the open guess is remembered with its depth"
    assert all(depth >= 1 for depth in state.guesses.values())
    # On screen: a trial-filled cell that is not the framed guess shows the orange colour.
    theme = app.theme
    layout = scene.part.layout
    assert layout is not None
    found = False
    for y, x in np.argwhere(board.cells == Cell.TRIAL_FILLED).tolist():
        if (x, y) in state.guesses:
            continue
        inner = layout.cell_inner(x, y)
        assert app.screen.get_at(inner.centre)[:3] == theme.trial_filled
        found = True
    guess_x, guess_y = next(iter(state.guesses))
    box = layout.cell_box(guess_x, guess_y)
    # The guess frame is drawn in the text colour around the cell.
    assert app.screen.get_at((box.x, box.centre[1]))[:3] == theme.text
    assert found or len(state.guesses) >= 1


def test_backtracking_undoes_trial_cells_and_contradictions_flash() -> None:
    puzzle = picture(PROBING_10X10)
    app, scene = open_replay(puzzle, playing=False)
    saw_backtrack = False
    saw_flash = False
    for _ in range(400):
        key(app, pygame.K_RIGHT)
        app.step(1 / 60)
        step = scene.state.last_step
        if isinstance(step, Backtrack):
            saw_backtrack = True
            undone = step.cells
            assert undone
            assert all(scene.state.grid[y, x] == -1 for x, y in undone)
            assert scene.ui.undone > 0
        if isinstance(step, Contradiction) and step.axis is not None:
            saw_flash = True
            assert scene.ui.flash > 0 and flash_cells(scene.state)
            line = scene.state.failed_line
            assert line is not None
            assert flash_cells(scene.state) == line.cells(puzzle.width, puzzle.height)
        if scene.finished or (saw_backtrack and saw_flash):
            break
    assert saw_backtrack and saw_flash


def test_speed_sets_how_many_steps_a_second() -> None:
    puzzle = picture(SEARCH_8X8_ROWS)
    app, scene = open_replay(puzzle)
    scene.set_speed(SPEEDS.index(10))
    start = scene.state.counters.steps
    for _ in range(60):
        app.step(1 / 60)
    assert 9 <= scene.state.counters.steps - start <= 12
    scene.set_speed(0)  # one a second
    start = scene.state.counters.steps
    for _ in range(60):
        app.step(1 / 60)
    assert 1 <= scene.state.counters.steps - start <= 2
    # + and - move through the settings; the slider follows and the choice is kept.
    key(app, pygame.K_PLUS)
    key(app, pygame.K_PLUS)
    key(app, pygame.K_MINUS)
    app.step(1 / 60)
    assert scene.speed_index == 1
    assert scene.speed_slider.value == pytest.approx(1 / INSTANT)
    # Kept for next time when the replay is left, and used by the next one.
    key(app, pygame.K_ESCAPE)
    app.step(1 / 60)
    assert app.store.get_setting("replay_speed") == 1
    assert ReplayScene(app, puzzle).speed_index == 1


def test_instant_finishes_at_once_and_mouse_buttons_work() -> None:
    puzzle = picture(SEARCH_8X8_ROWS)
    app, scene = open_replay(puzzle)
    click(app, scene.play_button.rect)  # pause with the mouse
    app.step(1 / 60)
    assert not scene.playing
    before = scene.state.counters.steps
    click(app, scene.step_button.rect)
    app.step(1 / 60)
    assert scene.state.counters.steps > before
    click(app, scene.faster_button.rect)
    app.step(1 / 60)
    assert scene.speed_index == 6
    scene.set_speed(INSTANT)
    click(app, scene.play_button.rect)
    for _ in range(5):
        app.step(1 / 60)
        if scene.finished:
            break
    assert scene.finished
    scene.set_speed(0)
    click(app, scene.restart_button.rect)
    app.step(1 / 60)
    assert not scene.finished and scene.playing
    assert scene.state.counters.steps <= 1  # started again from the blank grid
    click(app, scene.back_button.rect)
    app.step(1 / 60)
    assert scene not in app.scenes


def test_solution_browser_shows_each_solution_and_their_differences() -> None:
    puzzle = picture(SEARCH_8X8_ROWS)
    app, scene = open_replay(puzzle)
    key(app, pygame.K_END)
    for _ in range(300):
        app.step(1 / 60)
        if scene.finished:
            break
    solutions = solve(puzzle, max_solutions=None).solutions
    assert len(solutions) == 3
    assert len(scene.solutions) == 3
    assert scene.part.differences is not None
    expected = (solutions[0] != solutions[1]) | (solutions[0] != solutions[2])
    assert np.array_equal(scene.part.differences, expected)
    shown = []
    for _ in range(3):
        shown.append(scene.shown_board().filled_mask())
        key(app, pygame.K_RIGHT)
        app.step(1 / 60)
    assert all(np.array_equal(a, b) for a, b in zip(shown, solutions, strict=True))
    assert scene.solution_index == 0  # wrapped around
    key(app, pygame.K_LEFT)
    app.step(1 / 60)
    assert scene.solution_index == 2
    click(app, scene.next_button.rect)
    app.step(1 / 60)
    assert scene.solution_index == 0
    # The differing cells are framed in the accent colour on screen.
    layout = scene.part.layout
    assert layout is not None
    y, x = np.argwhere(expected)[0].tolist()
    box = layout.cell_box(x, y)
    assert app.screen.get_at((box.x, box.centre[1]))[:3] == app.theme.accent
    assert "3 solutions" in scene.status_text()[0]


def test_the_panel_and_the_solution_summary_give_the_same_figures() -> None:
    """QA: the statistics said "Lines solved 75" and "Solver time 9.9 ms" while the finished
    summary said "The engine solved 161 lines ... in 7.0 ms" for the same puzzle."""
    puzzle = picture(PROBING_10X10)
    app, scene = open_replay(puzzle)
    scene.set_speed(len(SPEEDS) - 1)  # "max": the run spreads over several frames
    assert scene.playing
    for _ in range(600):
        app.step(1 / 60)
        if scene.finished:
            break
    assert scene.finished
    app.step(1 / 60)  # the panel with the solution text drawn
    figures = dict(scene.part.statistics())
    summary = scene.part.engine_summary()
    assert summary is not None
    lines = figures["Lines that gave cells"]
    assert f"({lines} gave cells)" in summary
    assert figures["Solver time"] in summary
    assert f"tried {figures['Cells tried']} cells" in summary
    # The engine's own total of lines looked at is a different, larger figure, named so.
    assert scene.state.result is not None
    stats = scene.state.result.stats
    assert f"looked at {stats.lines_solved + stats.cache_hits:,} lines" in summary
    assert stats.lines_solved + stats.cache_hits > int(lines.replace(",", ""))
    assert "Lines solved" not in figures


def test_verdicts_no_solution_and_time_limit() -> None:
    app, scene = open_replay(NO_SOLUTION)
    key(app, pygame.K_END)
    for _ in range(60):
        app.step(1 / 60)
        if scene.finished:
            break
    assert scene.finished and scene.status_text()[0] == "No solution"
    assert not scene.solutions

    app, scene = open_replay(picture(SEARCH_8X8_ROWS), time_limit=1e-9)
    key(app, pygame.K_END)
    for _ in range(60):
        app.step(1 / 60)
        if scene.finished:
            break
    assert scene.finished
    assert scene.status_text()[0].startswith("Gave up after the time limit")

    app, scene = open_replay(picture(("#.#", ".#.", "#.#")))
    key(app, pygame.K_END)
    for _ in range(60):
        app.step(1 / 60)
    assert scene.status_text()[0] == "Unique solution"


def test_starting_from_the_players_marks() -> None:
    puzzle = picture(SEARCH_8X8_ROWS)
    solution = solve(puzzle).solutions[0]
    board = Board.blank(puzzle.width, puzzle.height)
    # Two rows of the first solution, as the player marked them.
    for y in (0, 1):
        for x in range(puzzle.width):
            board.set(x, y, Cell.FILLED if solution[y, x] else Cell.CROSSED)
    board.set(0, 7, Cell.TRIAL_FILLED)  # trial marks are the player's guesses: left out
    app, scene = open_replay(puzzle, initial_board=board)
    assert not scene.part.from_marks  # from the blank grid unless asked
    assert scene.state.initial is None
    # Handled straight away (not queued for a frame), to see the scene between the click
    # and the next update: the click only starts the check, the frames that follow give the
    # verdict.
    for kind in (Kind.POINTER_DOWN, Kind.POINTER_UP):
        scene.handle(pointer(kind, scene.part.marks_toggle.rect.center))
    assert scene.part.marks_check is not None and not scene.part.from_marks
    assert scene.status_text()[0] == "Checking your marks…"
    settle_marks_check(app, scene)
    assert scene.part.from_marks
    assert "fit" in scene.part.marks_note
    expected = np.where(solution[:2], 1, 0)
    # The replay starts again from the marks: they are on the grid from the first frame on.
    assert np.array_equal(scene.state.grid[:2], expected)
    assert scene.state.initial is not None
    assert np.array_equal(scene.state.initial[:2], expected)
    assert scene.state.initial[7, 0] == -1
    key(app, pygame.K_END)
    for _ in range(300):
        app.step(1 / 60)
        if scene.finished:
            break
    assert scene.finished and scene.solutions
    assert all(np.array_equal(found[:2], solution[:2]) for found in scene.solutions)

    # Marks that break a clue: the switch stays off and the player is told why.
    bad = Board.blank(puzzle.width, puzzle.height)
    for x in range(puzzle.width):
        bad.set(x, 0, Cell.FILLED)  # row 1's clue is 7, not 8
    app, scene = open_replay(puzzle, initial_board=bad)
    click(app, scene.part.marks_toggle.rect)
    settle_marks_check(app, scene)
    assert not scene.part.from_marks and not scene.part.marks_toggle.value
    assert "contradict" in scene.part.marks_note
    assert any("contradict" in toast.text for toast in app.toasts.items)
    assert scene.state.initial is None


def test_watch_entries_construct_the_scene_with_the_puzzle_only() -> None:
    app = App(headless=True)
    puzzle = picture(SEARCH_8X8_ROWS)
    app.push(ReplayScene(app, puzzle))
    for _ in range(5):
        app.step(1 / 60)
    scene = app.top
    assert isinstance(scene, ReplayScene) and scene.playing
    assert scene.state.counters.steps > 0
    # A resized window lays everything out again.
    app.feed(pygame.event.Event(pygame.VIDEORESIZE, size=(900, 640), w=900, h=640))
    app.step(1 / 60)
    assert scene.part.layout is not None and scene.part.layout.outer_box.right <= 900
    key(app, pygame.K_ESCAPE)
    app.step(1 / 60)
    assert scene not in app.scenes


def test_replay_command_reports_bad_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from game.cli import main
    from game.commands import replay as command
    from game.core.solver import trace

    assert command.DEFAULT_TIME_LIMIT == trace.DEFAULT_TIME_LIMIT
    assert command.DEFAULT_MAX_SOLUTIONS == trace.DEFAULT_MAX_SOLUTIONS
    broken = tmp_path / "broken.non"
    broken.write_text("width 5\nheight x\n", encoding="utf-8")
    assert main(["replay", str(broken)]) == 2
    error = capsys.readouterr().err
    assert error.startswith("hanjie: ") and str(broken) in error
    assert len(error.strip().splitlines()) == 1
    assert main(["replay", str(tmp_path / "missing.non")]) == 2
    assert "missing.non" in capsys.readouterr().err


def test_puzzles_without_cells_or_too_large_are_refused_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from game.cli import main
    from game.ui.opening import MAX_PLAYABLE

    empty = Puzzle(width=0, height=0, row_clues=(), column_clues=(), title="Draft")
    size = MAX_PLAYABLE + 1
    huge = Puzzle(
        width=size, height=size, row_clues=((),) * size, column_clues=((),) * size, title="Huge"
    )
    for puzzle, words in ((empty, "no cells"), (huge, "too large")):
        app = App(headless=True)
        app.push(ReplayScene(app, puzzle))
        app.step(1 / 60)
        assert not any(isinstance(scene, ReplayScene) for scene in app.scenes)
        assert any(words in toast.text for toast in app.toasts.items)
    path = tmp_path / "huge.non"
    rows = "\n".join("0" for _ in range(size))
    path.write_text(
        f"width {size}\nheight {size}\n\nrows\n{rows}\n\ncolumns\n{rows}\n", encoding="utf-8"
    )
    assert main(["replay", str(path)]) == 2
    error = capsys.readouterr().err
    assert "too large" in error and len(error.strip().splitlines()) == 1


def test_the_play_scene_opens_the_replay_with_the_players_board() -> None:
    from game.core.play.moves import Paint
    from game.ui.scenes.play.scene import PlayScene

    puzzle = picture(SEARCH_8X8_ROWS)
    app = App(headless=True)
    play = PlayScene(app, puzzle)
    app.push(play)
    app.step()
    play.session.apply(Paint(1, 0, 7, 0, Cell.FILLED))  # row 1 is seven filled cells
    play.open_solver()
    app.step(1 / 60)
    scene = app.top
    assert isinstance(scene, ReplayScene)
    assert not scene.part.from_marks and scene.state.initial is None
    assert scene.part.marks is not None and (scene.part.marks[0, 1:] == 1).all()
    key(app, pygame.K_ESCAPE)
    app.step(1 / 60)
    assert app.top is play


def test_frames_drawn_piecemeal_match_a_full_repaint() -> None:
    # The bars and the panel are only blitted when they change, and a toast over them forces
    # a full repaint: after the toast is gone, the window must look as if drawn afresh.
    puzzle = picture(SEARCH_8X8_ROWS)
    bad = Board.blank(puzzle.width, puzzle.height)
    for x in range(puzzle.width):
        bad.set(x, 0, Cell.FILLED)
    app, scene = open_replay(puzzle, initial_board=bad)
    for _ in range(20):
        app.step(1 / 60)
    key(app, pygame.K_SPACE)  # pause, so the board stays put
    app.step(1 / 60)
    click(app, scene.part.marks_toggle.rect)  # refused: a toast appears over the window
    settle_marks_check(app, scene)
    assert app.toasts.items
    for _ in range(6 * 60):
        app.step(1 / 60)
        if not app.toasts.items:
            break
    assert not app.toasts.items
    for _ in range(3):
        app.step(1 / 60)
    piecemeal = pygame.image.tobytes(app.screen, "RGB")
    scene.drawn.clear_all = True
    app.step(1 / 60)
    assert pygame.image.tobytes(app.screen, "RGB") == piecemeal


def test_the_legend_explains_the_red_flash_of_a_contradiction() -> None:
    from game.ui.scenes.shared.replay.view import render_legend

    app = App(headless=True)
    scene = ReplayScene(app, picture(PROBING_10X10))
    app.push(scene)
    app.step()
    target = pygame.Surface((600, 120))
    target.fill(app.theme.panel)
    render_legend(scene, scene.part.legend, target, 0, 600, 120)
    error = pygame.Color(*app.theme.error)
    reds = sum(1 for x in range(600) for y in range(120) if target.get_at((x, y))[:3] == error[:3])
    assert reds >= 25, "a red swatch (the contradiction flash) is in the legend"


def test_back_from_the_race_repaints_the_whole_replay() -> None:
    """QA: Watch the solver -> Race them -> Back left parts of the race boards, its stat boxes
    and its footer around the replay board: the replay only repaints what changed."""
    app, scene = open_replay(picture(SEARCH_8X8_ROWS))
    key(app, pygame.K_SPACE)  # pause, so the board stays put
    for _ in range(3):
        app.step(1 / 60)
    fresh = pygame.image.tobytes(app.screen, "RGB")
    click(app, scene.part.race_button.rect)
    for _ in range(5):
        app.step(1 / 60)
    assert app.top is not scene
    race = pygame.image.tobytes(app.screen, "RGB")
    assert race != fresh
    key(app, pygame.K_ESCAPE)
    app.step(1 / 60)
    assert app.top is scene
    app.step(1 / 60)
    assert pygame.image.tobytes(app.screen, "RGB") == fresh


def test_watch_and_race_give_the_same_count_of_lines_looked_at() -> None:
    """QA: for the horse Watch said "The engine looked at 222 lines" and the race's Hanjie
    board "Lines looked at 203": the race took the engine's lines solved without those
    answered from its cache."""
    app, scene = open_replay(picture(PROBING_10X10))
    key(app, pygame.K_END)
    for _ in range(600):
        app.step(1 / 60)
        if scene.finished:
            break
    assert scene.finished and scene.state.result is not None
    stats = scene.state.result.stats
    assert stats.cache_hits > 0  # else both counts would agree by chance
    summary = scene.part.engine_summary()
    assert summary is not None
    click(app, scene.part.race_button.rect)
    app.step(1 / 60)
    race = app.top
    assert isinstance(race, RaceScene)
    key(app, pygame.K_END)
    for _ in range(600):
        app.step(1 / 60)
        if race.finished:
            break
    assert race.finished
    (engine,) = [runner for runner in race.race.runners if runner.algorithm == "hanjie"]
    assert f"looked at {engine.counters.lines:,} lines" in summary
