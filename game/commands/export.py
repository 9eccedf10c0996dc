"""``hanjie export FILE --to FORMAT [-o OUT]``: write a puzzle in another format."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

from game.commands.common import (
    add_puzzle_argument,
    fail,
    open_puzzle,
    os_reason,
    printable,
    quote,
)
from game.core.formats import WRITABLE_FORMATS, FormatError, format_puzzle
from game.core.puzzle import Puzzle

HELP = "write a puzzle file in another format (non, txt, pzl or tatham)"

_EXTENSION_FORMATS = {".non": "non", ".txt": "txt", ".pzl": "pzl", ".tatham": "tatham"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_puzzle_argument(parser)
    parser.add_argument("file", metavar="FILE", help="the puzzle file to read")
    parser.add_argument(
        "--to",
        choices=WRITABLE_FORMATS,
        help="the format to write (default: from the extension of -o)",
    )
    parser.add_argument(
        "-o", "--output", metavar="OUT", help="write here instead of to standard output"
    )


def run(args: argparse.Namespace) -> int:
    from game.core.formats import write_puzzle

    fmt: str | None = args.to
    if fmt is None and args.output:
        fmt = _EXTENSION_FORMATS.get(Path(args.output).suffix.lower())
    if fmt is None:
        choices = ", ".join(WRITABLE_FORMATS)
        return fail(f"{quote(args.file)}: choose a format with --to ({choices})")
    puzzle = shown_safely(open_puzzle(args.file, args.puzzle))
    if args.output is None:
        try:
            text = format_puzzle(puzzle, fmt)
        except FormatError as error:  # a colour puzzle to a format without colours
            return fail(f"{quote(args.file)}: {quote(error.reason)}")
        sys.stdout.write(text)
        return 0
    try:
        write_puzzle(puzzle, args.output, fmt)
    except FormatError as error:
        return fail(f"{quote(error.path)}: {quote(error.reason)}")
    except OSError as error:
        return fail(f"{quote(args.output)}: {os_reason(error)}")
    return 0


def shown_safely(puzzle: Puzzle) -> Puzzle:
    """``puzzle`` with control characters and bidi overrides in its text written as visible
    escapes (``\\x1b``, ``\\u202e``): a file's title reached the terminal, and the files
    exported from it, with its escape sequences live (issue 36)."""
    return replace(
        puzzle,
        title=printable(puzzle.title),
        author=printable(puzzle.author),
        copyright=printable(puzzle.copyright),
        license=printable(puzzle.license),
        extra=tuple((printable(key), printable(value)) for key, value in puzzle.extra),
    )
