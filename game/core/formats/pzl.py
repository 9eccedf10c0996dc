"""The ``.pzl`` format: a notes line, then the row clues, then the column clues.

::

    Voorbeeldpuzzel
    N1
    2
    1,1
    N1
    2
    2

Each section starts with a line ``N`` immediately followed by its *first* clue, so the
example is 3x3 with rows ``1 / 2 / 1 1`` and columns ``1 / 2 / 2`` (reading ``N1`` as a
count would give a 2-row puzzle that no 3-wide grid satisfies). ``0`` is an empty line.
A bare ``N`` with no clue lines after it is a section with no clues (a puzzle with no
rows or no columns); the writer marks an empty first clue ``N0``, so the two never mix.
"""

from __future__ import annotations

from game.core.formats._common import (
    ClueLine,
    FormatError,
    build_puzzle,
    check_section_size,
    line_label,
    looks_like_clue,
    one_line,
    parse_clue,
    sniff_lines,
    split_lines,
    trim_trailing_blanks,
)
from game.core.i18n import _
from game.core.lines import Clue
from game.core.puzzle import Puzzle

NAME = "pzl"
EXTENSIONS = (".pzl",)


def _is_section_start(line: str) -> bool:
    stripped = line.strip()
    if not stripped.startswith("N"):
        return False
    rest = stripped[1:].strip()
    return not rest or looks_like_clue(rest)


def sniff(text: str) -> bool:
    lines = sniff_lines(text[:20_000])[:400]
    starts = [index for index, line in enumerate(lines) if _is_section_start(line)]
    return len(starts) >= 2 and starts[0] <= 1


def read(text: str, name: str = "<text>") -> Puzzle:
    lines = split_lines(text, name)
    starts = [index for index, line in enumerate(lines) if _is_section_start(line)]
    # The first line is the free notes line, unless the file has no notes at all.
    if len(starts) == 2 and starts[0] == 0:
        notes = ""
    else:
        notes = lines[0].strip() if lines else ""
        starts = [index for index in starts if index > 0]
    if len(starts) < 2:
        raise FormatError(
            name, None, _("expected two sections, each starting with N and its first clue")
        )
    if len(starts) > 2:
        raise FormatError(name, starts[2] + 1, _("a third N section (only rows and columns)"))
    for index in range(1, starts[0]):
        if lines[index].strip():
            raise FormatError(name, index + 1, _("expected the N line that starts the row clues"))
    rows = _section(lines, starts[0], starts[1], "row", name)
    columns = _section(lines, starts[1], len(lines), "column", name)
    # Both N lines are there, so an empty section is a puzzle with no rows (or columns).
    return build_puzzle(
        name, rows=rows, columns=columns, width=len(columns), height=len(rows), title=notes
    )


def _section(lines: list[str], start: int, end: int, what: str, name: str) -> list[ClueLine]:
    first = lines[start].strip()[1:]
    body = [(start + 1, first), *((index + 1, lines[index]) for index in range(start + 1, end))]
    body = trim_trailing_blanks(body)
    check_section_size(body, what, name)
    return [
        ClueLine(parse_clue(raw, line_label(what, index), name, number), number)
        for index, (number, raw) in enumerate(body, start=1)
    ]


def _clue(clue: Clue) -> str:
    return ",".join(map(str, clue)) if clue else "0"


def write(puzzle: Puzzle) -> str:
    lines = [one_line(puzzle.title)]
    for clues in (puzzle.row_clues, puzzle.column_clues):
        # A section with no clues at all is a bare N (an empty first clue is N0).
        lines.append("N" + (_clue(clues[0]) if clues else ""))
        lines += [_clue(clue) for clue in clues[1:]]
    return "\n".join(lines) + "\n"
