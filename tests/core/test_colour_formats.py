"""Colour files: .non round trips, and bad colour files refused with path, line and reason."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.formats import FormatError, format_puzzle, read_puzzle_text
from game.core.palette import MAX_COLOURS, Palette, fallback_rgb
from game.core.puzzle import Puzzle


def palette(colours: int) -> Palette:
    return Palette.of(
        ("white", (255, 255, 255)),
        *((f"colour {n}", fallback_rgb(n)) for n in range(1, colours + 1)),
    )


@st.composite
def colour_puzzles(draw: st.DrawFn) -> Puzzle:
    colours = draw(st.sampled_from([2, 3, 5, 8, 27, MAX_COLOURS]))
    width = draw(st.integers(1, 9))
    height = draw(st.integers(1, 9))
    grid = [[draw(st.integers(0, colours)) for _ in range(width)] for _ in range(height)]
    return Puzzle.from_colour_grid(grid, palette(colours), title=draw(st.text(max_size=8)))


@settings(max_examples=120, deadline=None)
@given(colour_puzzles())
def test_non_round_trips_colour_clues_palette_and_goal(puzzle: Puzzle) -> None:
    text = format_puzzle(puzzle, "non")
    again = read_puzzle_text(text, "again.non")
    assert (again.row_clues, again.column_clues) == (puzzle.row_clues, puzzle.column_clues)
    used = sorted({c for row in puzzle.row_colours or () for c in row})
    if len(used) > 1:
        # Colours no run uses are not written back: compare through the colours' RGBs.
        def rgbs(p: Puzzle, lines: tuple[tuple[int, ...], ...]) -> list[list[object]]:
            return [[p.colours.colour(c).rgb for c in line] for line in lines]

        assert rgbs(again, again.row_colours or ()) == rgbs(puzzle, puzzle.row_colours or ())
        assert rgbs(again, again.column_colours or ()) == rgbs(puzzle, puzzle.column_colours or ())
        assert again.goal is not None and again.goal == puzzle.goal
        assert format_puzzle(again, "non") == format_puzzle(
            read_puzzle_text(format_puzzle(again, "non"), "x.non"), "non"
        )


NON = """width 3
height 2
color r #ff0000
color g #00ff00

rows
1r,1g
2g

columns
1r
1g
2g

