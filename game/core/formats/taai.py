"""The TAAI 2011 tournament question file: many square puzzles in one text file.

::

    $1
    <column 1 clue, numbers separated by tabs>
    ...            (all the column clues, then all the row clues)

Each ``$N`` block holds 2n lines for an n x n puzzle (25x25 in the tournament set).
Reading such a file as one puzzle gives its first puzzle.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from game.core.formats._common import (
    MAX_PUZZLES_PER_FILE,
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

NAME = "taai"
EXTENSIONS = (".taai", ".txt")

_HEADER = re.compile(r"\s*\$\s*(\d{1,9})\s*")


def sniff(text: str) -> bool:
    first = next((line for line in sniff_lines(text[:10_000]) if line.strip()), "")
    return bool(_HEADER.fullmatch(first))


def _blocks(text: str, name: str) -> Iterator[tuple[int, str, list[tuple[int, str]]]]:
    """(header line, puzzle number, clue lines) for each ``$N`` block, in file order."""
    header: tuple[int, str] | None = None
    body: list[tuple[int, str]] = []
    for number, raw in enumerate(split_lines(text, name), start=1):
        match = _HEADER.fullmatch(raw)
        if match:
            if header is not None:
                yield header[0], header[1], body
            header, body = (number, match.group(1)), []
        elif header is not None:
            body.append((number, raw))
        elif raw.strip():
            raise FormatError(name, number, _("expected a '$1' line before the first puzzle"))
    if header is not None:
        yield header[0], header[1], body


def _puzzle(header_line: int, label: str, body: list[tuple[int, str]], name: str) -> Puzzle:
    lines = trim_trailing_blanks(body)
    if not lines or len(lines) % 2:
        reason = _(
            "puzzle ${label} has {count} clue lines; expected the column clues then as many "
            "row clues"
        ).format(label=label, count=len(lines))
        raise FormatError(name, header_line, reason)
    size = len(lines) // 2
    check_section_size(lines[size:], "row", name)
    columns = [
        ClueLine(parse_clue(raw, line_label("column", index), name, number), number)
        for index, (number, raw) in enumerate(lines[:size], start=1)
    ]
    rows = [
        ClueLine(parse_clue(raw, line_label("row", index), name, number), number)
        for index, (number, raw) in enumerate(lines[size:], start=1)
    ]
    return build_puzzle(name, rows=rows, columns=columns, title=f"taai2011 #{label}")


def read_taai_questions(text: str, name: str = "<text>") -> list[Puzzle]:
    """Every puzzle of a TAAI question file, titled ``taai2011 #N``."""
    puzzles: list[Puzzle] = []
    for line, label, body in _blocks(text, name):
        if len(puzzles) == MAX_PUZZLES_PER_FILE:
            reason = _("more than {limit} puzzles in one file").format(limit=MAX_PUZZLES_PER_FILE)
            raise FormatError(name, line, reason)
        puzzles.append(_puzzle(line, label, body, name))
    return puzzles


def pick_taai_question(text: str, name: str, number: int) -> tuple[Puzzle | None, int]:
    """The ``number``-th puzzle of a question file (from 1; None past the end) and how many
    the file holds: only that one is parsed."""
    blocks = list(_blocks(text, name))
    if not blocks:
        raise FormatError(name, None, _("there is no '$1' puzzle in this file"))
    if number > len(blocks):
        return None, len(blocks)
    return _puzzle(*blocks[number - 1], name), len(blocks)


def read(text: str, name: str = "<text>") -> Puzzle:
    first = next(_blocks(text, name), None)
    if first is None:
        raise FormatError(name, None, _("there is no '$1' puzzle in this file"))
    return _puzzle(*first, name)
