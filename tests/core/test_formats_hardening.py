"""Regression tests for hostile puzzle files: linear time, the size policy, short messages,
and zero-size puzzles in every writable format."""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from game.cli import main
from game.core.formats import (
    FORMATS,
    MAX_FILE_BYTES,
    MAX_LINE_CHARS,
    WRITABLE_FORMATS,
    FormatError,
    PuzzleFormat,
    format_puzzle,
    read_puzzle,
    read_puzzle_text,
    read_taai_questions,
    read_tatham_ids,
    taai,
    tatham,
)
from game.core.formats._common import (
    MAX_LINES,
    MAX_QUOTED_CHARS,
    MAX_REASON_CHARS,
    MAX_XML_TAGS,
    count_lines,
    quote,
)
from game.core.puzzle import Puzzle

EXTENSION = {"non": ".non", "txt": ".txt", "pzl": ".pzl", "tatham": ".tatham"}


def cpu_seconds(call: Callable[[], object]) -> float:
    """CPU time of ``call`` (a FormatError counts as an answer); steadier than wall time."""
    start = time.process_time()
    with contextlib.suppress(FormatError):
        call()
    return time.process_time() - start


# --- quadratic sniffing and reading (the reproductions of the issue) ----------------------

# Each took 15 s to 137 s before the fix: MULTILINE ^\s* patterns rescanned the blank runs
# from every line start; the XML internal-subset pattern ran on from every <!DOCTYPE.
REPRODUCTIONS = {
    "20,000 blank lines": "a\n" + "\n" * 20_000 + "a",
    "40,000 blank lines": "a\n" + "\n" * 40_000 + "a",
    "40,000 space lines": "a\n" + " \n" * 40_000 + "a",
    "33,000 <!DOCTYPE": "<puzzle>" + "<!DOCTYPE" * 33_000,
    "33,000 <!DOCTYPE lines": "<puzzle>" + "<!DOCTYPE\n" * 33_000,
}


@pytest.mark.parametrize("name", sorted(REPRODUCTIONS))
@pytest.mark.parametrize("extension", [".non", ".xml", ".dat", ".txt", ".g", ".mk"])
def test_reproductions_are_refused_quickly(name: str, extension: str) -> None:
    text = REPRODUCTIONS[name]
    assert cpu_seconds(lambda: read_puzzle_text(text, "b" + extension)) < 1.0


# Colour files at the limits: a 512-wide line of 256 touching runs of alternating colours
# (every item with a key), 512 such rows; and one endless clue line of keys.
_COLOUR_ROW = ",".join(f"1{'ab'[i % 2]}" for i in range(512))
COLOUR_REPRODUCTIONS = {
    "512 rows of 512 colour runs": "width 512\nheight 512\ncolor a #ff0000\ncolor b #00ff00\n"
    "rows\n" + "\n".join([_COLOUR_ROW] * 512) + "\ncolumns\n" + "\n".join(["1a"] * 512),
    "one endless line of keyed runs": "width 3\nheight 1\nrows\n" + "1a," * 300_000 + "\n",
    "a colour table of 30,000 lines": "#d\n" + "a:a #ff0000 red\n" * 30_000 + ":\n1a\n:\n1a\n:",
}


@pytest.mark.parametrize("name", sorted(COLOUR_REPRODUCTIONS))
def test_colour_files_at_the_limits_are_read_or_refused_quickly(name: str) -> None:
    text = COLOUR_REPRODUCTIONS[name]
    extension = ".g" if text.startswith("#d") else ".non"
    with pytest.raises(FormatError):
        read_puzzle_text(text, "c" + extension)
    assert cpu_seconds(lambda: read_puzzle_text(text, "c" + extension)) < 1.5


