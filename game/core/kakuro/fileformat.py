r"""The ``.kak`` text format: Hanjie's own Kakuro files, readable and writable by a person.

Described for players in ``docs/kakuro-format.md``. In short::

    kakuro
    title "Little one"
    by "Hanjie generator"
    difficulty 2
    size 5x4

    grid
    #    16\  24\  #    #
    \17  .    .    7\   #
    \23  .    .    .    #
    #    \10  .    .    #

    solution
    # # # # #
    # 8 9 # #
    ...

The first line is the word ``kakuro``. Header lines are ``key value`` (``title``, ``by``,
``size`` WxH, and any other key, kept and written back); ``;`` starts a comment line. The
``grid`` section is one line per row, cells separated by blanks: ``.`` a white cell, ``#``
a black cell without sums, ``D\A`` a black cell with the down sum D and the across sum A
(either may be left out: ``16\`` or ``\17``). The optional ``solution`` section gives
each white cell's digit (``#`` on black cells).

The reader follows the input policy of :mod:`game.core.formats._common` (size bounds,
quoted and escaped messages, linear time) and refuses a bad file with one line naming the
line: a :class:`~game.core.formats._common.FormatError`.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import replace
from pathlib import Path

from game.core.formats import decode_puzzle_bytes
from game.core.formats._common import (
    FormatError,
    long_line_reason,
    one_line,
    parse_int,
    quote,
    split_lines,
    unquote,
)
from game.core.i18n import _
from game.core.kakuro.combos import MAX_TOTAL
from game.core.kakuro.model import MAX_SIZE, MIN_SIZE, KakuroError, KakuroPuzzle
from game.core.store.fileio import os_reason, readable, write_text_atomically

NAME = "kak"
EXTENSIONS = (".kak",)
MAGIC = "kakuro"
# A 32x32 board with every cell "45\45" and a long title is under 8 KB; the bound keeps a
# stray big file from being split at all.
MAX_FILE_CHARS = 64 * 1024
MAX_LINE_CHARS = 2048
MAX_KEYS = 64

_KEY = re.compile(r"[A-Za-z_][\w.-]*")
_SIZE = re.compile(r"(\d{1,9})\s*[xX]\s*(\d{1,9})")
_SUM_CELL = re.compile(r"(\d{0,6})\\(\d{0,6})")
_TEXT_KEYS = {"title": "title", "by": "author", "author": "author"}
_RESERVED = {"title", "by", "author", "size", "grid", "solution", MAGIC}

_Cell = tuple[bool, int, int]  # (white, down, across)


def sniff(text: str) -> bool:
    """Whether ``text`` starts like a ``.kak`` file (its first real line is ``kakuro``)."""
    for line in text[:4096].splitlines():
        stripped = line.strip().lstrip("\ufeff")
        if not stripped or stripped.startswith(";"):
            continue
        return stripped.lower() == MAGIC
    return False


def read(text: str, name: str = "<text>") -> KakuroPuzzle:
    """The puzzle in ``text``; :class:`FormatError` (one line) when it is not one."""
    text = text.removeprefix("\ufeff")
    if len(text) > MAX_FILE_CHARS:
        reason = _("a Kakuro file is at most {size} KB").format(size=MAX_FILE_CHARS // 1024)
        raise FormatError(name, None, reason)
    if not text.strip():
        raise FormatError(name, None, _("the file is empty"))
    lines = split_lines(text, name)
    numbered = [
        (number, line.strip())
        for number, line in enumerate(lines, start=1)
        if line.strip() and not line.strip().startswith(";")
    ]
    for number, line in numbered:
        if len(line) > MAX_LINE_CHARS:
            raise FormatError(name, number, long_line_reason(MAX_LINE_CHARS))
    if not numbered or numbered[0][1].lower() != MAGIC:
        at = numbered[0][0] if numbered else None
        first, _space, rest = numbered[0][1].partition(" ") if numbered else ("", "", "")
        if first.lower() == MAGIC:  # "kakuro 6x6": the file does start with the word
            if re.fullmatch(r"\s*\d+x\d+\s*", rest):
                template = _(
                    "a Kakuro file has the word '{word}' alone on its first line (then: size "
                    "{size})"
                )
            else:
                template = _(
                    "a Kakuro file has the word '{word}' alone on its first line (then: the rest)"
                )
            raise FormatError(name, at, template.format(word=MAGIC, size=rest.strip()))
        reason = _("a Kakuro file starts with the word '{word}'").format(word=MAGIC)
        raise FormatError(name, at, reason)
    texts: dict[str, str] = {}
    extra: list[tuple[str, str]] = []
    size: tuple[int, int] | None = None
    grid: list[list[_Cell]] | None = None
    grid_line = 0
    solution: list[list[int]] | None = None
    solution_line = 0
    position = 1
    while position < len(numbered):
        number, line = numbered[position]
        position += 1
        parts = line.split(None, 1)
        key = parts[0].lower()
        value = parts[1].strip() if len(parts) > 1 else ""
        if key in ("grid", "solution"):
            if size is None:
                reason = (
                    _("the size must come before the grid")
                    if key == "grid"
                    else _("the size must come before the solution")
                )
                raise FormatError(name, number, reason)
            if value:
                reason = (
                    _("the rows of the grid start on the next line")
                    if key == "grid"
                    else _("the rows of the solution start on the next line")
                )
                raise FormatError(name, number, reason)
            width, height = size
            rows = numbered[position : position + height]
            if len(rows) < height:
                template = (
                    _("the grid needs {height} rows, the file ends after {count}")
                    if key == "grid"
                    else _("the solution needs {height} rows, the file ends after {count}")
                )
                raise FormatError(name, number, template.format(height=height, count=len(rows)))
            position += height
            if key == "grid":
                if grid is not None:
                    raise FormatError(name, number, _("a second grid"))
                grid, grid_line = [_grid_row(row, width, name) for row in rows], number
            else:
                if solution is not None:
                    raise FormatError(name, number, _("a second solution"))
                solution = [_solution_row(row, width, name) for row in rows]
                solution_line = number
            continue
        if not _KEY.fullmatch(parts[0]):
            reason = _("expected a key such as size or grid, not {text}").format(
                text=quote(line, 30)
            )
            raise FormatError(name, number, reason)
        if key == "size":
            size = _size(value, name, number)
        elif key in _TEXT_KEYS:
            texts[_TEXT_KEYS[key]] = unquote(value)
        elif key == MAGIC:
            raise FormatError(name, number, _("'{word}' a second time").format(word=MAGIC))
        else:
            if len(extra) >= MAX_KEYS:
                raise FormatError(name, number, _("more than {limit} keys").format(limit=MAX_KEYS))
            extra.append((parts[0], unquote(value)))
    if size is None:
        raise FormatError(name, None, _("there is no size line (such as 'size 8x8')"))
    if grid is None:
        raise FormatError(name, None, _("there is no grid section"))
    width, height = size
    try:
        return KakuroPuzzle(
            width,
            height,
            tuple(tuple(cell[0] for cell in row) for row in grid),
            tuple(tuple(cell[2] for cell in row) for row in grid),
            tuple(tuple(cell[1] for cell in row) for row in grid),
            title=texts.get("title", ""),
            author=texts.get("author", ""),
            solution=tuple(map(tuple, solution)) if solution is not None else None,
            extra=tuple(extra),
        )
    except KakuroError as error:
        at = solution_line if error.about_solution else grid_line
        raise FormatError(name, at, str(error)) from error


def _size(value: str, name: str, number: int) -> tuple[int, int]:
    match = _SIZE.fullmatch(value)
    if not match:
        reason = _("the size should look like 8x8, not {text}").format(text=quote(value, 20))
        raise FormatError(name, number, reason)
    width, height = int(match.group(1)), int(match.group(2))
    for template, side in (
        (_("the width must be {low} to {high}, not {value}"), width),
        (_("the height must be {low} to {high}, not {value}"), height),
    ):
        if not MIN_SIZE <= side <= MAX_SIZE:
            reason = template.format(low=MIN_SIZE, high=MAX_SIZE, value=side)
            raise FormatError(name, number, reason)
    return width, height


def _tokens(row: tuple[int, str], width: int, what: str, name: str) -> list[str]:
    number, line = row
    tokens = line.split(None, width)
    if len(tokens) != width:
        if len(tokens) > width:
            template = (
                _("this grid row has more than {width} cells, the size says {width}")
                if what == "grid"
                else _("this solution row has more than {width} cells, the size says {width}")
            )
        else:
            template = (
                _("this grid row has {count} cells, the size says {width}")
                if what == "grid"
                else _("this solution row has {count} cells, the size says {width}")
            )
        raise FormatError(name, number, template.format(count=len(tokens), width=width))
    return tokens


def _grid_row(row: tuple[int, str], width: int, name: str) -> list[_Cell]:
    number = row[0]
    cells: list[_Cell] = []
    for column, token in enumerate(_tokens(row, width, "grid", name), start=1):
        if token == ".":
            cells.append((True, 0, 0))
        elif token == "#":
            cells.append((False, 0, 0))
        else:
            match = _SUM_CELL.fullmatch(token)
            if not match:
                reason = _(
                    "cell {column}: {text} is not '.', '#' or down\\across such as 16\\17"
                ).format(column=column, text=quote(token, 20))
                raise FormatError(name, number, reason)
            sums = []
            cell = _("cell {column}").format(column=column)
            for part in match.groups():
                total = parse_int(part, cell, name, number) if part else 0
                if total > MAX_TOTAL:
                    reason = _("cell {column}: a sum is at most {limit}, not {total}").format(
                        column=column, limit=MAX_TOTAL, total=total
                    )
                    raise FormatError(name, number, reason)
                sums.append(total)
            cells.append((False, sums[0], sums[1]))
    return cells


def _solution_row(row: tuple[int, str], width: int, name: str) -> list[int]:
    number = row[0]
    digits: list[int] = []
    for column, token in enumerate(_tokens(row, width, "solution", name), start=1):
        if token == "#":
            digits.append(0)
        elif len(token) == 1 and token in "123456789":
            digits.append(int(token))
        else:
            reason = _("cell {column}: {text} is not a digit 1-9 or '#'").format(
                column=column, text=quote(token, 20)
            )
            raise FormatError(name, number, reason)
    return digits


def _cell_token(puzzle: KakuroPuzzle, x: int, y: int) -> str:
    if puzzle.white[y][x]:
        return "."
    down, across = puzzle.down[y][x], puzzle.across[y][x]
    if not down and not across:
        return "#"
    return f"{down or ''}\\{across or ''}"


def _quoted(value: str) -> str:
    # The reader strips only the outer quotes, so inner ones need no escaping.
    return '"' + one_line(value) + '"'


def write(puzzle: KakuroPuzzle, *, with_solution: bool = True) -> str:
    """The ``.kak`` text of ``puzzle``; :func:`read` gives the same puzzle back."""
    lines = [MAGIC]
    if puzzle.title:
        lines.append(f"title {_quoted(puzzle.title)}")
    if puzzle.author:
        lines.append(f"by {_quoted(puzzle.author)}")
    for key, value in puzzle.extra:
        if key.lower() in _RESERVED or not _KEY.fullmatch(key):
            continue
        simple = value and len(value.split()) == 1 and '"' not in value
        lines.append(f"{key} {value if simple else _quoted(value)}")
    lines += [f"size {puzzle.width}x{puzzle.height}", "", "grid"]
    tokens = [
        [_cell_token(puzzle, x, y) for x in range(puzzle.width)] for y in range(puzzle.height)
    ]
    column = max(len(token) for row in tokens for token in row) + 1
    lines += ["".join(token.ljust(column) for token in row).rstrip() for row in tokens]
    if with_solution and puzzle.solution is not None:
        lines += ["", "solution"]
        lines += [
            " ".join(str(digit) if digit else "#" for digit in row) for row in puzzle.solution
        ]
    return "\n".join(lines) + "\n"


def read_kakuro(path: str | os.PathLike[str]) -> KakuroPuzzle:
    """Read the ``.kak`` file at ``path`` (only a regular file is opened); a puzzle without
    a title is named after its file."""
    name = os.fspath(path)
    try:
        info = os.stat(name)
    except ValueError as error:
        raise FormatError(name, None, _("the name contains a NUL character")) from error
    except OSError as error:
        raise FormatError(name, None, os_reason(error)) from error
    if stat.S_ISDIR(info.st_mode):
        raise FormatError(name, None, _("this is a folder, not a puzzle file"))
    if not stat.S_ISREG(info.st_mode):
        raise FormatError(name, None, _("this is not a regular file (a pipe, device or socket)"))
    try:
        with open(name, "rb") as stream:
            data = stream.read(MAX_FILE_CHARS * 4 + 1)
    except OSError as error:
        raise FormatError(name, None, os_reason(error)) from error
    puzzle = read(decode_puzzle_bytes(data, name), name)
    stem = Path(name).stem
    if not puzzle.title and stem:
        puzzle = replace(puzzle, title=readable(stem))
    return puzzle


def write_kakuro(puzzle: KakuroPuzzle, path: str | os.PathLike[str]) -> None:
    """Write ``puzzle`` to ``path`` atomically (a failed write leaves no half file)."""
    name = os.fspath(path)
    try:
        write_text_atomically(name, readable(write(puzzle)))
    except OSError as error:
        raise FormatError(name, None, os_reason(error)) from error
