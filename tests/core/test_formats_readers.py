"""Each reader on small hand-made files, the writers' exact text, and the registry's choices."""

from __future__ import annotations

import pickle
from dataclasses import replace
from pathlib import Path

import pytest

from game.core.formats import (
    FORMATS,
    FormatError,
    format_puzzle,
    guess_format,
    read_puzzle,
    read_puzzle_text,
    read_taai_questions,
    read_tatham_ids,
    write_puzzle,
)
from game.core.puzzle import Puzzle

# A 4x3 picture with an empty last row and an empty first column:
#   .##.
#   .#.#
#   ....
L_GRID = [[0, 1, 1, 0], [0, 1, 0, 1], [0, 0, 0, 0]]
L_PUZZLE = Puzzle.from_grid(L_GRID, keep_goal=False)


def clues(puzzle: Puzzle) -> tuple[object, ...]:
    return (puzzle.width, puzzle.height, puzzle.row_clues, puzzle.column_clues)


# --- seed text ---------------------------------------------------------------------------


def test_seed_text_reads_spaces_empty_lines_and_any_section_order() -> None:
    text = "#VERTICALES\n\n2\n1\n1\n\n#HORIZONTALES\n2\n1 , 1\n0\n\n"
    puzzle = read_puzzle_text(text, "x.txt")
    assert clues(puzzle) == clues(L_PUZZLE)


def test_seed_text_writer_marks_a_trailing_empty_line_with_zero() -> None:
    assert format_puzzle(L_PUZZLE, "txt") == "#HORIZONTALES\n2\n1, 1\n0\n#VERTICALES\n\n2\n1\n1\n"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("#HORIZONTALES\n1\n", "#VERTICALES section is missing"),
        ("hello\n#HORIZONTALES\n1\n#VERTICALES\n1\n", "expected #HORIZONTALES"),
        ("#HORIZONTALES\n1;2\n#VERTICALES\n1\n", "'1;2' is not a whole number"),
        ("#HORIZONTALES\n1\n#HORIZONTALES\n1\n#VERTICALES\n1\n", "a second #HORIZONTALES"),
    ],
)
def test_seed_text_errors(text: str, reason: str) -> None:
    with pytest.raises(FormatError, match=reason):
        read_puzzle_text(text, "x.txt")


def test_a_text_file_no_reader_recognises_names_every_txt_format() -> None:
    # QA: a LICENSE.txt or notes.txt was told "expected #HORIZONTALES or #VERTICALES first",
    # the first .txt reader's complaint, as if it were a broken puzzle of that one kind.
    with pytest.raises(FormatError) as raised:
        read_puzzle_text("MIT License\n\nPermission is hereby granted\n", "LICENSE.txt")
    reason = raised.value.reason
    assert reason.startswith("no puzzle Hanjie knows is in this .txt file")
    for kind in ("#HORIZONTALES", "TAAI", "Pattern game id"):
        assert kind in reason


# --- pzl ---------------------------------------------------------------------------------


def test_pzl_n_prefixes_the_first_clue() -> None:
    puzzle = read_puzzle_text("Voorbeeld\nN1\n2\n1,1\nN1\n2\n2\n", "v.pzl")
    assert clues(puzzle) == (3, 3, ((1,), (2,), (1, 1)), ((1,), (2,), (2,)))
    assert puzzle.title == "Voorbeeld"


def test_pzl_writer_and_a_file_without_notes() -> None:
    text = format_puzzle(L_PUZZLE, "pzl")
    assert text == "\nN2\n1,1\n0\nN0\n2\n1\n1\n"
    assert clues(read_puzzle_text(text.lstrip("\n"), "y.pzl")) == clues(L_PUZZLE)


def test_pzl_title_that_looks_like_a_section_stays_a_title() -> None:
    puzzle = Puzzle.from_grid(L_GRID, title="N2 ways")
    assert read_puzzle_text(format_puzzle(puzzle, "pzl"), "z.pzl") == replace(puzzle, goal=None)


def test_pzl_needs_two_sections() -> None:
    with pytest.raises(FormatError, match="two sections"):
        read_puzzle_text("notes\nN1\n1\n", "v.pzl")


# --- Tatham ------------------------------------------------------------------------------


