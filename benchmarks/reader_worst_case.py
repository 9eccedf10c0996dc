"""Puzzle readers on hostile input: every reader, and the sniffing registry, on 2 MB worst cases.

    python3 benchmarks/reader_worst_case.py [--budget 0.5] [--only CASE]

Each case is text just under the 2 MiB file limit built to hurt one kind of parser: runs
of blank lines (which a ``^\\s*`` MULTILINE pattern rescans from every line start),
repeated ``<!DOCTYPE`` declarations, one endless line, deep XML nesting, a 512x512
checkerboard (the most runs a puzzle can hold) in each writable format, and repeated
fragments of each format's syntax. Every reader gets every case; the table shows the CPU
seconds of each read (a result or a FormatError, anything else is a failure) and the run
fails when one exceeds the budget.

The collection readers (every id of a Tatham file, every puzzle of a TAAI file) parse up
to thousands of puzzles, so they are listed apart with their own, linear, budget.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.formats import (
    FORMATS,
    MAX_FILE_BYTES,
    MAX_LINE_CHARS,
    FormatError,
    format_puzzle,
    read_puzzle_bytes,
    read_puzzle_text,
    read_taai_questions,
    read_tatham_ids,
)
from game.core.puzzle import Puzzle

SIZE = MAX_FILE_BYTES - 64


def fill(fragment: str, head: str = "", tail: str = "", size: int = SIZE) -> str:
    """``head``, then ``fragment`` repeated, then ``tail``: ``size`` characters at most."""
    count = max(0, (size - len(head) - len(tail)) // max(1, len(fragment)))
    return head + fragment * count + tail


def checkerboard() -> Puzzle:
    return Puzzle.from_grid([[(x + y) % 2 == 0 for x in range(512)] for y in range(512)])


def cases() -> dict[str, str]:
    board = checkerboard()
    # Lines of 32 characters or more: 2 MB stays under the line-count cap, so every reader
    # walks all of them (shorter lines are refused by the count alone).
    long_blank = " " * 31 + "\n"
    found = {
        "blank lines": fill("\n", "a\n", "a"),
        "spaces+newlines": fill(" \n", "a\n", "a"),
        "tabs, CR, FF": fill("\t\r\n\x0c ", "a\n", "a"),
        "unicode breaks": fill("\u2028\x1c\x85", "a\n", "a"),
        "65k blank lines": fill(long_blank, "a\n", "a"),
        "<!DOCTYPE repeated": fill("<!DOCTYPE" + " " * 22 + "\n", "<puzzle>"),
        "<! + spaces": fill(long_blank, "<puzzle><!", "ENTITY"),
        "<!DOCTYPE x [ open": fill("<!DOCTYPE p [" + " " * 18 + "\n", "<puzzle>"),
        "deep XML nesting": fill("<a>" * 11 + "\n", "<puzzleset><puzzle><title>"),
        "deep nesting, tag cap": fill(
            "<a>" + " " * 7 + "<a>" + " " * 7 + "<a>" + " " * 9 + "\n", "<puzzleset><puzzle><title>"
        ),
        "deep nesting closed": fill("<b>" * 11 + "\n", "<puzzle><title>", size=SIZE // 8)
        + ("</b>" * 11 + "\n") * (SIZE // 8 // 34),
        "one 2 MB line": fill("1 ", "width 5\nheight 5\nrows\n"),
        "1 MB clue line": fill("1 ", "#HORIZONTALES\n", "\n#VERTICALES\n1\n", MAX_LINE_CHARS),
        "digits only": fill("7"),
        "tiny runs .non": format_puzzle(board, "non"),
        "tiny runs .txt": format_puzzle(board, "txt"),
        "tiny runs .pzl": format_puzzle(board, "pzl"),
        "tiny runs tatham": format_puzzle(board, "tatham"),
        "1-lines .non": fill("1" + " " * 30 + "\n", "width 512\nheight 512\nrows\n"),
        "extra keys .non": fill("k" + " " * 29 + "v\n", "width 1\nheight 1\n"),
        "goal quotes .non": fill("0" * 31 + "\n", 'width 9\nheight 9\nrows\ncolumns\ngoal "'),
        "rows keys .non": fill("rows" + " " * 27 + "\n", "width 1\nheight 1\n"),
        "#HORIZONTALES x N": fill("#HORIZONTALES" + " " * 18 + "\n"),
        "# lines": fill("#" + " " * 30 + "\n", "5 5\n"),
        ": lines": fill(":" + " " * 30 + "\n"),
        "N lines": fill("N" + " " * 30 + "\n"),
        "N1 blank pzl": fill(long_blank, "notes\nN1\n", "N1\n"),
        "$1 headers": fill("$1" + " " * 29 + "\n"),
        "$1 then lines": fill("1" + " " * 30 + "\n", "$1\n"),
        "tatham ids": fill("1:1/1" + " " * 26 + "\n"),
        "tatham slashes": fill("/" * 31 + "\n", "2:"),
        "tatham dots": fill("." * 31 + "\n", "1:", "/1"),
        "olsak .g tokens": fill("1a " * 10 + "\n", "t\n:\n", "\n:\n1\n"),
        "olsak .mk blanks": fill(long_blank, "3 3\n", "#\n1\n"),
        "xml counts": fill("<count>1</count>" * 2 + "\n", '<puzzle><clues type="rows"><line>'),
        "xml lines": fill("<line/>" * 5 + "\n", '<puzzle><clues type="rows">'),
        "xml attribute": fill("x", '<puzzle type="', '"/>', MAX_LINE_CHARS - 16),
        "comments <!--": fill("<!--" * 8 + "\n", "<puzzle>"),
    }
    return found


Reader = Callable[[str], object]


def readers() -> dict[str, Reader]:
    found: dict[str, Reader] = {
        fmt.name: (lambda text, read=fmt.read, name=fmt.name: read(text, f"case.{name}"))
        for fmt in FORMATS
    }
    found["sniff all"] = lambda text: [fmt.sniff(text) for fmt in FORMATS]
    found["registry"] = lambda text: read_puzzle_text(text, "case.dat")
    found["bytes"] = lambda text: read_puzzle_bytes(text.encode("utf-8"), "case.dat")
    return found


COLLECTIONS: dict[str, Reader] = {"tatham ids": read_tatham_ids, "taai all": read_taai_questions}


def timed(reader: Reader, text: str) -> tuple[float, str]:
    """CPU seconds of one read and its outcome: ok, FormatError, or the unexpected error."""
    start = time.process_time()
    try:
        reader(text)
        outcome = "ok"
    except FormatError:
        outcome = "err"
    except Exception as error:  # a reader must only raise FormatError: report, go on
        outcome = f"BUG {type(error).__name__}"
    return time.process_time() - start, outcome


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--budget", type=float, default=0.5, help="seconds per read")
    parser.add_argument(
        "--collection-budget", type=float, default=3.0, help="seconds per collection read"
    )
    parser.add_argument("--only", help="run the cases whose name contains this")
    args = parser.parse_args(argv)

    chosen = {k: v for k, v in cases().items() if not args.only or args.only in k}
    failures: list[str] = []
    for title, table, budget in (
        ("readers", readers(), args.budget),
        ("collection readers", COLLECTIONS, args.collection_budget),
    ):
        names = list(table)
        width = max(6, *(len(name) for name in names))
        print(f"\n{title}: CPU seconds per read (budget {budget} s)")
        print(f"{'case':22} {'KB':>5} " + " ".join(f"{name:>{width}}" for name in names))
        worst = 0.0
        for case, text in chosen.items():
            cells = []
            for name in names:
                seconds, outcome = timed(table[name], text)
                worst = max(worst, seconds)
                mark = "" if outcome in ("ok", "err") else "!"
                if seconds > budget:
                    mark = "*"
                    failures.append(f"{title}/{name} on {case}: {seconds:.3f} s")
                if outcome.startswith("BUG"):
                    failures.append(f"{title}/{name} on {case}: {outcome}")
                cells.append(f"{seconds:.3f}{mark}".rjust(width))
            print(f"{case:22} {len(text) // 1024:5} " + " ".join(cells))
        print(f"worst: {worst:.3f} s")
    if failures:
        print("\nFAILED:\n  " + "\n  ".join(failures))
        return 1
    print("\nall reads within budget")
    return 0


if __name__ == "__main__":
    sys.exit(main())