@pytest.mark.parametrize("fmt", FORMATS, ids=lambda fmt: fmt.name)
def test_every_sniffer_is_linear_on_blank_runs(fmt: PuzzleFormat) -> None:
    sniff = fmt.sniff
    for text in ("\n" * MAX_FILE_BYTES, " \n" * (MAX_FILE_BYTES // 2), "\t\r\n" * 500_000):
        assert cpu_seconds(lambda text=text: sniff(text)) < 0.5


def test_show_command_on_the_blank_lines_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "b.non"
    path.write_text(REPRODUCTIONS["20,000 blank lines"])
    assert cpu_seconds(lambda: main(["show", str(path)])) < 1.0
    assert capsys.readouterr().err == f"hanjie: {path}: there is no 'rows' section\n"


def test_sniffers_still_recognise_their_formats_after_blank_lines() -> None:
    # Line-by-line sniffing must keep finding signatures that follow blank runs.
    text = "\n" * 500 + "width 1\n  height 1 \n\n rows\n1\ncolumns\n1\n"
    assert read_puzzle_text(text, "x.dat").size_text == "1x1"
    text = "\n\n  \t#HORIZONTALES  \n1\n#VERTICALES\n1\n"
    assert read_puzzle_text(text, "x.dat").size_text == "1x1"
    text = "\n\n1 1\n\n1\n  #  \n1\n"
    assert read_puzzle_text(text, "x.dat").size_text == "1x1"


def test_xml_internal_subset_is_still_refused() -> None:
    for text in (
        '<!DOCTYPE p [<!ATTLIST puzzle type CDATA "grid">]><puzzle/>',
        '<!doctype p SYSTEM "x"\n[\n]><puzzle/>',
    ):
        with pytest.raises(FormatError, match="declare entities"):
            read_puzzle_text(text, "x.xml")
    # A DOCTYPE without a subset is fine (webpbn exports carry one).
    text = '<!DOCTYPE pbn SYSTEM "pbn.dtd"><puzzle><clues type="rows"/><clues type="columns"/>'
    assert read_puzzle_text(text + "</puzzle>", "x.xml").size_text == "0x0"


def test_deeply_nested_xml_title_reads() -> None:
    title = "<b>" * 5000 + "Deep" + "</b>" * 5000
    text = f'<puzzle><title>{title}</title><clues type="rows"><line><count>1</count></line>'
    text += '</clues><clues type="columns"><line><count>1</count></line></clues></puzzle>'
    assert read_puzzle_text(text, "x.xml").title == "Deep"


# --- the size policy ---------------------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS, ids=lambda fmt: fmt.name)
def test_every_reader_enforces_the_policy(fmt: PuzzleFormat) -> None:
    read = fmt.read
    with pytest.raises(FormatError, match="larger than 2 MB"):
        read("1" * (MAX_FILE_BYTES + 1), "big")
    with pytest.raises(FormatError, match=f"more than {MAX_LINES} lines"):
        read("1\r\n" * (MAX_LINES + 1), "many")
    with pytest.raises(FormatError, match=f"longer than {MAX_LINE_CHARS} characters") as error:
        read("1\n2\n" + "x" * (MAX_LINE_CHARS + 1) + "\n", "long")
    assert error.value.line == 3


def test_count_lines_agrees_with_splitlines() -> None:
    for text in ("", "a", "a\n", "a\r\nb", "\r\r\n\n", "x\u2028y\x85z\x1c", "a\x0b\x0cb\r"):
        assert count_lines(text) == len(text.splitlines())


def test_xml_tag_cap_and_collection_caps(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(FormatError, match=f"more than {MAX_XML_TAGS} tags"):
        read_puzzle_text("<puzzle>" + ("<a>" * 8 + "\n") * (MAX_XML_TAGS // 8), "x.xml")
    monkeypatch.setattr(tatham, "MAX_PUZZLES_PER_FILE", 3)
    monkeypatch.setattr(taai, "MAX_PUZZLES_PER_FILE", 3)
    assert len(read_tatham_ids("1:1/1\n" * 3)) == 3
    with pytest.raises(FormatError, match="more than 3 ids") as error:
        read_tatham_ids("1:1/1\n" * 4)
    assert error.value.line == 4
    assert len(read_taai_questions("$1\n1\n1\n" * 3)) == 3
    with pytest.raises(FormatError, match="more than 3 puzzles"):
        read_taai_questions("$1\n1\n1\n" * 4)


def test_a_clue_line_holds_at_most_512_numbers() -> None:
    row = " ".join(["0"] * 513)
    with pytest.raises(FormatError, match="more numbers than any puzzle line"):
        read_puzzle_text(f"#HORIZONTALES\n{row}\n#VERTICALES\n", "x.txt")
    # The fast path and the checking loop agree on what they accept and refuse.
    fine = "width 3\nheight 1\nrows\n, 1 ,\t1,\ncolumns\n1\n0\n1\n"
    assert read_puzzle_text(fine, "x.non").row_clues == ((1, 1),)
    for clue, reason in (
        ("+1 +1", "needs 3 cells"),
        ("1 -1", "negative"),
        ("1 600", "longer than"),
    ):
        with pytest.raises(FormatError, match=reason):
            read_puzzle_text(f"width 1\nheight 1\nrows\n{clue}\ncolumns\n1\n", "x.non")


# --- messages ----------------------------------------------------------------------------


def test_messages_quote_little_and_escape_controls() -> None:
    huge = "x" * 1_000_000
    for text, name in (
        (f'<puzzle type="{huge}"/>', "x.xml"),
        (f'<puzzle><clues type="{huge}"/></puzzle>', "x.xml"),
        (f"width 1\nheight 1\n{huge[:900_000]}!\n", "x.non"),
        (f"#HORIZONTALES\n1{huge}\n#VERTICALES\n", "x.txt"),
        (f"2:{huge}/1/1/1", "x.tatham"),
        (f":\n1{huge}\n:\n", "x.g"),
    ):
        with pytest.raises(FormatError) as error:
            read_puzzle_text(text, name)
        assert len(str(error.value)) < 300
        assert str(error.value).count("x") <= MAX_QUOTED_CHARS + 2
    assert quote("a\nb\x1b[0m\u2028") == "'a\\nb\\x1b[0m\\u2028'"
    error = FormatError("p\na", 3, "bad\rthing " + "y" * 1000)
    assert "\n" not in str(error) and "\r" not in str(error)
    assert len(error.reason) == MAX_REASON_CHARS + 1
    assert error.path == "p\na"


def test_export_to_an_unknown_format_name_is_quoted() -> None:
    with pytest.raises(FormatError, match=r"cannot write 'x\\n"):
        format_puzzle(Puzzle.from_grid([[1]]), "x\n" + "y" * 500)


# --- zero-size puzzles -------------------------------------------------------------------

ZERO_SIZES = [(0, 0), (0, 5), (5, 0), (0, 1), (1, 0)]


def empty_puzzle(width: int, height: int) -> Puzzle:
    return Puzzle(width, height, ((),) * height, ((),) * width, title="Empty")


@pytest.mark.parametrize("fmt", WRITABLE_FORMATS)
@pytest.mark.parametrize(("width", "height"), ZERO_SIZES)
def test_zero_size_puzzles_round_trip_in_every_writable_format(
    fmt: str, width: int, height: int
) -> None:
    puzzle = empty_puzzle(width, height)
    text = format_puzzle(puzzle, fmt)
    for name in ("empty" + EXTENSION[fmt], "empty.dat"):
        again = read_puzzle_text(text, name)
        assert (again.width, again.height) == (width, height)
        assert again.fingerprint() == puzzle.fingerprint()


@pytest.mark.parametrize("fmt", WRITABLE_FORMATS)
def test_export_command_writes_zero_size_puzzles(
    fmt: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "empty.non"
    source.write_text(format_puzzle(empty_puzzle(0, 5), "non"))
    assert main(["export", str(source), "--to", fmt]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert read_puzzle_text(captured.out, "out" + EXTENSION[fmt]).size_text == "0x5"
    target = tmp_path / f"out{EXTENSION[fmt]}"
    assert main(["export", str(source), "-o", str(target)]) == 0
    assert read_puzzle(target).size_text == "0x5"


def test_zero_size_files_written_by_hand() -> None:
    assert read_puzzle_text("0:", "<id>").size_text == "0x0"
    assert read_puzzle_text("#HORIZONTALES\n#VERTICALES\n", "e.txt").size_text == "0x0"
    assert read_puzzle_text("notes\nN\nN\n", "e.pzl").size_text == "0x0"
    # An empty first clue is N0, a section with no clues a bare N: they never mix.
    assert read_puzzle_text("notes\nN0\nN\n", "e.pzl").size_text == "0x1"


def test_read_puzzle_refuses_a_fifo_without_opening_it(tmp_path: Path) -> None:
    # Opening a FIFO for reading would block until a writer comes: a dropped FIFO must not
    # freeze the game window.
    fifo = tmp_path / "pipe.non"
    os.mkfifo(fifo)
    with pytest.raises(FormatError, match="not a regular file"):
        read_puzzle(fifo)


def test_read_puzzle_names_a_name_too_long_in_one_message(tmp_path: Path) -> None:
    with pytest.raises(FormatError) as caught:
        read_puzzle(tmp_path / ("x" * 300 + ".non"))
    assert "\n" not in str(caught.value)
    assert len(str(caught.value)) < 400


def test_read_puzzle_still_takes_a_bare_game_id() -> None:
    assert read_puzzle("2x2:1/1/1/1").width == 2


def test_a_mistyped_game_id_is_not_called_a_missing_file(tmp_path: Path) -> None:
    # QA: ``solve 5x5:a/b`` said "No such file or directory": it is a game id with a typo.
    with pytest.raises(FormatError) as raised:
        read_puzzle("5x5:1/1/1/1/1/1/1/1/1/x")
    assert "not a Pattern game id either" in str(raised.value)
    assert "'x' is not a list of numbers" in str(raised.value)
    with pytest.raises(FormatError) as raised:  # a plain missing file is still just that
        read_puzzle(str(tmp_path / "missing.non"))
    assert "game id" not in str(raised.value)
