"""Screenshots of the solver replay for ``python -m game screenshot`` (see game/commands).

One shot stops a search-heavy replay at its most telling moment (cells under guesses a few
deep, just after a contradiction taught a rule); the other browses the solutions of an
ambiguous puzzle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.puzzle import Puzzle
from game.core.solver.steps import Learned
from game.core.solver.trace import DEFAULT_MAX_SOLUTIONS, SolveTrace
from game.ui.scenes.replay.scene import ReplayScene

if TYPE_CHECKING:
    from game.ui.app import App


def _search_puzzle() -> Puzzle:
    """Random 20x20 noise whose clues need probing and six-deep guessing (20+ solutions)."""
    return Puzzle.from_grid(
        [[cell == "#" for cell in row] for row in _SEARCH_PICTURE], title="Noise"
    )


def _solutions_puzzle() -> Puzzle:
    """Random 15x15 noise with four solutions that differ in eight cells."""
    return Puzzle.from_grid(
        [[cell == "#" for cell in row] for row in _SOLUTIONS_PICTURE], title="Ambiguous"
    )


_SEARCH_PICTURE: tuple[str, ...] = (
    "####.#..#..##.###..#",
    "...#.#......#.##..#.",
    ".##.#.#.....###..#.#",
    "##..##.##...#######.",
    ".##...#..####.#..#.#",
    ".#.##....#.####.#...",
    "..#.#.#......##...#.",
    "###.#...#.###..#.##.",
    "#..##..##..##.#.##.#",
    "##......#........##.",
    ".....##....######.##",
    "#.###...#..###....#.",
    "...#..#.#.#..##..###",
    "..#..#..##...#..#..#",
    "..###..#......#.#..#",
    ".#.........##.#.#...",
    "##.#......#.###.##..",
    ".######.#.##..##..#.",
    ".#.###......#.#.#...",
    ".########..#..##..##",
)
_SOLUTIONS_PICTURE: tuple[str, ...] = (
    "#.###.#.#..##.#",
    "####..#.#.#####",
    ".##.#.###.#.#..",
    "##.#..#######..",
    "#####..###..#.#",
    "##..####..#####",
    "#.#...##.######",
    ".##.#.#.##.##..",
    "#...###...#####",
    "...#######...#.",
    ".....##.##.##..",
    "##..##.##.#.##.",
    ".##..###..##.#.",
    ".#.#####.#.####",
    ".#.##.##.##..#.",
)


def _search_moment(puzzle: Puzzle, max_steps: int = 200_000) -> int:
    """The step count at which the search is most telling: many cells set under guesses a
    few deep, a few steps after a contradiction taught a short rule (so the log shows it)."""
    state = SolveTrace(puzzle, max_solutions=DEFAULT_MAX_SOLUTIONS, time_limit=None)
    best, best_score = 1, -1
    learned_at = -100
    while not state.finished and state.counters.steps < max_steps:
        state.advance(1.0, max_steps=1)
        step = state.last_step
        if isinstance(step, Learned) and not step.permanent and len(step.cells) <= 3:
            learned_at = state.counters.steps
        trial = int(((state.depth_of > 0) & ~state.probed & (state.grid >= 0)).sum())
        recent = state.counters.steps - learned_at <= 3
        score = trial + (1000 if recent and state.counters.depth >= 3 else 0)
        if score > best_score:
            best, best_score = state.counters.steps, score
    return best


def _shot_search(app: App) -> None:
    puzzle = _search_puzzle()
    moment = _search_moment(puzzle)
    scene = ReplayScene(app, puzzle, playing=False, time_limit=None)
    app.push(scene)
    app.step()
    state = scene.state
    while state.counters.steps < moment and not state.finished:
        state.advance(1.0, max_steps=1)
    # Pulled behind the scene's back: an old contradiction or backtrack must not flash now.
    scene._seen_contradiction = state.contradiction_serial
    scene._seen_backtrack = state.backtrack_serial
    for _ in range(2):
        app.step(1 / 60)


def _shot_solutions(app: App) -> None:
    scene = ReplayScene(app, _solutions_puzzle())
    app.push(scene)
    scene.run_to_end()
    for _ in range(600):
        app.step(1 / 60)
        if scene.finished:
            break
    scene.next_solution()
    app.step(1 / 60)


def _shot_colour(app: App) -> None:
    """The replay of a 20x20 colour puzzle stopped midway: each deduction in its colour."""
    from game.ui.scenes.play.shots import flower

    puzzle = flower()
    scene = ReplayScene(app, puzzle, playing=False, time_limit=None)
    app.push(scene)
    app.step()
    state = scene.state
    cells = puzzle.width * puzzle.height
    while not state.finished and int((state.grid >= 0).sum()) < cells * 0.45:
        state.advance(1.0, max_steps=1)
    for _ in range(2):
        app.step(1 / 60)


SCREENSHOTS = {
    "replay_search": _shot_search,
    "replay_solutions": _shot_solutions,
    "replay_colour": _shot_colour,
}
