"""Clue <-> line helpers shared by the model, the session and the formats.

A *clue* is a tuple of positive run lengths (an empty tuple is an empty line). A *line*
here is any sequence of truthy (filled) and falsy (not filled) values.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

Clue = tuple[int, ...]


def runs_of(line: Iterable[object]) -> Clue:
    """The lengths of the filled runs of ``line``, left to right."""
    runs: list[int] = []
    current = 0
    for cell in line:
        if cell:
            current += 1
        elif current:
            runs.append(current)
            current = 0
    if current:
        runs.append(current)
    return tuple(runs)


def clue_length(clue: Sequence[int]) -> int:
    """The fewest cells a line needs to hold ``clue``: the runs plus one gap between each."""
    if not clue:
        return 0
    return sum(clue) + len(clue) - 1


def clue_text(clue: Sequence[int]) -> str:
    """A clue as players read it: ``"5 3"``, or ``"0"`` for an empty line."""
    return " ".join(str(run) for run in clue) if clue else "0"
