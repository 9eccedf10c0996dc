"""Petr Olšák's formats: ``.mk`` (size line, rows, ``#``, columns) and ``.g`` (black-and-white).

``.mk``::

    50 60          <- rows, then columns
    16             <- one row clue per line, numbers separated by spaces
    ...
    #
    13             <- one column clue per line
    ...

``.g``: free text (the first line is taken as the title when it stands alone), an optional
colour table after a ``#d`` line (``<inchar>:<outchar> <colour> <comment>``; ``0`` is the
background, ``1`` the default block colour), then sections opened by lines starting with
``:`` — rows, columns, and an end marker. A block may carry a colour letter (``3b``); more
than one block colour is a colour puzzle, which is refused.
"""

from __future__ import annotations

import re

from game.core.formats._common import (
    COLOUR_REFUSED,
    ClueLine,
    FormatError,
    build_puzzle,
    check_section_size,
    parse_clue,
    parse_dimension,
    quote,
    sniff_lines,
    split_lines,
    trim_trailing_blanks,
)
from game.core.puzzle import Puzzle

MK_NAME = "mk"
MK_EXTENSIONS = (".mk",)
G_NAME = "g"
G_EXTENSIONS = (".g",)

_SIZE_LINE = re.compile(r"\s*(\d+)\s+(\d+)\s*")
_BLOCK = re.compile(r"(\d+)([^\d\s,]?)")
_TOKEN_SEPARATORS = re.compile(r"[\s,]+")


# Sniffers look at one stripped line at a time: a MULTILINE ``^\s*`` pattern crosses line
# breaks and rescans a run of blank lines from each of its starts (quadratic).


def sniff_mk(text: str) -> bool:
    lines = sniff_lines(text)
    first = next((line for line in lines if line.strip()), "")
    return bool(_SIZE_LINE.fullmatch(first)) and any(line.strip() == "#" for line in lines)


def sniff_g(text: str) -> bool:
    markers = 0
    for line in sniff_lines(text):
        markers += line.lstrip().startswith(":")
        if markers >= 2:
            return True
    return False


def _clues(lines: list[tuple[int, str]], what: str, name: str, expected: int) -> list[ClueLine]:
    """Clue lines of a section; blank lines are ignored unless they make the count right."""
    filled = [(number, raw) for number, raw in lines if raw.strip()]
    check_section_size(filled, what, name)
    if len(filled) != expected:
        trimmed = trim_trailing_blanks(lines)
        # One index, not repeated slicing: a section of blank lines stays linear.
        start = next((i for i, (_, raw) in enumerate(trimmed) if raw.strip()), len(trimmed))
        if len(trimmed) - start == expected:
            filled = trimmed[start:]
    return [
        ClueLine(parse_clue(raw, f"{what} {index}", name, number), number)
        for index, (number, raw) in enumerate(filled, start=1)
    ]


def read_mk(text: str, name: str = "<text>") -> Puzzle:
    lines = list(enumerate(split_lines(text, name), start=1))
    header_index = next((i for i, (_, raw) in enumerate(lines) if raw.strip()), None)
    if header_index is None:
        raise FormatError(name, None, "the file is empty")
    header_line, header = lines[header_index]
    size = _SIZE_LINE.fullmatch(header)
    if size is None:
        raise FormatError(name, header_line, "the first line must be the rows and the columns")
    height = parse_dimension(size.group(1), "height", name, header_line)
    width = parse_dimension(size.group(2), "width", name, header_line)
    body = lines[header_index + 1 :]
    separator = next((i for i, (_, raw) in enumerate(body) if raw.strip() == "#"), None)
    if separator is None:
        raise FormatError(name, None, "there is no '#' line between the rows and the columns")
    rows = _clues(body[:separator], "row", name, height)
    columns = _clues(body[separator + 1 :], "column", name, width)
    return build_puzzle(name, rows=rows, columns=columns, width=width, height=height)


def read_g(text: str, name: str = "<text>") -> Puzzle:
    lines = list(enumerate(split_lines(text, name), start=1))
    markers = [i for i, (_, raw) in enumerate(lines) if raw.strip().startswith(":")]
    if len(markers) < 2:
        raise FormatError(
            name, None, "expected a ':' line before the rows and another before the columns"
        )
    header = [raw for _, raw in lines[: markers[0]]]
    foreground = _colour_table(header, name)
    end = markers[2] if len(markers) > 2 else len(lines)
    sections: list[list[ClueLine]] = []
    colours_used: set[str] = set()
    for what, start, stop in (("row", markers[0] + 1, markers[1]), ("column", markers[1] + 1, end)):
        clues: list[ClueLine] = []
        section = [(number, raw) for number, raw in lines[start:stop] if raw.strip()]
        check_section_size(section, what, name)
        for number, raw in section:
            plain: list[str] = []
            for token in _TOKEN_SEPARATORS.split(raw.strip()):
                block = _BLOCK.fullmatch(token)
                if block is None:
                    where = f"{what} {len(clues) + 1}"
                    raise FormatError(name, number, f"{where}: {quote(token, 20)} is not a block")
                colours_used.add(block.group(2) or "1")
                plain.append(block.group(1))
            clues.append(
                ClueLine(
                    parse_clue(" ".join(plain), f"{what} {len(clues) + 1}", name, number), number
                )
            )
        sections.append(clues)
    if len(foreground) > 1 or len(colours_used) > 1:
        raise FormatError(name, None, COLOUR_REFUSED)
    return build_puzzle(name, rows=sections[0], columns=sections[1], title=_title(header))


def _colour_table(header: list[str], name: str) -> set[str]:
    """The block colours the ``#d`` table declares (the background ``0`` excluded)."""
    colours: set[str] = set()
    in_table = False
    for raw in header:
        stripped = raw.strip()
        if stripped.startswith("#"):
            in_table = stripped.startswith("#d")
            continue
        if in_table and len(stripped) >= 2 and stripped[1] == ":" and stripped[0] != "0":
            colours.add(stripped[0])
    return colours


def _title(header: list[str]) -> str:
    text = [raw.strip() for raw in header if raw.strip()]
    before_table = []
    for line in text:
        if line.startswith("#"):
            break
        before_table.append(line)
    return before_table[0][:100] if len(before_table) == 1 else ""
