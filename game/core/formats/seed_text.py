"""The plain seed format: a ``#HORIZONTALES`` section of row clues and ``#VERTICALES`` of columns.

::

    #HORIZONTALES
    2
    1, 2

    #VERTICALES
    ...

Numbers are separated by commas (spaces allowed). Inside a section an empty line is an
empty row or column; blank lines at the end of a section are padding. The size is given
by how many clues each section holds, so rectangular puzzles need nothing more.
"""

from __future__ import annotations

import re

from game.core.formats._common import (
    ClueLine,
    FormatError,
    build_puzzle,
    check_section_size,
    line_label,
    parse_clue,
    sniff_lines,
    split_lines,
    trim_trailing_blanks,
)
from game.core.i18n import _
from game.core.puzzle import Puzzle

NAME = "txt"
EXTENSIONS = (".txt",)

# Matched against one line at a time, never across line breaks (that was quadratic).
_MARKER = re.compile(r"\s*#\s*(HORIZONTALES|VERTICALES)\s*", re.IGNORECASE)


def sniff(text: str) -> bool:
    return any(_MARKER.fullmatch(line) for line in sniff_lines(text) if "#" in line)


def read(text: str, name: str = "<text>") -> Puzzle:
    sections: dict[str, list[tuple[int, str]]] = {}
    current: list[tuple[int, str]] | None = None
    for number, raw in enumerate(split_lines(text, name), start=1):
        marker = _MARKER.fullmatch(raw)
        if marker:
            key = marker.group(1).upper()
            if key in sections:
                raise FormatError(name, number, _("a second #{key} section").format(key=key))
            current = sections[key] = []
        elif current is not None:
            current.append((number, raw))
        elif raw.strip():
            raise FormatError(name, number, _("expected #HORIZONTALES or #VERTICALES first"))
    for key in ("HORIZONTALES", "VERTICALES"):
        if key not in sections:
            raise FormatError(name, None, _("the #{key} section is missing").format(key=key))
    rows = _clues(sections["HORIZONTALES"], "row", name)
    columns = _clues(sections["VERTICALES"], "column", name)
    # Both markers are there, so an empty section is a puzzle with no rows (or columns).
    return build_puzzle(name, rows=rows, columns=columns, width=len(columns), height=len(rows))


def _clues(lines: list[tuple[int, str]], what: str, name: str) -> list[ClueLine]:
    lines = trim_trailing_blanks(lines)
    check_section_size(lines, what, name)
    return [
        ClueLine(parse_clue(raw, line_label(what, index), name, number), number)
        for index, (number, raw) in enumerate(lines, start=1)
    ]


def _section(clues: tuple[tuple[int, ...], ...]) -> list[str]:
    lines = [", ".join(map(str, clue)) for clue in clues]
    # A blank last line would read back as padding, so a trailing empty line is "0".
    if lines and not lines[-1]:
        lines[-1] = "0"
    return lines


def write(puzzle: Puzzle) -> str:
    lines = ["#HORIZONTALES", *_section(puzzle.row_clues)]
    lines += ["#VERTICALES", *_section(puzzle.column_clues)]
    return "\n".join(lines) + "\n"
