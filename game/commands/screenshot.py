"""``python -m game screenshot``: render the game's screens to PNG files, headless.

Shots are registered by the scene modules themselves: any module in ``game.ui.scenes`` may
define ``SCREENSHOTS``, a dict from a shot name (the file name without ``.png``) to a function
that takes a fresh headless ``App`` and brings it to the state to capture (push scenes, feed
events, step frames). This command gives every shot its own app and its own empty progress
folder, so shots never depend on each other or on the player's real progress.
"""

from __future__ import annotations

import argparse
import errno
import importlib
import os
import pkgutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from game.commands.common import os_reason, printable, quote

if TYPE_CHECKING:
    from game.ui.app import App

HELP = "render the game's screens to PNG files under the dummy video driver"

Shot = Callable[["App"], None]

# Short names people type for the scenes whose shot names differ.
ALIASES = {"levels": "level_select", "level-select": "level_select", "options": "options"}


def collect_shots() -> dict[str, Shot]:
    """Every registered shot, from every scene module that defines ``SCREENSHOTS``."""
    import game.ui.scenes as scenes_package

    shots: dict[str, Shot] = {}
    prefix = f"{scenes_package.__name__}."
    walked = pkgutil.walk_packages(scenes_package.__path__, prefix)
    for module_info in sorted(walked, key=lambda m: m.name):
        module = importlib.import_module(module_info.name)
        registered = getattr(module, "SCREENSHOTS", None)
        if isinstance(registered, dict):
            shots.update(registered)
    return shots


# The pictures in docs/ that are not screens, made by the repository's own scripts (so only
# from a source checkout): name -> the script and its arguments ("{out}": the PNG to write,
# "{photos}": scikit-image's sample photographs, which those sheets are made from).
SHEETS: dict[str, list[str]] = {
    "contact_sheet": ["tools/contact_sheet.py", "--out", "{out}"],
    "colour_contact_sheet": ["tools/contact_sheet.py", "--pack", "08", "--out", "{out}"],
    "generated": [
        "benchmarks/generate.py", "--seeds", "2", "--sizes", "10x10", "15x15", "20x20", "30x30",
        "--sheet", "{out}",
    ],
    "picture_packs_bw": ["tools/picture_sheets.py", "--sheet", "bw", "--out", "{out}"],
    "picture_packs_colour": ["tools/picture_sheets.py", "--sheet", "colour", "--out", "{out}"],
    "picture_packs_dropped": ["tools/picture_sheets.py", "--sheet", "dropped", "--out", "{out}"],
    "picture_readability": ["tools/picture_sheets.py", "--sheet", "readability", "--out", "{out}"],
    "photos": [
        "benchmarks/convert_photos.py", "{photos}", "--sheet", "{out}", "--thumbnails",
        "astronaut.png,camera.png,chelsea.png,coffee.png,horse.png,rocket.jpg",
    ],
    "photos_colour": [
        "benchmarks/convert_photos_colour.py", "{photos}", "--sizes", "30x30", "--sheet", "{out}",
        "--thumbnails", "astronaut.png,camera.png,chelsea.png,coffee.png,horse.png,rocket.jpg",
    ],
    "photos_subject": [
        "benchmarks/auto_subject.py", "{photos}", "--sheet", "{out}", "--per-sheet", "40",
        "--only", "astronaut.png,camera.png,chelsea.png,coffee.png,coins.png,horse.png,moon.png,"
        "motorcycle_left.png,page.png,rocket.jpg",
        "--thumbnails", "astronaut.png,camera.png,chelsea.png,coffee.png,horse.png,rocket.jpg",
    ],
    "photos-dither": [
        "benchmarks/convert_photos.py", "{photos}", "--sizes", "30x30", "--method", "dither",
        "--sheet", "{out}", "--thumbnails",
        "astronaut.png,camera.png,chelsea.png,coffee.png,horse.png,rocket.jpg",
    ],
}  # fmt: skip
SOURCE_ROOT = Path(__file__).resolve().parents[2]


def _photos_folder() -> str | None:
    """scikit-image's sample photographs (pip install scikit-image), or None."""
    try:
        import skimage  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return None
    return str(Path(skimage.__file__).parent / "data")


