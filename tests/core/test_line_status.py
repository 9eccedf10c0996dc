"""The one line status (complete / contradicted) on colour lines: black and white's rule
generalised, so it must stay sound in colour too: marks that some solution of the line
agrees with are never called contradicted, and a fully marked line is judged."""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.board import fill_value, is_trial_value, mark_colour
from game.core.palette import ColourClue, colour_runs_of
from game.core.play.line_status import line_status

COLOURS = 2
# Every cell value of a two-colour board: unknown, crosses, the colours, real and trial.
VALUES = [0, *sorted({fill_value(c, t) for c in range(COLOURS + 1) for t in (False, True)})]


def _agrees(runs: ColourClue, marks: list[int]) -> bool:
    """Brute force: some colouring of the line with these runs agrees with every mark."""
    for colouring in itertools.product(range(COLOURS + 1), repeat=len(marks)):
        if colour_runs_of(colouring) != runs:
            continue
        if all(
            value == 0 or mark_colour(value) == colour
            for value, colour in zip(marks, colouring, strict=True)
        ):
            return True
    return False


line_cases = st.integers(1, 7).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(0, COLOURS), min_size=n, max_size=n).map(colour_runs_of),
        st.lists(st.sampled_from(VALUES), min_size=n, max_size=n),
    )
)


@settings(max_examples=400, deadline=None)
@given(line_cases)
def test_colour_line_status_is_sound_and_judges_full_lines(
    case: tuple[ColourClue, list[int]],
) -> None:
    runs, marks = case
    status = line_status(runs, np.array(marks, dtype=np.int8))
    painted = [max(mark_colour(value), 0) for value in marks]
    assert status.complete == (colour_runs_of(painted) == runs)
    assert not (status.complete and status.contradicted)
    if _agrees(runs, marks):
        assert not status.contradicted, "marks a solution agrees with are never wrong"
    if 0 not in marks:
        assert status.contradicted == (not status.complete), "fully marked lines are judged"


def test_a_closed_stretch_walled_by_another_colour_is_judged() -> None:
    red, green = fill_value(1), fill_value(2)
    # "2 red, 1 green": a red 1 walled by the edge and a green cell cannot be the red 2.
    assert line_status(((2, 1), (1, 2)), np.array([red, green, 0, 0, 0], np.int8)).contradicted
    # The trial marks count as marks, and the same stretch left open is not judged.
    trial_red = fill_value(1, trial=True)
    assert is_trial_value(trial_red)
    open_line = np.array([0, trial_red, green, 0, 0], np.int8)
    assert not line_status(((2, 1), (1, 2)), open_line).contradicted
