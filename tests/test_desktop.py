"""Desktop integration (issue 49): the desktop entry, the AppStream metainfo and the icons in
packaging/linux agree with one another and with the game, pass their validators, and the
window's class is ``hanjie`` however the game starts."""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from game.commands.play import APP_ID, name_window_class
from tests.conftest import REPO_ROOT

LINUX = REPO_ROOT / "packaging" / "linux"
DESKTOP = LINUX / "hanjie.desktop"
METAINFO = LINUX / "io.github.hanjie.hanjie.metainfo.xml"

sys.path.insert(0, str(REPO_ROOT))
from tools import make_icons  # noqa: E402


def _entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(DESKTOP, encoding="utf-8")
    return parser["Desktop Entry"]


def test_the_desktop_entry_starts_the_game_under_its_window_class() -> None:
    entry = _entry()
    assert entry["Exec"].split()[:2] == ["hanjie", "play"]
    assert entry["StartupWMClass"] == APP_ID == "hanjie"
    assert entry["Icon"] == "hanjie" and entry["Terminal"] == "false"
    assert "Game" in entry["Categories"].split(";")


def test_the_metainfo_launches_the_desktop_entry() -> None:
    root = ElementTree.parse(METAINFO).getroot()
    assert root.findtext("id") == METAINFO.name.removesuffix(".metainfo.xml")
    assert root.findtext("launchable") == DESKTOP.name
    assert root.findtext("provides/binary") == "hanjie"
    # As pyproject.toml says: packs 21-34 OFL-1.1, the fonts Bitstream Vera, the rest MIT.
    project = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert root.findtext("project_license") == project["project"]["license"]


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstreamcli not installed")
def test_appstreamcli_validates_the_metainfo() -> None:
    done = subprocess.run(
        ["appstreamcli", "validate", "--no-net", "--pedantic", str(METAINFO)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "pedantic" not in done.stdout  # not even a pedantic remark


@pytest.mark.skipif(
    shutil.which("desktop-file-validate") is None, reason="desktop-file-validate not installed"
)
def test_desktop_file_validate_passes_the_entry() -> None:
    done = subprocess.run(
        ["desktop-file-validate", str(DESKTOP)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0 and done.stdout == "", done.stdout + done.stderr


def test_the_icons_are_the_ones_the_tool_draws(tmp_path: Path) -> None:
    drawn = make_icons.write(tmp_path)
    for path in drawn:
        kept = LINUX / "icons" / path.name
        assert kept.is_file(), f"{kept} is missing: run tools/make_icons.py"
        if path.suffix == ".svg":
            assert kept.read_text(encoding="utf-8") == path.read_text(encoding="utf-8")
            ElementTree.parse(kept)  # well-formed
            continue
        with Image.open(kept) as old, Image.open(path) as new:
            assert old.size == new.size
            assert ImageChops.difference(old.convert("RGBA"), new.convert("RGBA")).getbbox() is None


def test_the_wheel_installs_the_desktop_files_and_a_windowless_launcher() -> None:
    project = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert (
        project["project"]["gui-scripts"]["hanjie-gui"] == project["project"]["scripts"]["hanjie"]
    )
    shared = project["tool"]["hatch"]["build"]["targets"]["wheel"]["shared-data"]
    for source, target in shared.items():
        assert (REPO_ROOT / source).is_file(), source
        assert target.startswith("share/")
    assert "share/applications/hanjie.desktop" in shared.values()
    assert "share/icons/hicolor/scalable/apps/hanjie.svg" in shared.values()


def test_the_class_pygame_gave_the_window_is_replaced_and_the_players_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "argv", ["/x/game/__main__.py"])
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "__main__.py")  # what importing pygame sets
    monkeypatch.setenv("SDL_VIDEO_WAYLAND_WMCLASS", "mine")
    name_window_class()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "hanjie"
    assert os.environ["SDL_VIDEO_WAYLAND_WMCLASS"] == "mine"


X_TOOLS = ("Xvfb", "xdotool", "xprop")


@pytest.fixture
def x_display() -> Iterator[str]:
    """A private X server (Xvfb picks a free display and says which)."""
    if any(shutil.which(tool) is None for tool in X_TOOLS):
        pytest.skip("Xvfb, xdotool and xprop are not installed")
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as said:
        number = said.readline().strip()
    try:
        assert number, "Xvfb named no display"
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=30)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11")
@pytest.mark.parametrize("how", ["hanjie", "python -m game"])
def test_the_window_class_is_hanjie_however_the_game_starts(
    x_display: str, tmp_path: Path, how: str
) -> None:
    """QA: under ``python -m game`` the window's WM_CLASS was ``__main__.py``."""
    script = Path(sys.executable).with_name("hanjie")
    if how == "hanjie" and not script.is_file():
        pytest.skip("the hanjie script is not installed beside this Python")
    command = [str(script)] if how == "hanjie" else [sys.executable, "-m", "game"]
    environ = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("SDL_") and key != "WAYLAND_DISPLAY"
    }
    environ.update(DISPLAY=x_display, HANJIE_HOME=str(tmp_path), HANJIE_PURE="1")
    game = subprocess.Popen(
        command, cwd=REPO_ROOT, env=environ, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    try:
        # --sync waits for the window to appear (at most the timeout), no polling here. On a
        # busy machine the first window found could be gone (or not yet named) by the time
        # xprop asked: every window found is asked, and the search made again, a few times.
        classes: list[str] = []
        for _attempt in range(5):
            found = subprocess.run(
                ["xdotool", "search", "--sync", "--classname", "^hanjie$"],
                env=environ,
                capture_output=True,
                text=True,
                timeout=120,
            )
            for window in found.stdout.split():
                shown = subprocess.run(
                    ["xprop", "-id", window, "WM_CLASS"],
                    env=environ,
                    capture_output=True,
                    text=True,
                    timeout=30,
                )
                classes.append(shown.stdout.strip())
            if any("=" in text for text in classes):
                break
        named = [text for text in classes if "=" in text]
        assert named and set(named) == {'WM_CLASS(STRING) = "hanjie", "hanjie"'}, classes
    finally:
        game.terminate()
        game.communicate(timeout=60)
