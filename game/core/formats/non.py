"""The ``.non`` text format that nonogram tools exchange (Steve Simpson's keys).

::

    title "Spade"
    by "Someone"
    width 5
    height 5

    rows
    1,1
    0
    ...

    columns
    ...

    goal "0101..."

A section's clue lines run until a blank line or the next key (blank lines straight after
``rows`` or ``columns``, and ``#`` comment lines among the clues, are skipped). ``0`` is an
empty line.
Keys the model does not know are kept in ``Puzzle.extra`` and written back.

Colour (the nonogram-db extension): ``color a #ff0000`` lines declare colour keys (one
character each); a clue item is a number and an optional key (``3a,1b``; a plain number is
key ``1``), and the goal holds ``0`` for the background and a key per cell. Keys used but
never declared get colours of our own, unless the file declares some: then an undeclared
key is refused. Our own colour files are written this way.
"""

from __future__ import annotations

import re
from typing import Any

from game.core.formats._colour import DEFAULT_KEY, PaletteKeys, parse_colour_clue
from game.core.formats._common import (
    ClueLine,
    FormatError,
    build_puzzle,
    dimension_label,
    goal_bits,
    goal_size_reason,
    line_label,
    looks_like_clue,
    more_clues_reason,
    one_line,
    parse_dimension,
    parse_goal_bits,
    quote,
    sniff_lines,
    split_lines,
    unquote,
)
from game.core.i18n import _
from game.core.palette import parse_rgb, rgb_text
from game.core.puzzle import MAX_DIMENSION, ColourGrid, Grid, Puzzle

NAME = "non"
EXTENSIONS = (".non",)

_TEXT_KEYS = {"title": "title", "by": "author", "copyright": "copyright", "license": "license"}
# Keys whose meaning is fixed here; an ``extra`` entry with one of them is not written back.
_RESERVED_KEYS = {
    *_TEXT_KEYS,
    "author",
    "width",
    "height",
    "rows",
    "columns",
    "goal",
    "color",
}
_KEY = re.compile(r"[A-Za-z_][\w.-]*")
# Matched against one stripped line at a time: a pattern over the whole text with ``\s``
# would cross line breaks and rescan runs of blank lines from every line start.
_SNIFF_SIZE = re.compile(r"(width|height)[ \t]+\d+", re.IGNORECASE)


def sniff(text: str) -> bool:
    section = size = False
    for line in sniff_lines(text):
        stripped = line.strip()
        section = section or stripped.lower() in ("rows", "columns")
        size = size or bool(_SNIFF_SIZE.fullmatch(stripped))
        if section and size:
            return True
    return False