def test_tatham_id_square_and_rectangular() -> None:
    puzzle = read_puzzle_text("4x3:/2/1/1/2/1.1/", "<id>")
    assert clues(puzzle) == clues(L_PUZZLE)
    assert format_puzzle(L_PUZZLE, "tatham") == "4x3:/2/1/1/2/1.1/\n"
    square = Puzzle.from_grid([[1, 0], [1, 1]])
    assert format_puzzle(square, "tatham") == "2:2/1/1/2\n"


def test_tatham_id_file_with_comments() -> None:
    text = "# ids\n\n2:2/1/1/2\t# unique\n1:1/1\n"
    assert [p.size_text for p in read_tatham_ids(text)] == ["2x2", "1x1"]
    assert read_puzzle_text(text, "ids.txt").row_clues == ((1,), (2,))


def test_bare_tatham_id_as_a_path() -> None:
    assert read_puzzle("2:2/1/1/2").row_clues == ((1,), (2,))


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("5x5#123456", "random seed"),
        ("2:2/1/1", "needs 4 clues"),
        ("2:2/1/1/x", "not a list of numbers"),
        ("900:1", "between 0 and 512"),
        ("2x-1:1/1", "expected a Pattern game id"),
    ],
)
def test_tatham_errors(text: str, reason: str) -> None:
    with pytest.raises(FormatError, match=reason):
        read_puzzle_text(text, "id.tatham")


# --- webpbn XML --------------------------------------------------------------------------

XML = """<?xml version="1.0"?>
<!DOCTYPE pbn SYSTEM "http://webpbn.com/pbn-0.3.dtd">
<puzzleset><puzzle type="grid" defaultcolor="black">
<title>Small &amp; fine</title><author>Bo</author><description>A test</description>
<color name="white" char=".">fff</color><color name="black" char="X">000</color>
<clues type="columns"><line/><line><count>2</count></line><line><count>1</count></line>
<line><count>1</count></line></clues>
<clues type="rows"><line><count>2</count></line><line><count>1</count><count>1</count></line>
<line></line></clues>
<solution type="goal"><image>
|.XX.|
|.X.X|
|....|
</image></solution>
</puzzle></puzzleset>
"""


def test_webpbn_xml_reads_clues_title_and_goal() -> None:
    puzzle = read_puzzle_text(XML, "p.xml")
    assert clues(puzzle) == clues(L_PUZZLE)
    assert (puzzle.title, puzzle.author) == ("Small & fine", "Bo")
    assert puzzle.goal == Puzzle.from_grid(L_GRID).goal
    assert ("description", "A test") in puzzle.extra


def test_webpbn_xml_refuses_entities_unknown_colours_and_broken_xml() -> None:
    laughs = '<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaa">]><puzzleset>&a;</puzzleset>'
    with pytest.raises(FormatError, match="declare entities"):
        read_puzzle_text(laughs, "l.xml")
    black = '<color name="black" char="X">000</color>'
    palette = XML.replace(black, black + '<color name="red" char="r">f00</color>')
    # A colour declared but used by no clue leaves the puzzle black and white.
    assert read_puzzle_text(palette, "c.xml") == read_puzzle_text(XML, "p.xml")
    unknown = XML.replace("<count>2", '<count color="teal">2', 1)
    with pytest.raises(FormatError, match="unknown colour 'teal'"):
        read_puzzle_text(unknown, "c.xml")
    mixed = palette.replace("<count>2", '<count color="red">2', 1)
    # One red 2 and no other red: refused by the per-colour totals.
    with pytest.raises(FormatError, match=r"row clues fill \d+ cells of (red|black) but"):
        read_puzzle_text(mixed, "c.xml")
    with pytest.raises(FormatError) as caught:
        read_puzzle_text(XML[:300], "t.xml")
    assert caught.value.line is not None
    assert "not well formed" in caught.value.reason


# --- Olšák -------------------------------------------------------------------------------


def test_olsak_mk_rows_then_columns() -> None:
    puzzle = read_puzzle_text("3 4\r\n2\r\n1 1\r\n0\r\n#\r\n0\r\n2\r\n1\r\n1\r\n", "a.mk")
    assert clues(puzzle) == clues(L_PUZZLE)


def test_olsak_mk_refuses_absurd_size_before_reading_clues() -> None:
    with pytest.raises(FormatError, match="between 0 and 512") as caught:
        read_puzzle_text("100000 3\n1\n#\n1\n", "a.mk")
    assert caught.value.line == 1


