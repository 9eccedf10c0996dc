"""``python -m game`` without a display: one line, exit 2, never an invisible window."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.commands.play import display_problem, driver_problem, only_driver

ROOT = Path(__file__).resolve().parents[2]


def test_no_display_on_linux_is_one_sentence() -> None:
    assert display_problem({}, "linux") == (
        "Hanjie needs a display: no X11 or Wayland display was found (DISPLAY is not set)."
    )
    assert display_problem({"DISPLAY": ""}, "freebsd13") is not None


def test_a_display_or_a_driver_asked_for_by_name_is_left_to_sdl() -> None:
    assert display_problem({"DISPLAY": ":0"}, "linux") is None
    assert display_problem({"WAYLAND_DISPLAY": "wayland-0"}, "linux") is None
    assert display_problem({"SDL_VIDEODRIVER": "dummy"}, "linux") is None
    # Windows and macOS always have a window system.
    assert display_problem({}, "win32") is None
    assert display_problem({}, "darwin") is None


def test_sdl_falling_back_to_memory_is_refused_unless_asked_for() -> None:
    problem = driver_problem("offscreen", {"DISPLAY": ":55"})
    assert problem is not None and "DISPLAY=:55 could not be opened" in problem
    assert driver_problem("dummy", {}) is not None
    assert driver_problem("dummy", {"SDL_VIDEODRIVER": "dummy"}) is None
    assert driver_problem("x11", {"DISPLAY": ":0"}) is None


def _run_game(
    tmp_path: Path, without: tuple[str, ...], extra: dict[str, str]
) -> subprocess.CompletedProcess[str]:
    """``python -m game`` with these variables removed from the environment and ``extra``
    set, in a throw-away profile."""
    environ = {key: value for key, value in os.environ.items() if key not in without}
    environ.update(extra)
    environ["HANJIE_HOME"] = str(tmp_path)
    return subprocess.run(
        [sys.executable, "-m", "game"],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland platforms")
def test_the_game_without_a_display_prints_one_line_and_exits_2(tmp_path: Path) -> None:
    done = _run_game(
        tmp_path, ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER"), {}
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        "hanjie: Hanjie needs a display: no X11 or Wayland display was found (DISPLAY is not set)."
    ]


def test_only_an_x_display_named_is_tried_with_x11_alone() -> None:
    assert only_driver({"DISPLAY": ":0"}, "linux") == "x11"
    assert only_driver({"DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0"}, "linux") is None
    assert only_driver({"WAYLAND_DISPLAY": "wayland-0"}, "linux") is None
    assert only_driver({"DISPLAY": ":0", "SDL_VIDEODRIVER": "dummy"}, "linux") is None
    assert only_driver({"DISPLAY": ":0"}, "win32") is None


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland platforms")
def test_an_x_display_that_cannot_be_opened_is_one_line_and_exit_2(tmp_path: Path) -> None:
    """QA: with DISPLAY naming no server, Wayland's library printed an XDG_RUNTIME_DIR error
    before the game's own line."""
    done = _run_game(
        tmp_path,
        ("WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER", "XDG_RUNTIME_DIR"),
        {"DISPLAY": ":4093"},  # no X server listens there
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        "hanjie: Hanjie needs a display: no X11 or Wayland display was found "
        "(DISPLAY=:4093 could not be opened)."
    ]


@pytest.mark.skipif(not hasattr(__import__("signal"), "SIGHUP"), reason="no SIGHUP here")
def test_a_hang_up_closes_the_game_as_ctrl_c_does() -> None:
    # QA: closing the terminal the game was started from (SIGHUP) ended it at once: the
    # moves since the last autosave were lost. Now it raises KeyboardInterrupt in the loop,
    # whose ``finally`` saves everything, as Ctrl+C does; under nohup it stays ignored.
    import signal
    import time

    from game.commands.play import save_on_hang_up

    previous = signal.getsignal(signal.SIGHUP)
    try:
        signal.signal(signal.SIGHUP, signal.SIG_DFL)
        save_on_hang_up()
        with pytest.raises(KeyboardInterrupt):
            os.kill(os.getpid(), signal.SIGHUP)
            time.sleep(2)  # the handler runs at the next bytecode
        assert signal.getsignal(signal.SIGHUP) == signal.SIG_IGN  # a second one is ignored
        save_on_hang_up()
        assert signal.getsignal(signal.SIGHUP) == signal.SIG_IGN  # nohup's choice is kept
    finally:
        signal.signal(signal.SIGHUP, previous)
