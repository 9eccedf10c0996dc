"""show, solve, check and export on colour files (our samples in tests/data/formats/colour)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main
from game.core.formats import read_puzzle

GARDEN = Path(__file__).resolve().parent.parent / "data" / "formats" / "colour"


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("name", ["garden.non", "garden.xml", "garden.g"])
def test_solve_prints_the_verdict_and_the_solution_in_colour_letters(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["solve", str(GARDEN / name)], capsys)
    assert (code, err) == (0, "")
    assert "verdict:  unique (exactly 1 solution)" in out
    letters = read_puzzle(GARDEN / name).colours.letters()
    picture = [".rr.gg.", "rrrggg.", ".r..g.b", "bbbbbbb", "..b.b.."]
    # The sample's letters r, g, b become the palette's own letters, in its order.
    table = str.maketrans("rgb", letters[1:4])
    assert "\n".join(row.translate(table) for row in picture) in out


def test_solve_json_and_the_seeds_algorithms(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["solve", "--json", str(GARDEN / "garden.non")], capsys)
    answer = json.loads(out)
    assert code == 0 and answer["status"] == "unique"
    # Rated as `check` rates it (solve once said "colour puzzles are not rated yet").
    code, checked, _ = run(["check", "--json", str(GARDEN / "garden.non")], capsys)
    assert answer["rating"] == json.loads(checked.splitlines()[0])["rating"]
    assert 1 <= answer["rating"]["stars"] <= 5
    code, out, _ = run(["solve", str(GARDEN / "garden.non")], capsys)
    assert f"rating:   {'★' * answer['rating']['stars']}" in out
    code, out, err = run(["solve", "--algorithm", "rules", str(GARDEN / "garden.non")], capsys)
    assert (code, out) == (2, "")
    assert "the rules algorithm cannot solve colour puzzles" in err


def test_check_and_export_take_colour_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(["check", str(GARDEN / "garden.xml")], capsys)
    assert code == 0 and "unique" in out
    target = tmp_path / "garden.non"
    code, _, err = run(["export", str(GARDEN / "garden.xml"), "-o", str(target)], capsys)
    assert (code, err) == (0, "")
    again = read_puzzle(target)
    original = read_puzzle(GARDEN / "garden.xml")
    assert again.fingerprint() == original.fingerprint()
    assert again.goal_colours == original.goal_colours
    assert [c.rgb for c in again.colours.colours] == [c.rgb for c in original.colours.colours]
    code, out, err = run(["export", str(GARDEN / "garden.xml"), "--to", "txt"], capsys)
    assert (code, out) == (2, "")
    assert "the txt format has no colours" in err
