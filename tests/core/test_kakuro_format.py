"""The ``.kak`` format: round trips, one-line refusals with line numbers, fuzzed input."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from game.core.formats import FormatError
from game.core.kakuro.fileformat import read, read_kakuro, sniff, write, write_kakuro
from tests.core.kakuro_boards import random_puzzle, tiny


def test_round_trip_keeps_everything() -> None:
    puzzle = replace(tiny(), title='A "quoted" title', author="Me", extra=(("difficulty", "2"),))
    text = write(puzzle)
    again = read(text)
    assert again == puzzle and again.extra == puzzle.extra
    assert write(again) == text
    assert sniff(text)
    rng = np.random.default_rng(4)
    for _ in range(20):
        board = random_puzzle(rng, 6, 5)
        assert read(write(board)) == board


def test_files_round_trip_and_take_their_name(tmp_path: Path) -> None:
    path = tmp_path / "little-one.kak"
    write_kakuro(replace(tiny(), title=""), path)
    assert read_kakuro(path).title == "little-one"


GOOD = write(tiny())


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("", None, "empty"),
        ("nonogram\n", 1, "starts with the word"),
        # QA: it said "starts with the word 'kakuro'" of a file that did.
        ("kakuro 6x6\n", 1, "the word 'kakuro' alone on its first line (then: size 6x6)"),
        ("kakuro\nsize 4\n", 2, "should look like 8x8"),
        ("kakuro\nsize 40x4\n", 2, "3 to 32"),
        # QA: a size of the right form but too large was "should look like 8x8".
        ("kakuro\nsize 99999x99999\n", 2, "the width must be 3 to 32, not 99999"),
        ("kakuro\ngrid\n", 2, "size must come before"),
        ("kakuro\nsize 4x4\n", None, "no grid"),
        (GOOD.replace("#  3\\ 6\\ #", "#  3\\ 6\\"), 6, "has 3 cells"),
        (GOOD.replace("\\4 .", "\\4 x"), 7, "cell 2: 'x' is not"),
        (GOOD.replace("\\4 .", "\\99 ."), 7, "at most 45"),
        (GOOD.replace("# 1 3 #", "# 1 3 x"), 13, "cell 4: 'x' is not a digit"),
        (GOOD.replace("# 1 3 #", "# 1 1 #"), 11, "repeats a digit"),
        (GOOD.replace("\\4 .", "\\5 ."), 11, "adds up to 4, not 5"),
        (GOOD + "grid\n", None, "needs 4 rows"),
        # QA: "starts an down run".
        (GOOD.replace("#  3\\ 6\\ #", "#  0\\ 6\\ #"), None, "starts a down run"),
        (GOOD.replace("\\4 .", "\\0 ."), None, "starts an across run"),
        ("kakuro\n" + "x" * 3000 + "\n", 2, "longer than"),
        ("kakuro\n" + "a b\n" * 70_000, None, "at most 64 KB"),
    ],
)
def test_bad_files_are_refused_in_one_line(text: str, line: int | None, words: str) -> None:
    with pytest.raises(FormatError) as raised:
        read(text, "bad.kak")
    error = raised.value
    assert words in str(error)
    if line is not None:
        assert error.line == line
    assert "\n" not in str(error) and len(str(error)) < 300


def test_fuzzed_files_give_a_puzzle_or_one_line_quickly() -> None:
    rng = np.random.default_rng(9)
    alphabet = [*list('#.\\0123456789 \nxk;"\t'), "kakuro\n", "size 4x4\n", "grid\n"]
    base = GOOD
    for _ in range(400):
        chars = list(base)
        for _edit in range(int(rng.integers(1, 6))):
            at = int(rng.integers(0, len(chars)))
            piece = alphabet[int(rng.integers(0, len(alphabet)))]
            if rng.random() < 0.5:
                chars[at] = piece
            else:
                chars.insert(at, piece)
        text = "".join(chars)
        start = time.perf_counter()
        try:
            read(text, "fuzz.kak")
        except FormatError as error:
            assert "\n" not in str(error)
        assert time.perf_counter() - start < 0.5


def test_special_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(FormatError, match="folder"):
        read_kakuro(tmp_path)
    with pytest.raises(FormatError):
        read_kakuro(tmp_path / "missing.kak")
    binary = tmp_path / "bin.kak"
    binary.write_bytes(b"kakuro\x00\x01")
    with pytest.raises(FormatError, match="not a text file"):
        read_kakuro(binary)
