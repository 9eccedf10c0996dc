"""The first lesson's logic: its puzzles are fair, each step waits for the right move and
corrects a wrong one without touching the board, Back and Skip keep the board on the path."""

from __future__ import annotations

import re

import numpy as np
import pytest

from game.core.board import Cell, shown_colours
from game.core.play.lesson import Lesson, LessonRun, Step, Want, cells_in
from game.core.play.lesson_book import LESSONS, OVERLAP, RULES, TRIALS
from game.core.play.moves import DiscardTrial, Paint
from game.core.solver.hints import find_hint
from game.core.solver.line import analyse_line
from game.core.solver.line_logic import domains_of, line_codes
from game.core.solver.task import SolveTask


def _fill(x0: int, y0: int, x1: int, y1: int) -> Paint:
    return Paint(x0, y0, x1, y1, Cell.FILLED)


def _cross(x0: int, y0: int, x1: int, y1: int) -> Paint:
    return Paint(x0, y0, x1, y1, Cell.CROSSED)


def test_the_book_has_four_to_six_small_unique_puzzles_each_ending_with_its_picture() -> None:
    assert 4 <= len(LESSONS) <= 6
    for lesson in LESSONS:
        puzzle = lesson.puzzle
        assert 3 <= puzzle.width <= 6 and 3 <= puzzle.height <= 6, lesson.title
        assert SolveTask(puzzle, max_solutions=2).run().status == "unique", lesson.title
        assert lesson.steps[-1].want == Want.SOLVE, lesson.title


def _codes(states: np.ndarray) -> bytes:  # type: ignore[type-arg]
    """A line of board states as the black-and-white line solver's bytes."""
    return line_codes(domains_of(shown_colours(states).tolist(), 1))


def test_every_guided_step_asks_only_for_cells_its_lines_prove() -> None:
    """Walked in order (each step skipped, which does it), every cell a marking step asks
    for is forced by the clue of a line the step highlights, on the board the lesson has
    reached: a step never asks the player to guess (a trial step asks for a wrong guess)."""
    for lesson in LESSONS:
        run = LessonRun((lesson,))
        puzzle = run.puzzle
        while not run.lesson_done:
            step = run.step
            if step.want in (Want.FILL, Want.CROSS):
                cells = run.board.cells
                for x, y in step.cells:
                    proven = False
                    for row in step.rows:
                        found = analyse_line(puzzle.row_clues[row], _codes(cells[row]))
                        assert found is not None
                        mask = found.forced_filled if step.want == Want.FILL else found.forced_empty
                        proven |= row == y and bool(mask >> x & 1)
                    for column in step.columns:
                        line = _codes(cells[:, column])
                        found = analyse_line(puzzle.column_clues[column], line)
                        assert found is not None
                        mask = found.forced_filled if step.want == Want.FILL else found.forced_empty
                        proven |= column == x and bool(mask >> y & 1)
                    assert proven, f"{lesson.title}: {step.text[:40]} asks for {(x, y)}"
            if step.want == Want.TRIAL_FILL:
                goal = puzzle.goal_array()
                assert goal is not None
                assert all(not goal[y, x] for x, y in step.cells)  # a guess the clues refute
            assert run.skip().step_done
        assert run.session.solved


def test_the_hint_lesson_asks_for_the_cells_the_hint_gives() -> None:
    run = LessonRun((LESSONS[-1],))
    assert run.step.want == Want.HINT
    hint = find_hint(run.puzzle, run.board)
    assert hint is not None
    assert run.press(Want.HINT).step_done
    assert frozenset((x, y) for x, y, _ in hint.cells) == run.step.cells
    assert all(state == Cell.FILLED for _, _, state in hint.cells)


def test_a_reading_step_waits_for_next_and_refuses_marks() -> None:
    run = LessonRun(LESSONS)
    assert run.step.want == Want.NEXT
    verdict = run.apply(_fill(0, 0, 3, 0))
    assert not verdict.accepted and "Next" in verdict.text
    assert not run.board.known_mask().any()
    assert run.next().step_done
    assert run.step.want == Want.FILL


