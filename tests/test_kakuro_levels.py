"""The bundled Kakuro packs built by tools/build_kakuro.py: at least forty puzzles, each
unique and rated as its file says, and the generator still makes them from their seeds."""

from __future__ import annotations

from pathlib import Path

from game.core.kakuro.fileformat import read_kakuro
from game.core.kakuro.generate import KakuroGeneration
from game.core.kakuro.rating import rate_kakuro_puzzle
from tools.build_kakuro import PACKS

LEVELS = Path(__file__).resolve().parent.parent / "levels"


def _files() -> list[Path]:
    return sorted(path for plan in PACKS for path in (LEVELS / plan.folder).glob("*.kak"))


def test_the_packs_hold_forty_unique_rated_puzzles() -> None:
    files = _files()
    assert len(files) >= 40
    assert len(files) == sum(len(plan.requests) for plan in PACKS)
    for path in files:
        puzzle = read_kakuro(path)
        result, rating = rate_kakuro_puzzle(puzzle)
        assert result.status == "unique", path.name
        assert ("difficulty", str(rating.stars)) in puzzle.extra, path.name


def test_the_smallest_pack_is_made_again_from_its_seeds() -> None:
    plan = PACKS[0]
    for path in sorted((LEVELS / plan.folder).glob("*.kak"))[:3]:
        puzzle = read_kakuro(path)
        seed = int(dict(puzzle.extra)["seed"])
        size, level = next((s, lv) for s, lv, sd in plan.requests if sd == seed)
        made = KakuroGeneration(size, level, seed).run().puzzle
        assert made.fingerprint() == puzzle.fingerprint()
        assert made.solution == puzzle.solution
