"""Property tests: every writable format round-trips, and no input makes a reader misbehave."""

from __future__ import annotations

import os
import time
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.formats import (
    FORMATS,
    WRITABLE_FORMATS,
    FormatError,
    format_puzzle,
    read_puzzle_bytes,
    read_puzzle_text,
    read_taai_questions,
    read_tatham_ids,
)
from game.core.formats._common import one_line
from game.core.lines import runs_of
from game.core.puzzle import Puzzle

# Modest by default so the file stays fast; HANJIE_FUZZ_EXAMPLES=5000 for a deep run.
EXAMPLES = int(os.environ.get("HANJIE_FUZZ_EXAMPLES", "60"))
FUZZ = settings(max_examples=EXAMPLES, deadline=2000, suppress_health_check=[HealthCheck.too_slow])
EXTENSION = {"non": ".non", "txt": ".txt", "pzl": ".pzl", "tatham": ".tatham"}

# Printable text of any script, without surrogates (which no file can hold).
free_text = st.text(st.characters(exclude_categories=("Cs",)), max_size=24)


@st.composite
def grids(draw: st.DrawFn) -> list[list[bool]]:
    """Random pictures, rectangular, with some rows and columns forced empty."""
    width = draw(st.integers(1, 14))
    height = draw(st.integers(1, 14))
    density = draw(st.sampled_from([0.15, 0.5, 0.85]))
    cells = [[draw(st.floats(0, 1)) < density for _ in range(width)] for _ in range(height)]
    for y in draw(st.sets(st.integers(0, height - 1), max_size=height)):
        cells[y] = [False] * width
    for x in draw(st.sets(st.integers(0, width - 1), max_size=2)):
        for row in cells:
            row[x] = False
    return cells


@st.composite
def puzzles(draw: st.DrawFn) -> Puzzle:
    return Puzzle.from_grid(
        draw(grids()),
        title=draw(free_text),
        author=draw(free_text),
        copyright=draw(free_text),
        license=draw(free_text),
    )


def assert_same_clues(first: Puzzle, second: Puzzle) -> None:
    assert (first.width, first.height) == (second.width, second.height)
    assert first.row_clues == second.row_clues
    assert first.column_clues == second.column_clues
    assert first.fingerprint() == second.fingerprint()


