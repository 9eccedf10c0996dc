"""Every command: bad paths are one line and exit 2, quickly; text from files is escaped."""

from __future__ import annotations

import contextlib
import errno
import importlib.metadata
import os
import signal
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from game.cli import main
from game.commands import common
from game.commands.common import QUOTE_LIMIT, printable, quote
from tests.conftest import REPO_ROOT

# Every command that reads a file named on the command line, with what it needs after it.
READERS = {
    "show": [],
    "export": ["--to", "non"],
    "solve": [],
    "replay": [],
    "play": [],
    "convert": [],
}


@pytest.fixture
def bounded() -> Iterator[None]:
    """Fail the test (rather than hang the suite) if the body blocks for 20 seconds."""

    def give_up(signum: int, frame: object) -> None:
        raise TimeoutError("the command blocked")

    previous = signal.signal(signal.SIGALRM, give_up)
    signal.alarm(20)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 2, argv
    captured = capsys.readouterr()
    assert captured.out == "", argv
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("hanjie: "), (argv, captured.err)
    assert "Traceback" not in captured.err
    return lines[0]


@pytest.mark.parametrize("command", sorted(READERS))
def test_a_fifo_is_refused_without_being_opened(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], bounded: None
) -> None:
    # Opening a FIFO for reading waits for a writer: it used to hang show, solve and the rest.
    fifo = tmp_path / ("pipe.png" if command == "convert" else "pipe.non")
    os.mkfifo(fifo)
    line = one_line([command, str(fifo), *READERS[command]], capsys)
    assert line.startswith(f"hanjie: {fifo}: this is a pipe (FIFO), not ")


@pytest.mark.parametrize("command", sorted(READERS))
def test_a_name_too_long_is_one_line(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    name = str(tmp_path / ("a" * 300 + ".non"))
    line = one_line([command, name, *READERS[command]], capsys)
    assert line.endswith(": File name too long")
    assert len(line) < QUOTE_LIMIT + 80  # the name is quoted, not echoed whole


@pytest.mark.parametrize("command", sorted(READERS))
def test_folders_and_devices_are_not_puzzles(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], bounded: None
) -> None:
    line = one_line([command, str(tmp_path), *READERS[command]], capsys)
    assert "this is a folder" in line
    if Path("/dev/zero").exists():
        line = one_line([command, "/dev/zero", *READERS[command]], capsys)
        assert "this is a device" in line or "not a regular file" in line


