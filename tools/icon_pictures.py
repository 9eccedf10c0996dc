"""A second art style (issue 46): bold one-colour icons from Game-icons.net, and their pack.

    npm pack @iconify-json/game-icons && tar xzf iconify-json-game-icons-*.tgz   # build time
    python tools/icon_pictures.py --package package/        # draw assets/icons/ from it
    python tools/icon_pictures.py                           # build levels/35-icons from them
    python tools/icon_pictures.py --check                   # write nothing; fail on a change

The icons are Game-icons.net's (https://game-icons.net), every one under CC BY 3.0 (the
package's ``info.json``: one licence for the whole set, ``CC-BY-3.0``), as the npm package
``@iconify-json/game-icons`` ships them: SVG paths on a 512-unit square, drawn in one colour.
``tools/pictures/icons.txt`` picks the ones used (name, theme, title). ``--package`` draws
each with ``rsvg-convert`` (``apt-get install librsvg2-bin``, build time only) at
:data:`SIDE` pixels, black on transparent, cropped to its ink, and writes
``assets/icons/<name>.png`` (indexed, transparent background) and ``manifest.json``: the
same library format as the emoji (:mod:`game.core.generate.picture_library`). The package
itself is never shipped.

Unlike the emoji, whose black-and-white puzzles are silhouettes of colour pictures, these
were drawn to be read in one colour: their inner lines are drawn as gaps. The pack is built
through the game's own picture path (:func:`game.core.generate.picture_puzzles.attempt`)
with the readability gate (:mod:`game.core.generate.glance`), the sizes going round 15x15
to 25x25, ordered by level and then the clearest first.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

import numpy as np
from PIL import Image

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from game.core.formats import format_puzzle  # noqa: E402
from game.core.generate.glance import glance_score  # noqa: E402
from game.core.generate.picture_library import MANIFEST, library, load_picture  # noqa: E402
from game.core.generate.picture_puzzles import attempt, run_attempt  # noqa: E402
from game.core.pack_gate import pack_refusals  # noqa: E402
from game.core.puzzle import Puzzle  # noqa: E402
from tools.build_levels import differences, slug, write_pack  # noqa: E402
from tools.pack_openers import pack_order  # noqa: E402

CATALOGUE = REPO_ROOT / "tools" / "pictures" / "icons.txt"
ICONS_DIR = REPO_ROOT / "assets" / "icons"
PACK_DIR = REPO_ROOT / "levels" / "35-icons"
SIDE = 72
OPAQUE = 128
SIZES = ((20, 20), (15, 15), (25, 25))
DETAIL = 0  # one colour: the outline is the drawing, its gaps the inner lines
AUTHOR = "Game-icons.net (CC BY 3.0), made a puzzle by Hanjie"
LICENSE = "CC-BY-3.0"
SOURCE = "Game-icons.net, CC BY 3.0, from the npm package @iconify-json/game-icons"
PACK = {
    "name": "Icons",
    "order": 35,
    "description": "Animals, plants and things drawn as bold one-colour icons (Game-icons.net).",
}


def catalogue() -> list[tuple[str, str, str]]:
    """(name, theme, title) of each icon used, in the file's order."""
    rows = []
    for line in CATALOGUE.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, theme, title = (part.strip() for part in line.split("|"))
            rows.append((name, theme, title))
    return rows


def render(package: Path) -> None:
    """Draw the catalogue's icons from the npm package into ``assets/icons/``."""
    data = json.loads((package / "icons.json").read_text(encoding="utf-8"))
    info = json.loads((package / "info.json").read_text(encoding="utf-8"))
    if info.get("license", {}).get("spdx") != LICENSE:
        raise SystemExit(f"the package's licence is {info.get('license')}, not {LICENSE}")
    side = int(data.get("width", 512))
    ICONS_DIR.mkdir(parents=True, exist_ok=True)
    pictures = []
    for name, theme, title in catalogue():
        body = data["icons"][name]["body"].replace("currentColor", "#000")
        svg = (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" '
            f'width="{side}" height="{side}">{body}</svg>'
        )
        with tempfile.TemporaryDirectory() as scratch:
            source, drawn = Path(scratch) / "icon.svg", Path(scratch) / "icon.png"
            source.write_text(svg, encoding="utf-8")
            subprocess.run(
                ["rsvg-convert", "-w", str(4 * SIDE), "-h", str(4 * SIDE), "-o", str(drawn),
                 str(source)],
                check=True,
            )  # fmt: skip
            with Image.open(drawn) as image:
                alpha = np.asarray(image.convert("RGBA"))[:, :, 3]
        ink = alpha >= OPAQUE
        ys, xs = np.nonzero(ink)
        box = ink[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
        scale = SIDE / max(box.shape)
        size = (max(1, round(box.shape[1] * scale)), max(1, round(box.shape[0] * scale)))
        small = Image.fromarray((box * 255).astype(np.uint8)).resize(size, Image.Resampling.BOX)
        labels = (np.asarray(small) >= OPAQUE).astype(np.uint8)  # 1 ink, 0 clear
        out = Image.fromarray(labels, mode="P")
        out.putpalette([255, 255, 255, 0, 0, 0])
        out.save(ICONS_DIR / f"{name}.png", transparency=0, optimize=True)
        pictures.append({"name": name, "theme": theme, "title": title, "file": f"{name}.png"})
    manifest = {"source": SOURCE, "license": LICENSE, "pictures": pictures}
    (ICONS_DIR / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    print(f"{len(pictures)} icons written to {ICONS_DIR}")


def build() -> tuple[dict[str, str], list[str]]:
    """The pack's files, and a line for each icon left out."""
    made: list[tuple[tuple[int, int, int, float], str, Puzzle]] = []
    left_out = []
    for index, entry in enumerate(library(ICONS_DIR)):
        picture = load_picture(ICONS_DIR / entry.file)
        sizes = SIZES[index % len(SIZES) :] + SIZES[: index % len(SIZES)]
        why = "no size"
        for width, height in sizes:
            work = attempt(picture, width, height, DETAIL, entry.title, trim=True)
            tried = run_attempt(work)
            if tried.puzzle is None or tried.rating is None:
                why = tried.refused
                continue
            if pack_refusals(tried.puzzle):
                why = "does not read at a glance: " + ", ".join(pack_refusals(tried.puzzle))
                continue
            puzzle = replace(tried.puzzle, author=AUTHOR, license=LICENSE)
            name = slug(entry.title)
            key = pack_order(PACK_DIR.name, name, tried.rating.stars, glance_score(puzzle))
            made.append((key, name, puzzle))
            break
        else:
            left_out.append(f"{entry.name}: {why}")
    made.sort(key=lambda item: item[:2])
    files = {"pack.json": json.dumps(PACK, indent=2, ensure_ascii=False) + "\n"}
    for number, (_key, name, puzzle) in enumerate(made, start=1):
        files[f"{number:02d}-{name}.non"] = format_puzzle(puzzle, "non")
    return files, left_out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--package", type=Path, help="draw assets/icons from this npm package")
    parser.add_argument("--check", action="store_true", help="write nothing; compare levels/")
    args = parser.parse_args(argv)
    if args.package is not None:
        render(args.package)
        return 0
    files, left_out = build()
    print(f"{PACK_DIR.name}: {len(files) - 1} puzzles, {len(left_out)} left out")
    for line in left_out:
        print("  left out " + line)
    if args.check:
        problems = differences(PACK_DIR, files)
        print("\n".join(problems) or "the pack is up to date")
        return 1 if problems else 0
    write_pack(PACK_DIR, files)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