def test_a_fill_step_takes_partial_progress_then_completes() -> None:
    run = LessonRun(LESSONS)
    run.next()
    first = run.apply(_fill(0, 0, 1, 0))
    assert first.accepted and not first.step_done
    assert run.pending_cells() == cells_in(2, 0, 3, 0)
    done = run.apply(_fill(2, 0, 3, 0))
    assert done.step_done
    assert run.step_index == 2


def test_a_wrong_move_is_refused_gently_and_the_board_is_untouched() -> None:
    run = LessonRun(LESSONS)
    run.next()
    crossed = run.apply(_cross(0, 0, 3, 0))
    assert not crossed.accepted and "left button" in crossed.text
    outside = run.apply(_fill(0, 0, 0, 1))  # down column 1: (0, 1) is not asked for yet
    assert not outside.accepted and "row 2, column 1" in outside.text
    assert not run.board.known_mask().any()
    assert run.step_index == 1


def test_a_free_step_refuses_a_mark_the_picture_contradicts_and_accepts_the_rest() -> None:
    run = LessonRun((RULES,))
    while run.step.want != Want.SOLVE:
        run.skip()
    wrong = run.apply(_fill(1, 1, 1, 1))  # row 2, column 2 is empty in the picture
    assert not wrong.accepted and "row 2, column 2" in wrong.text
    assert run.apply(_cross(1, 1, 2, 2)).accepted
    assert run.apply(_fill(1, 3, 2, 3)).step_done
    assert run.lesson_done and run.finished  # the only lesson of this run


def test_trial_steps_wait_for_t_then_a_trial_fill_then_d() -> None:
    run = LessonRun((TRIALS,))
    run.skip()  # rows 2 and 3
    assert run.step.want == Want.TRIAL
    refused = run.apply(_fill(0, 0, 0, 0))
    assert not refused.accepted and "press T" in refused.text
    assert run.press(Want.TRIAL).step_done and run.trial_mode
    assert not run.apply(_fill(0, 0, 0, 0)).accepted  # a real fill, not a trial
    assert run.apply(Paint(0, 0, 0, 0, Cell.TRIAL_FILLED)).step_done
    assert run.step.want == Want.DROP
    assert run.session.column_status(0).contradicted
    assert run.apply(DiscardTrial()).step_done
    assert not run.trial_mode and run.board.get(0, 0) == Cell.UNKNOWN
    assert run.apply(_cross(0, 0, 0, 0)).step_done


def test_back_restores_the_board_the_step_found_and_crosses_lessons() -> None:
    run = LessonRun(LESSONS)
    assert not run.back()  # nothing before the first step
    run.next()
    run.apply(_fill(0, 0, 3, 0))
    run.apply(_fill(0, 1, 0, 1))  # half of step 3
    assert run.back()
    assert (run.step_index, run.board.filled_count) == (1, 0)
    while not run.lesson_done:
        run.skip()
    assert run.next_lesson()
    assert run.lesson.title == OVERLAP.title and not run.board.known_mask().any()
    assert run.back()  # from a lesson's first step to the previous lesson's last step
    assert run.lesson.title == RULES.title and run.step.want == Want.SOLVE
    assert run.board.filled_count == 8


def test_finishing_every_lesson_finishes_the_run() -> None:
    run = LessonRun(LESSONS)
    for index in range(len(LESSONS)):
        while not run.lesson_done:
            assert run.skip().step_done
        if index + 1 < len(LESSONS):
            assert not run.finished
            assert run.next_lesson()
    assert run.finished
    assert not run.next_lesson()
    assert run.progress_text.startswith(f"Lesson {len(LESSONS)} of {len(LESSONS)}")