goal "r0g0gg"
"""


def test_the_non_colour_example_reads() -> None:
    puzzle = read_puzzle_text(NON, "x.non")
    assert [c.rgb for c in puzzle.colours.colours] == [(255, 0, 0), (0, 255, 0)]
    assert puzzle.goal_colours == ((1, 0, 2), (0, 2, 2))
    # Keys never declared get colours of our own.
    bare = "\n".join(line for line in NON.splitlines() if not line.startswith("color"))
    assert read_puzzle_text(bare, "x.non").colour_count == 2


@pytest.mark.parametrize(
    ("change", "line", "reason"),
    [
        (("1r,1g", "1r,1b"), 7, "unknown colour 'b' (the file declares g, r)"),
        (("color g #00ff00", "color g #00ff0"), 4, "colour g: '#00ff0' is not a #rrggbb colour"),
        (("color g #00ff00", "color r #00ff00"), 4, "the colour 'r' is declared twice"),
        (("color g #00ff00", "color gg #00ff00"), 4, "a colour key is one character"),
        (('goal "r0g0gg"', 'goal "r0g0gr"'), None, "does not match the clue of row 2"),
        (('goal "r0g0gg"', 'goal "r0g0gz"'), 15, "the goal uses colour 'z', which no clue has"),
        (('goal "r0g0gg"', 'goal "r0g0g"'), 15, "the goal has 5 cells"),
        (("2g\n\ncolumns", "2r\n\ncolumns"), None, "fill 3 cells of r but column clues fill 1"),
        (("1r,1g", "1r1g"), 7, "'1r1g' is not a whole number"),
    ],
)
def test_bad_non_colour_files_name_line_and_reason(
    change: tuple[str, str], line: int | None, reason: str
) -> None:
    with pytest.raises(FormatError) as caught:
        read_puzzle_text(NON.replace(*change), "bad.non")
    assert (caught.value.path, caught.value.line) == ("bad.non", line)
    assert reason in caught.value.reason


def test_more_than_32_colours_is_refused() -> None:
    keys = [chr(code) for code in range(ord("A"), ord("A") + 33)]
    rows = "\n".join(f"1{key}" for key in keys)
    text = f"width 1\nheight 33\nrows\n{rows}\n\ncolumns\n{','.join('1' + k for k in keys)}\n"
    with pytest.raises(FormatError, match="33 colours: a puzzle may have at most 32") as caught:
        read_puzzle_text(text, "many.non")
    assert caught.value.line == 36


XML = """<?xml version="1.0"?>
<puzzleset><puzzle type="grid" defaultcolor="red">
<color name="white" char=".">FFF</color>
<color name="red" char="r">FF0000</color>
<color name="green" char="g">00FF00</color>
<clues type="columns"><line><count>1</count></line><line><count color="green">1</count></line>
<line><count color="green">2</count></line></clues>
<clues type="rows"><line><count>1</count><count color="green">1</count></line>
<line><count color="green">2</count></line></clues>
<solution type="goal"><image>|r.g|
|.gg|</image></solution>
</puzzle></puzzleset>
"""


def test_webpbn_colour_xml_reads_and_refuses() -> None:
    puzzle = read_puzzle_text(XML, "x.xml")
    assert puzzle.fingerprint() == read_puzzle_text(NON, "x.non").fingerprint()
    assert [c.name for c in puzzle.colours.colours] == ["red", "green"]
    assert puzzle.goal_colours == ((1, 0, 2), (0, 2, 2))
    for change, reason in (
        (("|.gg|", "|.gr|"), "does not match the clue of row 2"),
        (("|.gg|", "|.gq|"), "uses 'q', which no clue's colour has"),
        (('color="green">2', 'color="teal">2'), "unknown colour 'teal'"),
        # Issue 49: an RGB that cannot be read got a colour of ours, perhaps another's.
        (("FF0000", "nonsense"), "colour 'red': 'nonsense' is not an RRGGBB colour"),
    ):
        with pytest.raises(FormatError, match=reason):
            read_puzzle_text(XML.replace(*change), "x.xml")


def test_olsak_colour_table_refuses_a_bad_colour_on_its_line() -> None:
    text = "#d\n0:  #FFFFFF white\n1:#  #FF00 red\ng:%  #00FF00 green\n:\n1 1g\n:\n1\n1g\n:\n"
    with pytest.raises(FormatError, match="'#FF00' is not a #rrggbb colour") as caught:
        read_puzzle_text(text, "c.g")
    assert caught.value.line == 3
    fine = read_puzzle_text(text.replace("#FF00 ", "#FF0000 "), "c.g")
    assert [c.name for c in fine.colours.colours] == ["red", "green"]


def test_other_writers_refuse_colour_puzzles_plainly() -> None:
    puzzle = read_puzzle_text(NON, "x.non")
    for fmt in ("txt", "pzl", "tatham"):
        with pytest.raises(FormatError, match=f"the {fmt} format has no colours"):
            format_puzzle(puzzle, fmt)


def test_a_background_colour_round_trips_in_non() -> None:
    dark = Palette.of(("night", (10, 10, 40)), ("star", (255, 255, 0)), ("moon", (200, 200, 200)))
    puzzle = Puzzle.from_colour_grid([[1, 0, 2], [0, 2, 2]], dark)
    text = format_puzzle(puzzle, "non")
    assert "color 0 #0a0a28" in text
    assert read_puzzle_text(text, "x.non").colours.background.rgb == (10, 10, 40)
