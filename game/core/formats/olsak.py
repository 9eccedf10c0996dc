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
``:`` — rows, columns, and an end marker. A block may carry a colour character (``3b``),
matched to the table's in-character first, then its out-character; a plain number is
colour ``1``. ``#rrggbb`` gives a colour's RGB and the comment its name; a character the
table does not declare is refused when the table declares any.
"""

from __future__ import annotations

import re

from game.core.formats._colour import DEFAULT_KEY, PaletteKeys
from game.core.formats._common import (
    ClueLine,
    FormatError,
    build_puzzle,
    check_section_size,
    dimension_label,
    line_label,
    parse_clue,
    parse_dimension,
    quote,
    sniff_lines,
    split_lines,
    trim_trailing_blanks,
)
from game.core.i18n import _
from game.core.palette import parse_rgb
from game.core.puzzle import MAX_DIMENSION, Puzzle

MK_NAME = "mk"
MK_EXTENSIONS = (".mk",)
G_NAME = "g"
G_EXTENSIONS = (".g",)

_SIZE_LINE = re.compile(r"\s*(\d+)\s+(\d+)\s*")
_BLOCK = re.compile(r"(\d+)([^\d\s,]?)")
_TOKEN_SEPARATORS = re.compile(r"[\s,]+")
_RGB_ENTRY = re.compile(r"#[0-9A-Fa-f]{6}\b")


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
        ClueLine(parse_clue(raw, line_label(what, index), name, number), number)
        for index, (number, raw) in enumerate(filled, start=1)
    ]


def read_mk(text: str, name: str = "<text>") -> Puzzle:
    lines = list(enumerate(split_lines(text, name), start=1))
    header_index = next((i for i, (_, raw) in enumerate(lines) if raw.strip()), None)
    if header_index is None:
        raise FormatError(name, None, _("the file is empty"))
    header_line, header = lines[header_index]
    size = _SIZE_LINE.fullmatch(header)
    if size is None:
        reason = _("the first line must be the rows and the columns")
        raise FormatError(name, header_line, reason)
    height = parse_dimension(size.group(1), dimension_label("height"), name, header_line)
    width = parse_dimension(size.group(2), dimension_label("width"), name, header_line)
    body = lines[header_index + 1 :]
    separator = next((i for i, (_, raw) in enumerate(body) if raw.strip() == "#"), None)
    if separator is None:
        reason = _("there is no '#' line between the rows and the columns")
        raise FormatError(name, None, reason)
    rows = _clues(body[:separator], "row", name, height)
    columns = _clues(body[separator + 1 :], "column", name, width)
    return build_puzzle(name, rows=rows, columns=columns, width=width, height=height)


def read_g(text: str, name: str = "<text>") -> Puzzle:
    lines = list(enumerate(split_lines(text, name), start=1))
    markers = [i for i, (_, raw) in enumerate(lines) if raw.strip().startswith(":")]
    if len(markers) < 2:
        reason = _("expected a ':' line before the rows and another before the columns")
        raise FormatError(name, None, reason)
    header = [raw for _, raw in lines[: markers[0]]]
    keys = PaletteKeys(name)
    aliases = _colour_table(lines[: markers[0]], keys, name)
    end = markers[2] if len(markers) > 2 else len(lines)
    sections: list[list[ClueLine]] = []
    clue_keys: list[list[tuple[str, ...]]] = []
    for what, start, stop in (("row", markers[0] + 1, markers[1]), ("column", markers[1] + 1, end)):
        clues: list[ClueLine] = []
        section_keys: list[tuple[str, ...]] = []
        section = [(number, raw) for number, raw in lines[start:stop] if raw.strip()]
        check_section_size(section, what, name)
        for number, raw in section:
            plain: list[str] = []
            line_keys: list[str] = []
            for token in _TOKEN_SEPARATORS.split(raw.strip(), maxsplit=MAX_DIMENSION + 2):
                block = _BLOCK.fullmatch(token)
                if block is None:
                    reason = _("{what}: {text} is not a block").format(
                        what=line_label(what, len(clues) + 1), text=quote(token, 20)
                    )
                    raise FormatError(name, number, reason)
                plain.append(block.group(1))
                if block.group(1).strip("0"):
                    suffix = block.group(2)
                    if suffix not in keys.declared:
                        suffix = aliases.get(suffix, suffix)
                    key = suffix or DEFAULT_KEY
                    keys.use(key, number)
                    line_keys.append(key)
            clues.append(
                ClueLine(
                    parse_clue(" ".join(plain), line_label(what, len(clues) + 1), name, number),
                    number,
                )
            )
            section_keys.append(tuple(line_keys))
        sections.append(clues)
        clue_keys.append(section_keys)
    palette, numbers = keys.numbers(strict=True)
    if palette is not None:
        sections = [
            [
                ClueLine(item.clue, item.line, tuple(numbers[key] for key in line_keys))
                for item, line_keys in zip(clues, section_keys, strict=True)
            ]
            for clues, section_keys in zip(sections, clue_keys, strict=True)
        ]
    return build_puzzle(
        name, rows=sections[0], columns=sections[1], title=_title(header), palette=palette
    )


def _colour_table(lines: list[tuple[int, str]], keys: PaletteKeys, name: str) -> dict[str, str]:
    """Declare the colours of the ``#d`` table (``0``, the background, sets its RGB);
    returns out-character -> in-character, for clues written with the former."""
    aliases: dict[str, str] = {}
    in_table = False
    for number, raw in lines:
        stripped = raw.strip()
        if stripped.startswith("#") and not (in_table and _RGB_ENTRY.match(stripped)):
            in_table = stripped.startswith("#d")
            continue
        if not in_table or not stripped:
            continue
        if len(stripped) < 2 or stripped[1] != ":":
            # Dropped without a word, its colour came out as another's (issue 49).
            reason = _("{text} is not a colour table line (<char>:<char> <colour> <name>)")
            raise FormatError(name, number, reason.format(text=quote(stripped, 30)))
        inchar = stripped[0]
        rest = stripped[2:]
        outchar = rest[0] if rest and not rest[0].isspace() else ""
        words = rest[len(outchar) :].split(None, 1)
        rgb = _table_rgb(words[0], name, number) if words else None
        label = words[1].strip() if len(words) > 1 else (words[0] if words and rgb is None else "")
        if inchar == "0":
            if rgb is not None:
                keys.background = (label or "background", rgb)
            continue
        keys.declare(inchar, rgb, number, label[:40] or None)
        if outchar and outchar != inchar:
            aliases.setdefault(outchar, inchar)
    return aliases


def _table_rgb(word: str, name: str, number: int) -> tuple[int, int, int]:
    """A colour table's colour: ``#rrggbb``, or a colour's name (``red``) as Olšák's own
    files write them; anything else is refused rather than drawn in a colour of ours."""
    rgb = parse_rgb(word) if word.startswith("#") else None
    if rgb is not None:
        return rgb
    if not word.startswith("#") and word.isalpha() and len(word) <= 30:
        from PIL import ImageColor

        try:
            return ImageColor.getrgb(word)[:3]
        except ValueError:
            pass
    reason = _("{text} is not a #rrggbb colour nor a colour name").format(text=quote(word, 20))
    raise FormatError(name, number, reason)


def _title(header: list[str]) -> str:
    text = [raw.strip() for raw in header if raw.strip()]
    before_table = []
    for line in text:
        if line.startswith("#"):
            break
        before_table.append(line)
    return before_table[0][:100] if len(before_table) == 1 else ""
