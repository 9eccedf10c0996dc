"""The CP-SAT model of ``benchmarks/against_cpsat.py`` must be the clues' own language, or the
comparison it prints would be against a different puzzle (OR-tools itself is not needed)."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def _runs(line: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(len(group) for group in "".join(map(str, line)).split("0") if group)


def _accepts(transitions: list[tuple[int, int, int]], finals: list[int], line: tuple[int, ...]):
    table: dict[tuple[int, int], int] = {}
    for state, value, target in transitions:
        assert (state, value) not in table, "the automaton must be deterministic"
        table[(state, value)] = target
    state = 0
    for value in line:
        if (state, value) not in table:
            return False
        state = table[(state, value)]
    return state in finals


def test_the_automaton_accepts_exactly_the_lines_of_its_clue(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    import against_cpsat

    chooser = random.Random(7)
    clues = [(), (1,), (3,), (1, 1), (2, 1, 3)] + [
        tuple(chooser.randint(1, 3) for _ in range(chooser.randint(1, 3))) for _ in range(12)
    ]
    for clue in clues:
        transitions, finals = against_cpsat._automaton(clue)
        for length in range(0, 9):
            for line in itertools.product((0, 1), repeat=length):
                assert _accepts(transitions, finals, line) == (_runs(line) == clue), (clue, line)
