"""Level packs: listing, ordering, pack.json fall-backs, unreadable files kept as entries."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.formats import format_puzzle
from game.core.puzzle import Puzzle
from game.core.store.packs import (
    DEFAULT_ORDER,
    USER_PACK_KEY,
    PackPlace,
    difficulty_of,
    files_after,
    list_packs,
    next_entries,
    pack_of_file,
    place_in_pack,
    puzzle_files,
    read_entries,
    read_pack,
    shown_name,
    title_of,
)

CROSS = Puzzle.from_grid([[0, 1, 0], [1, 1, 1], [0, 1, 0]], title="Cross")
BAR = Puzzle.from_grid([[1, 1], [0, 0]], title="Bar")


def write(path: Path, puzzle: Puzzle, extra: str = "") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(format_puzzle(puzzle, "non") + extra, encoding="utf-8")
    return path


def test_packs_are_listed_by_order_then_name_and_empty_folders_skipped(tmp_path: Path) -> None:
    write(tmp_path / "zeta" / "01.non", CROSS)
    write(tmp_path / "alpha" / "01.non", CROSS)
    write(tmp_path / "first" / "01.non", CROSS)
    (tmp_path / "first" / "pack.json").write_text(
        json.dumps({"name": "Starter", "order": 1, "description": "Easy ones"})
    )
    (tmp_path / "empty").mkdir()
    packs = list_packs(tmp_path)
    assert [pack.name for pack in packs] == ["Starter", "Alpha", "Zeta"]
    assert packs[0].description == "Easy ones"
    assert packs[1].order == DEFAULT_ORDER


def test_user_pack_is_last_even_when_empty(tmp_path: Path) -> None:
    write(tmp_path / "levels" / "a" / "01.non", CROSS)
    packs = list_packs(tmp_path / "levels", tmp_path / "mine")
    assert packs[-1].key == USER_PACK_KEY
    assert packs[-1].user
    assert read_entries(packs[-1]) == []


def test_damaged_pack_json_falls_back_to_folder_name(tmp_path: Path) -> None:
    write(tmp_path / "my-pack" / "01.non", CROSS)
    (tmp_path / "my-pack" / "pack.json").write_text("{not json")
    pack = read_pack(tmp_path / "my-pack")
    assert pack.name == "My pack"
    assert "not valid JSON" in pack.problem
    (tmp_path / "my-pack" / "pack.json").write_text('{"name": 5, "order": "x"}')
    pack = read_pack(tmp_path / "my-pack")
    assert (pack.name, pack.order, pack.problem) == ("My pack", DEFAULT_ORDER, "")


def test_broken_file_is_an_entry_with_its_reason_and_the_rest_still_reads(tmp_path: Path) -> None:
    write(tmp_path / "p" / "01-cross.non", CROSS)
    (tmp_path / "p" / "02-broken.non").write_text("width 3\nheight 3\nrows\n9\n")
    write(tmp_path / "p" / "03-bar.non", BAR)
    (tmp_path / "p" / "notes.md").write_text("not a puzzle")
    entries = read_entries(list_packs(tmp_path)[0])
    assert [entry.path.name for entry in entries] == ["01-cross.non", "02-broken.non", "03-bar.non"]
    assert entries[0].readable and entries[0].name == "Cross"
    assert entries[0].key == CROSS.fingerprint()
    broken = entries[1]
    assert not broken.readable and broken.puzzle is None and broken.key is None
    assert broken.error and str(tmp_path) not in broken.error
    assert [entry.name for entry in next_entries(entries, entries[0].path)] == ["Bar"]


def test_a_puzzle_with_no_cells_is_an_entry_that_cannot_be_played(tmp_path: Path) -> None:
    # QA: a 0x0 file in My puzzles had a card "Not solved yet" that refused every click.
    write(tmp_path / "p" / "01-cross.non", CROSS)
    (tmp_path / "p" / "02-none.non").write_text("width 0\nheight 0\nrows\ncolumns\n")
    write(tmp_path / "p" / "03-bar.non", BAR)
    entries = read_entries(list_packs(tmp_path)[0])
    empty = entries[1]
    assert not empty.readable and empty.error == "the puzzle is 0x0: it has no cells to play"
    assert [entry.name for entry in next_entries(entries, entries[0].path)] == ["Bar"]


def test_difficulty_from_the_files_extra_key(tmp_path: Path) -> None:
    path = write(tmp_path / "p" / "01.non", CROSS, 'difficulty "4/5"\n')
    entry = read_entries(list_packs(tmp_path)[0])[0]
    assert entry.path == path
    assert entry.difficulty == 4
    assert difficulty_of(CROSS) is None
    assert difficulty_of(Puzzle.from_grid([[1]])) is None


def test_a_file_finds_its_pack_and_the_files_after_it(tmp_path: Path) -> None:
    levels = tmp_path / "levels"
    first = write(levels / "animals" / "01-cross.non", CROSS)
    write(levels / "animals" / "02-bar.non", BAR)
    mine = write(tmp_path / "mine" / "drawn.non", BAR)
    loose = write(tmp_path / "elsewhere" / "loose.non", CROSS)
    pack = pack_of_file(first, levels, tmp_path / "mine")
    assert pack is not None and pack.key == "animals"
    assert [path.name for path in files_after(pack, first)] == ["02-bar.non"]
    user = pack_of_file(mine, levels, tmp_path / "mine")
    assert user is not None and user.user and files_after(user, mine) == []
    assert pack_of_file(loose, levels, tmp_path / "mine") is None


def test_a_pack_puzzle_is_named_by_its_place_until_solved(tmp_path: Path) -> None:
    levels = tmp_path / "levels"
    write(levels / "animals" / "01-cross.non", CROSS)
    (levels / "animals" / "02-broken.non").write_text("not a puzzle")
    bar = write(levels / "animals" / "03-bar.non", BAR)
    mine = write(tmp_path / "mine" / "drawn.non", BAR)
    pack = pack_of_file(bar, levels, tmp_path / "mine")
    # Numbered as level select numbers the cards: the unreadable file counts.
    place = place_in_pack(pack, bar)
    assert place == PackPlace("Animals", 3)
    assert shown_name("Bar", place, solved=False) == "Animals #3"
    assert shown_name("Bar", place, solved=False, with_pack=False) == "#3"
    assert shown_name("Bar", place, solved=True) == "Bar"
    # "My puzzles" and files from elsewhere keep their titles: the player made or chose them.
    assert place_in_pack(pack_of_file(mine, levels, tmp_path / "mine"), mine) is None
    assert place_in_pack(None, mine) is None
    assert shown_name("Bar", None, solved=False) == "Bar"
    assert shown_name("", None, solved=False) == "Untitled"
    untitled = Puzzle.from_grid([[1]])
    assert title_of(untitled, tmp_path / "my-drawing.non") == "my-drawing"
    assert title_of(untitled) == "Untitled" and title_of(BAR, bar) == "Bar"


def test_a_recorded_file_is_found_absolute_or_from_an_old_relative_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.core.store.packs import recorded_file

    levels = tmp_path / "install" / "levels"
    puzzle_file = levels / "01-pack" / "01-a.non"
    puzzle_file.parent.mkdir(parents=True)
    puzzle_file.write_text("x")
    monkeypatch.chdir(tmp_path)  # not the install folder
    assert recorded_file(str(puzzle_file), levels) == puzzle_file
    assert recorded_file("levels/01-pack/01-a.non", levels) == puzzle_file.resolve()
    assert recorded_file("01-pack/01-a.non", levels) == puzzle_file.resolve()
    assert recorded_file("../old/levels/01-pack/01-a.non", levels) == puzzle_file.resolve()
    assert recorded_file("levels/01-pack/missing.non", levels) is None
    assert recorded_file(str(tmp_path / "gone.non"), levels) is None


def test_after_a_pack_comes_the_first_unsolved_puzzle_of_the_next(tmp_path: Path) -> None:
    from game.core.store.packs import first_unsolved_after

    levels = tmp_path / "levels"
    one = Puzzle.from_grid([[1, 0], [1, 1]], title="One")
    two = Puzzle.from_grid([[0, 1], [1, 1]], title="Two")
    three = Puzzle.from_grid([[1, 1], [1, 0]], title="Three")
    for folder, name, puzzle in (
        ("a", "01.non", one),
        ("b", "01.non", two),
        ("b", "02.non", three),
        ("c", "01.non", one),
    ):
        (levels / folder).mkdir(parents=True, exist_ok=True)
        (levels / folder / name).write_text(format_puzzle(puzzle, "non"))
    user = tmp_path / "mine"
    user.mkdir()
    (user / "x.non").write_text(format_puzzle(three, "non"))
    packs = list_packs(levels, user)
    a, _b, c, mine = packs
    done: set[str] = set()

    def solved(puzzle: Puzzle) -> bool:
        return puzzle.title in done

    found = first_unsolved_after(packs, a, solved)
    assert found is not None and found.path == levels / "b" / "01.non"
    done.add("Two")
    found = first_unsolved_after(packs, a, solved)
    assert found is not None and found.path == levels / "b" / "02.non"
    done.add("Three")  # pack b all solved: on to c
    found = first_unsolved_after(packs, a, solved)
    assert found is not None and found.path == levels / "c" / "01.non"
    assert first_unsolved_after(packs, c, solved) is None  # the last pack: "My puzzles" is not next
    assert first_unsolved_after(packs, mine, solved) is None
    done.add("One")
    assert first_unsolved_after(packs, a, solved) is None  # everything solved


def test_a_packs_files_come_in_the_order_people_count(tmp_path: Path) -> None:
    # QA: My puzzles listed cat-10 before cat-2 (plain text order).
    for name in ("cat-10.non", "Cat-2.non", "cat-1.non", "01-start.non", "dog.non"):
        write(tmp_path / name, CROSS)
    names = [path.name for path in puzzle_files(tmp_path)]
    assert names == ["01-start.non", "cat-1.non", "Cat-2.non", "cat-10.non", "dog.non"]


def test_packs_without_an_order_come_in_the_order_people_count(tmp_path: Path) -> None:
    """Issue 36: packs of the same order sorted by plain text (Pack 10 before Pack 2); a
    folder named with a digit int() refuses ("①", "2²") sorts as text, without a crash."""
    for folder in ("pack-10", "pack-2", "pack-1", "①", "photos 2²"):
        write(tmp_path / folder / "a.non", CROSS)
    names = [pack.name for pack in list_packs(tmp_path)]
    assert names == ["Pack 1", "Pack 2", "Pack 10", "Photos 2²", "①"]
