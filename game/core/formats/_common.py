"""What every reader shares: the error type, the input policy, and clue parsing with line numbers.

Readers take decoded text and a *name* (the file path, or ``"<text>"``) used only in
messages. They raise :class:`FormatError` and nothing else for bad input.

The input policy, stated once here and enforced by every reader through
:func:`split_lines` (or :func:`check_text` for the XML reader, which does not care about
lines): a file is at most :data:`MAX_FILE_BYTES`, a line at most :data:`MAX_LINE_CHARS`,
and no reader or sniffer uses a pattern that can rescan across lines, so any input within
the policy is read or refused in time linear in its size. Sniffers only look at the first
:data:`SNIFF_CHARS` of a file. Messages quote at most :data:`MAX_QUOTED_CHARS` of the
input, control characters escaped, so a bad file always gives one short line.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from game.core.lines import Clue, clue_length, clue_text
from game.core.palette import Palette, PaletteError, colour_clue_length
from game.core.puzzle import (
    MAX_DIMENSION,
    MIN_DIMENSION,
    ColourGrid,
    Grid,
    Puzzle,
    PuzzleError,
)

# No sensible puzzle file comes near this; the guard keeps a stray multi-gigabyte file
# (or /dev/zero) from being read into memory at all.
MAX_FILE_BYTES = 2 * 1024 * 1024
# The longest legitimate line is a 512x512 Tatham id (about 525,000 characters when
# every clue alternates single cells) or a .non goal on one line (262,144); 1 MiB leaves
# room for both and still names the line of a file that is one endless line.
MAX_LINE_CHARS = 1024 * 1024
# A puzzle has at most 1,024 clue lines and 512 goal lines; the largest collection known
# (the TAAI 2011 questions: 1,000 puzzles of 25x25) has 51,000. Counted at C speed before
# any line is split, so two million blank lines are refused without a loop over them.
MAX_LINES = 65_536
# XML: at most this many tags ("<" counted at C speed before parsing). Building an element
# costs about a microsecond, so 2 MB of "<a>" (700,000 nested elements) took 0.7 s. A webpbn
# file within MAX_FILE_BYTES written as tightly as it can be ("<count>1</count>", 16 bytes
# and two tags a run) has at most 2 MB / 8 tags: every such file is read (issue 49: a
# 490x490 puzzle of 1.9 MB was refused at 200,000), and parsing stays under half a second.
MAX_XML_TAGS = MAX_FILE_BYTES // 8 + 4096
# A file of many puzzles (Tatham ids, TAAI questions) yields at most this many.
MAX_PUZZLES_PER_FILE = 10_000
# Sniffing decides between formats from a file's head; the signatures are near the top.
SNIFF_CHARS = 64 * 1024
# How much of the offending input a message may quote, and how long a reason may get.
MAX_QUOTED_CHARS = 60
MAX_REASON_CHARS = 240
# Clues and sizes never need more digits than this; it also keeps int() away from
# megabyte-long digit strings.
MAX_NUMBER_DIGITS = 6

_INTEGER = re.compile(r"[+-]?\d+")


def escape_controls(text: str) -> str:
    """``text`` with control characters (line breaks included) shown as escapes."""
    if text.isprintable():
        return text
    return "".join(
        char if char.isprintable() or char == " " else char.encode("unicode_escape").decode()
        for char in text
    )


def quote(text: str, limit: int = MAX_QUOTED_CHARS) -> str:
    """A piece of input as a message shows it: quoted, cut to ``limit`` characters, escaped."""
    cut = text if len(text) <= limit else text[:limit] + "…"
    return "'" + escape_controls(cut) + "'"


class FormatError(ValueError):
    """A file that cannot be read as a puzzle: ``str()`` is ``"path:line: reason"``."""

    def __init__(self, path: str, line: int | None, reason: str) -> None:
        self.path = str(path)
        self.line = line
        # Readers quote input through quote(); this is the net for anything that did not:
        # a message stays one short line whatever the file held.
        shown = escape_controls(reason)
        if len(shown) > MAX_REASON_CHARS:
            shown = shown[:MAX_REASON_CHARS] + "…"
        self.reason = shown
        place = escape_controls(self.path)
        where = place if line is None else f"{place}:{line}"
        super().__init__(f"{where}: {shown}")

    def __reduce__(self) -> tuple[type[FormatError], tuple[str, int | None, str]]:
        # Rebuild from the three parts, so the error survives pickling (worker processes).
        return (FormatError, (self.path, self.line, self.reason))


def check_text(text: str, name: str) -> None:
    """Refuse text beyond the size policy (readers may be handed text that no file held)."""
    if len(text) > MAX_FILE_BYTES:
        raise FormatError(
            name, None, f"the file is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB"
        )


# Every character str.splitlines() breaks at; "\r\n" is one break.
_LINE_BREAKS = ("\n", "\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")


def count_lines(text: str) -> int:
    """How many lines ``text.splitlines()`` gives, counted without building them."""
    breaks = sum(text.count(char) for char in _LINE_BREAKS) - text.count("\r\n")
    ends_open = bool(text) and text[-1] not in _LINE_BREAKS
    return breaks + ends_open


def split_lines(text: str, name: str) -> list[str]:
    """The lines of ``text``, after checking the file and line size policy."""
    check_text(text, name)
    if count_lines(text) > MAX_LINES:
        raise FormatError(name, None, f"the file has more than {MAX_LINES} lines")
    lines = text.splitlines()
    if lines and max(map(len, lines)) > MAX_LINE_CHARS:
        number = next(i for i, line in enumerate(lines, start=1) if len(line) > MAX_LINE_CHARS)
        raise FormatError(name, number, f"the line is longer than {MAX_LINE_CHARS} characters")
    return lines


def sniff_lines(text: str) -> list[str]:
    """The lines of the head of ``text`` that sniffers look at (the last may be cut)."""
    return text[:SNIFF_CHARS].splitlines()


@dataclass(frozen=True)
class ClueLine:
    """A clue and the file line it came from (None when the format has no lines)."""

    clue: Clue
    line: int | None = None
    # Each run's colour number (1..) in a colour puzzle; None: every run colour 1.
    colours: tuple[int, ...] | None = None


def parse_int(token: str, what: str, path: str, line: int | None) -> int:
    """A whole number from ``token``, or a FormatError saying what was expected."""
    text = token.strip()
    if not _INTEGER.fullmatch(text):
        raise FormatError(path, line, f"{what}: {quote(text, 20)} is not a whole number")
    if len(text.lstrip("+-")) > MAX_NUMBER_DIGITS:
        raise FormatError(path, line, f"{what}: the number {text[:12]}… is far too large")
    return int(text)


def parse_dimension(token: str, what: str, path: str, line: int | None) -> int:
    """A width or height, refused when outside what the game can hold."""
    text = token.strip()
    if text.isdecimal() and len(text) > MAX_NUMBER_DIGITS:
        shown = text if len(text) <= 12 else text[:12] + "…"
        raise FormatError(
            path, line, f"{what} must be between {MIN_DIMENSION} and {MAX_DIMENSION}, not {shown}"
        )
    value = parse_int(token, what, path, line)
    check_dimension(value, what, path, line)
    return value


def check_dimension(value: int, what: str, path: str, line: int | None) -> None:
    if not MIN_DIMENSION <= value <= MAX_DIMENSION:
        raise FormatError(
            path,
            line,
            f"{what} must be between {MIN_DIMENSION} and {MAX_DIMENSION}, not {value}",
        )


_CLUE_SEPARATORS = re.compile(r"[\s,]+")
# A clue line of plain digits, commas and blanks: parsed in one pass by the fast path.
_PLAIN_CLUE = re.compile(r"[0-9, \t]*")
_CLUE_CHARS = re.compile(r"[0-9+\-, \t]+")


def parse_clue(text: str, what: str, path: str, line: int | None) -> Clue:
    """Numbers separated by commas and/or spaces; ``0`` or nothing is an empty line.

    A line holds at most MAX_DIMENSION numbers (zeros included), so the split stops
    early on an endless line instead of cutting all of it into tokens.
    """
    parts = _CLUE_SEPARATORS.split(text, maxsplit=MAX_DIMENSION + 2)
    tokens = [token for token in parts if token]
    if len(tokens) > MAX_DIMENSION:
        raise FormatError(path, line, f"{what}: more numbers than any puzzle line can hold")
    if _PLAIN_CLUE.fullmatch(text) and max(map(len, tokens), default=0) <= MAX_NUMBER_DIGITS:
        # The common case at C speed (a 512x512 checkerboard has 262,144 runs); a run out
        # of bounds falls through to the loop below, which names it.
        plain = tuple(filter(None, map(int, tokens)))
        if max(plain, default=0) <= MAX_DIMENSION:
            return plain
    runs: list[int] = []
    for token in tokens:
        run = parse_int(token, what, path, line)
        if run < 0:
            raise FormatError(path, line, f"{what}: a clue cannot be negative ({run})")
        if run > MAX_DIMENSION:
            raise FormatError(
                path, line, f"{what}: a run of {run} cells is longer than any puzzle line"
            )
        if run:
            runs.append(run)
    return tuple(runs)


def looks_like_clue(text: str) -> bool:
    """Whether a line holds only clue characters (digits, signs, commas, spaces)."""
    return bool(_CLUE_CHARS.fullmatch(text.strip()))


def unquote(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    return value


def one_line(text: str) -> str:
    """Text safe to write on one line of a file.

    Line breaks, tabs and other control characters become single spaces; a leading byte
    order mark goes too, since a reader would take it for the file's encoding mark.
    """
    visible = "".join(" " if unicodedata.category(char) == "Cc" else char for char in text)
    return " ".join(visible.split()).lstrip("\ufeff").strip()


def check_section_size(lines: Sequence[tuple[int, str]], what: str, path: str) -> None:
    """Refuse a section with more lines than any puzzle has, before parsing any of them."""
    if len(lines) > MAX_DIMENSION:
        raise FormatError(
            path,
            lines[MAX_DIMENSION][0],
            f"more than {MAX_DIMENSION} {what} clues: puzzles are at most "
            f"{MAX_DIMENSION} cells wide and high",
        )


def trim_trailing_blanks(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Drop blank lines at the end of a section: padding, not empty clues."""
    end = len(lines)
    while end and not lines[end - 1][1].strip():
        end -= 1
    return lines[:end]


