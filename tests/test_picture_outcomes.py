"""The picture library's outcomes table (issue 50): Random reads each picture's outcome from
it and makes live only what it lacks and the one it takes, with the same puzzle for a seed as
the live search; a table out of date is found out and the search made live.

The shipped table is checked against the library (its files' hashes) and, on a sample, against
what the pictures make now; the rest uses a small library drawn in a temporary folder, as
tests/core/test_picture_puzzles.py draws it.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from game.core.generate.picture_library import (
    MAX_PICTURE_COLOURS,
    library,
    library_dir,
    load_picture,
)
from game.core.generate.picture_outcomes import (
    NOT_TRIED,
    OUTCOMES_FILE,
    board_key,
    file_hash,
    outcomes,
    parse_outcomes,
)
from game.core.generate.picture_puzzles import PictureGeneration, attempt, run_attempt
from tests.core.test_picture_puzzles import house, make_library, tree
from tools import build_picture_outcomes as builder


def test_the_shipped_table_covers_randoms_boards_and_the_library_as_it_is() -> None:
    from game.ui.scenes.levels.random_panel import COLOUR_CHOICES, SIZES

    assert builder.SIZES == SIZES
    assert tuple(count for count, _ in COLOUR_CHOICES if count > 2) == builder.COLOURS
    table = outcomes(library_dir())
    assert table is not None, "assets/pictures/outcomes.json is missing or does not read"
    entries = library()
    assert list(table.index) == [entry.name for entry in entries]
    stale = [e.name for e in entries if table.hashes[e.name] != file_hash(library_dir() / e.file)]
    assert stale == [], "pictures changed since the table was built"
    for width, height, detail, colours in builder.boards():
        row = table.boards[board_key(width, height, detail, colours)]
        for entry, mark in zip(entries, row, strict=True):
            assert (mark != NOT_TRIED) == builder.drawn_on(entry, width, height)


def test_a_sample_of_the_shipped_table_is_what_the_pictures_make_now() -> None:
    """Out of date (the rating or Make it fair changed): run tools/build_picture_outcomes.py."""
    table = outcomes(library_dir())
    assert table is not None
    entries = library()
    rng = np.random.Generator(np.random.PCG64(50))
    boards = builder.boards()
    checked = 0
    while checked < 30:
        width, height, detail, colours = boards[int(rng.integers(len(boards)))]
        if width * height > 600:
            continue  # the small boards: the same path, a fraction of the time
        entry = entries[int(rng.integers(len(entries)))]
        expected = table.stars(
            (entry.name,), (entry.file,), board_key(width, height, detail, colours)
        )
        if expected is None:
            continue
        made = run_attempt(
            attempt(
                load_picture(library_dir() / entry.file),
                width,
                height,
                detail,
                max_colours=colours or MAX_PICTURE_COLOURS,
            )
        )
        stars = made.rating.stars if made.rating is not None else 0
        assert stars == expected, (entry.name, width, height, detail, colours)
        checked += 1


@pytest.mark.parametrize(
    ("width", "height", "level", "seed", "colours"),
    [(15, 15, 3, 1001, 4), (20, 20, 5, 1000, 0), (40, 30, 1, 1002, 4)],
)
def test_a_seed_makes_the_same_puzzle_with_the_table_as_live(
    width: int, height: int, level: int, seed: int, colours: int
) -> None:
    with_table = PictureGeneration(width, height, level, seed, colours=colours)
    live = PictureGeneration(width, height, level, seed, colours=colours, use_table=False)
    made, made_live = with_table.run(), live.run()
    assert made.puzzle == made_live.puzzle and made.rating == made_live.rating
    assert not with_table.stale
    # The table spared the attempts before the one taken.
    assert with_table.candidates == 1 < live.candidates


def _write_table(
    folder: Path, boards: dict[str, str], hashes: dict[str, str] | None = None
) -> None:
    entries = library(folder)
    pictures = [[e.name, (hashes or {}).get(e.name, file_hash(folder / e.file))] for e in entries]
    text = json.dumps({"pictures": pictures, "boards": boards})
    (folder / OUTCOMES_FILE).write_text(text, encoding="utf-8")
    outcomes.cache_clear()


def test_a_table_out_of_date_is_found_out_and_the_search_made_live(tmp_path: Path) -> None:
    folder = make_library(tmp_path, {"house": house(), "tree": tree()})
    live = PictureGeneration(15, 15, 2, seed=5, colours=4, folder=folder, use_table=False).run()
    # Each picture's outcome written wrongly: one said to make the level asked that does
    # not, or, when both do, both said to make the next level (the nearest, taken).
    wrong = ""
    for name in ("house", "tree"):
        tried = run_attempt(
            attempt(load_picture(folder / f"{name}.png"), 15, 15, None, max_colours=4)
        )
        wrong += "3" if tried.rating is not None and tried.rating.stars == 2 else "2"
    _write_table(folder, {"15x15/4": wrong})
    generation = PictureGeneration(15, 15, 2, seed=5, colours=4, folder=folder)
    made = generation.run()
    assert generation.stale
    assert made.puzzle == live.puzzle and made.rating == live.rating


def test_a_picture_changed_since_the_table_is_made_live(tmp_path: Path) -> None:
    folder = make_library(tmp_path, {"house": house(), "tree": tree()})
    _write_table(folder, {"15x15/d0": "00"}, hashes={"house": "0" * 12})
    table = outcomes(folder)
    assert table is not None
    assert table.stars(("house",), ("house.png",), "15x15/d0") is None  # its file changed
    assert table.stars(("tree",), ("tree.png",), "15x15/d0") == 0
    assert table.stars(("tree",), ("tree.png",), "20x20/d0") is None  # a board not in it
    assert table.stars(("house", "tree"), ("house.png", "tree.png"), "15x15/d0") is None


@pytest.mark.parametrize(
    "raw",
    [
        [],
        {"pictures": [], "boards": []},
        {"pictures": [["a"]], "boards": {}},
        {"pictures": [["a", "h"]], "boards": {"5x5/d0": "12"}},
        {"pictures": [["a", "h"]], "boards": {"5x5/d0": "x"}},
    ],
)
def test_a_broken_table_is_refused(raw: object, tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        parse_outcomes(tmp_path, raw)
    (tmp_path / OUTCOMES_FILE).write_text(json.dumps(raw), encoding="utf-8")
    outcomes.cache_clear()
    assert outcomes(tmp_path) is None
