"""Reads every public puzzle file in ``../shared/puzzles`` and checks what the tests check on
our own samples: every black-and-white file reads and shows, colour files are refused, invalid
files are refused with one line, the corpus reads within the model's limits, copies of one
puzzle in two formats agree, and the collections hold what they should.

    python3 benchmarks/public_files.py [--shared ../shared/puzzles]

Prints one line per group and the slowest file; exit 1 when any check fails.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.formats import FormatError, read_puzzle, read_taai_questions, read_tatham_ids
from game.core.puzzle import MAX_DIMENSION

COLOUR_FILES = {"webpbn_xml/missing.xml", "webpbn_xml/take_two.xml", "olsak/acorn.g"}
# The one file under invalid/ that reads (its clues simply have no picture).
READABLE_INVALID = {"invalid/no_solution_10x10.non"}
SAME_PUZZLE = {
    "formats/olsak/bird.mk": "corpus/olsakmk_bird.non",
    "formats/webpbn_xml/atrus.xml": "corpus/loom_atrus.non",
    "formats/webpbn_xml/logo.xml": "corpus/loom_logo.non",
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = Path(__file__).resolve().parent.parent.parent / "shared" / "puzzles"
    parser.add_argument("--shared", type=Path, default=default)
    root = parser.parse_args().shared
    if not root.is_dir():
        print(f"{root} is not here: nothing to check")
        return 0
    failures: list[str] = []
    slowest = (0.0, "")

    def timed_read(path: Path) -> object:
        nonlocal slowest
        started = time.perf_counter()
        try:
            return read_puzzle(path)
        finally:
            seconds = time.perf_counter() - started
            slowest = max(slowest, (seconds, str(path.relative_to(root))))

    formats = root / "formats"
    files = sorted(p for p in formats.rglob("*") if p.is_file())
    counts = {"read": 0, "colour refused": 0, "invalid refused": 0}
    for path in files:
        relative = str(path.relative_to(formats))
        if path.name.upper().startswith("LICENSE") or path.suffix == ".md":
            continue
        try:
            timed_read(path)
        except FormatError as error:
            text = str(error)
            if relative in COLOUR_FILES and "colour" in text:
                counts["colour refused"] += 1
            elif relative.startswith("invalid/") and "\n" not in text:
                counts["invalid refused"] += 1
            else:
                failures.append(f"{relative}: {text}")
            continue
        if relative.startswith("invalid/") and relative not in READABLE_INVALID:
            failures.append(f"{relative}: read, but it should be refused")
        elif relative in COLOUR_FILES:
            failures.append(f"{relative}: read, but colour puzzles are refused")
        else:
            counts["read"] += 1
    print("formats/: " + ", ".join(f"{count} {what}" for what, count in counts.items()))

    corpus = sorted((root / "corpus").glob("*.non"))
    for path in corpus:
        try:
            puzzle = timed_read(path)
        except FormatError as error:
            failures.append(f"corpus/{path.name}: {error}")
            continue
        width, height = puzzle.width, puzzle.height  # type: ignore[attr-defined]
        if width > MAX_DIMENSION or height > MAX_DIMENSION:
            failures.append(f"corpus/{path.name}: {width}x{height} is over the limit")
    print(f"corpus/: {len(corpus)} files read")

    for source, copy in SAME_PUZZLE.items():
        if not (root / source).exists() or not (root / copy).exists():
            continue
        first, second = read_puzzle(root / source), read_puzzle(root / copy)
        if first.fingerprint() != second.fingerprint():
            failures.append(f"{source} and {copy} differ")
    print(f"copies in two formats: {len(SAME_PUZZLE)} pairs compared")

    ids = formats / "tatham" / "game_ids.txt"
    if ids.exists():
        sizes = [p.size_text for p in read_tatham_ids(ids.read_text(encoding="utf-8"))]
        print(f"tatham game ids: {sizes}")
    questions = root / "taai2011" / "questions.txt"
    if questions.exists():
        started = time.perf_counter()
        puzzles = read_taai_questions(questions.read_text(encoding="utf-8"))
        seconds = time.perf_counter() - started
        if len(puzzles) != 1000 or any(p.size_text != "25x25" for p in puzzles):
            failures.append("taai2011/questions.txt: expected 1000 puzzles of 25x25")
        print(f"taai2011 questions: {len(puzzles)} puzzles in {seconds:.2f} s")

    print(f"slowest single file: {slowest[1]} ({slowest[0] * 1000:.0f} ms)")
    for failure in failures:
        print(f"FAIL {failure}")
    print("all checks passed" if not failures else f"{len(failures)} checks failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