def build_puzzle(
    path: str,
    *,
    rows: Sequence[ClueLine],
    columns: Sequence[ClueLine],
    width: int | None = None,
    height: int | None = None,
    title: str = "",
    author: str = "",
    copyright: str = "",
    license: str = "",
    goal: Grid | None = None,
    extra: tuple[tuple[str, str], ...] = (),
    palette: Palette | None = None,
    goal_colours: ColourGrid | None = None,
) -> Puzzle:
    """The Puzzle, checking counts and line lengths first so errors can name file lines."""
    if not rows and height is None:
        raise FormatError(path, None, "there are no row clues")
    if not columns and width is None:
        raise FormatError(path, None, "there are no column clues")
    for what, clues in (("row", rows), ("column", columns)):
        if len(clues) > MAX_DIMENSION:
            raise FormatError(
                path,
                clues[MAX_DIMENSION].line,
                f"more than {MAX_DIMENSION} {what} clues: puzzles are at most "
                f"{MAX_DIMENSION} cells wide and high",
            )
    width = len(columns) if width is None else width
    height = len(rows) if height is None else height
    check_dimension(width, "width", path, None)
    check_dimension(height, "height", path, None)
    for what, size_word, clues, expected in (
        ("row", "height", rows, height),
        ("column", "width", columns, width),
    ):
        if len(clues) != expected:
            at = clues[expected].line if len(clues) > expected else None
            raise FormatError(
                path,
                at,
                f"there are {len(clues)} {what} clues but the {size_word} is {expected}",
            )
    for what, clues, length in (("row", rows, width), ("column", columns, height)):
        for index, item in enumerate(clues, start=1):
            if palette is not None and item.colours is not None:
                needed = colour_clue_length(item.clue, item.colours)
            else:
                needed = clue_length(item.clue)
            if needed > length:
                raise FormatError(
                    path,
                    item.line,
                    f"{what} {index}: clue {clue_text(item.clue)} needs {needed} "
                    f"cell{'s' if needed != 1 else ''}, "
                    f"the {what} has {length}",
                )
    colour = palette is not None
    try:
        return Puzzle(
            width=width,
            height=height,
            row_clues=tuple(item.clue for item in rows),
            column_clues=tuple(item.clue for item in columns),
            title=title,
            author=author,
            copyright=copyright,
            license=license,
            goal=None if colour else goal,
            extra=extra,
            palette=palette,
            row_colours=_colours_of(rows) if colour else None,
            column_colours=_colours_of(columns) if colour else None,
            goal_colours=goal_colours if colour else None,
        )
    except (PuzzleError, PaletteError) as error:
        raise FormatError(path, None, str(error)) from error


def _colours_of(clues: Sequence[ClueLine]) -> tuple[tuple[int, ...], ...]:
    return tuple(
        item.colours if item.colours is not None else (1,) * len(item.clue) for item in clues
    )


def parse_goal_bits(text: str, width: int, height: int, path: str, line: int | None) -> Grid:
    """A row-major string of 0/1 (whitespace ignored) as a goal grid."""
    bits = "".join(text.split())
    if len(bits) != width * height:
        raise FormatError(
            path,
            line,
            f"the goal has {len(bits)} cells but a {width}x{height} puzzle has {width * height}",
        )
    stray = bits.replace("0", "").replace("1", "")
    if stray:
        raise FormatError(path, line, f"the goal may hold only 0 and 1, not {quote(stray[0])}")
    return tuple(tuple(map("1".__eq__, bits[y * width : (y + 1) * width])) for y in range(height))


def goal_bits(puzzle: Puzzle) -> str:
    """The goal as a row-major string of 0/1 (empty when there is none)."""
    if puzzle.goal is None:
        return ""
    return "".join("1" if cell else "0" for row in puzzle.goal for cell in row)
