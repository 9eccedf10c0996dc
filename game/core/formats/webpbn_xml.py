"""webpbn XML exports, black-and-white or colour.

::

    <puzzleset><puzzle type="grid">
      <title>..</title> <author>..</author> <copyright>..</copyright>
      <color name="black" char="#">000000</color> <color name="white" char=".">FFFFFF</color>
      <clues type="columns"><line><count>3</count></line> ...</clues>
      <clues type="rows"> ... </clues>
      <solution type="goal"><image>|#..|...</image></solution>
    </puzzle></puzzleset>

Entity declarations are refused before parsing, so a "billion laughs" file cannot expand;
external DTDs are never fetched.

Colour: ``<color name=.. char=..>RRGGBB</color>`` declares a colour, ``<count color=..>``
gives a run's colour (``defaultcolor`` of the puzzle when it does not; black unless said),
``backgroundcolor`` names the background (white unless said), and the goal image writes
each cell as its colour's ``char``. A count naming a colour no ``<color>`` declares is
refused; one block colour that is black is black and white, read as before colour.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree

from game.core.formats._colour import PaletteKeys
from game.core.formats._common import (
    MAX_XML_TAGS,
    ClueLine,
    FormatError,
    build_puzzle,
    line_label,
    long_run_reason,
    more_clues_reason,
    negative_reason,
    parse_int,
    quote,
    split_lines,
)
from game.core.i18n import N_, _
from game.core.palette import parse_rgb
from game.core.puzzle import MAX_DIMENSION, ColourGrid, Grid, Puzzle

NAME = "webpbn_xml"
EXTENSIONS = (".xml", ".pbn")

_ENTITY = re.compile(r"<!\s*ENTITY", re.IGNORECASE)
# Only the start of a declaration: where its internal subset begins is found with bounded
# string searches, since a pattern running on to the next ``[`` or ``>`` rescans the rest
# of the file from every ``<!DOCTYPE`` (quadratic on a file of repeated declarations).
_DOCTYPE = re.compile(r"<!\s*DOCTYPE", re.IGNORECASE)
# What the XML parser (expat) says most often of a broken file, marked for the catalogue.
_PARSER_WORDS = frozenset(
    {
        N_("no element found"),
        N_("mismatched tag"),
        N_("not well-formed (invalid token)"),
        N_("unclosed token"),
        N_("junk after document element"),
        N_("syntax error"),
        N_("undefined entity"),
    }
)
# Kept in Puzzle.extra so a conversion to .non loses nothing a player wrote.
_EXTRA_TAGS = ("description", "source", "id")


def sniff(text: str) -> bool:
    head = text.lstrip("\ufeff \t\r\n")[:4096]
    return head.startswith("<") and "<puzzle" in head


def _text(element: ElementTree.Element | None) -> str:
    if element is None:
        return ""
    return " ".join("".join(element.itertext()).split())


def _has_internal_subset(text: str) -> bool:
    """Whether the document type declaration opens an internal subset (``[`` before ``>``).

    Only the first declaration counts: the parser refuses a second one as soon as it
    reaches it, before it could declare anything.
    """
    doctype = _DOCTYPE.search(text)
    if doctype is None:
        return False
    end = text.find(">", doctype.end())
    subset = text.find("[", doctype.end(), len(text) if end < 0 else end)
    return subset >= 0


def read(text: str, name: str = "<text>") -> Puzzle:
    # The parser does not work by lines, but the policy is the same for every format.
    split_lines(text, name)
    if text.count("<") > MAX_XML_TAGS:
        reason = _("the XML has more than {limit} tags").format(limit=MAX_XML_TAGS)
        raise FormatError(name, None, reason)
    if _ENTITY.search(text) or _has_internal_subset(text):
        raise FormatError(name, None, _("XML files that declare entities are refused"))
    try:
        root = ElementTree.fromstring(text)
    except ElementTree.ParseError as error:
        line = error.position[0] if error.position else None
        said = str(error).split(":", 1)[0]
        # The parser's commonest words in the player's language; a rarer one as it says it.
        reason = _(said) if said in _PARSER_WORDS else said
        reason = _("the XML is not well formed ({reason})").format(reason=reason)
        raise FormatError(name, line, reason) from error
    except ValueError as error:  # e.g. an encoding the parser does not know
        reason = _("the XML cannot be read ({reason})").format(reason=error)
        raise FormatError(name, None, reason) from error
    puzzle = root if root.tag == "puzzle" else root.find("puzzle")
    if root.tag not in ("puzzle", "puzzleset") or puzzle is None:
        raise FormatError(name, None, _("this XML file holds no webpbn <puzzle>"))
    kind = puzzle.get("type", "grid")
    if kind != "grid":
        reason = _("only grid puzzles can be read, not {kind}").format(kind=quote(kind))
        raise FormatError(name, None, reason)

    background = puzzle.get("backgroundcolor", "white")
    default = puzzle.get("defaultcolor", "black")
    keys = PaletteKeys(name)
    chars: dict[str, str] = {}
    for colour in puzzle.findall("color"):
        colour_name = colour.get("name", "")
        rgb = _rgb(_text(colour))
        if rgb is None and colour_name:
            # An unreadable one was drawn in a colour of ours, perhaps another's (issue 49).
            reason = _("colour {key}: {text} is not an RRGGBB colour").format(
                key=quote(colour_name, 20), text=quote(_text(colour), 20)
            )
            raise FormatError(name, None, reason)
        if colour_name == background:
            keys.background = (colour_name, rgb or (255, 255, 255))
        elif colour_name:
            keys.declare(colour_name, rgb, None)
        char = colour.get("char")
        if char and colour_name:
            chars[char] = colour_name

    sections: dict[str, list[_Keyed]] = {}
    for clues in puzzle.findall("clues"):
        kind = clues.get("type", "")
        if kind not in ("rows", "columns"):
            reason = _("unknown clue block type {kind}").format(kind=quote(kind))
            raise FormatError(name, None, reason)
        what = "row" if kind == "rows" else "column"
        if kind in sections:
            reason = (
                _("two blocks of row clues") if what == "row" else _("two blocks of column clues")
            )
            raise FormatError(name, None, reason)
        lines = clues.findall("line")
        if len(lines) > MAX_DIMENSION:
            raise FormatError(name, None, more_clues_reason(what))
        sections[kind] = [
            _clue(line, line_label(what, index), name, default, keys)
            for index, line in enumerate(lines, start=1)
        ]
    for kind in ("rows", "columns"):
        if kind not in sections:
            reason = (
                _("there are no row clues") if kind == "rows" else _("there are no column clues")
            )
            raise FormatError(name, None, reason)
    if keys.declared.keys() - {default} or set(keys.used) - {default}:
        for key in keys.used:
            if key not in keys.declared and key != default:
                reason = _("unknown colour {key}").format(key=quote(key, 30))
                raise FormatError(name, None, reason)
    palette, numbers = keys.numbers(strict=False)

    width = len(sections["columns"])
    height = len(sections["rows"])
    extra = tuple((tag, _text(puzzle.find(tag))) for tag in _EXTRA_TAGS if _text(puzzle.find(tag)))
    if palette is not None:
        colour_of = {char: numbers.get(colour_name, -1) for char, colour_name in chars.items()}
        return build_puzzle(
            name,
            rows=[_numbered(item, numbers) for item in sections["rows"]],
            columns=[_numbered(item, numbers) for item in sections["columns"]],
            width=width,
            height=height,
            title=_text(puzzle.find("title")),
            author=_text(puzzle.find("author")),
            copyright=_text(puzzle.find("copyright")),
            extra=extra,
            palette=palette,
            goal_colours=_colour_goal(puzzle, width, height, background, chars, colour_of, name),
        )
    # Both clue blocks are there, so an empty one is a puzzle with no rows (or columns).
    return build_puzzle(
        name,
        rows=[ClueLine(item[0]) for item in sections["rows"]],
        columns=[ClueLine(item[0]) for item in sections["columns"]],
        width=width,
        height=height,
        title=_text(puzzle.find("title")),
        author=_text(puzzle.find("author")),
        copyright=_text(puzzle.find("copyright")),
        goal=_goal(puzzle, width, height, background, name),
        extra=extra,
    )


def _rgb(text: str) -> tuple[int, int, int] | None:
    """An RGB from ``RRGGBB`` or the short ``RGB`` webpbn also writes."""
    value = text.strip().removeprefix("#")
    if len(value) == 3:
        value = "".join(char * 2 for char in value)
    return parse_rgb(value)


# A clue and its runs' colour names, before the names become numbers.
_Keyed = tuple[tuple[int, ...], tuple[str, ...]]


def _numbered(item: _Keyed, numbers: dict[str, int]) -> ClueLine:
    return ClueLine(item[0], None, tuple(numbers[key] for key in item[1]))


def _clue(
    line: ElementTree.Element, what: str, name: str, default: str, keys: PaletteKeys
) -> _Keyed:
    runs: list[int] = []
    names: list[str] = []
    for count in line.findall("count"):
        run = parse_int(_text(count), what, name, None)
        if run < 0:
            raise FormatError(name, None, negative_reason(what, run))
        if run > MAX_DIMENSION:
            raise FormatError(name, None, long_run_reason(what, run))
        if run:
            runs.append(run)
            colour = count.get("color", default)
            keys.use(colour, None)
            names.append(colour)
    return tuple(runs), tuple(names)


def _colour_goal(
    puzzle: ElementTree.Element,
    width: int,
    height: int,
    background: str,
    chars: dict[str, str],
    colour_of: dict[str, int],
    name: str,
) -> ColourGrid | None:
    """The goal image of a colour puzzle, each cell's colour number."""
    rows = _image_rows(puzzle)
    if rows is None:
        return None
    if len(rows) != height or any(len(row) != width for row in rows):
        reason = _("the solution image is not {width}x{height}").format(width=width, height=height)
        raise FormatError(name, None, reason)
    blank = {".", " ", "0"} | {char for char, key in chars.items() if key == background}
    grid = []
    for row in rows:
        values = []
        for char in row:
            if char in blank:
                values.append(0)
                continue
            value = colour_of.get(char, -1)
            if value < 0:
                reason = _("the solution image uses {char}, which no clue's colour has").format(
                    char=quote(char)
                )
                raise FormatError(name, None, reason)
            values.append(value)
        grid.append(tuple(values))
    return tuple(grid)


def _image_rows(puzzle: ElementTree.Element) -> list[str] | None:
    solutions = puzzle.findall("solution")
    chosen = next((s for s in solutions if s.get("type", "goal") == "goal"), None)
    image = chosen.find("image") if chosen is not None else None
    if image is None or not _text(image):
        return None
    return [
        line.strip().strip("|") for line in "".join(image.itertext()).splitlines() if line.strip()
    ]


def _goal(
    puzzle: ElementTree.Element, width: int, height: int, background: str, name: str
) -> Grid | None:
    """The solution image marked as the goal (or the only solution), if any."""
    solutions = puzzle.findall("solution")
    chosen = next((s for s in solutions if s.get("type", "goal") == "goal"), None)
    image = chosen.find("image") if chosen is not None else None
    if image is None or not _text(image):
        return None
    blank_chars = {".", " ", "0"}
    for colour in puzzle.findall("color"):
        char = colour.get("char")
        if char and colour.get("name") == background:
            blank_chars.add(char)
    rows = [
        line.strip().strip("|") for line in "".join(image.itertext()).splitlines() if line.strip()
    ]
    if len(rows) != height or any(len(row) != width for row in rows):
        reason = _("the solution image is not {width}x{height}").format(width=width, height=height)
        raise FormatError(name, None, reason)
    return tuple(tuple(char not in blank_chars for char in row) for row in rows)
