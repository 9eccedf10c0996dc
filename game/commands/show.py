"""``hanjie show FILE``: print a puzzle's title, author, size, clues and goal picture."""

from __future__ import annotations

import argparse
import sys

from game.commands.common import add_puzzle_argument, open_puzzle, printable
from game.core.lines import clue_text
from game.core.palette import colour_clue_text, colour_grid_text, rgb_text
from game.core.puzzle import Puzzle

HELP = "print a puzzle file: title, author, size, clues, and the goal picture when it has one"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_puzzle_argument(parser)
    parser.add_argument(
        "file",
        metavar="FILE",
        help="a puzzle file (.non, .txt, .pzl, .xml, .mk, .g, .kak) or a Pattern game id (5x5:...)",
    )


def describe(puzzle: Puzzle) -> str:
    """The text ``show`` prints for ``puzzle``; what came from the file is made printable."""
    lines = [f"Title:     {printable(puzzle.title) or '(untitled)'}"]
    if puzzle.author:
        lines.append(f"Author:    {printable(puzzle.author)}")
    if puzzle.copyright:
        lines.append(f"Copyright: {printable(puzzle.copyright)}")
    if puzzle.license:
        lines.append(f"License:   {printable(puzzle.license)}")
    lines += [
        f"{printable(key.capitalize()) + ':':<10} {printable(value)}" for key, value in puzzle.extra
    ]
    counts = ", ".join(
        _counted(number, noun)
        for number, noun in (
            (puzzle.width, "column"),
            (puzzle.height, "row"),
            (puzzle.filled_total, "filled cell"),
        )
    )
    lines.append(f"Size:      {puzzle.size_text} ({counts})")
    if puzzle.is_colour:
        return "\n".join(lines + _colour_lines(puzzle)) + "\n"
    for heading, clues in (("Rows", puzzle.row_clues), ("Columns", puzzle.column_clues)):
        lines.append(f"{heading}:")
        number_width = len(str(len(clues)))
        lines += [
            f"  {index:>{number_width}}: {clue_text(clue)}"
            for index, clue in enumerate(clues, start=1)
        ]
    if puzzle.goal is not None:
        lines.append("Goal:")
        lines += ["  " + "".join("#" if cell else "." for cell in row) for row in puzzle.goal]
    return "\n".join(lines) + "\n"


def _colour_lines(puzzle: Puzzle) -> list[str]:
    """Palette, clues and goal of a colour puzzle: each colour one letter."""
    palette = puzzle.colours
    letters = palette.letters()
    named = ", ".join(
        f"{letters[number]} {printable(colour.name)} {rgb_text(colour.rgb)}"
        for number, colour in enumerate(palette.colours, start=1)
    )
    lines = [f"Colours:   {palette.count} ({named})"]
    for heading, count, runs in (
        ("Rows", puzzle.height, puzzle.row_runs),
        ("Columns", puzzle.width, puzzle.column_runs),
    ):
        lines.append(f"{heading}:")
        number_width = len(str(count))
        lines += [
            f"  {index + 1:>{number_width}}: {colour_clue_text(runs(index), letters)}"
            for index in range(count)
        ]
    if puzzle.goal_colours is not None:
        lines.append("Goal:")
        lines += ["  " + row for row in colour_grid_text(puzzle.goal_colours, letters)]
    return lines


def run(args: argparse.Namespace) -> int:
    from game.commands.kinds import commands_for

    return commands_for(args.file).show(args)  # the file's kind's own (game.commands.kinds)


def show_nonogram(args: argparse.Namespace) -> int:
    puzzle = open_puzzle(args.file, args.puzzle)
    sys.stdout.write(describe(puzzle))
    return 0


def _counted(number: int, noun: str) -> str:
    """ "1 column", "2 columns" (a 1x1 puzzle said "1 columns, 1 rows, 1 filled cells")."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"