@settings(max_examples=max(80, EXAMPLES // 4), deadline=None)
@given(puzzles())
def test_every_writable_format_round_trips_the_clues(puzzle: Puzzle) -> None:
    for fmt in WRITABLE_FORMATS:
        text = format_puzzle(puzzle, fmt)
        again = read_puzzle_text(text, "puzzle" + EXTENSION[fmt])
        assert_same_clues(puzzle, again)
        # Through bytes too, as a file would go; and a wrong extension is overridden.
        assert_same_clues(puzzle, read_puzzle_bytes(text.encode("utf-8"), "puzzle.dat"))


@settings(max_examples=max(80, EXAMPLES // 4), deadline=None)
@given(puzzles())
def test_non_keeps_texts_goal_and_extra(puzzle: Puzzle) -> None:
    source = Puzzle(**{**puzzle.__dict__, "extra": (("catalogue", "set 1"), ("note", 'say "hi"'))})
    again = read_puzzle_text(format_puzzle(source, "non"), "p.non")
    assert again.goal == puzzle.goal
    assert (again.title, again.author, again.copyright, again.license) == tuple(
        one_line(text) for text in (puzzle.title, puzzle.author, puzzle.copyright, puzzle.license)
    )
    assert again.extra == source.extra


@settings(max_examples=max(60, EXAMPLES // 4), deadline=None)
@given(puzzles())
def test_pzl_keeps_the_title_as_notes(puzzle: Puzzle) -> None:
    again = read_puzzle_text(format_puzzle(puzzle, "pzl"), "p.pzl")
    assert again.title == one_line(puzzle.title)


@settings(max_examples=max(40, EXAMPLES // 8), deadline=None)
@given(st.lists(puzzles(), min_size=1, max_size=4))
def test_a_file_of_tatham_ids_reads_back_every_puzzle(batch: list[Puzzle]) -> None:
    text = "# ids\n" + "".join(format_puzzle(p, "tatham").rstrip("\n") + "\tnote\n" for p in batch)
    for original, again in zip(batch, read_tatham_ids(text), strict=True):
        assert_same_clues(original, again)


# --- fuzzing: any input gives a Puzzle or a FormatError, quickly -------------------------

READERS: dict[str, Callable[[str], object]] = {
    fmt.name: (lambda text, read=fmt.read, name=fmt.name: read(text, f"fuzz.{name}"))
    for fmt in FORMATS
}
READERS["tatham ids"] = read_tatham_ids
READERS["taai questions"] = read_taai_questions
READERS["any"] = read_puzzle_text


def outcome(reader: Callable[[str], object], text: str) -> None:
    try:
        result = reader(text)
    except FormatError as error:
        assert error.reason
        assert str(error).startswith(error.path)
        return
    assert isinstance(result, Puzzle | list)


# Characters the formats care about, so that random text reaches deep into the parsers.
format_text = st.text(
    st.sampled_from(list('0123456789 ,.:/#$N-x\t\n\r"<>=/abcdefghijklmnoprstuvwy')), max_size=300
)


@FUZZ
@given(st.sampled_from(sorted(READERS)), st.one_of(st.text(max_size=300), format_text))
def test_readers_take_any_text(reader: str, text: str) -> None:
    outcome(READERS[reader], text)


@st.composite
def mutated_files(draw: st.DrawFn) -> tuple[str, str]:
    """A valid file of some format with a few random edits: near-misses reach every branch."""
    puzzle = draw(puzzles())
    fmt = draw(st.sampled_from(WRITABLE_FORMATS))
    text = format_puzzle(puzzle, fmt)
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["delete", "insert", "replace"]))
        piece = draw(format_text.filter(bool)) if kind != "delete" else ""
        end = at if kind == "insert" else min(len(text), at + draw(st.integers(1, 6)))
        text = text[:at] + piece[:6] + text[end:]
    return EXTENSION[fmt], text


@FUZZ
@given(mutated_files())
def test_readers_take_damaged_files(case: tuple[str, str]) -> None:
    extension, text = case
    outcome(lambda t: read_puzzle_text(t, "damaged" + extension), text)
    for reader in READERS.values():
        outcome(reader, text)


@FUZZ
@given(st.binary(max_size=400), st.sampled_from([".non", ".txt", ".pzl", ".xml", ".mk", ".g", ""]))
def test_any_bytes_give_a_puzzle_or_a_format_error(data: bytes, extension: str) -> None:
    outcome(lambda _: read_puzzle_bytes(data, "bytes" + extension), "")


XML_HEAD = '<?xml version="1.0"?><puzzleset><puzzle type="grid">'


@st.composite
def colour_files(draw: st.DrawFn) -> tuple[str, str]:
    """A colour puzzle as .non, webpbn XML or Olšák .g text, with a few random edits."""
    from game.core.palette import Palette, fallback_rgb

    colours = draw(st.integers(2, 5))
    width = draw(st.integers(1, 8))
    height = draw(st.integers(1, 8))
    grid = [[draw(st.integers(0, colours)) for _ in range(width)] for _ in range(height)]
    palette = Palette.of(
        ("white", (255, 255, 255)), *((f"k{n}", fallback_rgb(n)) for n in range(1, colours + 1))
    )
    puzzle = Puzzle.from_colour_grid(grid, palette)
    letters = puzzle.colours.letters()
    kind = draw(st.sampled_from([".non", ".xml", ".g"]))
    if kind == ".non":
        text = format_puzzle(puzzle, "non")
    elif kind == ".g":
        table = "".join(
            f"{letters[n]}:{letters[n]} #00000{n} k{n}\n" for n in range(1, colours + 1)
        )
        body = [
            " ".join(f"{n}{letters[c]}" for n, c in runs(i)) or "0"
            for runs, count in ((puzzle.row_runs, height), (puzzle.column_runs, width))
            for i in range(count)
        ]
        text = "#d\n" + table + ": rows\n" + "\n".join(body[:height])
        text += "\n: columns\n" + "\n".join(body[height:]) + "\n: end\n"
    else:
        lines = [
            "<line>" + "".join(f'<count color="k{c}">{n}</count>' for n, c in runs(i)) + "</line>"
            for runs, count in ((puzzle.column_runs, width), (puzzle.row_runs, height))
            for i in range(count)
        ]
        defined = "".join(
            f'<color name="k{n}" char="{letters[n]}">{n:06d}</color>' for n in range(1, colours + 1)
        )
        text = (
            XML_HEAD + defined + '<clues type="columns">' + "".join(lines[:width]) + "</clues>"
            '<clues type="rows">' + "".join(lines[width:]) + "</clues></puzzle></puzzleset>"
        )
    # The unedited file reads back to the same clues.
    read = read_puzzle_text(text, "colour" + kind)
    assert (read.row_clues, read.column_clues) == (puzzle.row_clues, puzzle.column_clues)
    if len({c for line in puzzle.row_colours or () for c in line}) > 1:
        # The reader numbers only the colours used: the same colouring, maybe renumbered.
        ours = [
            c
            for lines in (puzzle.row_colours, puzzle.column_colours)
            for line in lines or ()
            for c in line
        ]
        theirs = [
            c
            for lines in (read.row_colours, read.column_colours)
            for line in lines or ()
            for c in line
        ]
        pairs = set(zip(ours, theirs, strict=True))
        assert len(pairs) == len(set(ours)) == len(set(theirs))
    for _ in range(draw(st.integers(0, 4))):
        at = draw(st.integers(0, len(text)))
        piece = draw(st.text(st.sampled_from(list("0123456789abcdefgz ,#:\n<>/")), max_size=4))
        end = min(len(text), at + draw(st.integers(0, 4)))
        text = text[:at] + piece + text[end:]
    return kind, text


@FUZZ
@given(colour_files())
def test_readers_take_damaged_colour_files(case: tuple[str, str]) -> None:
    kind, text = case
    outcome(lambda t: read_puzzle_text(t, "damaged" + kind), text)


@FUZZ
@given(
    st.lists(
        st.sampled_from(
            [
                '<clues type="rows">',
                '<clues type="columns">',
                "</clues>",
                "<line>",
                "</line>",
                "<count>",
                "</count>",
                "1",
                "2",
                "-1",
                '<count color="red">',
                '<count color="blue">',
                '<color name="red">',
                '<color name="blue" char="b">00F</color>',
                '<color name="white" char=".">FFFFFF</color>',
                "</color>",
                "<solution><image>|b.|\n|.b|</image></solution>",
                "<solution><image>|#.|\n|..|</image></solution>",
                "&amp;",
                "<![CDATA[3]]>",
            ]
        ),
        max_size=40,
    )
)
def test_xml_reader_takes_any_tag_soup(pieces: list[str]) -> None:
    text = XML_HEAD + "".join(pieces) + "</puzzle></puzzleset>"
    outcome(lambda t: read_puzzle_text(t, "soup.xml"), text)


# --- sizes 0..12 on both sides, with clues that may have no picture ------------------------


@st.composite
def any_size_puzzles(draw: st.DrawFn) -> Puzzle:
    """Any size from 0x0 to 12x12; the columns may be shuffled, so a picture is not promised."""
    width = draw(st.integers(0, 12))
    height = draw(st.integers(0, 12))
    cells = [[draw(st.booleans()) for _ in range(width)] for _ in range(height)]
    rows = tuple(runs_of(row) for row in cells)
    columns = [runs_of(row[x] for row in cells) for x in range(width)]
    order = draw(st.permutations(range(width)))
    return Puzzle(width, height, rows, tuple(columns[x] for x in order))


@settings(max_examples=max(120, EXAMPLES), deadline=None)
@given(any_size_puzzles())
def test_every_writer_round_trips_any_size(puzzle: Puzzle) -> None:
    for fmt in WRITABLE_FORMATS:
        text = format_puzzle(puzzle, fmt)
        for name in ("p" + EXTENSION[fmt], "p.dat"):
            assert_same_clues(puzzle, read_puzzle_text(text, name))
    # Formats without a writer refuse with a message, never a traceback.
    for fmt in FORMATS:
        if fmt.write is None:
            with pytest.raises(FormatError, match="cannot write"):
                format_puzzle(puzzle, fmt.name)


# --- repetitive input: every read finishes within a deadline ------------------------------

# Fragments of each format's syntax; repeated tens of thousands of times they make the
# inputs that catch a parser rescanning what it already read.
FRAGMENTS = [
    "\n",
    " ",
    "\t",
    "\r\n",
    "\u2028",
    "#",
    "# ",
    "#HORIZONTALES",
    "#VERTICALES",
    "rows",
    "columns",
    "width 5",
    "height ",
    "goal ",
    '"',
    "0",
    "1",
    "1,",
    "1 ",
    "1.",
    "/",
    ":",
    "5x5:",
    "$1",
    "N",
    "N1",
    "<",
    "<!DOCTYPE",
    "<!ENTITY",
    "[",
    "]",
    ">",
    "<puzzle>",
    '<clues type="rows">',
    "<line>",
    "<count>1</count>",
    "</line>",
    "<!--",
    "-->",
    "<![CDATA[",
    "&amp;",
    "a",
    "x",
    "-",
]


@st.composite
def repetitive_texts(draw: st.DrawFn) -> tuple[str, str]:
    """About 200 KB: a head, then a short mix of fragments repeated, then a tail."""
    head = "".join(draw(st.lists(st.sampled_from(FRAGMENTS), max_size=4)))
    unit = "".join(draw(st.lists(st.sampled_from(FRAGMENTS), min_size=1, max_size=4)))
    tail = "".join(draw(st.lists(st.sampled_from(FRAGMENTS), max_size=4)))
    text = head + unit * (200_000 // len(unit)) + tail
    extension = draw(st.sampled_from([".non", ".txt", ".pzl", ".xml", ".mk", ".g", ".dat"]))
    return text, extension


@settings(max_examples=max(40, EXAMPLES // 2), deadline=None)
@given(repetitive_texts())
def test_repetitive_inputs_are_read_within_a_deadline(case: tuple[str, str]) -> None:
    text, extension = case
    for reader in [*READERS.values(), lambda t: read_puzzle_text(t, "rep" + extension)]:
        start = time.process_time()
        outcome(reader, text)
        # Generous for 200 KB: linear readers take milliseconds, a quadratic one minutes.
        assert time.process_time() - start < 1.0