def test_a_hint_outside_its_step_points_at_the_outlined_cells() -> None:
    run = LessonRun(LESSONS)
    reading = run.press(Want.HINT)
    assert reading.accepted and "Read this step" in reading.text and run.step_index == 0
    run.next()
    verdict = run.press(Want.HINT)
    # Guidance, not a refusal: the scene shows it in the hint colour, not the error red.
    assert verdict.accepted and not verdict.step_done and "outlined" in verdict.text


def test_a_lesson_needs_a_lesson() -> None:
    with pytest.raises(ValueError):
        LessonRun(())
    tiny = Lesson("Tiny", ("#.", ".#"), (Step("Finish.", Want.SOLVE),))
    run = LessonRun((tiny,))
    assert run.apply(_fill(0, 0, 0, 0)).accepted
    assert run.apply(_fill(1, 1, 1, 1)).step_done and run.finished


def _intended_move(run: LessonRun) -> None:
    """Do the current step the way a player following it would: its key, Next, or its
    cells marked one by one (a free step is finished by Skip, which marks the picture)."""
    step = run.step
    state = step.target_state
    if step.want == Want.NEXT:
        assert run.next().step_done
    elif step.want in (Want.TRIAL, Want.DROP, Want.HINT):
        assert run.press(step.want).step_done
    elif state is not None:
        for x, y in sorted(run.pending_cells()):
            assert run.apply(Paint(x, y, x, y, state)).accepted
    else:
        assert run.skip().step_done


def test_no_step_starts_already_done_yet_waiting_for_marks() -> None:
    """QA: Overlap's step 5 asked for cells step 1 had filled, so nothing was outlined and
    Next stayed greyed. Walked with the intended moves, every marking step starts with at
    least one cell still to mark (a reading or key step needs no cell)."""
    for lesson in LESSONS:
        run = LessonRun((lesson,))
        while not run.lesson_done:
            step = run.step
            if step.target_state is not None:
                assert run.pending_cells(), f"{lesson.title}: '{step.text[:40]}' starts done"
            _intended_move(run)
        assert run.session.solved, lesson.title


def test_a_marking_step_already_done_is_ended_by_next_and_hint_guides_without_error() -> None:
    """The engine never blocks: a step whose cells already show what it wants lets Next
    end it, and H says so as guidance (accepted), not as a refusal."""
    lesson = Lesson(
        "Done twice",
        ("##", ".."),
        (
            Step("Fill row 1.", Want.FILL, cells_in(0, 0, 1, 0), rows=(0,)),
            Step("Fill row 1 again.", Want.FILL, cells_in(0, 0, 1, 0), rows=(0,)),
            Step("Finish.", Want.SOLVE),
        ),
    )
    run = LessonRun((lesson,))
    assert not run.can_go_next and not run.next().accepted
    assert run.apply(_fill(0, 0, 1, 0)).step_done
    assert run.step_index == 1 and not run.pending_cells() and run.can_go_next
    hint = run.press(Want.HINT)
    assert hint.accepted and not hint.step_done and "Next" in hint.text
    assert run.next().step_done and run.step.want == Want.SOLVE


def test_steps_ask_only_for_keys_the_lesson_screen_offers() -> None:
    """QA: the trial lesson said "kept with K", a key the lesson screen does not have."""
    offered = {"T", "D", "H"}
    for lesson in LESSONS:
        for step in lesson.steps:
            for key in re.findall(r"\b(?:press|with) ([A-Z])\b", step.text):
                assert key in offered, f"{lesson.title}: '{step.text[:40]}' asks for {key}"


def test_a_run_started_at_a_later_lesson_can_step_back_to_each_earlier_one() -> None:
    run = LessonRun(LESSONS)
    run.start_at(2)
    assert run.lesson.title == LESSONS[2].title and run.step_index == 0 and run.can_go_back
    assert run.back() and run.lesson.title == OVERLAP.title and run.step_index == 0
    assert not run.board.known_mask().any()
    assert run.back() and run.lesson_index == 0 and not run.can_go_back
    assert not run.back()
    with pytest.raises(ValueError):
        run.start_at(len(LESSONS))