def test_olsak_g_black_and_white_and_colour() -> None:
    text = "Little\n: rows\n2\n1 1\n0\n: columns\n0\n2\n1\n1\n: end\n"
    puzzle = read_puzzle_text(text, "a.g")
    assert clues(puzzle) == clues(L_PUZZLE)
    assert puzzle.title == "Little"
    coloured = "#d\n  r:r #ff0000 red\n  b:b #0000ff blue\n:\n2r\n1b\n:\n1r\n1r\n1b\n:\n"
    puzzle = read_puzzle_text(coloured, "c.g")
    assert [colour.name for colour in puzzle.colours.colours] == ["red", "blue"]
    assert (puzzle.row_runs(0), puzzle.column_runs(2)) == (((2, 1),), ((1, 2),))
    # Without a table the keys get colours of our own; with one, an unknown key is refused.
    suffixes = ":\n2r 1b\n:\n1r\n1r\n1b\n:\n"
    assert read_puzzle_text(suffixes, "c.g").row_runs(0) == ((2, 1), (1, 2))
    with pytest.raises(FormatError, match="unknown colour 'g'") as caught:
        read_puzzle_text(coloured.replace("1b\n:\n1r", "1g\n:\n1r"), "c.g")
    assert caught.value.line == 6


# --- TAAI --------------------------------------------------------------------------------


def test_taai_columns_then_rows_and_all_puzzles() -> None:
    text = "$1\n0\n2\n1\n1\n2\n1\t1\n0\n0\n$2\n1\n1\n"
    puzzles = read_taai_questions(text)
    assert [p.title for p in puzzles] == ["taai2011 #1", "taai2011 #2"]
    assert puzzles[0].column_clues == ((), (2,), (1,), (1,))
    assert puzzles[0].row_clues == ((2,), (1, 1), (), ())
    assert read_puzzle_text(text, "questions.txt").title == "taai2011 #1"
    with pytest.raises(FormatError, match="3 clue lines"):
        read_taai_questions("$1\n1\n1\n1\n")


# --- registry ----------------------------------------------------------------------------


def test_sniffing_wins_over_a_wrong_extension() -> None:
    assert guess_format("2:2/1/1/2\n", "x.non").name == "tatham"
    assert guess_format(format_puzzle(L_PUZZLE, "non"), "x.txt").name == "non"
    assert guess_format(XML, "puzzle.dat").name == "webpbn_xml"
    with pytest.raises(FormatError, match="not a puzzle file"):
        guess_format("hello world\n", "notes.dat")


def test_every_format_has_a_distinct_name_and_extensions() -> None:
    names = [fmt.name for fmt in FORMATS]
    assert len(names) == len(set(names))
    assert all(fmt.extensions for fmt in FORMATS)


def test_write_puzzle_picks_format_from_extension(tmp_path: Path) -> None:
    for suffix in (".non", ".txt", ".pzl", ".tatham"):
        path = tmp_path / f"l{suffix}"
        write_puzzle(L_PUZZLE, path)
        assert clues(read_puzzle(path)) == clues(L_PUZZLE)
    with pytest.raises(FormatError, match="cannot tell the format"):
        write_puzzle(L_PUZZLE, tmp_path / "l.png")
    with pytest.raises(FormatError, match="cannot write 'xml'"):
        format_puzzle(L_PUZZLE, "xml")
    with pytest.raises(FormatError):
        write_puzzle(L_PUZZLE, tmp_path / "missing" / "l.non")
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_format_error_parts_and_pickling() -> None:
    error = FormatError("a.non", 3, "bad clue")
    assert (str(error), error.path, error.line, error.reason) == (
        "a.non:3: bad clue",
        "a.non",
        3,
        "bad clue",
    )
    assert str(FormatError("a.non", None, "empty")) == "a.non: empty"
    again = pickle.loads(pickle.dumps(error))
    assert (str(again), again.line) == ("a.non:3: bad clue", 3)
    assert isinstance(again, ValueError)


def test_byte_order_mark_is_ignored() -> None:
    assert read_puzzle_text("\ufeff#HORIZONTALES\n1\n#VERTICALES\n1\n").size_text == "1x1"
