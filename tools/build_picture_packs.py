"""Build the picture packs (``levels/2x-*``) from the Noto emoji, reproducibly, rated and fair.

    python tools/build_picture_packs.py --render   # (re)draw assets/pictures/ from the font
    python tools/build_picture_packs.py            # build every picture pack from them
    python tools/build_picture_packs.py --check    # write nothing; fail when levels/ differs

``--render`` needs the font (``apt-get install -y fonts-noto-color-emoji``; see
``tools/picture_sources.py``) and writes the library the game ships: one small indexed PNG
a picture and ``assets/pictures/manifest.json``. The packs are built from those files alone,
through the game's own path (:func:`game.core.generate.picture_puzzles.attempt`, the same one
Random uses):

1. the picture's cells at the size: a silhouette (outline, light parts left empty, inner
   lines) for black and white, its colours for colour;
2. the recognisability check (:func:`game.core.generate.picture_library.readability`): the
   cells laid back over the picture must agree with it (black and white: IoU of ink >= 0.72
   at the picture's pixels; colour: 55% of the cells within 0.2 of the picture's mean colour
   over them, and half the coloured cells clear of white), and must not be a plain shape
   (black and white: IoU with the disc or box filling its bounds <= 0.84; colour: at most
   88% of lines a single run). The thresholds were set by looking at the pictures either
   side of them (``docs/picture_readability.png``: below 0.72 IoU flamingos, lobsters and
   telescopes lose their legs and tubes; below 0.55 in colour popcorn, glasses and
   lollipops turn to noise, while 0.55-0.68 still shows a taxi or a Christmas tree). A
   picture that does not read at a size is tried at the next size, then dropped, and listed;
3. Make it fair (black and white, or its colour search in colour), a solve proving the
   puzzle unique and its rating (colour as black and white: the one engine's solve read by
   the effort meter);
4. the readability gate (:mod:`game.core.generate.glance`, issue 46): what the player sees
   at the puzzle's size, the solved grid, must read (more than 100 cells, more than 250 in
   black and white (:mod:`game.core.pack_gate`), few specks, not a slab); a puzzle it
   refuses is tried at the next size;
5. a puzzle that read as nothing on the blind sheets (:func:`unread`) is left out in black
   and white, and made again above 250 cells in colour (:func:`bigger`);
6. the pack's puzzles ordered by rating, then the clearest at a glance first, and written
   as ``NN-title.non`` with ``pack.json``.

``--regate`` remakes only the puzzles in ``levels/`` that the gate refuses, leaves out the
unread ones (:func:`unread`: black and white left out, colour made bigger) and orders the
packs, leaving every other file as it is.

Each theme gives a black-and-white pack and a colour pack; the sizes go round 10x10 to 30x30
picture by picture, each puzzle taking its picture's shape within the square (the empty rows
and columns along its edges left out: a bus at 15x15 is 15x9), and the two-emoji scenes are
40x30. The details tried in black and white
go round too (outline first for some pictures, inner lines first for others), which spreads
the levels. ``--sheets`` also draws the contact sheets in ``docs/`` and the sheet of the
pictures dropped. Nothing depends on the clock or the machine: the same library builds the
same files.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from game.core.formats import format_puzzle, read_puzzle  # noqa: E402
from game.core.generate.glance import glance_score  # noqa: E402
from game.core.generate.picture_library import (  # noqa: E402
    Picture,
    PictureEntry,
    library,
    library_dir,
    load_picture,
)
from game.core.generate.picture_puzzles import Attempt, attempt, details_for, run_attempt  # noqa: E402
from game.core.pack_gate import MAX_SMALL_BW_CELLS, pack_refusals  # noqa: E402
from game.core.puzzle import Puzzle  # noqa: E402
from tools.build_levels import differences, slug, write_pack  # noqa: E402
from tools.pack_openers import OPENERS, pack_order  # noqa: E402
from tools.picture_sources import read_catalogue, render_library  # noqa: E402

LEVELS_DIR = REPO_ROOT / "levels"
READABILITY_DIR = REPO_ROOT / "tools" / "readability"
# The blind sheets of every puzzle of the black-and-white emoji packs, and of every colour
# pack puzzle of 250 cells or fewer (issue 46).
UNREAD_SHEETS = ("s23-bw-", "s23-small-colour-")
SIZES = ((10, 10), (15, 15), (20, 20), (25, 25), (30, 30))
WIDE_SIZE = (40, 30)
WIDE_SIZES = ((40, 30), (20, 15), (30, 20))
FIRST_ORDER = 21
SCENES = "scenes"
# A picture meant for Expert or Fiendish skips the sizes below this once it has a puzzle:
# small pictures seldom need probing, and each try costs a solve.
HARD_FROM_LEVEL, HARD_FROM_SIZE = 4, 20
# The longest colour clue a board keeps (see clues_fit); rows of a board wider than 30.
MAX_COLOUR_CLUE, MAX_COLOUR_ROW_CLUE_WIDE = 12, 9
# Each pack has at least this many puzzles that need probing (tests/test_levels.py asks 2).
MIN_PROBING = 3
# The colour packs' pictures go round these colour counts (the background counted, as the
# converter counts them: 3 is two colours on white).
COLOURS = (6, 4, 8, 3, 7, 5)
MAX_COLOURS = 8
THEMES = {
    "animals": ("Animals", "Animals from the Noto emoji: pets, farm, wild, sea and insects."),
    "food": ("Food", "Fruit, vegetables, meals, sweets and drinks."),
    "travel": ("Travel", "Cars, trains, boats, planes and places to go."),
    "objects": ("Things", "Everyday things: tools, music, clothes and gadgets."),
    "play": ("Play", "Sport, games and a few characters."),
    "nature": ("Nature", "Plants, flowers, weather and sky."),
    "scenes": ("Scenes", "Two pictures side by side on wide boards, up to 40x30."),
}


@dataclass(frozen=True)
class Planned:
    """One puzzle to try: a picture, its title, the sizes to try in order, colour or not."""

    key: str
    title: str
    picture: Picture
    sizes: tuple[tuple[int, int], ...]
    colour: bool
    details: tuple[int, ...]
    target: int  # the level this picture is meant for (targets go round 1-5 in a pack)
    colours: int = 0  # colour packs: at most this many colours, the background counted


@dataclass(frozen=True)
class Built:
    planned: Planned
    made: Attempt | None
    refusals: tuple[str, ...]


class _Manifest:
    def __init__(self, name: str, order: int, description: str) -> None:
        self.name, self.order, self.description = name, order, description


def plans(entries: Sequence[PictureEntry], folder: Path) -> dict[tuple[str, bool], list[Planned]]:
    """Every theme's black-and-white and colour plans, sizes and details going round; the
    scenes (two emoji side by side) are 40x30."""
    planned: dict[tuple[str, bool], list[Planned]] = {}
    themes: dict[str, list[PictureEntry]] = {}
    for entry in entries:
        themes.setdefault(entry.theme, []).append(entry)
    for theme, members in themes.items():
        for index, entry in enumerate(members):
            picture = load_picture(folder / entry.file)
            for colour in (False, True):
                start = (index + (2 if colour else 0)) % len(SIZES)
                target = 1 + (index + (1 if colour else 0)) % 5
                sizes = SIZES[start:] + SIZES[:start]
                if theme == SCENES:
                    # The colour scenes go round the wide sizes (their clues are long at
                    # 40x30: see clues_fit), which also spreads the pack's sizes.
                    wide = (
                        WIDE_SIZES[index % len(WIDE_SIZES) :]
                        + WIDE_SIZES[: index % len(WIDE_SIZES)]
                    )
                    sizes = wide if colour else (WIDE_SIZE,)
                details = details_for(target)
                colours = COLOURS[index % len(COLOURS)] if colour else 0
                planned.setdefault((theme, colour), []).append(
                    Planned(
                        entry.name, entry.title, picture, sizes, colour, details, target, colours
                    )
                )
    return planned


def unread(folder: Path = READABILITY_DIR) -> set[tuple[str, str]]:
    """(pack folder, title slug) of each black-and-white emoji puzzle that read as nothing.

    Every puzzle of packs 21-33's black-and-white packs (258) was drawn untitled, shuffled,
    on ``tools/readability/s23-bw-{1..5}.png`` and scored 0-3 before the key was read
    (``s23-bw-*-scores.txt``): mean 1.43, 60 scored 0, 84 a guess. A silhouette made from a
    colour emoji loses the inner parts that name it (a peacock, a ferris wheel, a camera),
    and on the sheet of 60 random pack puzzles (s22) these puzzles were 16 of the 21 below 2.
    The 0s are left out (a pack's openers, chosen on an earlier blind sheet, are kept).

    Every colour pack puzzle of 250 cells or fewer (126, 15x15 and its trims) was drawn the
    same way on ``s23-small-colour-{1,2}.png``: mean 1.60, 28 scored 0 (on the fresh random
    sheet s23-after-random, colour puzzles of 250 cells or fewer scored 1.56, those above
    300 cells 2.38). Their 0s are made again above 250 cells (:func:`bigger`)."""
    found: set[tuple[str, str]] = set()
    keys = [path for sheet in UNREAD_SHEETS for path in sorted(folder.glob(f"{sheet}*.json"))]
    for key_file in keys:
        key = json.loads(key_file.read_text(encoding="utf-8"))
        scores_file = key_file.with_name(key_file.stem + "-scores.txt")
        lines = scores_file.read_text(encoding="utf-8").splitlines()
        marks = dict(
            line.split()[:2] for line in lines if line.strip() and not line.startswith("#")
        )
        for number, path in enumerate(key, start=1):
            pack, name = Path(path).parent.name, Path(path).stem.split("-", 1)[1]
            if marks[str(number)] == "0" and name not in OPENERS.get(pack, ()):
                found.add((pack, name))
    return found


def bigger(plan: Planned) -> Planned:
    """A colour plan that read as nothing small (:func:`unread`): its sizes above 250 cells."""
    sizes = tuple(size for size in plan.sizes if size[0] * size[1] > MAX_SMALL_BW_CELLS)
    return replace(plan, sizes=sizes)


def remade_bigger(plan: Planned) -> Built:
    """:func:`build_one` of :func:`bigger`'s plan; nothing made when it comes out at 250
    cells or fewer (a trimmed shape)."""
    built = build_one(bigger(plan))
    made = built.made
    cells = made.puzzle.width * made.puzzle.height if made and made.puzzle else None
    if cells is not None and cells <= MAX_SMALL_BW_CELLS:
        return Built(plan, None, (*built.refusals, "read as nothing; no bigger size"))
    return built


def build_one(plan: Planned) -> Built:
    """The first puzzle the plan's sizes and details make at its target level, else the
    first one made at all (the sizes and details in the plan's order)."""
    refusals = []
    first: Attempt | None = None
    for width, height in plan.sizes:
        if plan.target >= HARD_FROM_LEVEL and width < HARD_FROM_SIZE and first is not None:
            continue
        details: tuple[int | None, ...] = (None,) if plan.colour else plan.details
        for detail in details:
            # A square grid takes the picture's shape: its empty edge lines are left out.
            trim = (width, height) in SIZES
            work = attempt(
                plan.picture, width, height, detail, plan.title, plan.colours or MAX_COLOURS,
                trim=trim,
            )  # fmt: skip
            made = run_attempt(work)
            if made.puzzle is not None and not clues_fit(made.puzzle):
                made = Attempt(None, None, made.reading, "its clues are too long for 1280x800")
            if made.puzzle is not None and pack_refusals(made.puzzle):
                # What the player sees at this size does not read (issue 46): the next size.
                why = "does not read at a glance: " + ", ".join(pack_refusals(made.puzzle))
                made = Attempt(None, None, made.reading, why)
            if made.puzzle is not None and made.rating is not None:
                if made.rating.stars == plan.target:
                    return Built(plan, made, tuple(refusals))
                first = first or made
                continue
            kind = "colour" if detail is None else f"detail {detail}"
            refusals.append(f"{width}x{height} {kind}: {made.refused}")
    return Built(plan, first, tuple(refusals))


def clues_fit(puzzle: Puzzle) -> bool:
    """A colour puzzle's clues fit a 1280x800 window with digits 12 px high
    (tests/ui/test_clue_readability.py measures every bundled board): colour clues take more
    room than black-and-white ones, and 30x30 boards with rows of 14 or more clues or 40x30
    ones with 10 or more did not fit (two penguins: a row of 10 clues, digits 10 px)."""
    if not puzzle.is_colour:
        return True
    rows = max(len(clue) for clue in puzzle.row_clues)
    columns = max(len(clue) for clue in puzzle.column_clues)
    most_row = MAX_COLOUR_ROW_CLUE_WIDE if puzzle.width > 30 else MAX_COLOUR_CLUE
    return rows <= most_row and columns <= MAX_COLOUR_CLUE


def probing(built: Sequence[Built]) -> int:
    """Puzzles of a pack that need probing (Expert and Fiendish)."""
    return sum(b.made is not None and b.made.rating is not None and b.made.rating.stars >= 4
               for b in built)  # fmt: skip


def with_probing(built: list[Built]) -> list[Built]:
    """Every pack teaches probing (as tools/build_levels.py asks of its packs): while fewer
    than ``MIN_PROBING`` of its puzzles need it, pictures meant for the hard levels are
    tried again as Expert at the large sizes (in colour with three colours, which leaves
    the lines less to go on), and the first that needs probing takes their place."""
    for index, item in sorted(enumerate(built), key=lambda pair: -pair[1].planned.target):
        if probing(built) >= MIN_PROBING:
            break
        made = item.made
        if made is not None and made.rating is not None and made.rating.stars >= 4:
            continue
        plan = item.planned
        sizes = tuple(size for size in plan.sizes if size[0] >= HARD_FROM_SIZE)[::-1]
        harder = replace(plan, sizes=sizes or plan.sizes, target=4, colours=3 if plan.colour else 0,
                         details=(2, 1))  # fmt: skip
        again = build_one(harder)
        if probing([again]):
            built[index] = again
    return built


def _pack_order(folder: str, built: Built) -> tuple[tuple[int, int, int, float], float, str]:
    made = built.made
    assert made is not None and made.puzzle is not None and made.rating is not None
    name = slug(built.planned.title)
    key = pack_order(folder, name, made.rating.stars, glance_score(made.puzzle))
    return key, made.rating.points, built.planned.title


def pack_files(name: str, order: int, description: str, built: Sequence[Built]) -> dict[str, str]:
    made = [b for b in built if b.made is not None and b.made.puzzle is not None]
    # The openers chosen by eye, then by stars, then the clearest at a glance first (issue 46:
    # by size the packs opened with their least readable pictures), then points.
    folder = f"{order}-{slug(name)}"
    made.sort(key=lambda item: _pack_order(folder, item))
    manifest = {"name": name, "order": order, "description": description}
    files = {"pack.json": json.dumps(manifest, indent=2, ensure_ascii=False) + "\n"}
    for index, item in enumerate(made, start=1):
        puzzle = item.made.puzzle  # type: ignore[union-attr]
        assert isinstance(puzzle, Puzzle)
        files[f"{index:02d}-{slug(item.planned.title)}.non"] = format_puzzle(puzzle, "non")
    return files


def regate(folder: Path, plan_list: Sequence[Planned]) -> tuple[dict[str, str], list[str]]:
    """The pack in ``folder`` through the readability gate (issue 46), touching nothing else:
    each puzzle that reads at a glance is kept as it is; each that does not is made again
    from its picture by :func:`build_one`, which now refuses what the gate refuses and so
    goes on to the next size; the pack is ordered by its openers (``tools/pack_openers.py``),
    then by level, then the clearest first. The
    files, and a line for each puzzle replaced or dropped."""
    by_slug = {slug(plan.title): plan for plan in plan_list}
    left_out = unread()
    manifest = json.loads((folder / "pack.json").read_text(encoding="utf-8"))
    kept: list[tuple[tuple[int, int, int, float], str, Puzzle]] = []
    said: list[str] = []
    for path in sorted(folder.glob("*.non")):
        puzzle = read_puzzle(path)
        name = path.stem.split("-", 1)[1]
        if (folder.name, name) in left_out and not puzzle.is_colour:
            said.append(f"{folder.name}/{path.name}: left out (read as nothing, blind)")
            continue
        small = puzzle.width * puzzle.height <= MAX_SMALL_BW_CELLS
        if (folder.name, name) in left_out and small:
            made = remade_bigger(by_slug[name]).made
            if made is None or made.puzzle is None or made.rating is None:
                said.append(f"{folder.name}/{path.name}: left out (read as nothing; no bigger)")
                continue
            said.append(f"{folder.name}/{path.name}: {puzzle.size_text} read as nothing -> "
                        f"{made.puzzle.size_text} {made.rating.name}")  # fmt: skip
            puzzle = made.puzzle
        refusals = pack_refusals(puzzle)
        if refusals:
            refused = ", ".join(refusals)
            built = build_one(by_slug[name])
            made = built.made
            if made is None or made.puzzle is None or made.rating is None:
                said.append(f"{folder.name}/{path.name}: dropped ({refused}; no size reads)")
                continue
            said.append(f"{folder.name}/{path.name}: {puzzle.size_text} ({refused}) -> "
                        f"{made.puzzle.size_text} {made.rating.name}")  # fmt: skip
            puzzle = made.puzzle
        stars = int(dict(puzzle.extra)["difficulty"])
        kept.append((pack_order(folder.name, name, stars, glance_score(puzzle)), name, puzzle))
    kept.sort(key=lambda item: item[:2])
    files = {"pack.json": json.dumps(manifest, indent=2, ensure_ascii=False) + "\n"}
    for index, (_key, name, puzzle) in enumerate(kept, start=1):
        files[f"{index:02d}-{name}.non"] = format_puzzle(puzzle, "non")
    return files, said


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--render", action="store_true", help="draw assets/pictures from the font")
    parser.add_argument("--check", action="store_true", help="write nothing; compare levels/")
    parser.add_argument("--sheets", action="store_true", help="draw the contact sheets in docs/")
    parser.add_argument("--only", help="only the themes whose name starts with this")
    parser.add_argument(
        "--regate",
        action="store_true",
        help="only remake the puzzles the readability gate refuses, and order the packs",
    )
    args = parser.parse_args(argv)
    if args.render:
        written, missing = render_library(read_catalogue())
        print(f"{len(written)} pictures written to {library_dir()}")
        if missing:
            print("not in the font: " + ", ".join(missing), file=sys.stderr)
    entries = library()
    if not entries:
        print(f"no picture library in {library_dir()}: run with --render", file=sys.stderr)
        return 1
    problems: list[str] = []
    counts: Counter[tuple[str, str, str]] = Counter()
    dropped: list[Built] = []
    order = FIRST_ORDER
    started = time.perf_counter()
    for theme, (name, description) in THEMES.items():
        for colour in (False, True):
            plan_list = plans(entries, library_dir()).get((theme, colour), [])
            if args.only and not theme.startswith(args.only):
                order += 1
                continue
            if args.regate:
                pack_name = f"{name} in colour" if colour else name
                folder = LEVELS_DIR / f"{order}-{slug(pack_name)}"
                files, said = regate(folder, plan_list)
                order += 1
                print("\n".join([*said, f"{folder.name}: {len(files) - 1} puzzles"]), flush=True)
                if args.check:
                    problems += differences(folder, files)
                else:
                    write_pack(folder, files)
                continue
            pack_name = f"{name} in colour" if colour else name
            folder = LEVELS_DIR / f"{order}-{slug(pack_name)}"
            left_out = unread()
            plan_list = [
                p for p in plan_list if colour or (folder.name, slug(p.title)) not in left_out
            ]
            built = with_probing(
                [
                    remade_bigger(plan)
                    if (folder.name, slug(plan.title)) in left_out
                    else build_one(plan)
                    for plan in plan_list
                ]
            )
            dropped += [b for b in built if b.made is None]
            files = pack_files(pack_name, order, description, built)
            order += 1
            for b in built:
                if b.made is not None and b.made.puzzle is not None and b.made.rating is not None:
                    puzzle = b.made.puzzle
                    colours = f"{puzzle.colour_count + 1} colours" if colour else "b&w"
                    counts[(pack_name, puzzle.size_text, colours)] += 1
                    counts[(pack_name, "level", str(b.made.rating.stars))] += 1
            made = len(files) - 1
            print(f"{folder.name}: {made} puzzles, {len(plan_list) - made} dropped "
                  f"({time.perf_counter() - started:.0f} s)", flush=True)  # fmt: skip
            if args.check:
                problems += differences(folder, files)
            else:
                write_pack(folder, files)
    for key, count in sorted(counts.items()):
        print("  " + " | ".join(key) + f": {count}")
    for b in dropped:
        kind = "colour" if b.planned.colour else "b&w"
        print(f"dropped {b.planned.title} ({kind}): {b.refusals[-1] if b.refusals else ''}")
    if args.sheets:
        from tools.picture_sheets import draw_sheets

        draw_sheets(dropped)
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