def read(text: str, name: str = "<text>") -> Puzzle:
    texts: dict[str, str] = {}
    extra: list[tuple[str, str]] = []
    sizes: dict[str, int] = {}
    sections: dict[str, list[ClueLine]] = {}
    # Goal text, in pieces: a goal may span several lines, and joining once stays linear.
    goal_parts: list[str] = []
    goal_line: int | None = None
    section: str | None = None
    # The clue section a blank line ended, and that line: a clue after it is told so.
    ended: tuple[str, int] | None = None
    # Each clue line's colour keys, parallel to sections[...]; declared and used keys.
    keys: dict[str, list[tuple[str, ...]]] = {"rows": [], "columns": []}
    palette_keys = PaletteKeys(name)

    for number, raw in enumerate(split_lines(text, name), start=1):
        stripped = raw.strip()
        if section is not None:
            clue_section = section in ("rows", "columns")
            if clue_section and stripped.startswith("#"):
                continue  # a comment line among the clues, as between the keys
            if not stripped:
                if clue_section and not sections[section]:
                    continue  # blank lines between the header and its first clue
                if clue_section:
                    ended = (section, number)
                section = None
                continue
            if section == "goal" and _goal_piece(stripped):
                goal_parts.append(stripped.strip("\"'"))
                continue
            if section in ("rows", "columns") and not _ends_section(stripped):
                what = "row" if section == "rows" else "column"
                index = len(sections[section]) + 1
                if index > MAX_DIMENSION:
                    raise FormatError(name, number, more_clues_reason(what))
                label = line_label(what, index)
                clue, clue_keys = parse_colour_clue(stripped, label, name, number)
                for key in dict.fromkeys(clue_keys):
                    palette_keys.use(key, number)
                keys[section].append(clue_keys)
                sections[section].append(ClueLine(clue, number))
                continue
            section = None
        if not stripped or stripped.startswith("#"):
            continue
        parts = stripped.split(None, 1)
        key = parts[0].lower()
        value = parts[1].strip() if len(parts) > 1 else ""
        if not _KEY.fullmatch(parts[0]):
            if looks_like_clue(stripped):
                if ended is not None:
                    reason = _(
                        "a clue line, but the blank line {line} ended the '{section}' section: "
                        "a section's clues have no blank lines between them"
                    ).format(line=ended[1], section=ended[0])
                    raise FormatError(name, number, reason)
                reason = _("a clue line outside the rows and columns sections")
                raise FormatError(name, number, reason)
            reason = _("expected a key such as width or rows, not {text}").format(
                text=quote(stripped, 30)
            )
            raise FormatError(name, number, reason)
        ended = None
        if key in ("rows", "columns"):
            if key in sections:
                reason = _("a second '{section}' section").format(section=key)
                raise FormatError(name, number, reason)
            sections[key] = []
            section = key
        elif key in ("width", "height"):
            size = parse_dimension(value, dimension_label(key), name, number)
            if sizes.get(key, size) != size:
                reason = _("a second '{key}', {size}, after {key} {first}").format(
                    key=key, size=size, first=sizes[key]
                )
                raise FormatError(name, number, reason)
            sizes[key] = size
        elif key == "goal":
            goal_line = number
            goal_parts = [unquote(value)]
            if not value:
                section = "goal"
        elif key == "color":
            _declare_colour(palette_keys, value, name, number)
        elif key in _TEXT_KEYS:
            texts[_TEXT_KEYS[key]] = unquote(value)
        else:
            extra.append((parts[0], unquote(value)))

    for key in ("rows", "columns"):
        if key not in sections:
            reason = _("there is no '{section}' section").format(section=key)
            raise FormatError(name, None, reason)
    width = sizes.get("width")
    height = sizes.get("height")
    goal: Grid | None = None
    goal_text = "".join(goal_parts)
    if palette_keys.declared or set(palette_keys.used) - {DEFAULT_KEY}:
        return _read_colour(
            name, sections, keys, palette_keys, width, height, goal_text, goal_line, texts, extra
        )
    if goal_text.strip():
        goal = parse_goal_bits(
            goal_text,
            width if width is not None else len(sections["columns"]),
            height if height is not None else len(sections["rows"]),
            name,
            goal_line,
        )
    return build_puzzle(
        name,
        rows=sections["rows"],
        columns=sections["columns"],
        width=width,
        height=height,
        goal=goal,
        **_descriptions(texts, extra),
    )


def _goal_piece(line: str) -> bool:
    """Whether a line inside a multi-line goal is more of it (cells, maybe quoted)."""
    body = line.strip("\"'")
    return (
        bool(body)
        and not any(char.isspace() for char in body)
        and (body.lower() not in _RESERVED_KEYS)
    )


def _declare_colour(keys: PaletteKeys, value: str, name: str, number: int) -> None:
    """A ``color KEY #rrggbb`` line."""
    parts = value.split()
    if len(parts) == 2 and parts[0] == "0" and parse_rgb(parts[1]) is not None:
        keys.background = ("background", parse_rgb(parts[1]) or (255, 255, 255))
        return
    if (
        not parts
        or len(parts[0]) != 1
        or parts[0] in "0,"
        or (parts[0].isdigit() and parts[0] != "1")
    ):
        reason = _("a colour key is one character (no digit but 1), not {text}").format(
            text=quote(value, 20)
        )
        raise FormatError(name, number, reason)
    if len(parts) < 2:
        # Declared without a colour, it was drawn in one of ours, which could be another
        # colour's (issue 49): say so instead.
        reason = _("colour {key}: no #rrggbb colour is given").format(key=parts[0])
        raise FormatError(name, number, reason)
    rgb = parse_rgb(parts[1])
    if rgb is None:
        reason = _("colour {key}: {text} is not a #rrggbb colour").format(
            key=parts[0], text=quote(parts[1], 20)
        )
        raise FormatError(name, number, reason)
    keys.declare(parts[0], rgb, number)


