"""Screenshots of the Kakuro screens for ``python -m game screenshot``: the Kakuro level
select with some progress, a game in progress with pencil marks and the selected cell's runs
and combinations, a check that found a repeated digit and a sum that cannot be made, and the
solver replay in the middle of its search."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.i18n import _
from game.core.kakuro.model import KakuroPuzzle, from_digits
from game.core.kakuro.packs import KakuroEntry, list_kakuro_packs, read_kakuro_entries
from game.core.kakuro.session import KakuroMove, KakuroSession
from game.core.kakuro.task import solve
from game.resources import levels_dir
from game.ui.scenes.kakuro.play import KakuroPlayScene
from game.ui.scenes.kakuro.replay import KakuroReplayScene
from game.ui.scenes.kakuro.select import KakuroSelectScene

if TYPE_CHECKING:
    from game.ui.app import App


def _entries() -> list[KakuroEntry]:
    packs = list_kakuro_packs(levels_dir())
    if not packs:
        return []
    return [entry for entry in read_kakuro_entries(packs[0]) if entry.puzzle is not None]


def _answer(puzzle: KakuroPuzzle, index: int) -> int:
    assert puzzle.solution is not None
    x, y = puzzle.white_cells[index]
    return puzzle.solution[y][x]


def _steps(app: App, frames: int = 3) -> None:
    for _frame in range(frames):
        app.step(1 / 60)


def _shot_select(app: App) -> None:
    entries = _entries()
    store = app.store
    for number, entry in enumerate(entries[:3]):
        assert entry.key is not None
        store.mark_solved(entry.key, 64.0 + 41 * number, title=entry.name, path=str(entry.path))
    if len(entries) > 3:
        entry = entries[3]
        assert entry.puzzle is not None and entry.key is not None
        session = KakuroSession(entry.puzzle)
        session.apply(KakuroMove("digit", 0, _answer(entry.puzzle, 0)))
        store.save_session(entry.key, session.to_json(), title=entry.name, path=str(entry.path))
    app.push(KakuroSelectScene(app))
    _steps(app)


def _game(app: App, number: int) -> KakuroPlayScene | None:
    entries = _entries()
    if len(entries) <= number:
        return None
    entry = entries[number]
    assert entry.puzzle is not None
    scene = KakuroPlayScene(app, entry.puzzle, entry.path)
    app.push(scene)
    _steps(app, 1)
    return scene


def _shot_play(app: App) -> None:
    """Half the board typed in, pencil marks in the cells still open around the cursor."""
    scene = _game(app, 6)
    if scene is None:
        return
    puzzle = scene.puzzle
    session = scene.session
    for index in range(puzzle.white_count // 2):
        scene.select(index)
        scene.type_digit(_answer(puzzle, index))
    # Candidates pencilled in the next cells: the right digit and a wrong one or two.
    for index in range(puzzle.white_count // 2, puzzle.white_count // 2 + 6):
        if index >= puzzle.white_count:
            break
        scene.select(index)
        right = _answer(puzzle, index)
        for digit in sorted({right, right % 9 + 1, (right + 4) % 9 + 1}):
            scene.type_digit(digit, pencil=True)
    scene.select(puzzle.white_count // 2 + 1)
    session.elapsed = 163.0
    scene.set_message(
        _(
            "Pencil on: digits go in small, as candidates (again to take one out). "
            "Shift+digit pencils at any time."
        )
    )
    scene.pencil = True
    _steps(app)


def _shot_check(app: App) -> None:
    """A repeated digit in one run and a sum the digits placed cannot make in another."""
    scene = _game(app, 4)
    if scene is None:
        return
    puzzle = scene.puzzle
    across = next(run for run in puzzle.runs if run.axis == "across" and run.length >= 3)
    down = next(
        run
        for run in puzzle.runs
        if run.axis == "down" and run.total <= 9 and not set(run.cells) & set(across.cells)
    )
    flagged = {puzzle.white_index[cell] for cell in (*across.cells[:2], down.cells[0])}
    touched = {run for index in flagged for run in puzzle.cell_runs[index]}
    # Some right digits away from those runs: a game under way.
    calm = [i for i in range(puzzle.white_count) if not set(puzzle.cell_runs[i]) & touched]
    for index in calm[:6]:
        scene.select(index)
        scene.type_digit(_answer(puzzle, index))
    first, second = (puzzle.white_index[cell] for cell in across.cells[:2])
    scene.select(first)
    scene.type_digit(6)
    scene.select(second)
    scene.type_digit(6)
    scene.select(puzzle.white_index[down.cells[0]])
    scene.type_digit(9)  # nothing can join a 9 in a run that adds up to 9 or less
    scene.select(second)
    scene.session.elapsed = 95.0
    scene.check()
    _steps(app)


def with_two_answers(puzzle: KakuroPuzzle) -> KakuroPuzzle | None:
    """``puzzle`` with one 2x2 square of white cells given the digits A B / B A, which the
    swap B A / A B fits as well: a board with (at least) two answers, so the solver has to
    guess and backtrack. None when the board has no such square."""
    solution = puzzle.solution
    if solution is None:
        return None
    digits = [list(row) for row in solution]
    for y in range(puzzle.height - 1):
        for x in range(puzzle.width - 1):
            square = [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]
            if not all(puzzle.is_white(*cell) for cell in square):
                continue
            runs = {run for cell in square for run in puzzle.cell_runs[puzzle.white_index[cell]]}
            others = {
                digits[cy][cx]
                for run in runs
                for cx, cy in puzzle.runs[run].cells
                if (cx, cy) not in square
            }
            free = [digit for digit in range(1, 10) if digit not in others]
            if len(free) < 2:
                continue
            a, b = free[0], free[-1]
            for (cx, cy), digit in zip(square, (a, b, b, a), strict=True):
                digits[cy][cx] = digit
            return from_digits(puzzle.white, digits, title=puzzle.title + ", two answers")
    return None


def _shot_replay(app: App) -> None:
    """The search under way: a guess open, candidates thinned around it. The smallest
    bundled board that needs guessing (the Fiendish ones); without one, a starter board
    given a second answer, which the search must find (validation's view of a bad board)."""
    entries = [
        entry
        for pack in list_kakuro_packs(levels_dir())
        for entry in read_kakuro_entries(pack)
        if entry.puzzle is not None
    ]
    if not entries:
        return
    efforts = [
        (bool(guesses), -entry.puzzle.white_count, guesses, number)
        for number, entry in enumerate(entries)
        if entry.puzzle is not None
        and (guesses := solve(entry.puzzle, time_limit=2).stats.guesses) >= 0
    ]
    needs_guess, _whites, _guesses, number = max(efforts)
    puzzle = entries[number].puzzle
    assert puzzle is not None
    if not needs_guess:
        puzzle = with_two_answers(puzzle) or puzzle
    scene = KakuroReplayScene(app, puzzle, name=puzzle.title, playing=False)
    app.push(scene)
    _steps(app, 1)
    # Step by step with a few frames between (the backtrack's glow fades as on screen).
    # A one-answer board stops a few steps after its first backtrack, with a guess still
    # open; a two-answer board after its first solution, the search going on for a second.
    extra = 8
    for _frame in range(2000):
        if scene.finished or extra <= 0:
            break
        scene.step_once()
        app.step(0.04)
        counters = scene.state.counters
        under_way = counters.backtracks if needs_guess else counters.solutions
        if under_way and scene.state.guessed:
            extra -= 1


def _entry(app: App, complete: bool) -> None:
    """The entry screen with the first starter board typed in: whole and checked by the
    solver, or half way with one sum its cells cannot make."""
    from game.ui.scenes.kakuro.entry import KakuroEntryScene

    entries = _entries()
    if not entries or entries[0].puzzle is None:
        return
    book = entries[0].puzzle
    scene = KakuroEntryScene(app, book.width, book.height)
    app.push(scene)
    draft = scene.draft
    for y in range(book.height):
        for x in range(book.width):
            draft.set_white(x, y, book.white[y][x])
    runs = book.runs if complete else book.runs[: len(book.runs) // 2]
    for run in runs:
        draft.set_sum(run.x, run.y, run.axis, run.total)
    if not complete:
        first = book.runs[0]
        draft.set_sum(first.x, first.y, first.axis, 45)
    scene.title_input.text = "Starter from the book"
    scene._changed()
    last = runs[-1]
    scene.select(last.x, last.y, last.axis)
    for _frame in range(200):
        app.step(1 / 60)
        if not scene.checking:
            break
    _steps(app)


def _shot_entry(app: App) -> None:
    _entry(app, complete=True)


def _shot_entry_typing(app: App) -> None:
    _entry(app, complete=False)


SCREENSHOTS = {
    "kakuro_select": _shot_select,
    "kakuro_entry": _shot_entry,
    "kakuro_entry_typing": _shot_entry_typing,
    "kakuro_play": _shot_play,
    "kakuro_check": _shot_check,
    "kakuro_replay": _shot_replay,
}