def make_sheets(names: list[str], out: Path) -> int:
    """Run the scripts that draw the sheets ``names`` into ``out``; how many failed. One
    that cannot run here (no checkout, no photographs) is said, and not a failure."""
    import subprocess

    failures = 0
    photos = _photos_folder()
    for name in names:
        script = SOURCE_ROOT / SHEETS[name][0]
        if not script.is_file():
            print(f"hanjie: {name}: made from a source checkout ({SHEETS[name][0]}): skipped")
            continue
        if "{photos}" in SHEETS[name] and photos is None:
            print(f"hanjie: {name}: made from scikit-image's photographs: skipped (pip install "
                  "scikit-image to make it)")  # fmt: skip
            continue
        target = out / f"{name}.png"
        arguments = [
            part.replace("{out}", str(target)).replace("{photos}", photos or "")
            for part in SHEETS[name][1:]
        ]
        done = subprocess.run(
            [sys.executable, str(script), *arguments],
            cwd=SOURCE_ROOT,
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0 or not target.is_file():
            last = (done.stderr.strip().splitlines() or ["failed"])[-1]
            print(f"hanjie: {name}: {printable(last)}", file=sys.stderr)
            failures += 1
            continue
        print(target)
    return failures


def select_shots(shots: dict[str, Shot], wanted: list[str] | None) -> dict[str, Shot]:
    """The shots whose name is, or starts with, one of ``wanted`` (all when None)."""
    if not wanted:
        return dict(shots)
    chosen: dict[str, Shot] = {}
    for raw in wanted:
        name = ALIASES.get(raw, raw)
        for shot_name, shot in shots.items():
            if shot_name == name or shot_name.startswith(name):
                chosen[shot_name] = shot
    return chosen


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--out",
        default=None,
        help="folder for the PNG files (default: a new folder hanjie-screenshots-DATE-TIME "
        "in the current folder; existing pictures are never overwritten unless named here)",
    )
    parser.add_argument(
        "--scene",
        action="append",
        help="only shots whose name starts with this (menu, levels, play, …); repeatable",
    )
    parser.add_argument("--size", default="1280x800", help="window size, e.g. 1280x800")
    parser.add_argument("--list", action="store_true", help="list the shot names and stop")
    parser.add_argument(
        "--language",
        default=None,
        help="draw the screens in this catalogue's language (es, nl, hr, de, fr, ja), "
        "complete or not: a translation's screenshots before it is offered",
    )


def fresh_folder(parent: Path, now: time.struct_time | None = None) -> Path:
    """A new, empty folder under ``parent`` named for the time: no earlier shot is replaced.

    The default used to be ``docs``, so running the command from the repository's root
    silently overwrote the pictures the documentation shows.
    """
    name = "hanjie-screenshots-" + time.strftime("%Y%m%d-%H%M%S", now or time.localtime())
    for number in range(1, 1000):
        folder = parent / (name if number == 1 else f"{name}-{number}")
        try:
            folder.mkdir()
        except FileExistsError:
            continue
        return folder
    raise FileExistsError(errno.EEXIST, "too many screenshot folders for this second", str(parent))


MIN_SIZE, MAX_SIZE = (320, 240), (7680, 4320)


def _size(text: str) -> tuple[int, int] | None:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        return None
    return width, height


def _size_problem(size: tuple[int, int] | None) -> str | None:
    """Why ``--size`` cannot be used: "10x10" was told "the size must look like 1280x800",
    which it does (QA); a size out of range now says the range."""
    if size is None:
        return "the size must look like 1280x800"
    (width, height), (low_w, low_h), (high_w, high_h) = size, MIN_SIZE, MAX_SIZE
    if not (low_w <= width <= high_w and low_h <= height <= high_h):
        return f"the window must be {low_w}x{low_h} to {high_w}x{high_h}"
    return None


def run(args: argparse.Namespace) -> int:
    from game.commands.common import pygame_problem

    problem = pygame_problem()
    if problem is not None:
        print(f"hanjie: {problem}", file=sys.stderr)
        return 2
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    size = _size(args.size)
    problem = _size_problem(size)
    if size is None or problem is not None:
        print(f"hanjie: {printable(args.size)}: {problem}", file=sys.stderr)
        return 2
    shots = collect_shots()
    if args.list:
        for name in [*shots, *SHEETS]:
            print(name)
        return 0
    chosen = select_shots(shots, args.scene)
    sheets = [name for name in SHEETS if not args.scene or any(
        name.startswith(ALIASES.get(wanted, wanted)) for wanted in args.scene
    )]  # fmt: skip
    if not chosen and not sheets:
        known = ", ".join([*shots, *SHEETS])
        names = quote(", ".join(args.scene))
        print(f"hanjie: {names}: no such scene (known: {known})", file=sys.stderr)
        return 2
    try:
        out = Path(args.out) if args.out is not None else fresh_folder(Path.cwd())
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        print(f"hanjie: {quote(args.out or Path.cwd())}: {os_reason(error)}", file=sys.stderr)
        return 2
    from game.core.i18n import use_catalogue
    from game.ui.app import App

    previous_home = os.environ.get("HANJIE_HOME")
    failures = 0
    try:
        for name, shot in chosen.items():
            with tempfile.TemporaryDirectory(prefix="hanjie-shot-") as home:
                os.environ["HANJIE_HOME"] = home
                app = App(headless=True, size=size)
                if args.language:
                    use_catalogue(args.language)
                    app.fonts.set_language(args.language)
                try:
                    shot(app)
                    target = app.render_to(out / f"{name}.png")
                except Exception as error:  # one broken shot must not stop the others
                    print(f"hanjie: shot {name}: {type(error).__name__}: {error}", file=sys.stderr)
                    failures += 1
                    continue
                finally:
                    app.window.destroy()  # now, not at some later garbage collection
                print(target)
    finally:
        if previous_home is None:
            os.environ.pop("HANJIE_HOME", None)
        else:
            os.environ["HANJIE_HOME"] = previous_home
    failures += make_sheets(sheets, out)
    return 1 if failures else 0