def _read_colour(
    name: str,
    sections: dict[str, list[ClueLine]],
    keys: dict[str, list[tuple[str, ...]]],
    palette_keys: PaletteKeys,
    width: int | None,
    height: int | None,
    goal_text: str,
    goal_line: int | None,
    texts: dict[str, str],
    extra: list[tuple[str, str]],
) -> Puzzle:
    """The colour case of :func:`read`: keys become colour numbers, the goal colours."""
    palette, numbers = palette_keys.numbers(strict=True)
    coloured = {
        section: [
            ClueLine(item.clue, item.line, tuple(numbers[key] for key in clue_keys))
            for item, clue_keys in zip(sections[section], keys[section], strict=True)
        ]
        for section in ("rows", "columns")
    }
    goal: ColourGrid | None = None
    cells = "".join(goal_text.split())
    if cells:
        goal_width = width if width is not None else len(sections["columns"])
        goal_height = height if height is not None else len(sections["rows"])
        if len(cells) != goal_width * goal_height:
            raise FormatError(
                name, goal_line, goal_size_reason(len(cells), goal_width, goal_height)
            )
        table = {"0": 0, **numbers}
        stray = set(cells) - set(table)
        if stray:
            reason = _("the goal uses colour {key}, which no clue has").format(
                key=quote(min(stray))
            )
            raise FormatError(name, goal_line, reason)
        values = [table[char] for char in cells]
        goal = tuple(
            tuple(values[y * goal_width : (y + 1) * goal_width]) for y in range(goal_height)
        )
    if palette is None:
        # One black colour after all (``color a #000000``): black and white.
        return build_puzzle(
            name,
            rows=sections["rows"],
            columns=sections["columns"],
            width=width,
            height=height,
            goal=None if goal is None else tuple(tuple(v != 0 for v in row) for row in goal),
            **_descriptions(texts, extra),
        )
    return build_puzzle(
        name,
        rows=coloured["rows"],
        columns=coloured["columns"],
        width=width,
        height=height,
        **_descriptions(texts, extra),
        palette=palette,
        goal_colours=goal,
    )


def _descriptions(texts: dict[str, str], extra: list[tuple[str, str]]) -> dict[str, Any]:
    """The puzzle's words from the file (title, author, copyright, licence) and the lines
    kept as they were, as ``build_puzzle`` takes them."""
    return {
        "title": texts.get("title", ""),
        "author": texts.get("author", ""),
        "copyright": texts.get("copyright", ""),
        "license": texts.get("license", ""),
        "extra": tuple(extra),
    }


def _ends_section(line: str) -> bool:
    """Whether a non-blank line inside a clue section is the next key rather than a clue.

    A known key, or ``word value`` with a word-like key, ends the section; anything else
    (``x``, ``1,a``) is read as a clue so that the error names the bad clue.
    """
    if looks_like_clue(line):
        return False
    parts = line.split(None, 1)
    if parts[0].lower() in _RESERVED_KEYS:
        return True
    return len(parts) == 2 and bool(_KEY.fullmatch(parts[0])) and "," not in parts[0]


def _quoted(value: str) -> str:
    return '"' + one_line(value) + '"'


def write(puzzle: Puzzle) -> str:
    lines: list[str] = []
    for key, value in (
        ("title", puzzle.title),
        ("by", puzzle.author),
        ("copyright", puzzle.copyright),
        ("license", puzzle.license),
    ):
        if value:
            lines.append(f"{key} {_quoted(value)}")
    for key, value in puzzle.extra:
        if key.lower() in _RESERVED_KEYS or not _KEY.fullmatch(key):
            continue
        simple = value and len(value.split()) == 1 and '"' not in value
        lines.append(f"{key} {value if simple else _quoted(value)}")
    lines += [f"width {puzzle.width}", f"height {puzzle.height}"]
    if puzzle.palette is not None:
        return _write_colour(puzzle, lines)
    lines += ["", "rows"]
    lines += [",".join(map(str, clue)) if clue else "0" for clue in puzzle.row_clues]
    lines += ["", "columns"]
    lines += [",".join(map(str, clue)) if clue else "0" for clue in puzzle.column_clues]
    if puzzle.goal is not None:
        lines += ["", f'goal "{goal_bits(puzzle)}"']
    return "\n".join(lines) + "\n"


def _write_colour(puzzle: Puzzle, lines: list[str]) -> str:
    """The colour form: ``color`` lines, runs with keys, a goal of keys."""
    palette = puzzle.colours
    letters = palette.letters()
    lines.append("")
    if palette.background.rgb != (255, 255, 255):
        # Not in the nonogram-db text, which has no background; readers skip what they
        # do not know, and ours reads it back.
        lines.append(f"color 0 {rgb_text(palette.background.rgb)}")
    for number, colour in enumerate(palette.colours, start=1):
        lines.append(f"color {letters[number]} {rgb_text(colour.rgb)}")
    for header, count, runs_of in (
        ("rows", puzzle.height, puzzle.row_runs),
        ("columns", puzzle.width, puzzle.column_runs),
    ):
        lines += ["", header]
        for index in range(count):
            runs = runs_of(index)
            lines.append(",".join(f"{n}{letters[c]}" for n, c in runs) if runs else "0")
    if puzzle.goal_colours is not None:
        cells = "0" + letters[1:]
        text = "".join(cells[value] for row in puzzle.goal_colours for value in row)
        lines += ["", f'goal "{text}"']
    return "\n".join(lines) + "\n"
