"""The colour pack (levels/08-colour): built from our own art by tools/build_colour_pack.py,
every puzzle unique, in 2 to 8 colours, from 10x10 to 40x30, rated with a spread of levels."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from game.core.formats import read_puzzle
from game.core.palette import Palette
from game.core.puzzle import Puzzle
from game.core.rating import rate_puzzle
from tests.conftest import REPO_ROOT

PACK = REPO_ROOT / "levels" / "08-colour"


def load_tool() -> ModuleType:
    path = REPO_ROOT / "tools" / "build_colour_pack.py"
    spec = importlib.util.spec_from_file_location("build_colour_pack", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("build_colour_pack", module)
    spec.loader.exec_module(module)
    return module


def test_the_pack_is_what_the_art_builds() -> None:
    assert load_tool().main(["--check"]) == 0


def test_the_pack_has_the_sizes_colours_and_levels_asked_for() -> None:
    files = sorted(PACK.glob("*.non"))
    assert len(files) >= 24
    puzzles = [read_puzzle(path) for path in files]
    sizes = {(p.width, p.height) for p in puzzles}
    assert (10, 10) in sizes and (30, 30) in sizes
    assert sum(size == (40, 30) for size in [(p.width, p.height) for p in puzzles]) >= 2
    assert all(p.is_colour and 2 <= p.colour_count <= 8 for p in puzzles)
    assert {p.colour_count for p in puzzles} >= {2, 8}
    stars = {int(dict(p.extra)["difficulty"]) for p in puzzles}
    assert len(stars) >= 3


def test_a_broken_picture_is_refused_with_its_line(tmp_path: Path) -> None:
    tool = load_tool()
    art = tmp_path / "08-colour.txt"
    art.write_text("name: X\norder: 8\ndescription: x\n\n== Bad\nrr.\nrq.\n", encoding="utf-8")
    try:
        tool.parse_art(art)
    except tool.ArtError as error:
        assert f"{art}:7" in str(error) and "'q'" in str(error)
    else:
        raise AssertionError("an unknown colour letter was accepted")


PALETTE = Palette.of(("white", (255, 255, 255)), ("red", (200, 0, 0)), ("blue", (0, 0, 200)))


def test_colour_rating_grows_with_rounds_and_probing() -> None:
    small = Puzzle.from_colour_grid([[1, 1, 0], [0, 2, 2], [1, 0, 2]], PALETTE)
    easy = rate_puzzle(small)[1]
    assert easy.stars == 1 and "insight" not in easy.reason
    key = read_puzzle(next(PACK.glob("*-golden-key.non")))
    rating = rate_puzzle(key)[1]
    assert rating.stars == 4 and "1 insight" in rating.reason


def test_level_select_rates_a_colour_puzzle_without_a_declared_level_by_colour() -> None:
    from dataclasses import replace

    from game.core.store.ratings import Ratings

    puzzle = replace(read_puzzle(next(PACK.glob("*-golden-key.non"))), extra=())  # no "difficulty"
    ratings = Ratings(time_limit=30)
    for _ in range(200):
        ratings.work([(puzzle.fingerprint(), puzzle)], seconds=0.05)
        if ratings.stars_of(puzzle.fingerprint()) is not None:
            break
    assert ratings.stars_of(puzzle.fingerprint()) == 4  # Expert: it needs probing
