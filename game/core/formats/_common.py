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

from game.core.i18n import _, ngettext
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
    """A file that cannot be read as a puzzle: ``str()`` is ``"path:line: reason"``.

    The reason is in the language the game speaks when the error is raised (readers build
    it from a template marked for the catalogue, ``_("...{field}...").format(...)``): the
    game's screens set the player's language, the command line never does, so its messages
    stay English (a script that reads them reads one language)."""

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
        raise FormatError(name, None, too_large_reason())


def too_large_reason() -> str:
    """Why a file past :data:`MAX_FILE_BYTES` is refused."""
    return _("the file is larger than {size} MB").format(size=MAX_FILE_BYTES // (1024 * 1024))


def line_label(what: str, index: int) -> str:
    """ "row 3" or "column 3" (``what`` is "row" or "column") in the player's language: the
    name a clue line's messages start with."""
    label = _("row {number}") if what == "row" else _("column {number}")
    return label.format(number=index)


def dimension_label(what: str) -> str:
    """ "width" or "height" in the player's language."""
    return _("width") if what == "width" else _("height")


def more_clues_reason(what: str) -> str:
    """Why a section with more row (or column) clue lines than any puzzle has is refused."""
    template = (
        _("more than {limit} row clues: puzzles are at most {limit} cells wide and high")
        if what == "row"
        else _("more than {limit} column clues: puzzles are at most {limit} cells wide and high")
    )
    return template.format(limit=MAX_DIMENSION)


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
        raise FormatError(
            name, None, _("the file has more than {count} lines").format(count=MAX_LINES)
        )
    lines = text.splitlines()
    if lines and max(map(len, lines)) > MAX_LINE_CHARS:
        number = next(i for i, line in enumerate(lines, start=1) if len(line) > MAX_LINE_CHARS)
        raise FormatError(name, number, long_line_reason(MAX_LINE_CHARS))
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
        reason = _("{what}: {text} is not a whole number").format(what=what, text=quote(text, 20))
        raise FormatError(path, line, reason)
    if len(text.lstrip("+-")) > MAX_NUMBER_DIGITS:
        reason = _("{what}: the number {text}… is far too large").format(what=what, text=text[:12])
        raise FormatError(path, line, reason)
    return int(text)


def parse_dimension(token: str, what: str, path: str, line: int | None) -> int:
    """A width or height, refused when outside what the game can hold."""
    text = token.strip()
    if text.isdecimal() and len(text) > MAX_NUMBER_DIGITS:
        shown = text if len(text) <= 12 else text[:12] + "…"
        raise FormatError(path, line, dimension_reason(what, shown))
    value = parse_int(token, what, path, line)
    check_dimension(value, what, path, line)
    return value


def check_dimension(value: int, what: str, path: str, line: int | None) -> None:
    if not MIN_DIMENSION <= value <= MAX_DIMENSION:
        raise FormatError(path, line, dimension_reason(what, str(value)))


def dimension_reason(what: str, shown: str) -> str:
    """Why a width or height (``what``, already said in the player's language) is refused."""
    return _("{what} must be between {low} and {high}, not {value}").format(
        what=what, low=MIN_DIMENSION, high=MAX_DIMENSION, value=shown
    )


def long_line_reason(limit: int) -> str:
    """Why a line longer than ``limit`` characters is refused."""
    return _("the line is longer than {limit} characters").format(limit=limit)


def too_many_runs_reason(what: str) -> str:
    """Why a clue line with more numbers than any line has cells is refused."""
    return _("{what}: more numbers than any puzzle line can hold").format(what=what)


def negative_reason(what: str, value: int) -> str:
    """Why a negative clue number is refused."""
    return _("{what}: a clue cannot be negative ({value})").format(what=what, value=value)


def long_run_reason(what: str, run: object) -> str:
    """Why a run longer than any puzzle line is refused."""
    return _("{what}: a run of {run} cells is longer than any puzzle line").format(
        what=what, run=run
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
        raise FormatError(path, line, too_many_runs_reason(what))
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
            raise FormatError(path, line, negative_reason(what, run))
        if run > MAX_DIMENSION:
            raise FormatError(path, line, long_run_reason(what, run))
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
        raise FormatError(path, lines[MAX_DIMENSION][0], more_clues_reason(what))


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
        raise FormatError(path, None, _("there are no row clues"))
    if not columns and width is None:
        raise FormatError(path, None, _("there are no column clues"))
    for what, clues in (("row", rows), ("column", columns)):
        if len(clues) > MAX_DIMENSION:
            raise FormatError(path, clues[MAX_DIMENSION].line, more_clues_reason(what))
    width = len(columns) if width is None else width
    height = len(rows) if height is None else height
    check_dimension(width, dimension_label("width"), path, None)
    check_dimension(height, dimension_label("height"), path, None)
    for clues, expected, template in (
        (rows, height, _("there are {count} row clues but the height is {size}")),
        (columns, width, _("there are {count} column clues but the width is {size}")),
    ):
        if len(clues) != expected:
            at = clues[expected].line if len(clues) > expected else None
            reason = template.format(count=len(clues), size=expected)
            raise FormatError(path, at, reason)
    for what, clues, length in (("row", rows, width), ("column", columns, height)):
        for index, item in enumerate(clues, start=1):
            if palette is not None and item.colours is not None:
                needed = colour_clue_length(item.clue, item.colours)
            else:
                needed = clue_length(item.clue)
            if needed > length:
                template = (
                    ngettext(
                        "{what}: clue {clue} needs {needed} cell, the row has {length}",
                        "{what}: clue {clue} needs {needed} cells, the row has {length}",
                        needed,
                    )
                    if what == "row"
                    else ngettext(
                        "{what}: clue {clue} needs {needed} cell, the column has {length}",
                        "{what}: clue {clue} needs {needed} cells, the column has {length}",
                        needed,
                    )
                )
                reason = template.format(
                    what=line_label(what, index),
                    clue=clue_text(item.clue),
                    needed=needed,
                    length=length,
                )
                raise FormatError(path, item.line, reason)
    _check_totals(path, rows, columns, palette)
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


def _check_totals(
    path: str, rows: Sequence[ClueLine], columns: Sequence[ClueLine], palette: Palette | None
) -> None:
    """Refuse clues whose rows and columns fill different numbers of cells (of a colour),
    said here in the player's language before the model's own check."""
    colours = (1,) if palette is None else tuple(range(1, palette.count + 1))
    for colour in colours:
        totals = [
            sum(
                run
                for item in clues
                for run, shade in zip(
                    item.clue,
                    item.colours if item.colours is not None else (1,) * len(item.clue),
                    strict=False,
                )
                if shade == colour
            )
            for clues in (rows, columns)
        ]
        if totals[0] == totals[1]:
            continue
        if palette is None:
            reason = ngettext(
                "row clues fill {rows} cell but column clues fill {columns}",
                "row clues fill {rows} cells but column clues fill {columns}",
                totals[0],
            ).format(rows=totals[0], columns=totals[1])
        else:
            from game.core.convert.colour_names import said_name

            reason = ngettext(
                "row clues fill {rows} cell of {colour} but column clues fill {columns}",
                "row clues fill {rows} cells of {colour} but column clues fill {columns}",
                totals[0],
            ).format(
                rows=totals[0], colour=said_name(palette.colour(colour).name), columns=totals[1]
            )
        raise FormatError(path, None, reason)


def _colours_of(clues: Sequence[ClueLine]) -> tuple[tuple[int, ...], ...]:
    return tuple(
        item.colours if item.colours is not None else (1,) * len(item.clue) for item in clues
    )


def parse_goal_bits(text: str, width: int, height: int, path: str, line: int | None) -> Grid:
    """A row-major string of 0/1 (whitespace ignored) as a goal grid."""
    bits = "".join(text.split())
    if len(bits) != width * height:
        raise FormatError(path, line, goal_size_reason(len(bits), width, height))
    stray = bits.replace("0", "").replace("1", "")
    if stray:
        reason = _("the goal may hold only 0 and 1, not {text}").format(text=quote(stray[0]))
        raise FormatError(path, line, reason)
    return tuple(tuple(map("1".__eq__, bits[y * width : (y + 1) * width])) for y in range(height))


def goal_size_reason(cells: int, width: int, height: int) -> str:
    """Why a goal of ``cells`` cells does not fit a ``width`` x ``height`` puzzle."""
    return _("the goal has {cells} cells but a {width}x{height} puzzle has {needed}").format(
        cells=cells, width=width, height=height, needed=width * height
    )


def goal_bits(puzzle: Puzzle) -> str:
    """The goal as a row-major string of 0/1 (empty when there is none)."""
    if puzzle.goal is None:
        return ""
    return "".join("1" if cell else "0" for row in puzzle.goal for cell in row)