@pytest.mark.parametrize("command", ["show", "export", "solve", "check"])
def test_permission_errors_are_one_line(
    command: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # What stat raises for a file inside a folder the user may not enter.
    def refuse(path: object, *args: object, **kwargs: object) -> os.stat_result:
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    monkeypatch.setattr(common.os, "stat", refuse)
    target = tmp_path / "locked" / "a.non"
    argv = [command, str(target.parent if command == "check" else target)]
    line = one_line([*argv, *READERS.get(command, [])], capsys)
    assert line.endswith(": Permission denied")


@pytest.mark.usefixtures("enforced_permissions")
def test_a_folder_that_cannot_be_entered(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "a.non").write_text("width 1\nheight 1\nrows\n1\ncolumns\n1\n")
    locked.chmod(0)
    try:
        for command in ("show", "solve", "check"):
            target = locked if command == "check" else locked / "a.non"
            assert "Permission denied" in one_line([command, str(target)], capsys)
    finally:
        locked.chmod(0o700)


def test_any_other_os_error_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A data folder inside a folder that may not be entered fails deep inside a command.
    from game.commands import show

    def broken(args: object) -> int:
        raise PermissionError(errno.EACCES, "Permission denied", "/home/locked/.hanjie")

    monkeypatch.setattr(show, "run", broken)
    assert one_line(["show", "x.non"], capsys) == "hanjie: /home/locked/.hanjie: Permission denied"


def test_show_escapes_control_characters_from_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "evil.non"
    path.write_text(
        'title "\x1b]0;pwned\x07\x1b[2J"\nby "\u202eeno"\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n'
    )
    assert main(["show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    assert "Title:     \\x1b]0;pwned\\x07\\x1b[2J\n" in out
    assert "Author:    \\u202eeno\n" in out
    assert main(["solve", str(path)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\\x1b]0;pwned" in out


def test_error_lines_escape_names_and_stay_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    name = str(tmp_path / "bad\x1b[2J\nname.non")
    line = one_line(["show", name], capsys)
    assert "\\x1b[2J\\x0aname.non" in line


def test_any_terminal_encoding_survives(tmp_path: Path) -> None:
    path = tmp_path / "café.non"
    path.write_text('title "Café ★"\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n', encoding="utf-8")
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    for argv in (["show", str(path)], ["solve", str(path)], ["show", str(tmp_path / "nö.non")]):
        result = subprocess.run(
            [sys.executable, "-m", "game", *argv],
            cwd=REPO_ROOT,
            capture_output=True,
            env=env,
            timeout=60,
            check=False,
        )
        assert b"Traceback" not in result.stderr, result.stderr
        assert result.returncode in (0, 2)
    assert (
        b"Caf\\xe9 \\u2605"
        in subprocess.run(
            [sys.executable, "-m", "game", "show", str(path)],
            cwd=REPO_ROOT,
            capture_output=True,
            env=env,
            timeout=60,
            check=True,
        ).stdout
    )


def test_quote_shortens_and_escapes() -> None:
    assert printable("a\tb\x7fc\x9b") == "a\\x09b\\x7fc\\x9b"
    assert printable("Café ★") == "Café ★"
    assert printable("bad\udcffname.non") == "bad\\udcffname.non"  # an undecodable byte
    long = quote("x" * 1000)
    assert len(long) < QUOTE_LIMIT + 25 and long.endswith("… (1000 characters)")


def test_play_reports_a_missing_file_before_loading_pygame(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if key != "PYGAME_HIDE_SUPPORT_PROMPT"}
    result = subprocess.run(
        [sys.executable, "-m", "game", "play", "nothere.non"],
        cwd=tmp_path,
        env={**env, "PYTHONPATH": str(REPO_ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == "hanjie: nothere.non: No such file or directory\n"


@pytest.mark.parametrize("command", ["solve", "show", "export", "replay"])
def test_a_picture_given_as_a_puzzle_points_at_convert(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    picture = tmp_path / "horse.png"
    Image.new("RGB", (20, 20), "black").save(picture)
    line = one_line([command, str(picture), *READERS.get(command, [])], capsys)
    assert line == (
        f"hanjie: {picture} is a picture: make a puzzle of it with `hanjie convert {picture}`"
    )
    # An empty file is a picture by its name only: converting it would fail too (QA).
    empty = tmp_path / "empty.png"
    empty.write_bytes(b"")
    line = one_line([command, str(empty), *READERS.get(command, [])], capsys)
    assert line == f"hanjie: {empty}: the file is empty (0 bytes)"


def test_play_refuses_a_picture_it_would_not_convert(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fake = tmp_path / "page.png"
    fake.write_bytes(b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\n")
    line = one_line(["play", str(fake)], capsys)
    assert line == (
        f"hanjie: {fake}: this is an EPS file; Hanjie reads PNG, JPEG, GIF, BMP and WebP"
    )


@pytest.mark.parametrize("command", ["play", "show", "solve"])
def test_a_picture_the_converter_cannot_read_is_named_not_called_binary(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A camera's TIFF or an iPhone's HEIC, played or shown: its suffix is no picture suffix,
    # so it was read as a puzzle and refused as "not a text file".
    tiff = tmp_path / "scan.tif"
    Image.new("RGB", (20, 20), "black").save(tiff, "TIFF")
    assert one_line([command, str(tiff)], capsys) == (
        f"hanjie: {tiff}: this is a TIFF picture, not a puzzle file (the converter makes "
        "puzzles from PNG, JPEG, GIF, BMP and WebP pictures)"
    )
    heic = tmp_path / "IMG_0001.HEIC"
    heic.write_bytes(b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic" + bytes(64))
    assert "this is a HEIC picture, not a puzzle file" in one_line([command, str(heic)], capsys)


def test_a_jfif_photo_is_a_picture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Browsers on Windows save JPEG photos as .jfif: the converter reads them like any JPEG.
    from game.commands.play import check_file

    photo = tmp_path / "download.jfif"
    image = Image.new("RGB", (40, 30), "white")
    image.paste((0, 0, 0), (0, 0, 20, 30))
    image.save(photo, "JPEG")
    check_file(photo)  # a picture the converter opens: no complaint
    assert main(["convert", str(photo), "--size", "10x10", "--method", "otsu"]) == 0
    assert "from download.jfif (40x30 JPEG), method otsu, 40 cells filled" in (
        capsys.readouterr().out
    )
    line = one_line(["show", str(photo)], capsys)
    assert line.startswith(f"hanjie: {photo} is a picture: make a puzzle of it")


def test_convert_refuses_an_output_it_could_never_write_before_converting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # These failed only after the conversion (and a --fix search of up to a minute), whose
    # work was then lost; a folder was "cannot tell the format from the file name".
    picture = tmp_path / "horse.png"
    image = Image.new("RGB", (40, 40), "white")
    image.paste((0, 0, 0), (0, 0, 20, 40))
    image.save(picture)
    cases = {
        str(tmp_path): f"this is a folder; name a file in it, such as {tmp_path / 'horse.non'}",
        # convert has no --to: "choose one of non, txt, ..." sent the player looking for one.
        str(tmp_path / "out.png"): (
            "a puzzle's file name ends in .non, .txt, .pzl or .tatham, not .png"
        ),
        str(tmp_path / "gone" / "out.non"): f"there is no folder {tmp_path / 'gone'}",
    }
    for output, reason in cases.items():
        assert main(["convert", str(picture), "--fix", "-o", output]) == 2
        captured = capsys.readouterr()
        assert captured.out == ""  # refused before any work
        assert captured.err.startswith(f"hanjie: {output}: cannot save: {reason}")
    assert main(["convert", str(picture), "-o", str(tmp_path / "out.non")]) == 0
    assert (tmp_path / "out.non").is_file()


@pytest.mark.parametrize("command", ["export"])
def test_a_kakuro_given_to_a_nonogram_command_is_named(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # It was "not a puzzle file in a known format (.g, .mk, .non, ...)": a bundled Kakuro.
    kakuro = tmp_path / "sums.kak"
    kakuro.write_text((REPO_ROOT / "levels/kakuro-01-starter/01-starter.kak").read_text())
    assert one_line([command, str(kakuro), *READERS.get(command, [])], capsys) == (
        f"hanjie: {kakuro} is a Kakuro puzzle: this command reads nonograms "
        "(show, solve, check, play and replay read Kakuro files)"
    )


def test_ctrl_c_during_a_command_is_one_line_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Ctrl+C on a long `solve` (a 512x512 puzzle) printed a traceback through the engine.
    from game.commands import solve

    def interrupted(args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(solve, "run", interrupted)
    assert main(["solve", "anything.non"]) == 130
    captured = capsys.readouterr()
    assert captured.err == "hanjie: interrupted\n" and captured.out == ""


def test_screenshot_never_defaults_to_docs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "docs").mkdir()
    for _ in range(2):
        assert main(["screenshot", "--scene", "menu", "--size", "640x480"]) == 0
    written = capsys.readouterr().out.split()
    folders = {Path(line).parent for line in written}
    assert len(written) == 2 and len(folders) == 2  # two runs, two fresh folders
    assert all(folder.parent == tmp_path for folder in folders)
    assert all(folder.name.startswith("hanjie-screenshots-") for folder in folders)
    assert list((tmp_path / "docs").iterdir()) == []


@pytest.mark.quality
def test_lint_and_type_checkers_are_pinned_to_the_installed_versions() -> None:
    project = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pins = dict(
        requirement.split("==")
        for requirement in project["project"]["optional-dependencies"]["test"]
        if "==" in requirement
    )
    assert set(pins) >= {"ruff", "mypy"}
    for tool in ("ruff", "mypy"):
        assert pins[tool] == importlib.metadata.version(tool), tool


def _random_picture_non(size: int, seed: int) -> str:
    """A .non of a random half-filled picture: far too hard to prove unique in seconds."""
    import numpy as np

    picture = np.random.default_rng(seed).random((size, size)) < 0.5

    def clue(line: object) -> str:
        runs = [len(run) for run in "".join("#" if v else "." for v in line).split(".") if run]
        return ",".join(map(str, runs)) or "0"

    rows = "\n".join(clue(row) for row in picture)
    columns = "\n".join(clue(column) for column in picture.T)
    return f"width {size}\nheight {size}\nrows\n{rows}\ncolumns\n{columns}\n"


def test_ctrl_c_sent_to_check_alone_stops_its_workers_at_once(tmp_path: Path) -> None:
    # SIGINT to the check process only (an IDE's stop button, kill -INT): leaving the process
    # pool waited for every puzzle a worker had, up to --timeout each (here 60 s).
    (tmp_path / "a-quick.non").write_text("width 1\nheight 1\nrows\n1\ncolumns\n1\n")
    for seed in (1, 2):
        (tmp_path / f"b-slow-{seed}.non").write_text(_random_picture_non(80, seed))
    process = subprocess.Popen(
        [sys.executable, "-m", "game", "check", str(tmp_path), "--jobs", "1", "--timeout", "60"],
        cwd=REPO_ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # A child started from a non-interactive shell may inherit SIGINT ignored.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        start_new_session=True,  # its own group, so a failed test can end the workers too
    )
    try:
        assert process.stdout is not None
        assert process.stdout.readline().startswith("file")
        # The quick puzzle's row: the one worker is on a slow one now.
        assert "a-quick.non" in process.stdout.readline()
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=15)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
    assert process.returncode == 130
    assert err == "hanjie: interrupted\n"


def test_play_names_an_empty_picture_as_convert_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # QA: play said "this is not an image Hanjie can read" where convert said why.
    empty = tmp_path / "blank.png"
    empty.write_bytes(b"")
    for command in ("play", "convert"):
        assert one_line([command, str(empty)], capsys) == (
            f"hanjie: {empty}: the file is empty (0 bytes)"
        )


def test_screenshot_says_why_a_size_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    # QA: "10x10" was told "the size must look like 1280x800", which it does.
    assert one_line(["screenshot", "--size", "10x10", "--list"], capsys) == (
        "hanjie: 10x10: the window must be 320x240 to 7680x4320"
    )
    assert one_line(["screenshot", "--size", "big", "--list"], capsys) == (
        "hanjie: big: the size must look like 1280x800"
    )
    # One line, even for a size with a line break in it.
    line = one_line(["screenshot", "--size", "a\nb", "--list"], capsys)
    assert line.startswith("hanjie: a\\x0ab")


def test_play_refuses_a_puzzle_the_play_screen_would_refuse_before_the_window(
    tmp_path: Path,
) -> None:
    # QA: `play` on a 0x0 or a 101-wide file opened the window on the menu with a toast and
    # exited 0, where an unreadable file is one line and exit 2 before any window.
    from game.commands.play import check_file

    empty = tmp_path / "w0.non"
    empty.write_text("width 0\nheight 0\nrows\ncolumns\n")
    with pytest.raises(common.CommandError) as refused:
        check_file(empty)
    assert str(refused.value) == f"{empty}: w0 has no cells to play."
    wide = tmp_path / "wide.non"
    wide.write_text("width 101\nheight 1\nrows\n0\ncolumns\n" + "0\n" * 101)
    with pytest.raises(common.CommandError) as refused:
        check_file(wide)
    assert "101x1 is too large to play here (at most 100 cells a side)" in str(refused.value)
    assert "`hanjie solve` still reads it" in str(refused.value)  # the installed command
    fits = tmp_path / "fits.non"
    fits.write_text("width 1\nheight 1\nrows\n1\ncolumns\n1\n")
    check_file(fits)  # no complaint
