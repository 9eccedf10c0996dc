"""Simon Tatham's "Pattern" game ids: ``W[xH]:`` then the column clues, then the row clues.

``/`` separates lines and ``.`` the numbers of one clue; an empty clue is empty, e.g.
``5:/3/3/5/2.1/4/4/3/2/1`` (``5`` alone means 5x5). A file may hold one id per line,
with ``#`` comment lines and comments after a tab; reading the file gives the first one.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from game.core.formats._common import (
    MAX_PUZZLES_PER_FILE,
    ClueLine,
    FormatError,
    build_puzzle,
    check_dimension,
    check_text,
    dimension_label,
    line_label,
    parse_clue,
    parse_int,
    quote,
    sniff_lines,
    split_lines,
)
from game.core.i18n import _
from game.core.lines import Clue
from game.core.puzzle import Puzzle

NAME = "tatham"
EXTENSIONS = (".tatham", ".txt")

_ID = re.compile(r"(\d+)(?:x(\d+))?:(.*)", re.DOTALL)
_SEED = re.compile(r"\d+(?:x\d+)?#.*")
_SNIFF = re.compile(r"\d+(?:x\d+)?[:#]")
_GROUP = re.compile(r"[0-9.]*")


def _id_lines(lines: list[str]) -> Iterator[tuple[int, str]]:
    """(line number, id text) for each line holding an id, comments removed."""
    for number, raw in enumerate(lines, start=1):
        candidate = raw.split("\t", 1)[0].strip()
        if candidate and not candidate.startswith("#"):
            yield number, candidate


def sniff(text: str) -> bool:
    first = next(_id_lines(sniff_lines(text[:100_000])), None)
    return first is not None and bool(_SNIFF.match(first[1]))


def parse_game_id(game_id: str, name: str = "<game id>", line: int | None = None) -> Puzzle:
    """One Pattern game id as a Puzzle."""
    check_text(game_id, name)
    text = game_id.strip()
    if _SEED.fullmatch(text):
        raise FormatError(
            name,
            line,
            _(
                "this is a random seed, not a game id; in Pattern use Game > Specific to copy "
                "the id"
            ),
        )
    match = _ID.fullmatch(text)
    if match is None:
        raise FormatError(name, line, _("expected a Pattern game id such as 5x5:2/1.1/3/..."))
    wide, high = dimension_label("width"), dimension_label("height")
    width = parse_int(match.group(1), wide, name, line)
    height = width if match.group(2) is None else parse_int(match.group(2), high, name, line)
    check_dimension(width, wide, name, line)
    check_dimension(height, high, name, line)
    # Newer Pattern ids may carry extra data after a comma; the clues alone define the puzzle.
    description = match.group(3).split(",", 1)[0]
    # "0:" is the 0x0 puzzle: no clues at all, where splitting would give one empty clue.
    groups = description.split("/") if description or width + height else []
    if len(groups) != width + height:
        reason = _(
            "a {width}x{height} game id needs {needed} clues ({width} columns, then {height} "
            "rows), it has {count}"
        ).format(width=width, height=height, needed=width + height, count=len(groups))
        raise FormatError(name, line, reason)
    clues: list[Clue] = []
    for index, group in enumerate(groups):
        what = (
            line_label("column", index + 1)
            if index < width
            else line_label("row", index - width + 1)
        )
        if not _GROUP.fullmatch(group):
            reason = _("{what}: {text} is not a list of numbers").format(
                what=what, text=quote(group, 20)
            )
            raise FormatError(name, line, reason)
        clues.append(parse_clue(group.replace(".", ","), what, name, line))
    return build_puzzle(
        name,
        rows=[ClueLine(clue, line) for clue in clues[width:]],
        columns=[ClueLine(clue, line) for clue in clues[:width]],
        width=width,
        height=height,
    )


def read_tatham_ids(text: str, name: str = "<text>") -> list[Puzzle]:
    """Every game id of a file, one per line (``#`` comments and text after a tab ignored)."""
    puzzles: list[Puzzle] = []
    for number, game_id in _id_lines(split_lines(text, name)):
        if len(puzzles) == MAX_PUZZLES_PER_FILE:
            reason = _("more than {limit} ids in one file").format(limit=MAX_PUZZLES_PER_FILE)
            raise FormatError(name, number, reason)
        puzzles.append(parse_game_id(game_id, name, number))
    return puzzles


def pick_tatham_id(text: str, name: str, number: int) -> tuple[Puzzle | None, int]:
    """The ``number``-th game id of a file (from 1; None past the end) and how many the file
    holds: only that one is parsed (a 2 MB file of ids took 2 s to show its first)."""
    ids = list(_id_lines(split_lines(text, name)))
    if not ids:
        raise FormatError(name, None, _("there is no game id in this file"))
    if number > len(ids):
        return None, len(ids)
    line, game_id = ids[number - 1]
    return parse_game_id(game_id, name, line), len(ids)


def read(text: str, name: str = "<text>") -> Puzzle:
    first = next(_id_lines(split_lines(text, name)), None)
    if first is None:
        raise FormatError(name, None, _("there is no game id in this file"))
    number, game_id = first
    return parse_game_id(game_id, name, number)


def _clue(clue: Clue) -> str:
    return ".".join(map(str, clue))


def write(puzzle: Puzzle) -> str:
    size = str(puzzle.width) if puzzle.width == puzzle.height else puzzle.size_text
    clues = [*puzzle.column_clues, *puzzle.row_clues]
    return size + ":" + "/".join(_clue(clue) for clue in clues) + "\n"
