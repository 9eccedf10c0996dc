"""Where a file opens: the one rule of drops, ``play FILE``, the converter's Open and its
file browser (game.core.opening), with no window."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from game.core.kinds import KAKURO
from game.core.opening import (
    NOT_EDITED,
    Asker,
    Convert,
    Play,
    Refused,
    is_picture,
    kind_by_name,
    listed_kind,
    where_opens,
)


def _png(path: Path) -> Path:
    Image.new("RGB", (40, 30), "black").save(path, format="PNG")
    return path


@pytest.mark.parametrize("into", ["game", "editor"])
def test_a_picture_opens_the_converter(tmp_path: Path, into: Asker) -> None:
    for name in ("cat.png", "CAT.JPG", "scan.webp"):
        path = tmp_path / name
        assert where_opens(path, into) == Convert(path)


def test_a_kakuro_opens_its_screen_in_the_game_and_is_refused_in_the_converter(
    tmp_path: Path,
) -> None:
    path = tmp_path / "sums.KAK"
    assert where_opens(path) == Play(path, KAKURO)
    refused = where_opens(path, "editor")
    assert isinstance(refused, Refused) and "Kakuro" in refused.reason
    assert refused.reason == NOT_EDITED.format(kind="Kakuro", where="level select's Kakuro")


@pytest.mark.parametrize("name", ["heart.non", "book.pbn", "pack.xml", "puzzle.txt"])
def test_a_nonogram_file_is_played_and_edited_as_a_level(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    assert where_opens(path) == Play(path)
    assert where_opens(path, "editor") == Play(path)


def test_a_picture_without_its_suffix_is_known_by_its_first_bytes(tmp_path: Path) -> None:
    path = _png(tmp_path / "photo-from-the-phone")
    assert kind_by_name(path) is None
    assert where_opens(path) == Convert(path)
    assert where_opens(path, "editor") == Convert(path)


def test_an_unnamed_file_goes_to_the_reader_that_explains_best(tmp_path: Path) -> None:
    text = tmp_path / "puzzle.dat"
    text.write_text("width 5\nheight 5\n")
    # The game reads it as a puzzle (the readers sniff text); the converter as a picture.
    assert where_opens(text) == Play(text)
    assert where_opens(text, "editor") == Convert(text)
    missing = tmp_path / "gone"
    assert where_opens(missing) == Play(missing)  # the reader says it is not there
    assert where_opens(missing, "editor") == Convert(missing)


def test_a_browser_lists_by_name_what_opens_there() -> None:
    assert listed_kind(Path("a.png"), "editor") == "picture"
    assert listed_kind(Path("a.non"), "editor") == "nonogram"
    assert listed_kind(Path("a.kak"), "editor") is None  # refused there: not listed
    assert listed_kind(Path("a.kak"), "game") == "kakuro"
    assert listed_kind(Path("a.doc"), "game") is None
    assert listed_kind(Path("photo"), "editor") is None  # not opened to be listed


def test_play_file_is_checked_where_the_window_will_open_it(tmp_path: Path) -> None:
    from game.commands.common import CommandError
    from game.commands.play import check_file

    check_file(_png(tmp_path / "photo"))  # a picture: the converter's checks, passed
    tiny = tmp_path / "tiny"
    Image.new("RGB", (2, 2), "black").save(tiny, format="PNG")
    with pytest.raises(CommandError, match="only 2x2 pixels"):
        check_file(tiny)  # refused in the converter's words, not a puzzle reader's
    broken = tmp_path / "sums.kak"
    broken.write_text("not a kakuro")
    with pytest.raises(CommandError, match=r"sums\.kak"):
        check_file(broken)


def test_a_picture_is_known_by_its_name_or_else_by_its_bytes(tmp_path: Path) -> None:
    # What a command that wants a puzzle file asks before saying "make a puzzle of it".
    disguised = _png(tmp_path / "cat.non")
    text = tmp_path / "heart.non"
    text.write_text("width 5\nheight 5\n")
    assert is_picture(disguised) and is_picture(tmp_path / "missing.jpeg")
    assert not is_picture(text) and not is_picture(tmp_path / "missing")


def test_the_commands_read_a_kakuro_by_the_same_rule(tmp_path: Path) -> None:
    from game.commands.check import puzzle_files

    for name in ("a.non", "b.KAK", "c.png", "d.doc", "e.txt"):
        (tmp_path / name).write_text("")
    assert [path.name for path in puzzle_files(tmp_path)] == ["a.non", "b.KAK", "e.txt"]
