"""The select screen's rating pass: a colour puzzle is rated as black and white is, by the
engine's solve counting the effort (unwatched), a slice at a time (the colour player's solve in
one go once took ~20 ms at 40x30, a 37 ms frame with the picture packs installed), and the
stars found are kept across starts, by the puzzle's fingerprint."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from game.core.formats import read_puzzle
from game.core.puzzle import Puzzle
from game.core.rating import rate_puzzle
from game.core.store.ratings import Ratings

COLOUR = next(
    (Path(__file__).resolve().parents[2] / "levels" / "08-colour").glob("*-golden-key.non")
)


def test_a_colour_rating_is_worked_out_a_slice_at_a_time() -> None:
    puzzle = replace(read_puzzle(COLOUR), extra=())  # no "difficulty": it must be rated
    key = puzzle.fingerprint()
    ticks = [0.0]

    def clock() -> float:  # every reading of the clock is a millisecond of work
        ticks[0] += 0.001
        return ticks[0]

    ratings = Ratings(time_limit=1000.0, clock=clock)
    calls = 0
    while ratings.stars_of(key) is None and calls < 100_000:
        ratings.work([(key, puzzle)], seconds=0.002)
        calls += 1
        assert ratings.busy or ratings.stars_of(key) is not None
    # Sliced: an unwatched solve hands back at its heartbeats, so a probing solve takes
    # several slices of two clock readings.
    assert calls > 1
    assert ratings.stars_of(key) == rate_puzzle(puzzle)[1].stars == 4
    assert ratings.solutions[key].shape == (puzzle.height, puzzle.width)


def rated(ratings: Ratings, puzzle: Puzzle) -> int | None:
    key = puzzle.fingerprint()
    for _ in range(1000):
        ratings.work([(key, puzzle)], seconds=0.05)
        if ratings.stars_of(key) is not None:
            break
    return ratings.stars_of(key)


def test_stars_are_kept_across_starts_by_fingerprint(tmp_path: Path) -> None:
    """Rated once, a puzzle's stars (and its solution, the file having no picture) come
    back next run without solving; a file changed to another puzzle is rated afresh."""
    cross = Puzzle.from_grid([[0, 1, 0], [1, 1, 1], [0, 1, 0]], keep_goal=False)
    first = Ratings()
    stars = rated(first, cross)
    assert stars is not None
    cache = tmp_path / "ratings.json"
    assert first.save(cache)
    again = Ratings()
    assert again.load(cache) == 1
    assert again.stars_of(cross.fingerprint()) == stars
    assert not again.busy
    solution = again.solution_of(cross)
    assert solution is not None and cross.is_solution(solution)
    changed = Puzzle.from_grid([[1, 1, 0], [1, 1, 1], [0, 1, 0]], keep_goal=False)
    assert again.stars_of(changed.fingerprint()) is None
    assert rated(again, changed) is not None


def test_a_damaged_cache_gives_nothing_and_is_written_anew(tmp_path: Path) -> None:
    cache = tmp_path / "ratings.json"
    cache.write_text('{"version": 1, "puzzles": {"abc": {"stars": "many"}, "d": 7}}')
    ratings = Ratings()
    assert ratings.load(cache) == 0
    cache.write_bytes(b"\xff\xfe not json")
    assert ratings.load(cache) == 0
    dot = Puzzle.from_grid([[1, 0], [0, 1]], keep_goal=False)
    assert rated(ratings, dot) is not None
    assert ratings.save(cache)
    assert Ratings().load(cache) == 1


def test_a_cache_of_the_old_colour_rating_is_rated_anew(tmp_path: Path) -> None:
    """Version 1 kept colour stars of the size-based colour rating: they are not taken."""
    from game.core.store.ratings import CACHE_VERSION

    puzzle = replace(read_puzzle(COLOUR), extra=())
    cache = tmp_path / "ratings.json"
    old = {"version": 1, "puzzles": {puzzle.fingerprint(): {"stars": 2}}}
    cache.write_text(json.dumps(old))
    ratings = Ratings(time_limit=30)
    assert CACHE_VERSION > 1 and ratings.load(cache) == 0
    assert rated(ratings, puzzle) == 4  # the golden key needs a probe: Expert
    assert ratings.save(cache)
    assert json.loads(cache.read_text())["version"] == CACHE_VERSION
