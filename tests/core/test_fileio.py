"""The one atomic writer: crash safety, permissions, leftovers, and file names of any bytes."""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.core.formats import read_puzzle, write_puzzle
from game.core.puzzle import Puzzle
from game.core.store import fileio
from game.core.store.fileio import (
    STALE_TEMP_SECONDS,
    check_writable,
    natural_key,
    readable,
    remove_stale_temporaries,
    write_atomically,
    write_text_atomically,
)

POSIX = pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes and byte file names")


def mode_of(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def temporaries(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir() if path.name.endswith(".tmp"))


@pytest.fixture
def umask_022() -> Iterator[None]:
    previous = os.umask(0o022)
    yield
    os.umask(previous)


def test_writes_the_bytes_and_returns_the_new_files_status(tmp_path: Path) -> None:
    target = tmp_path / "a.txt"
    status = write_atomically(target, b"one")
    assert target.read_bytes() == b"one"
    assert (status.st_ino, status.st_size) == (target.stat().st_ino, 3)
    write_text_atomically(target, "twö\n")
    assert target.read_bytes() == "twö\n".encode()
    assert temporaries(tmp_path) == []


@pytest.mark.parametrize("failing", ["replace", "fsync"])
def test_a_crash_before_the_rename_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    target = tmp_path / "a.txt"
    target.write_bytes(b"old")

    def crash(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, failing, crash)
    with pytest.raises(OSError, match="No space"):
        write_atomically(target, b"new")
    monkeypatch.undo()
    assert target.read_bytes() == b"old"
    assert temporaries(tmp_path) == []


def test_text_that_cannot_be_utf8_touches_nothing(tmp_path: Path) -> None:
    target = tmp_path / "a.txt"
    target.write_bytes(b"old")
    with pytest.raises(UnicodeEncodeError):
        write_text_atomically(target, "caf\udce9")
    assert target.read_bytes() == b"old"
    assert temporaries(tmp_path) == []


@POSIX
@pytest.mark.parametrize(("umask", "expected"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_new_file_gets_the_umasks_permissions(tmp_path: Path, umask: int, expected: int) -> None:
    previous = os.umask(umask)
    try:
        write_atomically(tmp_path / "new.non", b"x")
    finally:
        os.umask(previous)
    assert mode_of(tmp_path / "new.non") == expected


@POSIX
def test_an_existing_file_keeps_its_mode(tmp_path: Path, umask_022: None) -> None:
    target = tmp_path / "kept.non"
    target.write_bytes(b"old")
    target.chmod(0o640)
    write_atomically(target, b"new")
    assert mode_of(target) == 0o640
    assert target.read_bytes() == b"new"


@POSIX
def test_a_symbolic_link_stays_a_link(tmp_path: Path) -> None:
    real = tmp_path / "real.non"
    real.write_bytes(b"old")
    link = tmp_path / "link.non"
    link.symlink_to(real)
    write_atomically(link, b"new")
    assert link.is_symlink()
    assert real.read_bytes() == b"new"


@POSIX
def test_a_file_name_that_is_not_utf8_is_written_and_found_again(tmp_path: Path) -> None:
    raw = os.fsencode(tmp_path) + b"/caf\xe9.non"
    try:
        write_atomically(raw, b"bytes name")
    except OSError as error:  # a file system that insists on UTF-8 names (macOS)
        pytest.skip(f"this file system refuses the name: {error}")
    text_name = os.fsdecode(raw)
    assert text_name.endswith("caf\udce9.non")
    assert Path(text_name).read_bytes() == b"bytes name"
    assert readable(text_name).endswith("caf\ufffd.non")
    write_atomically(text_name, b"again")  # the text form reaches the same file
    assert [p for p in os.listdir(os.fsencode(tmp_path))] == [b"caf\xe9.non"]


def test_readable_shows_bad_bytes_and_leaves_good_text_alone() -> None:
    assert readable("plain é 日本") == "plain é 日本"
    assert readable("caf\udce9.non") == "caf\ufffd.non"
    # Escaped bytes that together are valid UTF-8 read as the character they spell.
    assert readable(os.fsdecode("é".encode())) == "é"
    assert readable("odd \ud800") == "odd ?"


def test_only_stale_temporaries_of_this_target_are_removed(tmp_path: Path) -> None:
    target = tmp_path / "progress.json"
    target.write_text("{}")
    now = 1_000_000.0
    old = now - STALE_TEMP_SECONDS - 1
    names = {
        ".progress.json.abc123.tmp": old,  # left by a killed save: goes
        ".progress.json.0a1b2c3d.tmp": old,  # also
        ".progress.json.fresh1.tmp": now - 1,  # a save running right now: stays
        ".progress.json.bak.abc123.tmp": old,  # another target's: stays
        "notes.tmp": old,  # not ours at all: stays
    }
    for name, when in names.items():
        (tmp_path / name).write_bytes(b"x" * 100)
        os.utime(tmp_path / name, (when, when))
    assert remove_stale_temporaries(target, now=now) == 2
    assert temporaries(tmp_path) == [
        ".progress.json.bak.abc123.tmp",
        ".progress.json.fresh1.tmp",
        "notes.tmp",
    ]
    assert target.read_text() == "{}"
    assert remove_stale_temporaries(tmp_path / "missing" / "x.json") == 0


def test_a_very_long_name_still_gets_a_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / ("n" * 240 + ".non")
    write_atomically(target, b"long")
    assert target.read_bytes() == b"long"


def test_check_writable_refuses_a_folder_that_is_a_file(tmp_path: Path) -> None:
    check_writable(tmp_path)
    assert os.listdir(tmp_path) == []
    (tmp_path / "file").write_text("x")
    with pytest.raises(OSError):
        check_writable(tmp_path / "file")


PUZZLE = Puzzle.from_grid([[1, 0], [1, 1]], title="tiny")


@POSIX
def test_the_formats_writer_uses_it_normal_permissions(tmp_path: Path, umask_022: None) -> None:
    # `export -o` and `convert -o` wrote 0600 files through tempfile.mkstemp before.
    write_puzzle(PUZZLE, tmp_path / "out.non")
    assert mode_of(tmp_path / "out.non") == 0o644
    (tmp_path / "out.non").chmod(0o600)
    write_puzzle(PUZZLE, tmp_path / "out.non")
    assert mode_of(tmp_path / "out.non") == 0o600
    assert temporaries(tmp_path) == []


def test_the_formats_writer_writes_a_title_from_a_bad_file_name(tmp_path: Path) -> None:
    puzzle = Puzzle.from_grid([[1, 0], [1, 1]], title="caf\udce9")
    write_puzzle(puzzle, tmp_path / "out.non")
    assert read_puzzle(tmp_path / "out.non").title == "caf\ufffd"


def test_the_formats_writer_leaves_the_old_puzzle_on_a_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_puzzle(PUZZLE, tmp_path / "out.non")
    before = (tmp_path / "out.non").read_bytes()

    def crash(*args: object) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(fileio.os, "replace", crash)
    with pytest.raises(ValueError, match="Input/output error"):
        write_puzzle(Puzzle.from_grid([[1]], title="other"), tmp_path / "out.non")
    monkeypatch.undo()
    assert (tmp_path / "out.non").read_bytes() == before
    assert temporaries(tmp_path) == []


@POSIX
def test_a_pipe_or_a_link_to_one_is_refused_not_replaced(tmp_path: Path) -> None:
    # ``export x.non -o /dev/null`` as root renamed a regular file over the device; a FIFO
    # (or /dev/stdout, a link to one) stands for them all: stat, never open, so no hang.
    pipe = tmp_path / "pipe.non"
    os.mkfifo(pipe)
    link = tmp_path / "stdout.non"
    link.symlink_to(pipe)
    for target in (pipe, link):
        with pytest.raises(OSError) as caught:
            write_atomically(target, b"data")
        assert caught.value.strerror is not None
        assert "not a regular file" in caught.value.strerror
    assert stat.S_ISFIFO(pipe.lstat().st_mode)
    assert link.is_symlink()
    assert temporaries(tmp_path) == []


def test_natural_key_counts_decimal_digits_and_sorts_other_digits_as_text() -> None:
    """Issue 36: "²" and "①" pass isdigit() but int() refuses them: a folder named
    "Photos 2²" or "①" crashed the picture browser's sort."""
    names = ["Photos 2²", "①", "photos 10", "Photos 2", "٣ arabic", "photos 1"]
    assert sorted(names, key=natural_key) == [
        "٣ arabic",  # ARABIC-INDIC DIGIT THREE is a decimal digit: the number 3, first
        "photos 1",
        "Photos 2",
        "Photos 2²",
        "photos 10",
        "①",
    ]
