"""The in-repo sample files (tests/data/formats): every format read, refused or solved.

These stand in for the tests that use ../shared/puzzles, so a fresh clone runs them all.
Solver verdicts are established independently here, by brute force over the rows.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from game.cli import main
from game.core.formats import (
    FormatError,
    read_puzzle,
    read_puzzles,
    read_taai_questions,
    read_tatham_ids,
)
from game.core.lines import runs_of
from game.core.puzzle import Puzzle
from game.core.solver import solve

DATA = Path(__file__).resolve().parent.parent / "data" / "formats"

# Every valid sample and the size it must read as.
VALID = {
    "non/heart.non": "7x6",
    "non/boat.non": "8x7",
    "seed_text/key_6x3.txt": "6x3",
    "pzl/house_3x3.pzl": "3x3",
    "tatham/ids.tatham": "3x3",
    "olsak/boat.mk": "8x7",
    "olsak/tree.g": "5x5",
    "webpbn_xml/boat.xml": "8x7",
    # Declares red but no clue uses it: one black colour, black and white.
    "webpbn_xml/two_colours.xml": "8x7",
    "taai/three_5x5.taai": "5x5",
    "verdicts/none_4x4.non": "4x4",
    "verdicts/unique_5x5.non": "5x5",
    "verdicts/multiple_5x5.txt": "5x5",
}
# Colour samples: the same 7x5 picture in three formats (.g has no goal), 3 colours.
COLOUR = ["colour/garden.non", "colour/garden.xml", "colour/garden.g"]
INVALID = {
    "absurd_size.non": "width must be between 0 and 512, not 1000000",
    "clue_too_long.non": "needs 5 cells, the row has 3",
    "empty.non": "empty",
    "missing_columns.non": "no 'columns' section",
    "negative.non": "cannot be negative",
    "not_a_number.non": "'x' is not a whole number",
    "random_bytes.non": "not a text file",
    "sums_differ.non": "row clues fill 4 cells but column clues fill 3",
    "too_many_rows.non": "3 row clues but the height is 2",
    "truncated.xml": "not well formed",
    "entity.xml": "declare entities are refused",
    "control_chars.non": r"'1\\x1b\[31m' is not a whole number",
    "colour_sums_differ.g": "row clues fill 9 cells of black but column clues fill 11",
}


def show(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["show", str(path)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_the_sample_folder_is_complete() -> None:
    # A sample added without a line here (or a line without its file) fails.
    on_disk = {
        str(path.relative_to(DATA)) for path in DATA.rglob("*") if path.suffix not in ("", ".md")
    }
    listed = set(VALID) | set(COLOUR) | {f"invalid/{name}" for name in INVALID}
    assert on_disk == listed


@pytest.mark.parametrize("relative", sorted(VALID))
def test_show_reads_every_valid_sample(relative: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = show(DATA / relative, capsys)
    count = len(read_puzzles(DATA / relative))
    # A file of many (TAAI questions, Pattern ids) shows its first and says so, one line.
    assert code == 0
    assert err == "" if count == 1 else err.startswith(f"{DATA / relative} holds {count} puzzles")
    puzzle = read_puzzle(DATA / relative)
    assert puzzle.size_text == VALID[relative]
    assert f"Size:      {puzzle.size_text}" in out
    assert out.count("\n") >= puzzle.width + puzzle.height + 4


@pytest.mark.parametrize("relative", COLOUR)
def test_show_reads_colour_samples(relative: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = DATA / relative
    code, out, err = show(path, capsys)
    assert (code, err) == (0, "")
    puzzle = read_puzzle(path)
    assert (puzzle.size_text, puzzle.colour_count) == ("7x5", 3)
    assert "Colours:   3" in out


def test_colour_samples_agree_across_formats() -> None:
    non, xml, olsak = (read_puzzle(DATA / relative) for relative in COLOUR)
    boat = read_puzzle(DATA / "non/boat.non")
    assert non.fingerprint() == xml.fingerprint() != boat.fingerprint()
    assert (non.row_runs(2), non.column_runs(4)) == (((1, 1), (1, 2), (1, 3)), ((3, 2), (2, 3)))
    for other in (xml, olsak):
        assert (other.row_colours, other.column_colours) == (non.row_colours, non.column_colours)
    assert [colour.rgb for colour in xml.colours.colours] == [
        colour.rgb for colour in olsak.colours.colours
    ]
    assert xml.goal_colours == non.goal_colours is not None
    assert non.solved_by_values(non.goal_colours)


@pytest.mark.parametrize(("name", "reason"), sorted(INVALID.items()))
def test_invalid_samples_give_one_line_with_their_reason(
    name: str, reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = DATA / "invalid" / name
    with pytest.raises(FormatError, match=reason):
        read_puzzle(path)
    code, out, err = show(path, capsys)
    assert (code, out) == (2, "")
    assert err.startswith(f"hanjie: {path}")
    # One line, control characters of the file escaped.
    assert err.endswith("\n") and err[:-1].isprintable()


def test_the_same_picture_agrees_across_formats() -> None:
    boat = read_puzzle(DATA / "non/boat.non")
    for other in ("olsak/boat.mk", "webpbn_xml/boat.xml"):
        assert read_puzzle(DATA / other).fingerprint() == boat.fingerprint()
    xml = read_puzzle(DATA / "webpbn_xml/boat.xml")
    assert (xml.title, xml.author, xml.goal) == ("Boat", "Hanjie tests", boat.goal)
    heart = read_puzzle(DATA / "non/heart.non")
    assert (heart.title, heart.author, heart.license) == ("Heart", "Hanjie tests", "CC0-1.0")
    assert heart.goal is not None and heart.is_solution(heart.goal)


def test_pzl_and_olsak_g_samples() -> None:
    house = read_puzzle(DATA / "pzl/house_3x3.pzl")
    assert (house.title, house.row_clues, house.column_clues) == (
        "Huisje",
        ((1,), (3,), (1, 1)),
        ((2,), (2,), (2,)),
    )
    tree = read_puzzle(DATA / "olsak/tree.g")
    assert (tree.title, tree.row_clues) == ("Strom", ((1,), (3,), (5,), (1,), (1,)))


def test_tatham_and_taai_collections() -> None:
    ids = (DATA / "tatham/ids.tatham").read_text(encoding="utf-8")
    assert [p.size_text for p in read_tatham_ids(ids)] == ["3x3", "5x5", "6x3", "8x7"]
    assert read_tatham_ids(ids)[3].fingerprint() == read_puzzle(DATA / "non/boat.non").fingerprint()
    questions = read_taai_questions((DATA / "taai/three_5x5.taai").read_text(encoding="utf-8"))
    assert [p.title for p in questions] == ["taai2011 #1", "taai2011 #2", "taai2011 #3"]
    frame = [[y in (0, 4) or x in (0, 4) or (x, y) == (2, 2) for x in range(5)] for y in range(5)]
    assert questions[1].is_solution(frame)
    assert read_puzzle(DATA / "taai/three_5x5.taai").title == "taai2011 #1"


# --- solver verdicts, established by brute force -----------------------------------------


def brute_force_count(puzzle: Puzzle) -> int:
    """Solutions counted the slow, obvious way: every combination of valid rows."""
    options = [
        [
            row
            for row in itertools.product((False, True), repeat=puzzle.width)
            if runs_of(row) == clue
        ]
        for clue in puzzle.row_clues
    ]
    return sum(1 for grid in itertools.product(*options) if puzzle.is_solution(grid))


@pytest.mark.parametrize(
    ("relative", "status", "count"),
    [
        ("verdicts/none_4x4.non", "none", 0),
        ("verdicts/unique_5x5.non", "unique", 1),
        ("verdicts/multiple_5x5.txt", "multiple", 120),
    ],
)
def test_solver_verdicts_match_brute_force(relative: str, status: str, count: int) -> None:
    puzzle = read_puzzle(DATA / relative)
    assert brute_force_count(puzzle) == count
    result = solve(puzzle, max_solutions=1000)
    assert result.status == status
    assert result.complete
    assert len(result.solutions) == count
    assert all(puzzle.is_solution(solution) for solution in result.solutions)


def test_solve_command_on_the_samples(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", str(DATA / "verdicts/none_4x4.non"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["status"], data["solutions"]) == ("none", 0)
    assert main(["solve", str(DATA / "verdicts/unique_5x5.non"), "--all"]) == 0
    out = capsys.readouterr().out
    assert "unique (exactly 1 solution)" in out
    assert "..#..\n.###.\n#####\n..#..\n..#.." in out
